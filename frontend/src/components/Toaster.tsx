import { StrictMode } from 'react';
import { ThemeProvider } from '@mui/material/styles';
import { SnackbarProvider } from 'notistack';
import { createRoot } from 'react-dom/client';
import { TOAST_CONTAINER_CLASS, TOAST_DURATION_MS, TOAST_POSITION } from './toasts';
import { DismissToast } from './DismissToast';
import { theme } from '../theme';
import { ToastPlacement } from './ToastPlacement';
import { ToastHostBridge } from './ToastHostBridge';

let mounted = false;

/**
 * The app-level toasts (`showToast`): a React root of its own beside the app's, mounted on the
 * first toast and kept, so a toast stays through a change of screen (sign-in, logout).
 */
export function mountToaster(): void {
  if (mounted) return;
  mounted = true;
  const container = document.createElement('div');
  document.body.append(container);
  createRoot(container).render(
    <StrictMode>
      <ThemeProvider theme={theme}>
        <ToastPlacement />
        <SnackbarProvider
          maxSnack={3}
          anchorOrigin={TOAST_POSITION}
          classes={{ containerAnchorOriginTopCenter: TOAST_CONTAINER_CLASS }}
          autoHideDuration={TOAST_DURATION_MS.standard}
          action={(id) => <DismissToast id={id} />}
        >
          <ToastHostBridge />
        </SnackbarProvider>
      </ThemeProvider>
    </StrictMode>,
  );
}
