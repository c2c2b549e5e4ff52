import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { MESSAGES } from '@domain/core/messages';
import { requestEmailChange, saveVerifiedEmail } from '../../api/account';
import { useErrorText } from '../../components/useErrorText';
import { confirmEmailVerification, IdentityError } from '../../api/identity';
import { useMessageText } from '../../i18n/messages';

const newEmailSchema = z.string().trim().min(1, { error: MESSAGES.emailRequired }).pipe(z.email({ error: MESSAGES.emailInvalid }));
const codeSchema = z.string().trim().regex(/^\d{6}$/, { error: MESSAGES.verificationCodeInvalid });

type Step = { kind: 'idle' } | { kind: 'address' } | { kind: 'code'; email: string };

/**
 * Settings > Profile: changing one's email. The new address gets a code from the identity
 * service; until it is entered here the old address stays the account's (it signs in and
 * receives the codes). Then the account takes the new address and the user signs in with it.
 */
export function EmailChange({ email, onChanged }: { email: string; onChanged: (newEmail: string) => Promise<void> }) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const errorText = useErrorText();
  /** The identity service's refusals of a code in the catalogue's words, by their kind; any other in its own. */
  const codeFailure = (failure: unknown): string => {
    if (!(failure instanceof IdentityError)) return errorText(failure);
    if (failure.kind === 'codeMismatch') return t('messages.codeMismatch');
    if (failure.kind === 'expiredCode') return t('messages.verificationCodeExpired');
    return failure.message;
  };
  const { enqueueSnackbar } = useSnackbar();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [address, setAddress] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const reset = () => {
    setStep({ kind: 'idle' });
    setAddress('');
    setCode('');
    setError(null);
  };

  const sendCode = async () => {
    const parsed = newEmailSchema.safeParse(address);
    if (!parsed.success) {
      setError(messageText(parsed.error.issues[0]?.message ?? MESSAGES.emailInvalid));
      return;
    }
    setBusy(true);
    try {
      await requestEmailChange(email, parsed.data);
      setError(null);
      setCode('');
      setStep({ kind: 'code', email: parsed.data });
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };

  const verify = async (newEmail: string) => {
    const parsed = codeSchema.safeParse(code);
    if (!parsed.success) {
      setError(messageText(parsed.error.issues[0]?.message ?? MESSAGES.verificationCodeInvalid));
      return;
    }
    setBusy(true);
    try {
      await confirmEmailVerification(parsed.data);
    } catch (failure) {
      setError(codeFailure(failure));
      setBusy(false);
      return;
    }
    try {
      await saveVerifiedEmail(email, newEmail);
    } catch (failure) {
      enqueueSnackbar(errorText(failure), { variant: 'error' });
      setBusy(false);
      return;
    }
    enqueueSnackbar(t('settings.profile.emailChanged', { email: newEmail }), { variant: 'success' });
    reset();
    setBusy(false);
    await onChanged(newEmail);
  };

  if (step.kind === 'idle') {
    return (
      <Stack direction="row" sx={{ gap: 2, alignItems: 'flex-start' }}>
        <TextField label={t('settings.profile.email')} value={email} disabled fullWidth helperText=" " />
        <Button sx={{ mt: 1, flexShrink: 0 }} onClick={() => setStep({ kind: 'address' })}>{t('settings.profile.changeEmail')}</Button>
      </Stack>
    );
  }

  return (
    <Stack sx={{ gap: 1, mb: 2 }} role="group" aria-label={t('settings.profile.changeEmail')}>
      <TextField label={t('settings.profile.email')} value={email} disabled fullWidth helperText={t('settings.profile.emailKeptUntilVerified')} />
      {step.kind === 'address' ? (
        <TextField label={t('settings.profile.newEmail')} type="email" value={address} autoComplete="email" fullWidth required
          onChange={(event) => setAddress(event.target.value)}
          error={error !== null} helperText={error ?? ' '} />
      ) : (
        <>
          <Typography variant="body2">{t('settings.profile.codeSentTo', { email: step.email })}</Typography>
          <TextField label={t('settings.profile.verificationCode')} value={code} inputMode="numeric" autoComplete="one-time-code" fullWidth required
            onChange={(event) => setCode(event.target.value)}
            error={error !== null} helperText={error ?? ' '} />
        </>
      )}
      <Stack direction="row" sx={{ gap: 1, justifyContent: 'flex-end' }}>
        <Button onClick={reset} disabled={busy}>{t('catalog.cancel')}</Button>
        {step.kind === 'address'
          ? <Button variant="outlined" disabled={busy} onClick={() => void sendCode()}>{t('settings.profile.sendCode')}</Button>
          : <Button variant="outlined" disabled={busy} onClick={() => void verify(step.email)}>{t('settings.profile.verifyEmail')}</Button>}
      </Stack>
    </Stack>
  );
}
