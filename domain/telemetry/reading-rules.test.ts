import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FUTURE_TOLERANCE_MS,
  gatewayStateAfter,
  isLateReading,
  publicationProblem,
  readingProblem,
  rollupBlocksDue,
  rollupHoursDue,
  sensorStateAfter,
  type SensorChannels,
} from './reading-rules';
import { hourKey } from './rollups';
import { READING_RETENTION_DAYS } from './telemetry';

const T0 = Date.parse('2026-03-10T10:20:00.000Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();
const fridge: SensorChannels = {
  id: 'A1B2C3D4',
  channels: [
    { channel: '1', sensorType: 'temperature', sensorSubType: 'refrigerator' },
    { channel: '2', sensorType: 'humidity', sensorSubType: 'relativeHumidity' },
  ],
};

describe('readingProblem', () => {
  it('names the first thing wrong: a time in the future or past the retention, an unknown channel, a value out of range', () => {
    expect(readingProblem(fridge, { time: iso(T0 + FUTURE_TOLERANCE_MS + 1), channels: { '1': 4 } }, T0)).toBe(`reading time ${iso(T0 + FUTURE_TOLERANCE_MS + 1)} is in the future`);
    expect(readingProblem(fridge, { time: iso(T0 - READING_RETENTION_DAYS * DAY - 1), channels: { '1': 4 } }, T0)).toContain('older than the 400-day retention');
    expect(readingProblem(fridge, { time: iso(T0), channels: { '3': 1 } }, T0)).toBe('channel 3 is not a channel of sensor A1B2C3D4');
    expect(readingProblem(fridge, { time: iso(T0), channels: { '1': 600 } }, T0)).toBe('channel 1 value 600 is outside the temperature range -200 to 500');
    expect(readingProblem(fridge, { time: iso(T0), channels: { '1': null, '2': 55 } }, T0)).toBeUndefined();
  });

  it('accepts any reading of known channels, in range, timed within the retention and the clock skew (property)', () => {
    fc.assert(fc.property(
      fc.integer({ min: -(READING_RETENTION_DAYS * DAY), max: FUTURE_TOLERANCE_MS }),
      fc.option(fc.double({ min: -200, max: 500, noNaN: true }), { nil: null }),
      fc.double({ min: 0, max: 100, noNaN: true }),
      (offset, temperature, humidity) => readingProblem(fridge, { time: iso(T0 + offset), channels: { '1': temperature, '2': humidity } }, T0) === undefined,
    ));
  });
});

describe('publicationProblem', () => {
  const attached = { gatewayId: '0011223344556677' };

  it('a device publishes its own readings; a gateway relays those of the sensors attached to it', () => {
    expect(publicationProblem({ sourceDeviceId: 'A1B2C3D4', sensorId: 'A1B2C3D4', publisherIsGateway: false, sensor: {} })).toBeUndefined();
    expect(publicationProblem({ sourceDeviceId: '0011223344556677', sensorId: 'A1B2C3D4', publisherIsGateway: true, sensor: { gatewayId: '0011223344556677' } })).toBeUndefined();
    expect(publicationProblem({ sourceDeviceId: '0011223344556677', sensorId: 'A1B2C3D4', publisherIsGateway: true, sensor: { gatewayId: '0011223344556677'.toLowerCase() } })).toBeUndefined();
    expect(publicationProblem({ sourceDeviceId: 'D00D0001', sensorId: 'A1B2C3D4', publisherIsGateway: false, sensor: attached }))
      .toBe('device D00D0001 may publish only its own readings: it is not a gateway of this organisation');
    expect(publicationProblem({ sourceDeviceId: 'FFFF0000', sensorId: 'FFFF0000', publisherIsGateway: false, sensor: undefined })).toBe('sensor FFFF0000 is not registered in this organisation');
    expect(publicationProblem({ sourceDeviceId: '8899AABBCCDDEEFF', sensorId: 'A1B2C3D4', publisherIsGateway: true, sensor: attached }))
      .toBe('sensor A1B2C3D4 is not attached to gateway 8899AABBCCDDEEFF');
  });

  it('a device that is not a gateway never gets another device\'s reading through (property)', () => {
    fc.assert(fc.property(fc.stringMatching(/^[0-9A-F]{8}$/), fc.stringMatching(/^[0-9A-F]{8}$/), fc.option(fc.stringMatching(/^[0-9A-F]{16}$/), { nil: undefined }), (source, sensorId, gatewayId) => {
      fc.pre(source !== sensorId);
      return publicationProblem({ sourceDeviceId: source, sensorId, publisherIsGateway: false, sensor: { gatewayId } }) !== undefined;
    }));
  });
});

describe('live states after a reading or a message', () => {
  it('a newer reading puts its values on top of what was known; lastCommunicated is its arrival', () => {
    const previous = { lastCommunicated: iso(T0 - HOUR), lastReadingAt: iso(T0 - HOUR), reading: { '1': 3, '2': 50 }, battery: 91, signal: -70 };
    expect(sensorStateAfter(previous, { time: iso(T0 - 1000), channels: { '1': 4 }, battery: 90 }, T0)).toEqual({
      lastCommunicated: iso(T0), lastReadingAt: iso(T0 - 1000), reading: { '1': 4 }, battery: 90, signal: -70,
    });
  });

  it('a reading not newer than the newest known is late', () => {
    const known = { lastCommunicated: iso(T0), lastReadingAt: iso(T0 - 1000) };
    expect(isLateReading(known, iso(T0 - 1000))).toBe(true);
    expect(isLateReading(known, iso(T0 - 2000))).toBe(true);
    expect(isLateReading(known, iso(T0))).toBe(false);
    expect(isLateReading(undefined, iso(T0))).toBe(false);
  });

  it('a gateway\'s state moves only forward, with its status\'s signal and firmware', () => {
    const known = { lastCommunicated: iso(T0), signal: -60, firmware: '2.0.0' };
    expect(gatewayStateAfter(known, T0)).toBeUndefined();
    expect(gatewayStateAfter(known, T0 - 1)).toBeUndefined();
    expect(gatewayStateAfter(known, T0 + 1000, { time: iso(T0 + 900), firmware: '2.4.1' })).toEqual({ lastCommunicated: iso(T0 + 1000), signal: -60, firmware: '2.4.1' });
    expect(gatewayStateAfter(undefined, T0)).toEqual({ lastCommunicated: iso(T0) });
  });
});

describe('rollupHoursDue', () => {
  it('the hour a sensor leaves, and a late reading\'s finished hour; never the current hour', () => {
    expect(rollupHoursDue(['2026-03-10T11:00:00.000Z'], '2026-03-10T10:59:00.000Z')).toEqual(['2026-03-10T10']);
    expect(rollupHoursDue(['2026-03-10T08:50:00.000Z'], '2026-03-10T10:20:00.000Z')).toEqual(['2026-03-10T08']);
    expect(rollupHoursDue(['2026-03-10T10:25:00.000Z'], '2026-03-10T10:20:00.000Z')).toEqual([]);
    expect(rollupHoursDue(['2026-03-10T10:25:00.000Z'], undefined)).toEqual([]);
    expect(rollupHoursDue([], undefined)).toEqual([]);
  });

  it('due hours are the finished hours of the new readings and of the newest known one, oldest first, each once (property)', () => {
    const time = fc.integer({ min: T0 - 3 * DAY, max: T0 }).map(iso);
    fc.assert(fc.property(fc.array(time, { minLength: 1, maxLength: 30 }), fc.option(time, { nil: undefined }), (times, known) => {
      const due = rollupHoursDue(times, known);
      const current = hourKey([...times, ...(known ? [known] : [])].sort().at(-1) ?? '');
      expect(due).toEqual([...new Set(due)].sort());
      expect(due.every((hour) => hour < current)).toBe(true);
      for (const reading of times) if (hourKey(reading) < current) expect(due).toContain(hourKey(reading));
      if (known !== undefined && hourKey(known) < current) expect(due).toContain(hourKey(known));
      const expected = new Set([...times, ...(known ? [known] : [])].map((at) => hourKey(at)).filter((hour) => hour < current));
      expect(due.length).toBe(expected.size);
    }));
  });
});

describe('rollupBlocksDue (issue 12 section 6: rollups stored by blocks of 6 hours)', () => {
  it('the block a sensor leaves, and a late reading\'s finished block; never the current block, nor an hour crossed within it', () => {
    expect(rollupBlocksDue(['2026-03-10T11:00:00.000Z'], '2026-03-10T10:59:00.000Z')).toEqual([]);
    expect(rollupBlocksDue(['2026-03-10T12:00:00.000Z'], '2026-03-10T11:59:00.000Z')).toEqual(['2026-03-10T06']);
    expect(rollupBlocksDue(['2026-03-10T04:50:00.000Z'], '2026-03-10T10:20:00.000Z')).toEqual(['2026-03-10T00']);
    expect(rollupBlocksDue(['2026-03-10T08:50:00.000Z'], '2026-03-10T10:20:00.000Z')).toEqual([]);
    expect(rollupBlocksDue(['2026-03-11T01:00:00.000Z', '2026-03-10T13:00:00.000Z'], '2026-03-10T05:00:00.000Z')).toEqual(['2026-03-10T00', '2026-03-10T12']);
  });

  it('a sensor reporting every 15 minutes for days makes one block due per 24 readings (property)', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 96 }), fc.integer({ min: 1, max: 10 }), (offset, days) => {
      let known: string | undefined;
      let due = 0;
      const start = Date.parse('2026-03-10T00:00:00.000Z') + offset * 15 * 60_000;
      for (let index = 0; index < days * 96; index += 1) {
        const time = new Date(start + index * 15 * 60_000).toISOString();
        due += rollupBlocksDue([time], known).length;
        known = time;
      }
      expect(due).toBeLessThanOrEqual(Math.ceil((days * 96) / 24));
    }));
  });
});
