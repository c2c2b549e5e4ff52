import { useId } from 'react';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Checkbox from '@mui/material/Checkbox';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { INFORMATION_FILE_TYPES, informationFileProblem } from '@domain/haccp/information';
import { useMessageText } from '../../../i18n/messages';

export interface InformationFileChoice {
  /** A new picture or PDF to upload (checked: a picture or PDF of at most 2 MB). */
  file?: File;
  /** Remove the item's current file. */
  remove: boolean;
}

export interface InformationFileFieldProps {
  /** The item's current file's name, if it has one. */
  currentFileName?: string | undefined;
  value: InformationFileChoice;
  onChange(value: InformationFileChoice): void;
}

/** What is wrong with a chosen file, in the spec's words, or undefined. */
export const chosenFileProblem = (file: File | undefined): string | undefined =>
  file === undefined ? undefined : informationFileProblem({ contentType: file.type, size: file.size });

/** The picture or PDF of an information item (SPEC section 9: at most 2 MB): choose one, or remove the current one. */
export function InformationFileField({ currentFileName, value, onChange }: InformationFileFieldProps) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const inputId = useId();
  const problem = chosenFileProblem(value.file);
  return (
    <Box>
      <Typography variant="subtitle2">{t('haccpInformation.file')}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {value.file?.name ?? (currentFileName !== undefined && !value.remove ? currentFileName : t('haccpInformation.noFile'))}
      </Typography>
      <input
        id={inputId}
        type="file"
        hidden
        accept={INFORMATION_FILE_TYPES.join(',')}
        aria-label={t('haccpInformation.chooseFile')}
        onChange={(event) => {
          const file = event.target.files?.[0];
          onChange(file === undefined ? { remove: value.remove } : { file, remove: false });
        }}
      />
      <Button component="label" htmlFor={inputId} variant="outlined" startIcon={<AttachFileIcon />}>
        {t('haccpInformation.chooseFile')}
      </Button>
      {currentFileName !== undefined && value.file === undefined && (
        <FormControlLabel
          sx={{ ml: 1 }}
          control={<Checkbox checked={value.remove} onChange={(event) => onChange({ remove: event.target.checked })} />}
          label={t('haccpInformation.removeFile')}
        />
      )}
      <FormHelperText error={problem !== undefined}>{problem !== undefined ? messageText(problem) : t('haccpInformation.fileHint')}</FormHelperText>
    </Box>
  );
}
