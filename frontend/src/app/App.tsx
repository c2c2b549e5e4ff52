import CloseIcon from '@mui/icons-material/Close';
import CssBaseline from '@mui/material/CssBaseline';
import IconButton from '@mui/material/IconButton';
import { ThemeProvider } from '@mui/material/styles';
import { SnackbarProvider, useSnackbar, type SnackbarKey } from 'notistack';
import { useTranslation } from 'react-i18next';
import { BrowserRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import type { WebAppConfig } from '@domain/core/app-config';
import { TOAST_DURATION_MS, TOAST_POSITION } from '../components/toasts';
import { AuthProvider } from '../features/auth/AuthProvider';
import { AppRoutes } from './routes';
import { theme } from './theme';
import { WebAppConfigContext } from './webAppConfig';

function DismissToast({ id }: { id: SnackbarKey }) {
  const { t } = useTranslation();
  const { closeSnackbar } = useSnackbar();
  return (
    <IconButton size="small" color="inherit" aria-label={t('app.dismiss')} onClick={() => closeSnackbar(id)}>
      <CloseIcon fontSize="small" />
    </IconButton>
  );
}

/** The composition root: settings, theme, toasts, data cache, router, session, routes. */
export function App({ config }: { config: WebAppConfig }) {
  return (
    <WebAppConfigContext.Provider value={config}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <SnackbarProvider
          maxSnack={3}
          anchorOrigin={TOAST_POSITION}
          autoHideDuration={TOAST_DURATION_MS.standard}
          action={(id) => <DismissToast id={id} />}
        >
          <SWRConfig value={{ revalidateOnFocus: false, shouldRetryOnError: false }}>
            <BrowserRouter>
              <AuthProvider>
                <AppRoutes />
              </AuthProvider>
            </BrowserRouter>
          </SWRConfig>
        </SnackbarProvider>
      </ThemeProvider>
    </WebAppConfigContext.Provider>
  );
}
