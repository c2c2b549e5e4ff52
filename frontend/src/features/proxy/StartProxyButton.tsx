import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PROXY_REASON_MAX, proxySessionInputSchema, type ProxyMode } from '@domain/identity/proxy-session';
import { useErrorText } from '../../components/useErrorText';
import { useMessageText } from '../../i18n/messages';
import { startProxy } from './startProxy';

/** The location a corporate view is opened for (an administrator with corporate access, their own organisation). */
export interface ProxyLocationChoice {
  id: string;
  name: string;
}

/**
 * "Act for this organisation" (proxy login, issue 16 section 3): asks why, and whether for
 * reading only or for changes, starts the proxy session and opens the organisation's dashboard.
 */
export function StartProxyButton({ customerId, organisationName }: { customerId: string; organisationName: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)}>{t('proxy.start')}</Button>
      {open ? <StartProxyDialog customerId={customerId} organisationName={organisationName} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

/**
 * The proxy's dialog: a reason and the mode, then the session starts and the dashboard opens.
 * With `location`, a corporate view of that one location (its title names the location).
 */
export function StartProxyDialog({ customerId, organisationName, location, onClose }: {
  customerId: string;
  organisationName: string;
  location?: ProxyLocationChoice;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const messageText = useMessageText();
  const [reason, setReason] = useState('');
  const [mode, setMode] = useState<ProxyMode>('read');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const start = async () => {
    const parsed = proxySessionInputSchema.safeParse({ customerId, reason, mode, ...(location === undefined ? {} : { locationId: location.id }) });
    if (!parsed.success) {
      setError(messageText(parsed.error.issues[0]?.message ?? ''));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await startProxy(parsed.data);
      onClose();
      navigate('/app/dashboard');
    } catch (failure) {
      setError(errorText(failure));
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>
        {location === undefined ? t('proxy.dialogTitle', { organisation: organisationName }) : t('proxy.corporateDialogTitle', { location: location.name })}
      </DialogTitle>
      <DialogContent>
        {error === null ? null : <Alert severity="error" sx={{ mb: 2 }}>{error}</Alert>}
        <TextField
          label={t('proxy.reason')} value={reason} onChange={(event) => setReason(event.target.value)}
          required fullWidth multiline minRows={2} margin="dense" slotProps={{ htmlInput: { maxLength: PROXY_REASON_MAX } }}
        />
        <RadioGroup value={mode} onChange={(event) => setMode(event.target.value === 'write' ? 'write' : 'read')} aria-label={t('proxy.modeLabel')}>
          <FormControlLabel value="read" control={<Radio />} label={t('proxy.readOnly')} />
          <FormControlLabel value="write" control={<Radio />} label={t('proxy.makeChanges')} />
        </RadioGroup>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('proxy.cancel')}</Button>
        <Button variant="contained" disabled={busy} onClick={() => void start()}>{t('proxy.confirm')}</Button>
      </DialogActions>
    </Dialog>
  );
}
