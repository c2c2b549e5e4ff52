import TextField from '@mui/material/TextField';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CODE_LENGTH } from '@domain/identity/account';

interface CodeFieldProps {
  registration: UseFormRegisterReturn;
  errorText?: string | undefined;
  autoFocus?: boolean;
  /** Read-only rather than disabled: a disabled input has no value for the form. */
  readOnly?: boolean;
}

/** A six-digit verification code (SMS, email or reset). */
export function CodeField({ registration, errorText, autoFocus = true, readOnly = false }: CodeFieldProps) {
  const { t } = useTranslation();
  return (
    <TextField
      {...registration}
      label={t('login.verificationCode')}
      autoComplete="one-time-code"
      autoFocus={autoFocus}
      fullWidth
      error={errorText !== undefined}
      // A line kept for the message, so showing it moves nothing under the pointer.
      helperText={errorText ?? ' '}
      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: CODE_LENGTH, readOnly, 'aria-required': true } }}
    />
  );
}
