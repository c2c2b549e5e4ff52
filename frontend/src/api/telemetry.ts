import useSWR, { type SWRResponse } from 'swr';
import useSWRInfinite, { type SWRInfiniteResponse } from 'swr/infinite';
import { z } from 'zod';
import { graphDataSchema, readingRowSchema, type GraphData, type ReadingRow } from '@domain/telemetry/telemetry';
import { apiFetchAs } from './apiFetch';
import type { ApiError } from './ApiError';

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
    () => {
      const query = new URLSearchParams({ queryId: sensorId, startDate, endDate, dataformat: 'auto' });
      return apiFetchAs(graphDataSchema, `/graphdata?${query.toString()}`);
    },
    { refreshInterval: refreshMs, keepPreviousData: true },
  );
}

const readingPageSchema = z.object({ items: z.array(readingRowSchema), nextCursor: z.string().optional() });
type ReadingPage = z.infer<typeof readingPageSchema>;

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
    ([, id, from, to, cursor]: [string, string, string, string, string]) => {
      const query = new URLSearchParams({ startDate: from, endDate: to, limit: String(READINGS_PAGE_SIZE) });
      if (cursor !== '') query.set('cursor', cursor);
      return apiFetchAs(readingPageSchema, `/sensors/${encodeURIComponent(id)}/readings?${query.toString()}`);
    },
    { refreshInterval: refreshMs, revalidateFirstPage: true },
  );
}

export type { GraphData, ReadingRow };
