import { useEffect, useId, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { verifyOtpInputSchema, type OtpChannel, type User } from '@domain/identity/user';
import { sendVerificationCode, verifyCode } from '../../api/users';
import { useMessageText } from '../../i18n/messages';
import { useErrorText } from '../../components/useErrorText';

export interface VerifyCodeDialogProps {
  userId: string;
  channel: OtpChannel;
  onVerified(user: User): void;
  onClose(): void;
}

/**
 * Verifies a saved phone or pager (POST users/sendOTP, users/verifyOTP): a code is sent when
 * the dialog opens and again on request; the six digits are checked by the API.
 */
export function VerifyCodeDialog({ userId, channel, onVerified, onClose }: VerifyCodeDialogProps) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const errorText = useErrorText();
  const titleId = useId();
  const [destination, setDestination] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const sentOnce = useRef(false);

  const send = async () => {
    setError(null);
    try {
      setDestination((await sendVerificationCode(userId, channel)).destination);
    } catch (failure) {
      setError(errorText(failure));
    }
  };

  useEffect(() => {
    // Once, even when React runs effects twice in development.
    if (sentOnce.current) return;
    sentOnce.current = true;
    void send();
  }, []);

  const submit = async () => {
    const parsed = verifyOtpInputSchema.safeParse({ channel, code });
    if (!parsed.success) {
      const problem = parsed.error.issues[0]?.message;
      setError(problem === undefined ? null : messageText(problem));
      return;
    }
    setBusy(true);
    try {
      onVerified(await verifyCode(userId, channel, parsed.data.code));
    } catch (failure) {
      setError(errorText(failure));
      setCode('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <form noValidate onSubmit={(event) => { event.preventDefault(); void submit(); }}>
        <DialogTitle id={titleId}>{t(channel === 'phone' ? 'users.verifyPhoneTitle' : 'users.verifyPagerTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {destination === null ? t('users.codeSending') : t('users.codeSent', { destination })}
          </DialogContentText>
          {error !== null && <Alert severity="error" sx={{ mt: 2 }}>{error}</Alert>}
          <TextField
            label={t('users.code')}
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
            autoFocus
            fullWidth
            margin="normal"
            autoComplete="one-time-code"
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => void send()} disabled={busy}>{t('users.resendCode')}</Button>
          <Button onClick={onClose} disabled={busy}>{t('users.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy}>{t('users.verify')}</Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
