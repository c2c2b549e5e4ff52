import { startTransition, useEffect, useLayoutEffect, useState } from 'react';

interface Instance<T> {
  value: T;
  getSnapshot: () => T;
}

function changed<T>(instance: Instance<T>): boolean {
  try {
    return !Object.is(instance.value, instance.getSnapshot());
  } catch {
    return true;
  }
}

/**
 * React's `useSyncExternalStore`, except that a change of the store re-renders its readers in a
 * transition. React renders every store update synchronously, in one task however large: on
 * the dashboard each wave of API answers (through swr, which reads its cache with this hook)
 * re-rendered the shell and the widgets in one long task, the page's Total Blocking Time
 * (docs/performance.md). A transition renders in 5 ms slices the browser can interleave input with.
 *
 * What a render reads is always the store's value at that moment (as React's hook), so a render
 * for any other reason, a click or a navigation, never shows an older value; only the re-render
 * the store itself asks for waits its turn. The build points `use-sync-external-store/shim` (what
 * swr imports) here (vite.config.ts); the client state and the paged lists use it directly.
 * The code is the shim React publishes for versions without the hook, with `startTransition`.
 */
export function useSyncExternalStore<T>(subscribe: (onChange: () => void) => () => void, getSnapshot: () => T, _getServerSnapshot?: () => T): T {
  const value = getSnapshot();
  const [{ instance }, forceUpdate] = useState(() => ({ instance: { value, getSnapshot } as Instance<T> }));
  const renderAgainIfChanged = () => {
    if (changed(instance)) startTransition(() => forceUpdate({ instance }));
  };
  // After each commit: what was shown is now `value`; a change since the render (swr marks a read
  // as started in its own effects, an answer lands while a sliced render went on) renders again,
  // in a transition as well: in React's hook that re-render was synchronous, right after the commit.
  useLayoutEffect(() => {
    instance.value = value;
    instance.getSnapshot = getSnapshot;
    renderAgainIfChanged();
  }, [instance, subscribe, value, getSnapshot]);
  useEffect(() => {
    renderAgainIfChanged();
    return subscribe(renderAgainIfChanged);
  }, [instance, subscribe]);
  return value;
}
