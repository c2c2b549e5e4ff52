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

/**
 * "Act for this organisation" (proxy login, issue 16 section 3): asks why, and whether for
 * reading only or for changes, starts the proxy session and opens the organisation's dashboard.
 */
export function StartProxyButton({ customerId, organisationName }: { customerId: string; organisationName: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const messageText = useMessageText();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [mode, setMode] = useState<ProxyMode>('read');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const start = async () => {
    const parsed = proxySessionInputSchema.safeParse({ customerId, reason, mode });
    if (!parsed.success) {
      setError(messageText(parsed.error.issues[0]?.message ?? ''));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await startProxy(parsed.data);
      setOpen(false);
      navigate('/app/dashboard');
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button size="small" onClick={() => setOpen(true)}>{t('proxy.start')}</Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm">
        <DialogTitle>{t('proxy.dialogTitle', { organisation: organisationName })}</DialogTitle>
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
          <Button onClick={() => setOpen(false)}>{t('proxy.cancel')}</Button>
          <Button variant="contained" disabled={busy} onClick={() => void start()}>{t('proxy.confirm')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
