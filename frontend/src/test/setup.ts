import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';
import { initI18n, LANGUAGES } from '../i18n';
import { fixedMediaQueryList } from './media';
import { removeTestStyles } from './styleCache';
import { ASYNC_WAIT_MS } from './waiting';
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

configure({ asyncUtilTimeout: ASYNC_WAIT_MS });

// Every catalogue, so a test may switch language at once (the portal loads one when chosen).
await initI18n('en', LANGUAGES);

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

// The files share one worker and one jsdom (vitest.config.ts): the next file starts as in a
// worker of its own, with a fresh copy of the portal's modules (so its own module mocks and
// none of this file's state), real timers, empty storage and none of this file's style rules.
// Packages from node_modules stay loaded: React, MUI, i18next (whose texts initI18n puts back).
afterAll(() => {
  removeTestStyles();
  vi.useRealTimers();
  window.sessionStorage.clear();
  // A file's fake IndexedDB (the answer queue's tests): jsdom has none.
  Reflect.deleteProperty(globalThis, 'indexedDB');
  vi.resetModules();
});
