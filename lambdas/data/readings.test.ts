import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import fc from 'fast-check';
import type { ReadingRow } from '@domain/telemetry/telemetry';
import { beforeEach, describe, expect, it } from 'vitest';
import { NEWEST_READING_QUERIES, newestReadings, readingItem, readingRowOf, sensorLiveStates, toNewestReading } from './readings';

const dynamo = mockClient(DynamoDBDocumentClient);
const client = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'local' }));
const at = (minute: number) => new Date(Date.UTC(2026, 2, 10, 10, minute)).toISOString();
const partition = (id: string) => `C#org-1#READING#${id}`;

describe('a sensor\'s newest reading, and the live state readers show', () => {
  beforeEach(() => dynamo.reset());

  it('the newest reading beats an older state item: its values, time and arrival; the item keeps what the reading lacks', async () => {
    // Prepare: the item was written at the first reading; readings came since.
    dynamo.on(QueryCommand).resolves({ Items: [] });
    dynamo.on(QueryCommand, { ExpressionAttributeValues: { ':pk': partition('S1') } }).resolves({
      Items: [{ pk: partition('S1'), sk: at(30), time: at(30), channels: { '1': 5.5, '2': null }, signal: -60, receivedAt: at(31) }],
    });
    const stored = { lastCommunicated: at(0), lastReadingAt: at(0), reading: { '1': 4, '2': 1 }, battery: 80, signal: -70 };
    // Act
    const live = await sensorLiveStates(client, 't', 'org-1', new Map([['S1', stored], ['S2', stored], ['S3', undefined]]));
    // Assess
    expect(live.get('S1')).toEqual({ lastCommunicated: at(31), lastReadingAt: at(30), reading: { '1': 5.5, '2': null }, battery: 80, signal: -60 });
    expect(live.get('S2')).toBe(stored);
    expect(live.get('S3')).toBeUndefined();
    const query = dynamo.commandCalls(QueryCommand, { ExpressionAttributeValues: { ':pk': partition('S1') } })[0]?.args[0].input;
    expect(query).toMatchObject({ KeyConditionExpression: 'pk = :pk', ScanIndexForward: false, Limit: 1, ConsistentRead: true });
  });

  it('a state item newer than the newest reading (readings past their retention) is shown as it is', async () => {
    dynamo.on(QueryCommand).resolves({ Items: [{ sk: at(5), channels: { '1': 1 }, receivedAt: at(5) }] });
    const stored = { lastCommunicated: at(10), lastReadingAt: at(10), reading: { '1': 4 } };
    expect((await sensorLiveStates(client, 't', 'org-1', new Map([['S1', stored]]))).get('S1')).toBe(stored);
  });

  it('a sensor without a state item shows its newest reading alone', async () => {
    dynamo.on(QueryCommand).resolves({ Items: [{ sk: at(5), channels: { '1': 1 }, battery: 50, receivedAt: at(6) }] });
    expect((await sensorLiveStates(client, 't', 'org-1', new Map([['S1', undefined]]))).get('S1'))
      .toEqual({ lastCommunicated: at(6), lastReadingAt: at(5), reading: { '1': 1 }, battery: 50 });
  });

  it('many sensors are read in parallel, never more than NEWEST_READING_QUERIES at a time, each once', async () => {
    let inFlight = 0;
    let most = 0;
    dynamo.on(QueryCommand).callsFake(async () => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 1));
      inFlight -= 1;
      return { Items: [] };
    });
    const ids = Array.from({ length: 50 }, (_, index) => `S${index}`);
    await newestReadings(client, 't', 'org-1', [...ids, 'S1']);
    expect(dynamo.commandCalls(QueryCommand)).toHaveLength(50);
    expect(most).toBeGreaterThan(1);
    expect(most).toBeLessThanOrEqual(NEWEST_READING_QUERIES);
  });
});

describe('a reading item: one encoder, one decoder for both forms', () => {
  const row: ReadingRow = { time: at(30), channels: { '1': 4.2, '2': null }, battery: 90, signal: -70, snr: 6.5, receivedAt: '2026-03-10T10:31:02.345Z', sourceDeviceId: 'GW1', disabled: true };

  it('stores the short form: the time only in sk, the arrival in ms after it, the source only when a gateway, one-letter names', () => {
    // Act
    const item = readingItem('org-1', 'S1', row);
    const own = readingItem('org-1', 'S1', { time: row.time, channels: row.channels, battery: 90, signal: -70, snr: 6.5, receivedAt: row.time, sourceDeviceId: 'S1' });
    // Assess
    expect(item).toEqual({
      pk: partition('S1'), sk: at(30), c: { '1': 4.2, '2': null }, b: 90, s: -70, n: 6.5, r: 62_345, g: 'GW1', d: true,
      ttl: Math.floor(Date.parse(at(30)) / 1000) + 400 * 86_400,
    });
    expect(own).toEqual({ pk: partition('S1'), sk: at(30), c: { '1': 4.2, '2': null }, b: 90, s: -70, n: 6.5, ttl: item['ttl'] });
  });

  it('an item stored in the long form (older deployments) and one in the short form decode to the same row', () => {
    // Prepare: the long form as the ingest wrote it before.
    const long = {
      pk: partition('S1'), sk: at(30), time: at(30), channels: { '1': 4.2, '2': null }, battery: 90, signal: -70, snr: 6.5,
      receivedAt: '2026-03-10T10:31:02.345Z', sourceDeviceId: 'GW1', disabled: true, ttl: 1,
    };
    const ownLong = { pk: partition('S1'), sk: at(30), time: at(30), channels: { '1': 3 }, receivedAt: at(30), sourceDeviceId: 'S1', ttl: 1 };
    // Act
    const fromLong = readingRowOf(long, 'S1');
    const fromShort = readingRowOf(readingItem('org-1', 'S1', row), 'S1');
    // Assess
    expect(fromLong).toEqual(row);
    expect(fromShort).toEqual(row);
    expect(readingRowOf(ownLong, 'S1')).toEqual(readingRowOf(readingItem('org-1', 'S1', { time: at(30), channels: { '1': 3 }, receivedAt: at(30), sourceDeviceId: 'S1' }), 'S1'));
    expect(toNewestReading(long)).toEqual(toNewestReading(readingItem('org-1', 'S1', row)));
    expect(toNewestReading(long)).toEqual({ time: at(30), channels: { '1': 4.2, '2': null }, battery: 90, signal: -70, snr: 6.5, receivedAt: row.receivedAt });
  });

  it('encode then decode is the identity for any reading row (arrival to the millisecond, before or after the reading\'s time)', () => {
    const time = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2099, 11, 31) });
    const number = fc.double({ noNaN: true, noDefaultInfinity: true });
    const rows = fc.record({
      time,
      arrival: fc.integer({ min: -3_600_000, max: 400 * 86_400_000 }),
      channels: fc.dictionary(fc.string({ minLength: 1, maxLength: 4 }).filter((key) => key !== '__proto__'), fc.option(number, { nil: null })),
      battery: fc.option(number, { nil: undefined }),
      signal: fc.option(number, { nil: undefined }),
      snr: fc.option(number, { nil: undefined }),
      source: fc.option(fc.string({ minLength: 1, maxLength: 20 }), { nil: undefined }),
      disabled: fc.option(fc.constant(true as const), { nil: undefined }),
    }).map(({ time: ms, arrival, source, battery, signal, snr, disabled, channels }): ReadingRow => ({
      time: new Date(ms).toISOString(),
      channels,
      ...(battery !== undefined ? { battery } : {}),
      ...(signal !== undefined ? { signal } : {}),
      ...(snr !== undefined ? { snr } : {}),
      receivedAt: new Date(ms + arrival).toISOString(),
      // The sensor itself (most readings) or a gateway.
      sourceDeviceId: source ?? 'S1',
      ...(disabled !== undefined ? { disabled } : {}),
    }));
    fc.assert(fc.property(rows, (reading) => {
      expect(readingRowOf(readingItem('org-1', 'S1', reading), 'S1')).toEqual(reading);
    }));
  });
});
