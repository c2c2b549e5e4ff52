import { describe, expect, it } from 'vitest';
import { hourStartOf, rollupOf, type Rollup, type RollupSource } from '@domain/telemetry/rollups';
import { sensorConfigOf } from '../data';
import { graphData, MAX_GAP_QUERIES, missingHourRuns, type GraphReader } from './graph';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();
const END = Date.parse('2026-03-10T12:30:00.000Z');
const START = END - 30 * DAY;
const sensor = sensorConfigOf('A1B2C3D4', {
  deviceModel: 'CT-100', channels: [{ channel: 1, sensorType: 'temperature', sensorSubType: 'freezer' }],
});

/** A table of one sensor: its stored rollups and raw readings; every raw read is recorded. */
function fakeReader(rollups: readonly Rollup[], readings: readonly RollupSource[]) {
  const reads: { start: string; end: string; limit: number }[] = [];
  const reader: GraphReader = {
    rollups: async (_customerId, _sensorId, fromHour, toHour) =>
      rollups.filter((rollup) => rollup.start >= hourStartOf(fromHour) && rollup.start <= hourStartOf(toHour)),
    readingsBetween: async (_customerId, _sensorId, start, end, limit, newestFirst = false) => {
      reads.push({ start: iso(start), end: iso(end), limit });
      const inRange = readings.filter((reading) => Date.parse(reading.time) >= start && Date.parse(reading.time) <= end)
        .sort((a, b) => a.time.localeCompare(b.time));
      const ordered = newestFirst ? [...inRange].reverse() : inRange;
      const kept = ordered.slice(0, limit);
      return { readings: newestFirst ? kept.reverse() : kept, more: ordered.length > limit };
    },
  };
  return { reader, reads };
}

/** One reading every 10 minutes in the hour starting at `hour`, the given values in turn. */
const readingsIn = (hour: number, values: number[]) =>
  values.map((value, index) => ({ time: iso(hour + index * 10 * 60_000), channels: { '1': value } }));

/** Rollups of every hour from START's to the hour before END's, except those left out. */
function storedRollups(leftOut: (hour: number) => boolean): Rollup[] {
  const rollups: Rollup[] = [];
  for (let hour = Math.floor(START / HOUR) * HOUR; hour < Math.floor(END / HOUR) * HOUR; hour += HOUR) {
    if (!leftOut(hour)) rollups.push(rollupOf(hour, readingsIn(hour, [-18, -18])));
  }
  return rollups;
}

const query = { sensorId: sensor.id, start: START, end: END, format: 'hourly' as const };

describe('the long-range graph fills hours without a rollup from raw readings', () => {
  it('an hour whose rollup is missing in the middle of the range is computed from its readings; only the missing hours are read', async () => {
    const failedWrite = Date.parse('2026-03-03T05:00:00.000Z');
    const silentFrom = Date.parse('2026-03-05T01:00:00.000Z');
    const silent = (hour: number) => hour >= silentFrom && hour < silentFrom + 3 * HOUR;
    const currentHour = Date.parse('2026-03-10T12:00:00.000Z');
    const { reader, reads } = fakeReader(
      storedRollups((hour) => hour === failedWrite || silent(hour)),
      [
        ...readingsIn(failedWrite - HOUR, [-30, -30]),
        ...readingsIn(failedWrite, [-20, -16, -18]),
        ...readingsIn(failedWrite + HOUR, [-30]),
        ...readingsIn(currentHour, [-17]),
      ],
    );

    const graph = await graphData(reader, 'org-1', sensor, query);

    expect(graph.resolution).toBe('hour');
    const points = graph.channels[0]?.points ?? [];
    expect(points.find((point) => point.t === iso(failedWrite))).toEqual({ t: iso(failedWrite), v: -18, min: -20, max: -16, count: 3 });
    expect(points.find((point) => point.t === iso(currentHour))).toEqual({ t: iso(currentHour), v: -17, min: -17, max: -17, count: 1 });
    // The silent hours have no readings: no point, and no invented one.
    expect(points.filter((point) => silent(Date.parse(point.t)))).toEqual([]);
    // The hours around the failed one keep their stored rollups (their raw readings are not read).
    expect(points.find((point) => point.t === iso(failedWrite - HOUR))).toMatchObject({ v: -18, count: 2 });
    expect(points).toHaveLength(720 + 1 - 3);
    // One read per run of missing hours, newest first, each bounded by its hours.
    expect(reads.map(({ start, end }) => [start, end])).toEqual([
      [iso(currentHour), iso(END)],
      [iso(silentFrom), iso(silentFrom + 3 * HOUR - 1)],
      [iso(failedWrite), iso(failedWrite + HOUR - 1)],
    ]);
  });

  it('runs of missing hours are found newest first, the range\'s first and last hours included', () => {
    const at = (time: string) => Date.parse(time);
    const stored = [at('2026-03-10T02:00:00Z'), at('2026-03-10T05:00:00Z')].map((hour) => rollupOf(hour, []));
    expect(missingHourRuns(stored, at('2026-03-10T00:30:00Z'), at('2026-03-10T06:10:00Z'))).toEqual([
      { first: at('2026-03-10T06:00:00Z'), last: at('2026-03-10T06:00:00Z') },
      { first: at('2026-03-10T03:00:00Z'), last: at('2026-03-10T04:00:00Z') },
      { first: at('2026-03-10T00:00:00Z'), last: at('2026-03-10T01:00:00Z') },
    ]);
    expect(missingHourRuns([], at('2026-03-10T00:30:00Z'), at('2026-03-10T06:10:00Z'))).toEqual([
      { first: at('2026-03-10T00:00:00Z'), last: at('2026-03-10T06:00:00Z') },
    ]);
  });

  it('reads at most MAX_GAP_QUERIES runs, the newest', async () => {
    // Every other hour missing: 360 runs.
    const { reader, reads } = fakeReader(storedRollups((hour) => (hour / HOUR) % 2 === 0), []);
    await graphData(reader, 'org-1', sensor, query);
    expect(reads).toHaveLength(MAX_GAP_QUERIES);
    expect(reads.map((read) => read.start)).toEqual([...reads.map((read) => read.start)].sort().reverse());
    expect(reads[0]?.end).toBe(iso(END));
  });

  it('a read that hits the readings\' bound leaves out its oldest hour (it may be partial) and stops there', async () => {
    const busy = Date.parse('2026-03-09T10:00:00.000Z');
    // Nothing rolled up since 10:00 yesterday, and a sensor reporting every second (3,600 readings an hour).
    const everySecond = (hour: number) => Array.from({ length: 3600 }, (_, second) => ({ time: iso(hour + second * 1000), channels: { '1': 5 } }));
    const hours = Array.from({ length: 27 }, (_, index) => busy + index * HOUR);
    const { reader, reads } = fakeReader(storedRollups((hour) => hour >= busy || hour === busy - 10 * HOUR), hours.flatMap(everySecond));

    const graph = await graphData(reader, 'org-1', sensor, query);

    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatchObject({ start: iso(busy), limit: 20_000 });
    const points = (graph.channels[0]?.points ?? []).filter((point) => Date.parse(point.t) >= busy);
    // 20,000 readings, newest first: the current half hour (12:00 to 12:30, 1,801), five whole hours, and part of
    // 06:00, which is left out; older hours stay without points rather than show a partial count.
    expect(points.map((point) => point.count)).toEqual([3600, 3600, 3600, 3600, 3600, 1801]);
    expect(points[0]?.t).toBe(iso(busy + 21 * HOUR));
  });
});
