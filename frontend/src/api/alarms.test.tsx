import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Alarm } from '@domain/alarms/alarm';
import type { ApiRequest } from './apiFetch';
import { ALARM_REFRESH_MS, useAlarms, useAlarmSummary } from './alarms';

const fake = vi.hoisted(() => ({ api: vi.fn<(path: string, request?: ApiRequest) => unknown>() }));

vi.mock('./apiFetch', () => ({
  apiFetchAs: async (schema: { parse(value: unknown): unknown }, path: string, request?: ApiRequest) =>
    schema.parse(await fake.api(path, request)),
}));

const at = '2026-03-10T08:00:00.000Z';
const alarm = (id: string): Alarm => ({
  id, deviceKind: 'sensor', deviceId: 'A1B2C3D4', deviceName: 'Walk-in Fridge', type: 'threshold', status: 'active', siteId: 's-1',
  startedAt: at, raisedAt: at, lastRunStartedAt: at, lastValue: 7, worstValue: 8, worstAt: at, snoozeCount: 0, timeline: [], version: 1,
});

const wrapper = ({ children }: { children: ReactNode }) => (
  <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>{children}</SWRConfig>
);

describe('new alarms without a reload (issue 13 section 3: within 30 s)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fake.api.mockReset();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks for the active alarms again within 30 s, and shows the new one', async () => {
    let items = [alarm('a-1')];
    fake.api.mockImplementation(() => ({ items }));
    const { result } = renderHook(() => useAlarms({ status: 'active' }), { wrapper });
    await waitFor(() => expect(result.current.data?.map((found) => found.id)).toEqual(['a-1']));
    items = [alarm('a-2'), alarm('a-1')];
    expect(ALARM_REFRESH_MS).toBeLessThanOrEqual(30_000);
    await act(async () => { await vi.advanceTimersByTimeAsync(ALARM_REFRESH_MS); });
    await waitFor(() => expect(result.current.data?.map((found) => found.id)).toEqual(['a-2', 'a-1']));
  });

  it('counts the active alarms again within 30 s (the navigation and the sensors list)', async () => {
    let active = 1;
    fake.api.mockImplementation(() => ({ active, unacknowledged: active, byType: {}, bySite: {}, byDevice: { A1B2C3D4: active } }));
    const { result } = renderHook(() => useAlarmSummary(), { wrapper });
    await waitFor(() => expect(result.current.data?.active).toBe(1));
    active = 2;
    await act(async () => { await vi.advanceTimersByTimeAsync(ALARM_REFRESH_MS); });
    await waitFor(() => expect(result.current.data?.byDevice['A1B2C3D4']).toBe(2));
  });

  it('does not ask the history again by itself', async () => {
    fake.api.mockImplementation(() => ({ items: [] }));
    const { result } = renderHook(() => useAlarms({ status: 'history' }), { wrapper });
    await waitFor(() => expect(result.current.data).toEqual([]));
    const calls = fake.api.mock.calls.length;
    await act(async () => { await vi.advanceTimersByTimeAsync(2 * ALARM_REFRESH_MS); });
    expect(fake.api.mock.calls.length).toBe(calls);
  });
});
