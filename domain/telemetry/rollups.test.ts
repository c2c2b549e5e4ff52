import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  blockKey,
  blockRollups,
  hoursOfBlock,
  averageOf,
  bucketCount,
  bucketHoursFor,
  bucketRollups,
  bucketStart,
  emptyChannelRollup,
  groupByHour,
  hourKey,
  hourStartOf,
  mergeRollups,
  pointsFromReadings,
  pointsFromRollups,
  rawLikelyFits,
  resolutionLabel,
  rollupOf,
  type RollupSource,
} from './rollups';
import { MAX_GRAPH_POINTS } from './telemetry';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const base = Date.UTC(2026, 2, 1, 0, 0);
const iso = (ms: number) => new Date(ms).toISOString();

/** Readings within one hour: channel 1 numeric or null, channel 2 sometimes present. */
const hourOfReadings = fc.array(
  fc.record({
    offset: fc.integer({ min: 0, max: HOUR - 1 }),
    one: fc.option(fc.double({ min: -200, max: 500, noNaN: true }), { nil: null }),
    two: fc.option(fc.integer({ min: 0, max: 1 }), { nil: undefined }),
  }),
  { maxLength: 80 },
).map((rows) => rows.map(({ offset, one, two }): RollupSource => ({
  time: iso(base + offset),
  channels: { '1': one, ...(two === undefined ? {} : { '2': two }) },
})));

describe('hours', () => {
  it('an hour key is the UTC hour, and its start is the hour boundary', () => {
    expect(hourKey('2026-03-01T10:59:59.999Z')).toBe('2026-03-01T10');
    expect(hourKey('2026-03-01T12:30:00+02:00')).toBe('2026-03-01T10');
    expect(hourStartOf('2026-03-01T10')).toBe(Date.UTC(2026, 2, 1, 10));
  });

  it('groups readings by their hour', () => {
    const groups = groupByHour([{ time: '2026-03-01T10:00:00.000Z', channels: {} }, { time: '2026-03-01T11:00:00.000Z', channels: {} }, { time: '2026-03-01T10:59:00.000Z', channels: {} }]);
    expect([...groups.keys()]).toEqual(['2026-03-01T10', '2026-03-01T11']);
    expect(groups.get('2026-03-01T10')).toHaveLength(2);
  });
});

describe('rollup maths', () => {
  it('min, max, average and count per channel; nulls counted apart', () => {
    const rollup = rollupOf(base, [
      { time: iso(base), channels: { '1': 4, '2': 1 } },
      { time: iso(base + 60_000), channels: { '1': 6, '2': 0 } },
      { time: iso(base + 120_000), channels: { '1': null, '2': 0 } },
      { time: iso(base + 180_000), channels: { '1': 2 } },
    ]);
    expect(rollup.readings).toBe(4);
    expect(rollup.channels['1']).toEqual({ count: 3, sum: 12, min: 2, max: 6, nulls: 1 });
    expect(averageOf(rollup.channels['1'] ?? emptyChannelRollup())).toBe(4);
    expect(rollup.channels['2']).toEqual({ count: 3, sum: 1, min: 0, max: 1, nulls: 0 });
  });

  it('a channel with only nulls has no min, max or average', () => {
    const rollup = rollupOf(base, [{ time: iso(base), channels: { '1': null } }]);
    expect(rollup.channels['1']).toEqual({ count: 0, sum: 0, min: null, max: null, nulls: 1 });
    expect(rollup.channels['1'] && averageOf(rollup.channels['1'])).toBeNull();
  });

  it('merging the rollups of any split of readings equals the rollup of them all (property)', () => {
    fc.assert(fc.property(hourOfReadings, fc.nat(), (readings, cut) => {
      const at = readings.length === 0 ? 0 : cut % (readings.length + 1);
      const whole = rollupOf(base, readings);
      const merged = mergeRollups(base, [rollupOf(base, readings.slice(0, at)), rollupOf(base, readings.slice(at))]);
      expect(merged.readings).toBe(whole.readings);
      expect(Object.keys(merged.channels).sort()).toEqual(Object.keys(whole.channels).sort());
      for (const [channel, values] of Object.entries(whole.channels)) {
        const other = merged.channels[channel] ?? emptyChannelRollup();
        expect(other.count).toBe(values.count);
        expect(other.nulls).toBe(values.nulls);
        expect(other.min).toBe(values.min);
        expect(other.max).toBe(values.max);
        expect(other.sum).toBeCloseTo(values.sum, 6);
      }
    }));
  });

  it('min <= average <= max, and count is the number of numeric values (property)', () => {
    fc.assert(fc.property(hourOfReadings, (readings) => {
      const values = rollupOf(base, readings).channels['1'];
      const numeric = readings.map((reading) => reading.channels['1']).filter((value): value is number => typeof value === 'number');
      if (values === undefined) {
        expect(readings).toHaveLength(0);
        return;
      }
      expect(values.count).toBe(numeric.length);
      const average = averageOf(values);
      if (average === null) return;
      expect(values.min ?? Number.NaN).toBeLessThanOrEqual(average + 1e-9);
      expect(average).toBeLessThanOrEqual((values.max ?? Number.NaN) + 1e-9);
    }));
  });
});

describe('the graph resolution', () => {
  it('labels: raw, hour, n hours', () => {
    expect(resolutionLabel({ kind: 'raw' })).toBe('raw');
    expect(resolutionLabel({ kind: 'buckets', hours: 1 })).toBe('hour');
    expect(resolutionLabel({ kind: 'buckets', hours: 3 })).toBe('3h');
  });

  it('raw is tried when a sensor reporting at its interval fits the point budget', () => {
    expect(rawLikelyFits(base, base + DAY, 60)).toBe(true); // 1,440 readings
    expect(rawLikelyFits(base, base + 30 * DAY, 300)).toBe(false); // 8,640 readings
    expect(rawLikelyFits(base, base + 7 * DAY, 300)).toBe(false); // 2,016 readings
  });

  it('hourly for up to 2,000 hours, coarser buckets past it', () => {
    expect(bucketHoursFor(base, base + 30 * DAY)).toBe(1);
    expect(bucketHoursFor(base, base + (MAX_GRAPH_POINTS - 1) * HOUR)).toBe(1);
    expect(bucketHoursFor(base, base + MAX_GRAPH_POINTS * HOUR)).toBe(2);
    expect(bucketHoursFor(base, base + 365 * DAY)).toBe(5);
  });

  it('never more than MAX_GRAPH_POINTS buckets for any range, and the bucket is the smallest that fits (property)', () => {
    fc.assert(fc.property(
      fc.integer({ min: base - 400 * DAY, max: base }),
      fc.integer({ min: 1, max: 3 * 366 * DAY }),
      fc.integer({ min: 1, max: MAX_GRAPH_POINTS }),
      (start, length, maxPoints) => {
        const end = start + length;
        const hours = bucketHoursFor(start, end, maxPoints);
        expect(bucketCount(start, end, hours)).toBeLessThanOrEqual(maxPoints);
        if (hours > 1) expect(bucketCount(start, end, hours - 1)).toBeGreaterThan(maxPoints);
      },
    ));
  });

  it('buckets are aligned to the epoch, so they stay put between calls', () => {
    expect(bucketStart(Date.UTC(2026, 2, 1, 5, 30), 4)).toBe(Date.UTC(2026, 2, 1, 4));
    expect(bucketStart(Date.UTC(2026, 2, 1, 5, 30), 1)).toBe(Date.UTC(2026, 2, 1, 5));
  });

  it('merges hourly rollups into buckets, in time order, keeping min, max and the weighted average', () => {
    const hourly = [
      rollupOf(base + 2 * HOUR, [{ time: iso(base + 2 * HOUR), channels: { '1': 10 } }]),
      rollupOf(base, [{ time: iso(base), channels: { '1': 1 } }, { time: iso(base + 1), channels: { '1': 3 } }]),
      rollupOf(base + HOUR, [{ time: iso(base + HOUR), channels: { '1': 8 } }]),
    ];
    const buckets = bucketRollups(hourly, 2);
    expect(buckets.map((bucket) => bucket.start)).toEqual([base, base + 2 * HOUR]);
    expect(pointsFromRollups(buckets, '1')).toEqual([
      { t: iso(base), v: 4, min: 1, max: 8, count: 3 },
      { t: iso(base + 2 * HOUR), v: 10, min: 10, max: 10, count: 1 },
    ]);
  });

  it('a bucket of only nulls is a null point without min and max; a channel never reported has no point', () => {
    const buckets = [rollupOf(base, [{ time: iso(base), channels: { '1': null } }])];
    expect(pointsFromRollups(buckets, '1')).toEqual([{ t: iso(base), v: null, count: 0 }]);
    expect(pointsFromRollups(buckets, '2')).toEqual([]);
  });

  it('raw points keep nulls (a probe unplugged) and skip readings without the channel', () => {
    expect(pointsFromReadings([
      { time: iso(base), channels: { '1': 5, '2': 1 } },
      { time: iso(base + 60_000), channels: { '1': null } },
    ], '2')).toEqual([{ t: iso(base), v: 1 }]);
    expect(pointsFromReadings([{ time: iso(base), channels: { '1': null } }], '1')).toEqual([{ t: iso(base), v: null }]);
  });
});

describe('rollup blocks (6 hours, aligned to 00, 06, 12, 18 UTC)', () => {
  it('a time falls in the block of its 6 hours, keyed by the block\'s first hour', () => {
    expect(blockKey('2026-03-10T05:59:59.999Z')).toBe('2026-03-10T00');
    expect(blockKey('2026-03-10T06:00:00.000Z')).toBe('2026-03-10T06');
    expect(blockKey(Date.parse('2026-03-10T23:10:00.000Z'))).toBe('2026-03-10T18');
    expect(hoursOfBlock('2026-03-10T18')).toEqual(['2026-03-10T18', '2026-03-10T19', '2026-03-10T20', '2026-03-10T21', '2026-03-10T22', '2026-03-10T23']);
  });

  it('a block\'s rollups: one per hour, an hour without readings empty, each as the hour\'s own rollup (property)', () => {
    const reading = fc.record({ minute: fc.integer({ min: 0, max: 6 * 60 - 1 }), value: fc.option(fc.integer({ min: -30, max: 30 }), { nil: null }) });
    fc.assert(fc.property(fc.array(reading, { maxLength: 50 }), (made) => {
      const start = Date.parse('2026-03-10T06:00:00.000Z');
      const readings = made.map(({ minute, value }) => ({ time: new Date(start + minute * 60_000).toISOString(), channels: { '1': value } }));
      const rollups = blockRollups('2026-03-10T06', readings);
      expect(rollups.map((rollup) => rollup.start)).toEqual(Array.from({ length: 6 }, (_, index) => start + index * 3_600_000));
      expect(rollups.reduce((sum, rollup) => sum + rollup.readings, 0)).toBe(readings.length);
      for (const rollup of rollups) {
        const inHour = readings.filter((item) => Date.parse(item.time) - rollup.start >= 0 && Date.parse(item.time) - rollup.start < 3_600_000);
        expect(rollup).toEqual(rollupOf(rollup.start, inHour));
      }
    }));
  });
});
