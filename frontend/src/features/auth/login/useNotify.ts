import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { showSignInToast } from '../../../components/toastHost';
import { TOAST_DURATION_MS } from '../../../components/toasts';
import { useMessageText } from '../../../i18n/messages';
import type { Notice } from './loginMachine';

/**
 * Toasts of the login screen: top centre, 5 s for login errors, 15 s for the others (SPEC sections 8, 9).
 * Through `showSignInToast`: the first toast brings notistack, not the sign-in page's first load;
 * a successful sign-in closes them.
 */
export function useNotify() {
  const { t } = useTranslation();
  const messageText = useMessageText();

  const show = useCallback((text: string, variant: Notice['variant'], duration: Notice['duration']) => {
    showSignInToast(text, {
      variant,
      autoHideDuration: TOAST_DURATION_MS[duration],
      anchorOrigin: { vertical: 'top', horizontal: 'center' },
    });
  }, []);

  /** A product message by key. */
  const notify = useCallback(
    (notice: Notice) => {
      const key = `messages.${notice.message}` as const;
      const values = { count: notice.values?.count ?? 0, message: notice.values?.message ?? '' };
      // t()'s types ask for every placeholder any product message has ({{name}}, {{sensorCount}}...);
      // login notices only ever use count and message, so t is called with a plain key here.
      const translate = t as unknown as (key: string, options: typeof values) => string;
      show(translate(key, values), notice.variant, notice.duration);
    },
    [show, t],
  );

  /** A message the identity service wrote itself (shown translated when it is one of the product's). */
  const notifyText = useCallback(
    (text: string, duration: Notice['duration'], variant: Notice['variant'] = 'error') => show(messageText(text), variant, duration),
    [messageText, show],
  );

  return { notify, notifyText };
}
