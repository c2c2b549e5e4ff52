import { describe, expect, it } from 'vitest';
import { DomainError } from '../core/errors';
import { MESSAGES } from '../core/messages';
import {
  deviceMessageEventSchema,
  deviceTimeSchema,
  deviceTopic,
  gatewayStatusSchema,
  graphDataSchema,
  graphQueryFrom,
  jsonPreview,
  nestsDeeperThan,
  parseDeviceTopic,
  readingsMessageSchema,
  timeRangeFrom,
} from './telemetry';

const now = Date.parse('2026-03-10T12:00:00.000Z');
const messageOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof DomainError ? error.message : String(error);
  }
  return undefined;
};

describe('topics', () => {
  it('builds and parses a device topic; anything else is not one', () => {
    expect(deviceTopic('org-1', 'A1B2C3D4', 'readings')).toBe('coldchain/org-1/A1B2C3D4/readings');
    expect(parseDeviceTopic('coldchain/org-1/A1B2C3D4/commands/ack')).toEqual({ customerId: 'org-1', deviceId: 'A1B2C3D4', kind: 'commands/ack' });
    expect(parseDeviceTopic('coldchain/org-1/+/readings')).toBeUndefined();
    expect(parseDeviceTopic('other/org-1/A1/readings')).toBeUndefined();
  });
});

describe('readings payloads', () => {
  it('one reading, with an ISO time (any zone) stored as UTC ISO with ms', () => {
    const parsed = readingsMessageSchema.parse({ time: '2026-03-10T13:00:00+01:00', channels: { '1': 4.2 }, battery: 90, signal: -71, snr: 7.5 });
    expect(parsed).toEqual({ readings: [{ time: '2026-03-10T12:00:00.000Z', channels: { '1': 4.2 }, battery: 90, signal: -71, snr: 7.5 }], sentAt: undefined });
  });

  it('epoch milliseconds are a time too', () => {
    const parsed = readingsMessageSchema.parse({ time: now, channels: { '1': 1 } });
    expect(parsed.readings[0]?.time).toBe('2026-03-10T12:00:00.000Z');
  });

  it('a batch (gateways) names each reading\'s sensor, upper-cased', () => {
    const parsed = readingsMessageSchema.parse({
      readings: [
        { deviceId: 'a1b2c3d4', time: now, channels: { '1': 3, '2': null } },
        { deviceId: 'A1B2C3D5', time: now - 60_000, channels: { '1': 0 } },
      ],
      sentAt: now,
    });
    expect(parsed.readings.map((reading) => reading.deviceId)).toEqual(['A1B2C3D4', 'A1B2C3D5']);
    expect(parsed.readings[0]?.channels).toEqual({ '1': 3, '2': null });
  });

  it('refuses a time without a zone, no channels, channel 5, a string value, an empty batch, a battery over 100', () => {
    for (const bad of [
      { time: '2026-03-10T12:00:00', channels: { '1': 1 } },
      { time: now, channels: {} },
      { time: now, channels: { '5': 1 } },
      { time: now, channels: { '1': '4' } },
      { readings: [] },
      { time: now, channels: { '1': 1 }, battery: 101 },
      { time: now, channels: { '1': 1 }, deviceId: 'A1/B2' },
    ]) expect(readingsMessageSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });

  it('gateway status', () => {
    expect(gatewayStatusSchema.parse({ time: now, signal: -60, firmware: '2.1.0' })).toMatchObject({ time: '2026-03-10T12:00:00.000Z', firmware: '2.1.0' });
  });

  it('the rule event: its parts are required, the source device upper-cased', () => {
    expect(deviceMessageEventSchema.parse({ customerId: 'org-1', sourceDeviceId: 'abcd', kind: 'readings', receivedAt: now, payload: 'x' }))
      .toMatchObject({ sourceDeviceId: 'ABCD', payload: 'x' });
    expect(deviceMessageEventSchema.safeParse({ customerId: 'org#1', sourceDeviceId: 'A', kind: 'readings', receivedAt: now }).success).toBe(false);
    expect(deviceMessageEventSchema.safeParse({ customerId: 'org-1', sourceDeviceId: 'A', kind: 'commands', receivedAt: now }).success).toBe(false);
  });
});

describe('what a device may send: times, numbers, nesting', () => {
  const reasonOf = (value: unknown) => {
    const parsed = deviceTimeSchema.safeParse(value);
    return parsed.success ? parsed.data : parsed.error.issues[0]?.message;
  };

  it('a time is epoch milliseconds or ISO with a zone, from 2000 to 2100; nothing else becomes a date', () => {
    expect(reasonOf(now)).toBe('2026-03-10T12:00:00.000Z');
    expect(reasonOf('2026-03-10T13:00:00+01:00')).toBe('2026-03-10T12:00:00.000Z');
    for (const outOfRange of [9e15, -1, 0, 1_773_000_000, Date.UTC(2100, 0, 1), '1999-12-31T23:59:59Z', '2100-01-01T00:00:00Z']) {
      expect(reasonOf(outOfRange), String(outOfRange)).toBe('must be a time from 2000-01-01 to 2100-01-01');
    }
    for (const malformed of [1.5e12 + 0.5, Infinity, Number.NaN, '2026-03-10T12:00:00', '+275760-09-13T00:00:00.000Z', `2026-03-10T12:00:00${'0'.repeat(40)}Z`, null, {}, true]) {
      expect(reasonOf(malformed), String(malformed)).toBe('must be epoch milliseconds (an integer) or ISO 8601 with a zone');
    }
  });

  it('numbers must be finite: Infinity (1e400 parsed) is refused, not taken for null', () => {
    const parsed = readingsMessageSchema.safeParse(JSON.parse(`{"time":${now},"channels":{"1":1e400}}`));
    expect(parsed.success).toBe(false);
    expect(JSON.stringify(parsed.error?.issues)).toContain('must be a finite number');
    expect(gatewayStatusSchema.safeParse({ time: now, uptimeSeconds: Infinity }).success).toBe(false);
  });

  it('the rule event\'s receive time is bounded too', () => {
    expect(deviceMessageEventSchema.safeParse({ customerId: 'org-1', sourceDeviceId: 'A', kind: 'readings', receivedAt: 9e15, payload: {} }).success).toBe(false);
  });

  it('nesting is measured without recursion, at any depth', () => {
    let deep: unknown = 1;
    for (let level = 0; level < 100_000; level += 1) deep = [deep];
    expect(nestsDeeperThan(deep, 16)).toBe(true);
    expect(nestsDeeperThan({ readings: [{ channels: { '1': 1 } }] }, 4)).toBe(false);
    expect(nestsDeeperThan({ readings: [{ channels: { '1': 1 } }] }, 3)).toBe(true);
    expect(nestsDeeperThan('text', 0)).toBe(false);
  });

  it('a preview writes JSON as JSON.stringify does, Infinity as it is, and any depth cut at its length', () => {
    const value = { a: [1, 'x"y', null, { b: true }], c: {}, d: [] };
    expect(jsonPreview(value, 1000)).toBe(JSON.stringify(value));
    expect(jsonPreview({ v: Infinity }, 100)).toBe('{"v":Infinity}');
    let deep: unknown = 1;
    for (let level = 0; level < 100_000; level += 1) deep = { a: deep };
    expect(jsonPreview(deep, 12)).toBe('{"a":{"a":{"…');
  });
});

describe('time range and graph query', () => {
  it('defaults to the last 24 hours', () => {
    expect(timeRangeFrom({}, now)).toEqual({ start: now - 86_400_000, end: now });
    expect(timeRangeFrom({ endDate: '2026-03-01T00:00:00Z' }, now)).toEqual({ start: Date.parse('2026-02-28T00:00:00Z'), end: Date.parse('2026-03-01T00:00:00Z') });
  });

  it('takes ISO dates and epoch milliseconds', () => {
    expect(timeRangeFrom({ startDate: '2026-03-01', endDate: String(now) }, now)).toEqual({ start: Date.parse('2026-03-01'), end: now });
  });

  it('refuses bad dates, equal ends and a start after the end, in the product\'s words', () => {
    expect(messageOf(() => timeRangeFrom({ startDate: 'yesterday' }, now))).toBe(MESSAGES.timeRangeInvalidDate);
    expect(messageOf(() => timeRangeFrom({ startDate: '2026-02-30T99:00' }, now))).toBe(MESSAGES.timeRangeInvalidDate);
    expect(messageOf(() => timeRangeFrom({ startDate: String(now), endDate: String(now) }, now))).toBe(MESSAGES.timeRangeEqual);
    expect(messageOf(() => timeRangeFrom({ startDate: '2026-03-02', endDate: '2026-03-01' }, now))).toBe(MESSAGES.timeRangeStartAfterEnd);
  });

  it('graph query: the sensor is required, the format auto by default, upper-cased id', () => {
    expect(graphQueryFrom({ queryId: 'a1b2c3d4' }, now)).toEqual({ sensorId: 'A1B2C3D4', start: now - 86_400_000, end: now, format: 'auto' });
    expect(graphQueryFrom({ queryId: 'A1', dataformat: 'HOURLY' }, now).format).toBe('hourly');
    expect(messageOf(() => graphQueryFrom({}, now))).toBe(MESSAGES.graphQueryIdRequired);
    expect(messageOf(() => graphQueryFrom({ queryId: 'A1', dataformat: 'csv' }, now))).toBe(MESSAGES.graphDataFormatInvalid);
    expect(messageOf(() => graphQueryFrom({ queryId: 'A1', startDate: '2020-01-01' }, now))).toBe(MESSAGES.graphRangeTooLong);
  });

  it('the response schema holds the documented shape', () => {
    expect(graphDataSchema.safeParse({
      sensorId: 'A1', startDate: '2026-03-09T12:00:00.000Z', endDate: '2026-03-10T12:00:00.000Z', resolution: '3h',
      channels: [{ channel: '1', sensorType: 'temperature', sensorSubType: 'freezer', unit: 'C', points: [{ t: '2026-03-09T12:00:00.000Z', v: -18, min: -19, max: -17, count: 12 }] }],
    }).success).toBe(true);
    expect(graphDataSchema.safeParse({ sensorId: 'A1', startDate: '', endDate: '', resolution: 'minute', channels: [] }).success).toBe(false);
  });
});
