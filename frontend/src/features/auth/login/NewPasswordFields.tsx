import type { FieldErrors, Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useMessageText } from '../../../i18n/messages';
import { PasswordField } from './PasswordField';

/** The two fields every new-password form holds. */
interface PasswordPair {
  newpassword: string;
  confirmpassword: string;
}

interface NewPasswordFieldsProps<F extends PasswordPair, V> {
  form: UseFormReturn<F, unknown, V>;
  autoFocus?: boolean;
}

/**
 * A new password and its confirmation (SPEC section 4: first login, reset, forgotten
 * password); the confirmation is checked again as the new password is typed.
 */
export function NewPasswordFields<F extends PasswordPair, V>({ form, autoFocus = false }: NewPasswordFieldsProps<F, V>) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const { register, getValues, trigger, formState } = form;
  // TypeScript cannot see the pair's names as paths of a generic form: F extends PasswordPair says they are.
  const newName = 'newpassword' as Path<F>;
  const confirmName = 'confirmpassword' as Path<F>;
  const errors = formState.errors as FieldErrors<PasswordPair>;
  const errorText = (message: string | undefined) => (message ? messageText(message) : undefined);

  return (
    <>
      <PasswordField
        registration={register(newName, {
          // Confirm equals new, checked as the user types either of them.
          onChange: () => {
            if (getValues(confirmName) !== '') void trigger(confirmName);
          },
        })}
        label={t('login.newPassword')}
        autoComplete="new-password"
        autoFocus={autoFocus}
        errorText={errorText(errors.newpassword?.message)}
      />
      <PasswordField
        registration={register(confirmName)}
        label={t('login.confirmPassword')}
        autoComplete="new-password"
        errorText={errorText(errors.confirmpassword?.message)}
      />
    </>
  );
}
