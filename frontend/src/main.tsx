import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { configureApi } from './api/apiFetch';
import { configureIdentity } from './api/identity';
import { App } from './app/App';
import { loadWebAppConfig } from './config/loadWebAppConfig';
import { prefetchScreen } from './app/routes';
import type { WebAppConfig } from '@domain/core/app-config';
import { initI18n, storedLanguage } from './i18n';

// zod without its JIT (zod/v4/core reads this object when it first loads, lazily here: the
// entry has no zod). The CSP (script-src 'self') forbids the `new Function` it compiles with, so
// in the cloud it only probed and fell back; locally it compiled each response schema on its
// first parse, a long task on a phone for a parse that runs a few times.
const zodSettings = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
// The same object zod keeps, should it be loaded already (it reuses the one it finds).
(zodSettings.__zod_globalConfig ??= {}).jitless = true;

async function start(): Promise<void> {
  const root = createRoot(document.getElementById('root') ?? document.body);
  // The screen of this address is fetched beside /config.json and the texts, not after them:
  // the first paint waits for one round trip, not three in a row.
  prefetchScreen(window.location.pathname);
  // The chosen language's catalogue before the first render, so no English shows first (the
  // sign-in page: its slice only, the rest comes with the next screen); a catalogue that cannot
  // be fetched leaves the keys showing rather than no page at all.
  const path = window.location.pathname;
  const signIn = path === '/login' || path === '/login/helpdesk';
  const texts = initI18n(storedLanguage(), [], signIn ? 'login' : 'all').catch((error: unknown) => console.error('The portal could not load its texts', error));
  // The sign-in page's module evaluated before the first render: the first paint is the page,
  // not a loader followed by its evaluation (blocking time, in Lighthouse's count, once painted).
  // A failed fetch is the lazy screen's to report when it renders.
  const screen = signIn ? import('./features/auth/login/LoginPage').catch(() => undefined) : undefined;
  let config: WebAppConfig;
  try {
    // Settings before anything renders: one build serves the cloud and the local stack.
    [config] = await Promise.all([loadWebAppConfig(), texts, screen]);
    configureIdentity(config);
    configureApi(config);
  } catch (error) {
    console.error('The portal could not read /config.json', error);
    // Rare, so not part of the first load.
    const [{ ConfigError }] = await Promise.all([import('./app/ConfigError'), texts]);
    root.render(<ConfigError />);
    return;
  }
  // In a transition, so React builds the first screen in short slices, not in one long task (the
  // static loader stays until it is done; docs/performance.md).
  startTransition(() => {
    root.render(
      <StrictMode>
        <App config={config} />
      </StrictMode>,
    );
  });
}

// SPEC section 7: a service worker at /service-worker.js; production builds only, so development
// never runs under a worker left over from an older build.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/service-worker.js').catch((error: unknown) => {
      console.warn('Service worker registration failed', error);
    });
  });
}

void start();
