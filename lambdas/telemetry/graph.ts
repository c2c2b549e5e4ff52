import { channelUnit } from '@domain/devices/device-catalogue';
import { validationError } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import {
  bucketHoursFor,
  bucketRollups,
  floorToHour,
  groupByHour,
  hourKey,
  hourStartOf,
  pointsFromReadings,
  pointsFromRollups,
  rawLikelyFits,
  resolutionLabel,
  rollupOf,
  type GraphResolution,
  type Rollup,
} from '@domain/telemetry/rollups';
import { MAX_GRAPH_POINTS, type GraphData, type GraphQuery } from '@domain/telemetry/telemetry';
import type { SensorConfig } from '../data';
import type { TelemetryStore } from '../data/repositories/telemetry';

/**
 * The graph data call (SPEC section 7; docs/decisions/0033-graph-resolution.md). Raw readings when
 * the range holds at most MAX_GRAPH_POINTS of them (tried when the sensor's report
 * interval says they should fit, and checked by reading one more); otherwise hourly
 * rollups (stored by blocks of 6 hours, read as hours: lambdas/data/repositories/telemetry.ts), merged into
 * aligned buckets of n hours past MAX_GRAPH_POINTS hours. Any hour of the range no stored item
 * covers (the current block's; one whose sensor went silent before
 * the ingest could roll it up; one whose rollup write failed) is rolled up here from its raw
 * readings: one Query per run of such hours, newest first, at most MAX_GAP_QUERIES of them
 * and MAX_FILL_READINGS readings in all, so a sensor silent for days costs a Query, not one
 * per hour.
 */

const HOUR_MS = 60 * 60 * 1000;
/** The raw readings read at most to fill hours without a rollup (a sensor's last hour or two, normally). */
export const MAX_FILL_READINGS = 10 * MAX_GRAPH_POINTS;
/** Runs of hours without a rollup filled from raw readings at most (each run is one Query; the newest first). */
export const MAX_GAP_QUERIES = 16;

export type GraphReader = Pick<TelemetryStore, 'readingsBetween' | 'rollups'>;

export async function graphData(reader: GraphReader, customerId: string, sensor: SensorConfig, query: GraphQuery): Promise<GraphData> {
  const { start, end, format } = query;
  const channels = sensor.channels.map((channel) => ({
    channel: channel.channel,
    sensorType: channel.sensorType,
    sensorSubType: channel.sensorSubType,
    unit: channelUnit(channel.sensorType, channel.sensorSubType),
  }));
  const answer = (resolution: GraphResolution, points: (channel: string) => GraphData['channels'][number]['points']): GraphData => ({
    sensorId: sensor.id,
    startDate: new Date(start).toISOString(),
    endDate: new Date(end).toISOString(),
    resolution: resolutionLabel(resolution),
    channels: channels.map((channel) => ({ ...channel, points: points(channel.channel) })),
  });

  if (format === 'raw' || (format === 'auto' && rawLikelyFits(start, end, sensor.reportSeconds))) {
    const { readings, more } = await reader.readingsBetween(customerId, sensor.id, start, end, MAX_GRAPH_POINTS);
    if (!more) return answer({ kind: 'raw' }, (channel) => pointsFromReadings(readings, channel));
    if (format === 'raw') throw validationError(MESSAGES.graphRawTooManyReadings);
  }

  const hours = bucketHoursFor(start, end);
  const stored = await reader.rollups(customerId, sensor.id, hourKey(start), hourKey(end));
  const filled = await rollupsOfMissingHours(reader, customerId, sensor.id, stored, start, end);
  const buckets = bucketRollups([...stored, ...filled], hours);
  return answer({ kind: 'buckets', hours }, (channel) => pointsFromRollups(buckets, channel));
}

/** A run of consecutive hours without a stored rollup: the start (ms) of its first and of its last hour. */
export interface MissingHours {
  first: number;
  last: number;
}

/** The runs of hours of [start, end] that have no stored rollup, newest first. */
export function missingHourRuns(stored: readonly Rollup[], start: number, end: number): MissingHours[] {
  const have = new Set(stored.map((rollup) => rollup.start));
  const runs: MissingHours[] = [];
  let last: number | undefined;
  const oldest = floorToHour(start);
  for (let hour = floorToHour(end); hour >= oldest; hour -= HOUR_MS) {
    if (!have.has(hour)) {
      last ??= hour;
      continue;
    }
    if (last !== undefined) runs.push({ first: hour + HOUR_MS, last });
    last = undefined;
  }
  if (last !== undefined) runs.push({ first: oldest, last });
  return runs;
}

/**
 * Rollups of the hours without a stored one, from their raw readings (hours without readings
 * give none). Runs are read newest first, each newest first, within the bounds; when a read
 * hits the readings' bound, its oldest hour may be partial and is left out.
 */
async function rollupsOfMissingHours(
  reader: GraphReader,
  customerId: string,
  sensorId: string,
  stored: readonly Rollup[],
  start: number,
  end: number,
): Promise<Rollup[]> {
  const rollups: Rollup[] = [];
  let budget = MAX_FILL_READINGS;
  for (const run of missingHourRuns(stored, start, end).slice(0, MAX_GAP_QUERIES)) {
    const { readings, more } = await reader.readingsBetween(customerId, sensorId, run.first, Math.min(run.last + HOUR_MS - 1, end), budget, true);
    const byHour = [...groupByHour(readings)];
    // Oldest first: with more left unread, the first hour may lack its earlier readings.
    for (const [hour, inHour] of more ? byHour.slice(1) : byHour) rollups.push(rollupOf(hourStartOf(hour), inHour));
    budget -= readings.length;
    if (more || budget <= 0) break;
  }
  return rollups;
}
