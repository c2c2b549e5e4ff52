import type { ReactElement, ReactNode } from 'react';
import { CacheProvider } from '@emotion/react';
import { ThemeProvider } from '@mui/material/styles';
import { render, type RenderResult } from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { theme } from '../app/theme';
import { ToastHostBridge } from '../app/ToastHostBridge';
import { createTestStyleCache } from './styleCache';

// One style cache a test file, as the app has one: its rules stay in the document across the file's tests.
const styleCache = createTestStyleCache();

/** Renders a screen with what the app's composition root gives it, and a fresh data cache. */
export function renderScreen(ui: ReactElement, { route = '/' }: { route?: string } = {}): RenderResult {
  const Providers = ({ children }: { children: ReactNode }) => (
    <CacheProvider value={styleCache}>
      <ThemeProvider theme={theme}>
        <SnackbarProvider anchorOrigin={{ vertical: 'top', horizontal: 'center' }}>
          <ToastHostBridge />
          <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
            <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
          </SWRConfig>
        </SnackbarProvider>
      </ThemeProvider>
    </CacheProvider>
  );
  return render(ui, { wrapper: Providers });
}
