import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
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

// Every catalogue, so a test may switch language at once (the portal loads one when chosen).
await initI18n('en', LANGUAGES);

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
