import { DEFAULT_GRAPH_WINDOW_MS } from '@domain/telemetry/telemetry';

export { fromLocalInput, toLocalInput } from '../devices';

/** SPEC section 9: the default graph window is 24 hours; 7 and 30 days are one click away. */
export const QUICK_RANGES = {
  '24h': DEFAULT_GRAPH_WINDOW_MS,
  '7d': 7 * 24 * 60 * 60 * 1000,
  '30d': 30 * 24 * 60 * 60 * 1000,
} as const;
export type QuickRange = keyof typeof QUICK_RANGES;

/** The window the data tab shows: one ending now, or one the user picked. */
export type GraphRange = { kind: 'quick'; quick: QuickRange } | { kind: 'custom'; start: Date; end: Date };

export const DEFAULT_RANGE: GraphRange = { kind: 'quick', quick: '24h' };

/**
 * The start and end of a range; a quick range ends at the minute after `now` (so a reading of
 * this very minute is in, and re-renders within the minute share a cache key).
 */
export function resolveRange(range: GraphRange, now: number): { start: Date; end: Date } {
  if (range.kind === 'custom') return { start: range.start, end: range.end };
  const end = Math.ceil(now / 60_000) * 60_000;
  return { start: new Date(end - QUICK_RANGES[range.quick]), end: new Date(end) };
}

/** Why a picked range cannot be shown (an i18n key), or undefined when it can. */
export function customRangeProblem(start: Date | undefined, end: Date | undefined): 'sensors.data.rangeRequired' | 'sensors.data.rangeOrder' | undefined {
  if (start === undefined || end === undefined) return 'sensors.data.rangeRequired';
  if (start.getTime() >= end.getTime()) return 'sensors.data.rangeOrder';
  return undefined;
}
