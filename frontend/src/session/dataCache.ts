/**
 * The data cache's reset, given by the screens that hold swr's provider (`ThemedScreens`): swr
 * is no part of the sign-in page's first load, so the session's code asks through here. The
 * cache is swr's global one, so the reset stays good after those screens unmount.
 */
let forget: (() => void) | undefined;

export function registerDataCache(reset: () => void): void {
  forget = reset;
}

/** Drops every cached API answer (logout): the next user never sees the last one's data. */
export function forgetCachedResponses(): void {
  forget?.();
}
