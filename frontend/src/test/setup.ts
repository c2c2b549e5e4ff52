import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { initI18n, LANGUAGES } from '../i18n';
import { fixedMediaQueryList } from './media';
import './ownerStacks';

// jsdom lacks the layout APIs MUI and the data grid call.
if (!('ResizeObserver' in globalThis)) {
  class ResizeObserverStub {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  globalThis.ResizeObserver = ResizeObserverStub;
}
if (typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string): MediaQueryList => fixedMediaQueryList(query, false);
}

// CI runs these beside the stack's tests on two cores, where a data grid's first render can take
// more than the default second to appear: the `findBy` queries and `waitFor` wait up to five.
configure({ asyncUtilTimeout: 5_000 });

// Every catalogue, so a test may switch language at once (the portal loads one when chosen).
await initI18n('en', LANGUAGES);

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
