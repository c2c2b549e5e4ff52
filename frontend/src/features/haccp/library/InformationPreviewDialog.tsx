import { useId } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { isInformationPicture, type InformationItem } from '@domain/haccp/information';
import { useErrorText } from '../../../components/useErrorText';
import { informationFileLink } from './api';

export interface InformationPreviewDialogProps {
  item: InformationItem;
  onClose(): void;
}

/** An information item as whoever answers sees it: its text, and its picture shown or its PDF to download. */
export function InformationPreviewDialog({ item, onClose }: InformationPreviewDialogProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const titleId = useId();
  const hasFile = item.fileName !== undefined;
  // The link works for a while: asked for each time the preview opens, never cached across items' versions.
  const link = useSWR(hasFile ? ['informationfile', item.id, item.version] : null, () => informationFileLink(item.id), { revalidateOnFocus: false });
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>{item.name}</DialogTitle>
      <DialogContent>
        <Typography sx={{ whiteSpace: 'pre-wrap', mb: 2 }}>{item.text}</Typography>
        {hasFile && link.isLoading && <CircularProgress size={24} aria-label={t('haccpInformation.loadingFile')} />}
        {link.error !== undefined && <Typography color="error">{errorText(link.error)}</Typography>}
        {link.data !== undefined && isInformationPicture(link.data.contentType) && (
          <img src={link.data.url} alt={link.data.fileName} style={{ maxWidth: '100%', maxHeight: '60vh', display: 'block' }} />
        )}
      </DialogContent>
      <DialogActions>
        {link.data !== undefined && (
          <Button href={link.data.url} target="_blank" rel="noopener noreferrer" download={link.data.fileName}>
            {t('haccpInformation.download', { name: link.data.fileName })}
          </Button>
        )}
        <Button onClick={onClose}>{t('haccpInformation.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
