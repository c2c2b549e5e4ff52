import { useState, type FormEvent } from 'react';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Alarm } from '@domain/alarms/alarm';
import { useAlarmProfiles } from '../../api/alarmProfiles';
import { FormDialog } from '../../components/FormDialog';

export interface SnoozeDialogProps {
  alarm: Alarm;
  /** Snoozes the alarm; a refusal leaves the dialog open (the caller toasts it). */
  onSnooze(): Promise<void>;
  onClose(): void;
}

/**
 * Snoozes an alarm's reminders: says for how long (its profile's snooze interval) and how many
 * snoozes are left (its snooze limit) before asking. The API decides; when the profile is not
 * known here, the dialog says only that the profile's interval applies.
 */
export function SnoozeDialog({ alarm, onSnooze, onClose }: SnoozeDialogProps) {
  const { t } = useTranslation();
  const profiles = useAlarmProfiles();
  const profile = alarm.profileId === undefined ? undefined : profiles.data?.find((candidate) => candidate.id === alarm.profileId);
  const [busy, setBusy] = useState(false);
  const name = alarm.deviceName || alarm.deviceId;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    try {
      await onSnooze();
    } catch {
      // The caller said why; the dialog stays open.
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      title={t('alarms.snooze.title', { name })}
      maxWidth="xs"
      busy={busy}
      onSubmit={(event) => void submit(event)}
      onClose={onClose}
      cancelLabel={t('alarms.snooze.cancel')}
      submitLabel={t('alarms.snooze.submit')}
    >
      <Typography>
        {profile === undefined
          ? t('alarms.snooze.profileInterval')
          : t('alarms.snooze.interval', { minutes: profile.snoozeIntervalMinutes })}
      </Typography>
      {profile !== undefined && (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {t('alarms.snooze.left', { count: Math.max(0, profile.snoozeLimit - alarm.snoozeCount), limit: profile.snoozeLimit })}
        </Typography>
      )}
    </FormDialog>
  );
}
