import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { messageKeyOfShown } from './messageKeys';

/**
 * Shows a product message produced in the browser (a domain schema's refusal of a form, a
 * file check) in the user's language; a text the catalogue does not know is shown as
 * received. An API failure is shown with `useErrorText`, by its code, instead.
 */
export function useMessageText(): (text: string) => string {
  const { t } = useTranslation();
  return useCallback(
    (text: string) => {
      const key = messageKeyOfShown(text);
      return key === undefined ? text : t(`messages.${key}`);
    },
    [t],
  );
}
