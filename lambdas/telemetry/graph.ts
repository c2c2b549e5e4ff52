import { SENSOR_TYPE_UNITS } from '../../domain/device-catalogue';
import { validationError } from '../../domain/errors';
import { MESSAGES } from '../../domain/messages';
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
} from '../../domain/rollups';
import { MAX_GRAPH_POINTS, type GraphData, type GraphQuery } from '../../domain/telemetry';
import type { SensorConfig } from '../ingest/directory';
import type { TelemetryStore } from './store';

/**
 * The graph data call (SPEC section 7; docs/decisions.md "Device data"). Raw readings when
 * the range holds at most MAX_GRAPH_POINTS of them (tried when the sensor's report
 * interval says they should fit, and checked by reading one more); otherwise hourly
 * rollups, merged into aligned buckets of n hours past MAX_GRAPH_POINTS hours. The hours
 * after the newest stored rollup (the current hour, or one whose sensor went silent before
 * the ingest could roll it up) are rolled up here from their raw readings.
 */

const HOUR_MS = 60 * 60 * 1000;
/** The raw readings after the newest rollup read at most (a sensor's last hour or two, normally). */
export const MAX_TAIL_READINGS = 10 * MAX_GRAPH_POINTS;

export type GraphReader = Pick<TelemetryStore, 'readingsBetween' | 'rollups'>;

export async function graphData(reader: GraphReader, customerId: string, sensor: SensorConfig, query: GraphQuery): Promise<GraphData> {
  const { start, end, format } = query;
  const channels = sensor.channels.map((channel) => ({
    channel: channel.channel,
    sensorType: channel.sensorType,
    sensorSubType: channel.sensorSubType,
    unit: SENSOR_TYPE_UNITS[channel.sensorType],
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
  const newest = stored.at(-1);
  const tailStart = newest === undefined ? floorToHour(start) : newest.start + HOUR_MS;
  const tail: Rollup[] = [];
  if (tailStart <= end) {
    // Newest first, so a capped read keeps the most recent hours.
    const { readings } = await reader.readingsBetween(customerId, sensor.id, tailStart, end, MAX_TAIL_READINGS, true);
    for (const [hour, inHour] of groupByHour(readings)) tail.push(rollupOf(hourStartOf(hour), inHour));
  }
  const buckets = bucketRollups([...stored, ...tail], hours);
  return answer({ kind: 'buckets', hours }, (channel) => pointsFromRollups(buckets, channel));
}
