import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './icons';
import { LoginField, type LoginFieldInput } from './LoginField';

/** The first sign-in form's password, with the show/hide toggle (SPEC section 2), drawn as `PasswordField`. */
export function LoginPasswordField({ input, label, errorText }: { input: LoginFieldInput; label: string; errorText?: string | undefined }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <LoginField
      input={input}
      label={label}
      type={shown ? 'text' : 'password'}
      autoComplete="current-password"
      errorText={errorText}
      endAdornment={
        <button
          type="button"
          className="icon-button"
          aria-label={shown ? t('login.hidePassword') : t('login.showPassword')}
          onClick={() => setShown((value) => !value)}
        >
          <Icon name={shown ? 'visibilityOff' : 'visibility'} />
        </button>
      }
    />
  );
}
