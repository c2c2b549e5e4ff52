import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { REFRESH_TOKEN_VALIDITY_DAYS } from '@domain/identity/account';
import { getClientState } from '../../session/clientState';
import { LanguageMenu } from '../../components/LanguageMenu';
import { TOAST_DURATION_MS, TOAST_POSITION } from '../../components/toasts';
import { useErrorText } from '../../components/useErrorText';
import { useAuth } from '../../session/useAuth';
import { SessionList } from './SessionList';
import { useSessionActions } from './useSessionActions';

/**
 * /login/sessions (SPEC sections 2 and 4): the session limit stopped the sign-in. The user
 * ends one session or all of them, then continues; or logs out.
 */
export default function SessionLimitPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { enqueueSnackbar } = useSnackbar();
  const { user, completeSignIn, logout } = useAuth();
  const [searchParams] = useSearchParams();
  const { sessions, ending, endOne, endAll } = useSessionActions();
  const [continuing, setContinuing] = useState(false);
  const email = searchParams.get('user') ?? user?.email ?? '';
  const list = sessions.data;
  const atLimit = list !== undefined && list.items.length >= list.maxSessions;

  const continueSignIn = async () => {
    setContinuing(true);
    const { loginVariant, sso } = getClientState();
    const result = await completeSignIn({ variant: loginVariant, sso });
    // Still at the limit (another device signed in meanwhile): this page stays, up to date.
    if (result === 'sessionLimit') {
      setContinuing(false);
      enqueueSnackbar(t('messages.sessionLimitReached'), {
        variant: 'error',
        anchorOrigin: TOAST_POSITION,
        autoHideDuration: TOAST_DURATION_MS.standard,
      });
      await sessions.mutate();
    } else if (result === 'failed') {
      setContinuing(false);
    }
  };

  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', alignItems: 'center', bgcolor: 'background.default', px: 2 }}>
      <Box sx={{ alignSelf: 'stretch', display: 'flex', justifyContent: 'flex-end', p: 1 }}>
        <LanguageMenu color="primary" />
      </Box>
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 1000, p: { xs: 2, sm: 4 }, mt: { xs: 1, sm: 4 } }}>
        <Typography variant="h5" component="p" color="primary" sx={{ fontWeight: 600, mb: 1 }}>
          {t('app.name')}
        </Typography>
        <Typography variant="h6" component="h1" sx={{ mb: 1 }}>
          {t('sessions.limitTitle')}
        </Typography>
        {email !== '' && (
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t('sessions.signedInAs', { email })}
          </Typography>
        )}
        {atLimit && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {t('messages.sessionLimitReached')}
          </Alert>
        )}
        {list !== undefined && (
          <Typography sx={{ mb: 2 }}>
            {t('sessions.count', { count: list.items.length, max: list.maxSessions })}{' '}
            {t('sessions.expiryNote', { days: REFRESH_TOKEN_VALIDITY_DAYS })}
          </Typography>
        )}
        {sessions.error !== undefined && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {errorText(sessions.error)}
          </Alert>
        )}
        {/* Before sign-in completes there is no session to load the user's grid settings with. */}
        <SessionList columnSettings={false} sessions={list?.items} loading={sessions.isLoading} ending={ending} onEnd={(session) => void endOne(session)} />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 3, justifyContent: 'flex-end' }}>
          <Button onClick={() => void logout()} disabled={continuing}>
            {t('topBar.logout')}
          </Button>
          <Button color="error" variant="outlined" onClick={() => void endAll()} disabled={ending !== null || continuing || !list?.items.length}>
            {t('sessions.endAll')}
          </Button>
          <Button variant="contained" onClick={() => void continueSignIn()} disabled={continuing || ending !== null || atLimit}>
            {continuing ? t('app.loading') : t('sessions.continue')}
          </Button>
        </Stack>
      </Paper>
    </Box>
  );
}
