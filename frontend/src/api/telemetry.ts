import useSWR, { type SWRResponse } from 'swr';
import useSWRInfinite, { type SWRInfiniteResponse } from 'swr/infinite';
import { TELEMETRY_ROUTES } from '@domain/api/telemetry';
import type { GraphData, ReadingRow } from '@domain/telemetry/telemetry';
import type { ApiError } from './ApiError';
import { call } from './client';
import type { Page } from './pagedList';

export interface GraphWindow {
  sensorId: string;
  start: Date;
  end: Date;
  /** Refresh interval in ms; 0 for none (a window the user picked does not move). */
  refreshMs: number;
}

/** GET /api/graphdata (SPEC section 7): the sensor's channels over the window, at most 2,000 points each. */
export function useGraphData({ sensorId, start, end, refreshMs }: GraphWindow): SWRResponse<GraphData, ApiError> {
  const startDate = start.toISOString();
  const endDate = end.toISOString();
  return useSWR<GraphData, ApiError, readonly [string, string, string, string]>(
    ['graphdata', sensorId, startDate, endDate],
    () => call(TELEMETRY_ROUTES.get, { query: { queryId: sensorId, startDate, endDate, dataformat: 'auto' } }),
    { refreshInterval: refreshMs, keepPreviousData: true },
  );
}

type ReadingPage = Page<ReadingRow>;

export const READINGS_PAGE_SIZE = 50;

/** The readings table: pages of stored readings over the window, newest first, one more page per "show more". */
export function useReadings({ sensorId, start, end, refreshMs }: GraphWindow): SWRInfiniteResponse<ReadingPage, ApiError> {
  const startDate = start.toISOString();
  const endDate = end.toISOString();
  return useSWRInfinite<ReadingPage, ApiError>(
    (index: number, previous: ReadingPage | null) => {
      if (previous !== null && previous.nextCursor === undefined) return null;
      return ['readings', sensorId, startDate, endDate, index === 0 ? '' : previous?.nextCursor ?? ''];
    },
    ([, id, from, to, cursor]: [string, string, string, string, string]) => call(TELEMETRY_ROUTES.getSensorsReadings, {
      params: { id },
      query: { startDate: from, endDate: to, limit: String(READINGS_PAGE_SIZE), cursor: cursor === '' ? undefined : cursor },
    }),
    { refreshInterval: refreshMs, revalidateFirstPage: true },
  );
}

export type { GraphData, ReadingRow };
