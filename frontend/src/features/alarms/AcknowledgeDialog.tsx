import { useState, type FormEvent } from 'react';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { ACKNOWLEDGE_REASON_MAX, CORRECTIVE_ACTION_MAX, acknowledgementSchema, type Acknowledgement } from '@domain/alarms/alarm';
import { FormDialog } from '../../components/FormDialog';
import { useMessageText } from '../../i18n/messages';

/** The standard reasons offered (issue 13 section 3: "a standard reason or text"); the text field takes any other. */
export const STANDARD_REASONS = ['doorLeftOpen', 'defrost', 'stockLoading', 'equipmentFault', 'sensorMoved', 'batteryReplaced', 'falseAlarm'] as const;

export interface AcknowledgeDialogProps {
  /** How many alarms are acknowledged at once (1: one alarm). */
  count: number;
  /** Sends the acknowledgement; a refusal leaves the dialog open (the caller toasts it). */
  onAcknowledge(acknowledgement: Acknowledgement): Promise<void>;
  onClose(): void;
}

/** Acknowledges one alarm or several: a reason (required: a standard one picked, or typed) and a corrective action. */
export function AcknowledgeDialog({ count, onAcknowledge, onClose }: AcknowledgeDialogProps) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const [standard, setStandard] = useState('');
  const [reason, setReason] = useState('');
  const [correctiveAction, setCorrectiveAction] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; correctiveAction?: string }>({});
  const [busy, setBusy] = useState(false);

  const pick = (value: string) => {
    setStandard(value);
    // The standard reason is written in the user's language, as they read it.
    if (value !== '') setReason(t(`alarms.acknowledge.reasons.${value as (typeof STANDARD_REASONS)[number]}`));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = acknowledgementSchema.safeParse({ reason, ...(correctiveAction.trim() === '' ? {} : { correctiveAction }) });
    if (!parsed.success) {
      const found: { reason?: string; correctiveAction?: string } = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'reason' || field === 'correctiveAction') && found[field] === undefined) found[field] = messageText(issue.message);
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await onAcknowledge(parsed.data);
    } catch {
      // The caller said why; the dialog stays open to try again.
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      title={count === 1 ? t('alarms.acknowledge.title') : t('alarms.acknowledge.titleMany', { count })}
      maxWidth="sm"
      busy={busy}
      onSubmit={(event) => void submit(event)}
      onClose={onClose}
      cancelLabel={t('alarms.acknowledge.cancel')}
      submitLabel={t('alarms.acknowledge.submit')}
    >
      <Stack sx={{ gap: 2, pt: 1 }}>
        <TextField select label={t('alarms.acknowledge.standardReason')} value={standard} onChange={(event) => pick(event.target.value)}>
          <MenuItem value="">{t('alarms.acknowledge.noStandardReason')}</MenuItem>
          {STANDARD_REASONS.map((key) => <MenuItem key={key} value={key}>{t(`alarms.acknowledge.reasons.${key}`)}</MenuItem>)}
        </TextField>
        <TextField
          required
          label={t('alarms.acknowledge.reason')}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={errors.reason !== undefined}
          helperText={errors.reason ?? ' '}
          slotProps={{ htmlInput: { maxLength: ACKNOWLEDGE_REASON_MAX + 1 } }}
        />
        <TextField
          multiline
          minRows={2}
          label={t('alarms.acknowledge.correctiveAction')}
          value={correctiveAction}
          onChange={(event) => setCorrectiveAction(event.target.value)}
          error={errors.correctiveAction !== undefined}
          helperText={errors.correctiveAction ?? ' '}
          slotProps={{ htmlInput: { maxLength: CORRECTIVE_ACTION_MAX + 1 } }}
        />
      </Stack>
    </FormDialog>
  );
}
