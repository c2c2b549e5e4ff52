import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { messageKeyOf } from '@domain/core/messages';

/**
 * Shows a product message (from a domain schema or an API error body, always in English)
 * in the user's language; a text the catalogue does not know is shown as received.
 */
export function useMessageText(): (text: string) => string {
  const { t } = useTranslation();
  return useCallback(
    (text: string) => {
      const key = messageKeyOf(text);
      return key === undefined ? text : t(`messages.${key}`);
    },
    [t],
  );
}
