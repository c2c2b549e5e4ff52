import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { REFRESH_TOKEN_VALIDITY_DAYS, type UserSession } from '@domain/identity/account';
import { useErrorText } from '../../components/useErrorText';
import { useAuth } from '../../session/useAuth';
import { PushSwitch } from './PushSwitch';
import { SessionList } from './SessionList';
import { useSessionActions } from './useSessionActions';

/** Sessions and devices, from the user menu: the user's sessions, ending any of them. */
export default function SessionsPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { logout } = useAuth();
  const { sessions, ending, endOne, endAll } = useSessionActions();
  const list = sessions.data;
  const others = list?.items.filter((session) => !session.current).length ?? 0;
  const current = list?.items.find((session) => session.current);

  // Ending this browser's own session is a logout.
  const end = (session: UserSession) => void (session.current ? logout() : endOne(session));

  return (
    <>
      <Stack direction="row" sx={{ mb: 2, alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1">
          {t('sessions.title')}
        </Typography>
        <Button color="error" variant="outlined" onClick={() => void endAll()} disabled={ending !== null || others === 0}>
          {t('sessions.endOthers')}
        </Button>
      </Stack>
      {list !== undefined && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('sessions.count', { count: list.items.length, max: list.maxSessions })}{' '}
          {t('sessions.expiryNote', { days: REFRESH_TOKEN_VALIDITY_DAYS })}
        </Typography>
      )}
      {current !== undefined && <PushSwitch session={current} onChanged={() => sessions.mutate()} />}
      {sessions.error !== undefined && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorText(sessions.error)}
        </Alert>
      )}
      <SessionList gridId="sessions" sessions={list?.items} loading={sessions.isLoading} ending={ending} onEnd={end} />
    </>
  );
}
