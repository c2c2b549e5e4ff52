import { useEffect } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { SnackbarProvider } from 'notistack';
import { Outlet } from 'react-router-dom';
import { SWRConfig, useSWRConfig } from 'swr';
import { TOAST_CONTAINER_CLASS, TOAST_DURATION_MS, TOAST_POSITION } from '../components/toasts';
import { DismissToast } from '../components/DismissToast';
import { theme } from '../theme';
import { ToastPlacement } from '../components/ToastPlacement';
import { registerDataCache } from '../session/dataCache';
import { readsInTheirOwnTask } from './readsInTheirOwnTask';

/** Reads are not retried nor refreshed on focus; each starts in a task of its own. */
const DATA_CACHE_SETTINGS = { revalidateOnFocus: false, shouldRetryOnError: false, use: [readsInTheirOwnTask] };

function DataCacheReset() {
  const { cache } = useSWRConfig();
  useEffect(() => {
    registerDataCache(() => {
      for (const key of [...cache.keys()]) cache.delete(key);
    });
  }, [cache]);
  return null;
}

/**
 * Every screen but the first sign-in form: MUI's theme, toasts (`useSnackbar`) and the data
 * cache. A chunk of its own, so the sign-in page a phone loads cold carries none of them
 * (docs/decisions/0056-first-sign-in-form-without-mui.md); it loads with the signed-in shell and the other pages.
 */
export default function ThemedScreens() {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <ToastPlacement />
      <SnackbarProvider
        maxSnack={3}
        anchorOrigin={TOAST_POSITION}
        classes={{ containerAnchorOriginTopCenter: TOAST_CONTAINER_CLASS }}
        autoHideDuration={TOAST_DURATION_MS.standard}
        action={(id) => <DismissToast id={id} />}
      >
        <SWRConfig value={DATA_CACHE_SETTINGS}>
          <DataCacheReset />
          <Outlet />
        </SWRConfig>
      </SnackbarProvider>
    </ThemeProvider>
  );
}
