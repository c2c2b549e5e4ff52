import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useSyncExternalStore } from './transitionStore';

/** A store of one value, as swr's cache or the client state are to their readers. */
function storeOf(initial: string) {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next: string) {
      value = next;
      for (const listener of listeners) listener();
    },
    setQuietly(next: string) {
      value = next;
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    listeners,
  };
}

describe('useSyncExternalStore (store changes rendered in transitions)', () => {
  it('re-renders its readers when the store changes, and stops listening when they unmount', async () => {
    const store = storeOf('Kitchen');
    const Reader = () => <p>{useSyncExternalStore(store.subscribe, store.get)}</p>;
    const { unmount } = render(<><Reader /><Reader /></>);
    expect(screen.getAllByText('Kitchen')).toHaveLength(2);
    expect(store.listeners.size).toBe(2);

    await act(async () => store.set('Bakery'));
    expect(screen.getAllByText('Bakery')).toHaveLength(2);

    unmount();
    expect(store.listeners.size).toBe(0);
  });

  it('always renders the value of the moment, for a render of any other cause too', async () => {
    const store = storeOf('Kitchen');
    let bump: () => void = () => undefined;
    const Reader = () => {
      const [count, setCount] = useState(0);
      bump = () => setCount(count + 1);
      return <p>{`${useSyncExternalStore(store.subscribe, store.get)} ${count}`}</p>;
    };
    render(<Reader />);
    // Changed without telling its readers: the next render, whatever its cause, shows it.
    store.setQuietly('Bakery');
    await act(async () => bump());
    expect(screen.getByText('Bakery 1')).toBeInTheDocument();
  });

  it('catches a change made between its first render and its subscription', async () => {
    const store = storeOf('Kitchen');
    const Reader = () => {
      const value = useSyncExternalStore(store.subscribe, store.get);
      // Changed while rendering, before the subscription exists (as an answer landing then would).
      if (value === 'Kitchen') store.setQuietly('Bakery');
      return <p>{value}</p>;
    };
    await act(async () => {
      render(<Reader />);
    });
    expect(screen.getByText('Bakery')).toBeInTheDocument();
  });
});
