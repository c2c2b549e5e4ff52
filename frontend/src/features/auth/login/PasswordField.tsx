import { useState } from 'react';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { useTranslation } from 'react-i18next';
import { OutlinedField, type FieldInputProps } from './OutlinedField';

interface PasswordFieldProps {
  /** react-hook-form's `register(name)`, or a controlled field's props. */
  registration: FieldInputProps;
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
    <OutlinedField
      input={registration}
      label={label}
      type={shown ? 'text' : 'password'}
      autoComplete={autoComplete}
      autoFocus={autoFocus}
      errorText={errorText}
      endAdornment={
        <InputAdornment position="end">
          <IconButton
            edge="end"
            aria-label={shown ? t('login.hidePassword') : t('login.showPassword')}
            onClick={() => setShown((value) => !value)}
          >
            {shown ? <VisibilityOff /> : <Visibility />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
}
