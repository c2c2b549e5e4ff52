import { render, screen } from '@testing-library/react';
import useSWR, { SWRConfig } from 'swr';
import { describe, expect, it, vi } from 'vitest';
import { readsInTheirOwnTask } from './readsInTheirOwnTask';

function Reading({ fetcher }: { fetcher: () => Promise<string> }) {
  const { data } = useSWR('/api/reading', fetcher);
  return <p>{data ?? 'waiting'}</p>;
}

describe('readsInTheirOwnTask', () => {
  it('starts a read in a later task than the commit that mounts its screen, and delivers its answer', async () => {
    const fetcher = vi.fn(() => Promise.resolve('4.2 °C'));
    render(
      <SWRConfig value={{ provider: () => new Map(), use: [readsInTheirOwnTask] }}>
        <Reading fetcher={fetcher} />
      </SWRConfig>,
    );
    // The mount's task (and its microtasks) is over, and the read has not started.
    await Promise.resolve();
    expect(fetcher).not.toHaveBeenCalled();
    expect(await screen.findByText('4.2 °C')).toBeInTheDocument();
    expect(fetcher).toHaveBeenCalledTimes(1);
  });
});
