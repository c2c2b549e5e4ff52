import { useState } from 'react';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

interface PasswordFieldProps {
  registration: UseFormRegisterReturn;
  label: string;
  /** The field's message (already in the user's language). */
  errorText?: string | undefined;
  autoComplete: 'current-password' | 'new-password';
  autoFocus?: boolean;
}

/** A password with the show/hide toggle (SPEC section 2, login mode default). */
export function PasswordField({ registration, label, errorText, autoComplete, autoFocus = false }: PasswordFieldProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <TextField
      {...registration}
      label={label}
      type={shown ? 'text' : 'password'}
      autoComplete={autoComplete}
      autoFocus={autoFocus}
      fullWidth
      error={errorText !== undefined}
      // A line kept for the message, so showing it moves nothing under the pointer.
      helperText={errorText ?? ' '}
      slotProps={{
        htmlInput: { 'aria-required': true },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                edge="end"
                aria-label={shown ? t('login.hidePassword') : t('login.showPassword')}
                onClick={() => setShown((value) => !value)}
              >
                {shown ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
