import { useCallback, useState } from 'react';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import type { UserSession } from '@domain/identity/account';
import { useErrorText } from '../../components/useErrorText';
import { endAllUserSessions, endUserSession, useUserSessions } from '../../api/sessions';

/** The session list and the calls that end sessions, with their toasts. */
export function useSessionActions() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { enqueueSnackbar } = useSnackbar();
  const sessions = useUserSessions();
  const [ending, setEnding] = useState<string | null>(null);
  const { mutate } = sessions;

  const run = useCallback(
    async (key: string, action: () => Promise<void>, done: string) => {
      setEnding(key);
      try {
        await action();
        enqueueSnackbar(done, { variant: 'success' });
      } catch (error) {
        enqueueSnackbar(errorText(error), { variant: 'error' });
      } finally {
        setEnding(null);
        await mutate();
      }
    },
    [enqueueSnackbar, errorText, mutate],
  );

  const endOne = useCallback(
    (session: UserSession) => run(session.id, () => endUserSession(session.id), t('sessions.ended', { device: session.device })),
    [run, t],
  );
  const endAll = useCallback(() => run('all', endAllUserSessions, t('sessions.allEnded')), [run, t]);

  return { sessions, ending, endOne, endAll };
}
