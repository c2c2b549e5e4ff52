import { MAX_GRAPH_POINTS } from './telemetry';

/**
 * Hourly rollups and the graph's resolution (docs/data-model.md "Device data"). A rollup
 * keeps, per channel, what an average needs to merge exactly (sum and count), so coarser
 * buckets are built from hourly rollups without going back to raw readings.
 */

const HOUR_MS = 60 * 60 * 1000;

/** One channel over one period: the numeric values' min, max, sum and count, and how many were null. */
export interface ChannelRollup {
  count: number;
  sum: number;
  /** Null when no numeric value fell in the period (only nulls: a probe unplugged). */
  min: number | null;
  max: number | null;
  /** Readings whose value was null. */
  nulls: number;
}

/** A sensor's readings over one period (an hour when stored; n hours when merged for a graph). */
export interface Rollup {
  /** Start of the period, ms since the epoch (an hour boundary, UTC). */
  start: number;
  /** Readings that fell in the period. */
  readings: number;
  channels: Record<string, ChannelRollup>;
}

/** What a rollup is made from: a reading's time and its channel values. */
export interface RollupSource {
  time: string;
  channels: Record<string, number | null>;
}

/** The hour a time falls in, as the rollup's sort key: `YYYY-MM-DDTHH` (UTC). */
export function hourKey(time: string | number): string {
  return new Date(typeof time === 'number' ? time : Date.parse(time)).toISOString().slice(0, 13);
}

/** The start (ms) of the hour named by `hourKey`. */
export function hourStartOf(key: string): number {
  return Date.parse(`${key}:00:00.000Z`);
}

/** The start (ms) of the hour `time` falls in. */
export function floorToHour(time: number): number {
  return Math.floor(time / HOUR_MS) * HOUR_MS;
}

/**
 * Stored rollups come in blocks of this many hours (docs/decisions/0055-a-reading-costs-one-write.md):
 * one item holds the hourly rollups of a sensor's block, written once the
 * sensor leaves it, so a sensor reporting every 15 minutes pays one rollup write per 24
 * readings instead of one per 4. Blocks are aligned to multiples of 6 hours since the epoch
 * (00, 06, 12, 18 UTC); a block item covers every hour of its block (an hour without readings
 * has no rollup in it: nothing to show).
 */
export const ROLLUP_BLOCK_HOURS = 6;

/** The block a time falls in, as the rollup item's sort key: its first hour, `YYYY-MM-DDTHH` (UTC). */
export function blockKey(time: string | number): string {
  const ms = typeof time === 'number' ? time : Date.parse(time);
  return hourKey(Math.floor(ms / (ROLLUP_BLOCK_HOURS * HOUR_MS)) * ROLLUP_BLOCK_HOURS * HOUR_MS);
}

/** The hour keys of the block that starts at hour key `block`, in order. */
export function hoursOfBlock(block: string): string[] {
  const start = hourStartOf(block);
  return Array.from({ length: ROLLUP_BLOCK_HOURS }, (_, index) => hourKey(start + index * HOUR_MS));
}

/**
 * A block's hourly rollups from its readings: one per hour of the block, an hour without
 * readings included as an empty rollup (it says "no readings", so the graph does not read them
 * again).
 */
export function blockRollups(block: string, readings: readonly RollupSource[]): Rollup[] {
  const byHour = groupByHour(readings);
  return hoursOfBlock(block).map((hour) => rollupOf(hourStartOf(hour), byHour.get(hour) ?? []));
}

export const emptyChannelRollup = (): ChannelRollup => ({ count: 0, sum: 0, min: null, max: null, nulls: 0 });

function addValue(rollup: ChannelRollup, value: number | null): ChannelRollup {
  if (value === null) return { ...rollup, nulls: rollup.nulls + 1 };
  return {
    count: rollup.count + 1,
    sum: rollup.sum + value,
    min: rollup.min === null ? value : Math.min(rollup.min, value),
    max: rollup.max === null ? value : Math.max(rollup.max, value),
    nulls: rollup.nulls,
  };
}

/** The rollup of the readings of one period starting at `start` (readings outside it are the caller's error). */
export function rollupOf(start: number, readings: readonly RollupSource[]): Rollup {
  const channels: Record<string, ChannelRollup> = {};
  for (const reading of readings) {
    for (const [channel, value] of Object.entries(reading.channels)) {
      channels[channel] = addValue(channels[channel] ?? emptyChannelRollup(), value);
    }
  }
  return { start, readings: readings.length, channels };
}

export function mergeChannelRollups(a: ChannelRollup, b: ChannelRollup): ChannelRollup {
  const pick = (x: number | null, y: number | null, choose: (p: number, q: number) => number) =>
    x === null ? y : y === null ? x : choose(x, y);
  return {
    count: a.count + b.count,
    sum: a.sum + b.sum,
    min: pick(a.min, b.min, Math.min),
    max: pick(a.max, b.max, Math.max),
    nulls: a.nulls + b.nulls,
  };
}

/** Rollups of parts of a period merged into the rollup of the period starting at `start`. */
export function mergeRollups(start: number, parts: readonly Rollup[]): Rollup {
  const channels: Record<string, ChannelRollup> = {};
  let readings = 0;
  for (const part of parts) {
    readings += part.readings;
    for (const [channel, rollup] of Object.entries(part.channels)) {
      channels[channel] = mergeChannelRollups(channels[channel] ?? emptyChannelRollup(), rollup);
    }
  }
  return { start, readings, channels };
}

/** The average of a channel's numeric values, or null when it had none. */
export function averageOf(rollup: ChannelRollup): number | null {
  return rollup.count === 0 ? null : rollup.sum / rollup.count;
}

/** Readings grouped by the hour (`hourKey`) they fall in. */
export function groupByHour<T extends RollupSource>(readings: readonly T[]): Map<string, T[]> {
  const hours = new Map<string, T[]>();
  for (const reading of readings) {
    const key = hourKey(reading.time);
    const list = hours.get(key);
    if (list === undefined) hours.set(key, [reading]);
    else list.push(reading);
  }
  return hours;
}

// The graph's resolution ----------------------------------------------------------------

/** How the graph call reads a range: raw readings, or rollups merged into buckets of `hours`. */
export type GraphResolution = { kind: 'raw' } | { kind: 'buckets'; hours: number };

/** The response's `resolution`: `raw`, `hour`, or `<n>h`. */
export function resolutionLabel(resolution: GraphResolution): string {
  if (resolution.kind === 'raw') return 'raw';
  return resolution.hours === 1 ? 'hour' : `${resolution.hours}h`;
}

/** Buckets of `hours` are aligned to multiples of `hours` since the epoch, so a graph's buckets do not move between calls. */
export function bucketStart(time: number, hours: number): number {
  const width = hours * HOUR_MS;
  return Math.floor(time / width) * width;
}

/** How many aligned buckets of `hours` the range [start, end] touches. */
export function bucketCount(start: number, end: number, hours: number): number {
  const width = hours * HOUR_MS;
  return Math.floor(end / width) - Math.floor(start / width) + 1;
}

/** The smallest bucket (whole hours) that keeps the range within `maxPoints` points per channel. */
export function bucketHoursFor(start: number, end: number, maxPoints: number = MAX_GRAPH_POINTS): number {
  let hours = Math.max(1, Math.ceil((end - start) / HOUR_MS / maxPoints));
  while (bucketCount(start, end, hours) > maxPoints) hours += 1;
  return hours;
}

/**
 * Whether raw readings are worth trying for a range: when a sensor reporting every
 * `reportSeconds` would send at most `maxPoints` readings in it. The caller still counts
 * what it reads and falls back to rollups when more came (a device reporting faster).
 */
export function rawLikelyFits(start: number, end: number, reportSeconds: number, maxPoints: number = MAX_GRAPH_POINTS): boolean {
  return (end - start) / (reportSeconds * 1000) <= maxPoints;
}

/** Rollups merged into aligned buckets of `hours`, in time order. */
export function bucketRollups(rollups: readonly Rollup[], hours: number): Rollup[] {
  const buckets = new Map<number, Rollup[]>();
  for (const rollup of rollups) {
    const start = bucketStart(rollup.start, hours);
    const list = buckets.get(start);
    if (list === undefined) buckets.set(start, [rollup]);
    else list.push(rollup);
  }
  return [...buckets.entries()].sort(([a], [b]) => a - b).map(([start, parts]) => mergeRollups(start, parts));
}

/** A point of a graph: time, value (average for rollups), and for rollups min, max and count. */
export interface GraphPoint {
  t: string;
  v: number | null;
  min?: number;
  max?: number;
  count?: number;
}

/** One channel of merged rollups as graph points (a bucket where the channel was never reported has no point). */
export function pointsFromRollups(rollups: readonly Rollup[], channel: string): GraphPoint[] {
  const points: GraphPoint[] = [];
  for (const rollup of rollups) {
    const values = rollup.channels[channel];
    if (values === undefined) continue;
    points.push({
      t: new Date(rollup.start).toISOString(),
      v: averageOf(values),
      ...(values.min === null ? {} : { min: values.min }),
      ...(values.max === null ? {} : { max: values.max }),
      count: values.count,
    });
  }
  return points;
}

/** One channel of raw readings as graph points. */
export function pointsFromReadings(readings: readonly RollupSource[], channel: string): GraphPoint[] {
  const points: GraphPoint[] = [];
  for (const reading of readings) {
    const value = reading.channels[channel];
    if (value !== undefined) points.push({ t: reading.time, v: value });
  }
  return points;
}
