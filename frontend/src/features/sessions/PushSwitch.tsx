import { useState } from 'react';
import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import Box from '@mui/material/Box';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import type { UserSession } from '@domain/identity/account';
import { ApiError } from '../../api/ApiError';
import { fetchPushPublicKey, setDevicePush } from '../../api/sessions';
import { useErrorText } from '../../components/useErrorText';
import { subscribeThisBrowser, unsubscribeThisBrowser, type PushRefusal } from './webPush';

export interface PushSwitchProps {
  /** This browser's own session. */
  session: UserSession;
  /** Called once the server has the new setting (the list reloads). */
  onChanged(): Promise<unknown>;
}

/**
 * Push notifications on this device (PUT session/active/devices/{id}): turning them on asks
 * for the notification permission and sends the browser's push subscription; turning them
 * off forgets it on the server, then in the browser.
 */
export function PushSwitch({ session, onChanged }: PushSwitchProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { enqueueSnackbar } = useSnackbar();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<PushRefusal | null>(null);

  const change = async (on: boolean) => {
    setBusy(true);
    setRefusal(null);
    try {
      if (on) {
        const subscription = await subscribeThisBrowser(fetchPushPublicKey);
        if (subscription === 'denied' || subscription === 'unsupported') {
          setRefusal(subscription);
          return;
        }
        await setDevicePush(session.id, { pushEnabled: true, subscription });
      } else {
        await setDevicePush(session.id, { pushEnabled: false });
        await unsubscribeThisBrowser().catch(() => undefined);
      }
      enqueueSnackbar(t(on ? 'sessions.push.enabled' : 'sessions.push.disabled'), { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(error instanceof ApiError ? errorText(error) : t('sessions.push.failed'), { variant: 'error' });
    } finally {
      setBusy(false);
      await onChanged();
    }
  };

  return (
    <Box sx={{ mb: 2 }}>
      <FormControlLabel
        control={<Switch checked={session.pushEnabled} disabled={busy} onChange={(_event, checked) => void change(checked)} />}
        label={t('sessions.push.label')}
      />
      <FormHelperText sx={{ mt: 0 }}>{t('sessions.push.help')}</FormHelperText>
      {refusal !== null && (
        <Alert severity="warning" sx={{ mt: 1 }} onClose={() => setRefusal(null)}>
          {t(`sessions.push.${refusal}`)}
        </Alert>
      )}
    </Box>
  );
}
