import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { CorrectiveAction } from '../../../api/haccp';

/**
 * Asked for when an answer is out of its limits (issue 15 section 2): one of the question's
 * standard corrective actions, or a text when none fits; with none listed, the SPEC's "No
 * corrective measures found" and the text.
 */
export function CorrectiveActionPrompt({ actions, actionId, text, onChange, disabled }: {
  actions: readonly CorrectiveAction[];
  actionId: string | undefined;
  text: string;
  onChange: (choice: { actionId: string | undefined; text: string }) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <Stack spacing={1} role="group" aria-labelledby={headingId} sx={{ p: 1.5, border: 1, borderColor: 'warning.main', borderRadius: 1 }}>
      <Typography id={headingId} variant="subtitle2" component="h3">{t('haccpFilling.correctiveActionRequired')}</Typography>
      {actions.length === 0 ? (
        <Alert severity="info">{t('haccpFilling.noCorrectiveMeasures')}</Alert>
      ) : (
        <RadioGroup value={actionId ?? ''} onChange={(event) => onChange({ actionId: event.target.value, text: '' })}>
          {actions.map((action) => (
            <FormControlLabel
              key={action.id}
              value={action.id}
              disabled={disabled}
              control={<Radio sx={{ p: 1.5 }} />}
              label={action.description === undefined || action.description === '' ? action.name : `${action.name} – ${action.description}`}
              sx={{ minHeight: 48 }}
            />
          ))}
        </RadioGroup>
      )}
      <TextField
        label={actions.length === 0 ? t('haccpFilling.correctiveActionText') : t('haccpFilling.correctiveActionOther')}
        value={text}
        disabled={disabled}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: 1000 } }}
        onChange={(event) => onChange({ actionId: undefined, text: event.target.value })}
      />
    </Stack>
  );
}
