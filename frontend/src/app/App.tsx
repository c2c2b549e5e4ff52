import { BrowserRouter } from 'react-router-dom';
import type { WebAppConfig } from '@domain/core/app-config';
import { AuthProvider } from '../session/AuthProvider';
import { AppRoutes } from './routes';
import { WebAppConfigContext } from '../config/webAppConfig';

/**
 * The composition root: settings, router, session, routes. MUI's theme, the toasts and the data
 * cache come with the screens that use them (`ThemedScreens`), not with the first sign-in form;
 * toasts from outside those screens go through `showToast`.
 */
export function App({ config }: { config: WebAppConfig }) {
  return (
    <WebAppConfigContext.Provider value={config}>
      <BrowserRouter>
        <AuthProvider>
          <AppRoutes />
        </AuthProvider>
      </BrowserRouter>
    </WebAppConfigContext.Provider>
  );
}
