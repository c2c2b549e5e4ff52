import CloseIcon from '@mui/icons-material/Close';
import CssBaseline from '@mui/material/CssBaseline';
import IconButton from '@mui/material/IconButton';
import { ThemeProvider } from '@mui/material/styles';
import { SnackbarProvider, useSnackbar, type SnackbarKey } from 'notistack';
import { useTranslation } from 'react-i18next';
import { BrowserRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { TOAST_DURATION_MS } from '../components/toasts';
import { AuthProvider } from '../features/auth/AuthProvider';
import { AppRoutes } from './routes';
import { theme } from './theme';

function DismissToast({ id }: { id: SnackbarKey }) {
  const { t } = useTranslation();
  const { closeSnackbar } = useSnackbar();
  return (
    <IconButton size="small" color="inherit" aria-label={t('app.dismiss')} onClick={() => closeSnackbar(id)}>
      <CloseIcon fontSize="small" />
    </IconButton>
  );
}

/** The composition root: theme, toasts, data cache, session, routes. */
export function App() {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <SnackbarProvider
        maxSnack={3}
        anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
        autoHideDuration={TOAST_DURATION_MS.standard}
        action={(id) => <DismissToast id={id} />}
      >
        <SWRConfig value={{ revalidateOnFocus: false, shouldRetryOnError: false }}>
          <AuthProvider>
            <BrowserRouter>
              <AppRoutes />
            </BrowserRouter>
          </AuthProvider>
        </SWRConfig>
      </SnackbarProvider>
    </ThemeProvider>
  );
}
