import { vi } from 'vitest';

/** A media query's answer that never changes (jsdom has no layout to match against): listeners are never called. */
export function fixedMediaQueryList(query: string, matches: boolean): MediaQueryList {
  return {
    matches,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  };
}

/** Until the returned restore is called, the screen is a phone's: every `max-width` media query matches. */
export function onPhone(): () => void {
  const phone = vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => fixedMediaQueryList(query, query.includes('max-width')));
  return () => phone.mockRestore();
}
