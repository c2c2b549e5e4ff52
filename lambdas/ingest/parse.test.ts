import { describe, expect, it } from 'vitest';
import { liveStateOf, sensorConfigOf } from './directory';
import { DEAD_LETTER_PAYLOAD_CHARS, MAX_READINGS_PER_MESSAGE, parseMessage, payloadText } from './parse';

const event = (payload: unknown, fields: Record<string, unknown> = {}) =>
  JSON.stringify({ customerId: 'org-1', sourceDeviceId: 'a1b2c3d4', kind: 'readings', receivedAt: 1_773_000_000_000, payload, ...fields });

describe('reading an ingest message', () => {
  it('one reading, the source device upper-cased', () => {
    const parsed = parseMessage(event({ time: 1_773_000_000_000, channels: { '1': 3.5 } }));
    expect(parsed).toMatchObject({ kind: 'readings', event: { sourceDeviceId: 'A1B2C3D4' }, entries: [{ index: 0, ok: true, reading: { channels: { '1': 3.5 } } }] });
  });

  it('a batch: each reading on its own, a bad one refused with its reason', () => {
    const parsed = parseMessage(event({ readings: [{ deviceId: 'b1', time: '2026-03-10T10:00:00Z', channels: { '1': 1 } }, { time: 'noon', channels: { '1': 1 } }] }));
    expect(parsed.kind).toBe('readings');
    if (parsed.kind !== 'readings') return;
    expect(parsed.entries[0]).toMatchObject({ ok: true, reading: { deviceId: 'B1', time: '2026-03-10T10:00:00.000Z' } });
    expect(parsed.entries[1]).toMatchObject({ ok: false, reason: expect.stringContaining('time') as unknown, raw: { time: 'noon' } });
  });

  it('refuses a batch that is empty, too long or not a list as a whole', () => {
    for (const readings of [[], Array.from({ length: MAX_READINGS_PER_MESSAGE + 1 }, () => ({})), 'x']) {
      expect(parseMessage(event({ readings }))).toMatchObject({ kind: 'refused', reason: `readings must be a list of 1 to ${MAX_READINGS_PER_MESSAGE} readings` });
    }
  });

  it('a payload that is not a JSON object (the local subscriber passes text as it came)', () => {
    expect(parseMessage(event('23.5'))).toMatchObject({ kind: 'refused', reason: 'payload is not a JSON object' });
    expect(parseMessage(event([1, 2]))).toMatchObject({ kind: 'refused', reason: 'payload is not a JSON object' });
  });

  it('status messages are read as a gateway status; acknowledgements are not the ingest\'s', () => {
    expect(parseMessage(event({ time: 1_773_000_000_000, firmware: '1.0' }, { kind: 'status' }))).toMatchObject({ kind: 'status', status: { firmware: '1.0' } });
    expect(parseMessage(event({ firmware: '1.0' }, { kind: 'status' }))).toMatchObject({ kind: 'refused' });
    expect(parseMessage(event({}, { kind: 'commands/ack' }))).toMatchObject({ kind: 'refused', reason: 'command acknowledgements are not for the ingest' });
  });

  it('an unreadable event keeps what can be filed: the organisation when it is a plain id', () => {
    expect(parseMessage('{')).toEqual({ kind: 'unreadable', reason: 'message is not JSON', raw: '{' });
    expect(parseMessage(JSON.stringify({ customerId: 'org-1', sourceDeviceId: 'A1', kind: 'readings', payload: { x: 1 } })))
      .toMatchObject({ kind: 'unreadable', customerId: 'org-1', sourceDeviceId: 'A1', raw: '{"x":1}', reason: expect.stringContaining('receivedAt') as unknown });
    expect(parseMessage(JSON.stringify({ customerId: 'org#2', kind: 'readings' }))).not.toHaveProperty('customerId');
  });

  it('dead letters keep at most 2,000 characters of what came', () => {
    expect(payloadText('x'.repeat(DEAD_LETTER_PAYLOAD_CHARS + 10))).toHaveLength(DEAD_LETTER_PAYLOAD_CHARS + 1);
    expect(payloadText({ a: 1 })).toBe('{"a":1}');
  });
});

describe('what the ingest reads of a device', () => {
  it('a sensor: channels by number, deviations from the profiles or the type\'s default, the model\'s report interval', () => {
    const config = sensorConfigOf('A1', {
      deviceModel: 'CT-500D', siteId: 's-1', disabled: true,
      channels: [
        { channel: 1, sensorType: 'contact', sensorSubType: 'door', dataLoggingProfileId: 'p-1' },
        { channel: 2, sensorType: 'temperature', sensorSubType: 'ambient', dataLoggingProfileId: 'p-1' },
        { channel: 3, sensorType: 'laser', sensorSubType: 'x' },
      ],
    }, new Map([['p-1', { deviation: 0.2 }]]));
    expect(config).toMatchObject({ id: 'A1', siteId: 's-1', disabled: true, reportSeconds: 300, deviations: { '1': 0, '2': 0.2 } });
    expect(config.channels.map((channel) => channel.channel)).toEqual(['1', '2']);
    expect(sensorConfigOf('B1', { reportSeconds: 60, channels: [{ channel: '1', sensorType: 'humidity' }] }).deviations).toEqual({ '1': 2 });
  });

  it('a state item: only its known fields, numbers and nulls in the reading', () => {
    expect(liveStateOf({ lastCommunicated: '2026-03-10T10:00:00.000Z', reading: { '1': 4, '2': null, '3': 'x' }, battery: 80, signal: 'weak', firmware: '1.2' }))
      .toEqual({ lastCommunicated: '2026-03-10T10:00:00.000Z', reading: { '1': 4, '2': null }, battery: 80, firmware: '1.2' });
    expect(liveStateOf({ reading: { '1': 4 } })).toBeUndefined();
    expect(liveStateOf(undefined)).toBeUndefined();
  });
});
