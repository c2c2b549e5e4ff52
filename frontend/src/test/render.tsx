import type { ReactElement, ReactNode } from 'react';
import { CacheProvider } from '@emotion/react';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { render, type RenderResult } from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { theme } from '../theme';
import { ToastHostBridge } from '../components/ToastHostBridge';
import { createTestStyleCache } from './styleCache';

/**
 * The portal's theme without motion: transitions take no time and buttons draw no ripple.
 * Every dialog, menu and toast otherwise waits out its 195-225 ms transition (a findBy or
 * waitFor polling through it), and each click adds and then removes ripple elements, DOM
 * changes that drop jsdom's computed-style cache behind the next getByRole. What is shown,
 * where focus goes and what a click does stay the same.
 */
const testTheme = createTheme(theme, {
  transitions: {
    duration: { shortest: 0, shorter: 0, short: 0, standard: 0, complex: 0, enteringScreen: 0, leavingScreen: 0 },
  },
  components: { MuiButtonBase: { defaultProps: { disableRipple: true } } },
});

// One style cache a test file, as the app has one: its rules stay in the document across the file's tests.
const styleCache = createTestStyleCache();

/** Renders a screen with what the app's composition root gives it, and a fresh data cache. */
export function renderScreen(ui: ReactElement, { route = '/' }: { route?: string } = {}): RenderResult {
  const Providers = ({ children }: { children: ReactNode }) => (
    <CacheProvider value={styleCache}>
      <ThemeProvider theme={testTheme}>
        <SnackbarProvider anchorOrigin={{ vertical: 'top', horizontal: 'center' }} transitionDuration={{ enter: 0, exit: 0 }}>
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
