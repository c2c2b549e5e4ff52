import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { RESEND_MAX } from '@domain/identity/account';
import { toIdentityError } from '../../../api/identity';
import {
  checkResend,
  codeResent,
  loadResendRecord,
  saveResendRecord,
  secondsLeftInCooldown,
  type ResendFlow,
  type ResendRecord,
} from './loginMachine';
import { useNotify } from './useNotify';

interface ResendCodeButtonProps {
  flow: ResendFlow;
  username: string;
  /** Sends a new code; false when none went out after all (nothing is counted). Throws what the service answered. */
  onResend(): Promise<boolean>;
  /** After a resend was counted: the form empties its code. */
  onSent?(): void;
  /** Disabled regardless of the count (the code is being verified, ...). */
  disabled?: boolean;
  /**
   * At the limit: `message` disables the button and says so on the form (reset code);
   * `toast` keeps it and answers a click with a toast (SMS code).
   */
  atLimit: 'message' | 'toast';
}

function read(flow: ResendFlow, username: string): ResendRecord | null {
  try {
    return loadResendRecord(window.sessionStorage, flow, username);
  } catch {
    return null;
  }
}

/** Resend Code, with its 30 s countdown and at most 3 resends (SPEC sections 2, 8, 9). */
export function ResendCodeButton({ flow, username, onResend, onSent, disabled = false, atLimit }: ResendCodeButtonProps) {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const [record, setRecord] = useState<ResendRecord | null>(() => read(flow, username));
  const [now, setNow] = useState(() => Date.now());
  const [sending, setSending] = useState(false);
  const secondsLeft = secondsLeftInCooldown(record, now);

  useEffect(() => {
    setRecord(read(flow, username));
  }, [flow, username]);

  // Tick while the countdown runs.
  useEffect(() => {
    if (secondsLeft <= 0) return undefined;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [secondsLeft]);

  const limitReached = record !== null && record.count >= RESEND_MAX;

  const resend = async () => {
    const check = checkResend(record, Date.now());
    if (!check.allowed) {
      if (check.reason === 'limit') notify({ message: 'resendMaxReached', duration: 'standard', variant: 'error' });
      return;
    }
    setSending(true);
    try {
      if (!(await onResend())) return;
      const next = codeResent(record, username, Date.now());
      saveResendRecord(window.sessionStorage, flow, next);
      setRecord(next);
      setNow(Date.now());
      notify({ message: 'codeResent', values: { count: next.count }, duration: 'standard', variant: 'success' });
      onSent?.();
    } catch (error) {
      notify({ message: 'resendError', values: { message: toIdentityError(error).message }, duration: 'standard', variant: 'error' });
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <Button
        variant="text"
        onClick={() => void resend()}
        disabled={disabled || sending || secondsLeft > 0 || (limitReached && atLimit === 'message')}
      >
        {secondsLeft > 0 ? t('login.resendCodeIn', { seconds: secondsLeft }) : t('login.resendCode')}
      </Button>
      {limitReached && atLimit === 'message' ? (
        <Typography role="status" variant="body2" color="error">
          {t('messages.resendLimitReached')}
        </Typography>
      ) : null}
    </>
  );
}
