import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { listedNewestReadings, NEWEST_BATCH_HORIZON_MS, newestBatchItem, newestBatchPartition, newestBatchReadings, unbatchedMark, UNBATCHED_MARK_MS, type BatchReading } from './newest-readings';
import { readingItem, readingPartition, toNewestReading, type ReadingItemFields } from './readings';

const dynamo = mockClient(DynamoDBDocumentClient);
const client = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'local' }));
const ORG = 'org-1';
const GATEWAY = '0011223344556677';
const NOW = Date.UTC(2026, 11, 7, 20, 0);
const at = (minutesAgo: number, seconds = 0) => new Date(NOW - minutesAgo * 60_000 + seconds * 1000).toISOString();
const fields = (time: string, value: number, extra: Partial<ReadingItemFields> = {}): ReadingItemFields =>
  ({ time, channels: { '1': value }, battery: 90, signal: -70, snr: 6.5, receivedAt: at(0), sourceDeviceId: GATEWAY, ...extra });
const batchOf = (messageId: string, readings: [string, ReadingItemFields][]): Record<string, unknown> =>
  newestBatchItem(ORG, GATEWAY, messageId, readings.map(([sensorId, reading]): BatchReading => ({ sensorId, fields: reading }))) ?? {};

/**
 * The table as DynamoDB answers the list's Queries: a batch partition newest first from the
 * horizon (Limit and start key honoured), and each sensor's reading partition (newest first, Limit 1).
 */
function table(batches: Record<string, unknown>[], readings: Record<string, unknown>[] = []) {
  dynamo.on(QueryCommand).callsFake((input: QueryCommandInput) => {
    const pk = String(input.ExpressionAttributeValues?.[':pk']);
    const horizon = String(input.ExpressionAttributeValues?.[':horizon'] ?? '');
    const source = pk.includes('#NEWEST#') ? batches : readings;
    const sorted = source.filter((item) => item['pk'] === pk && String(item['sk']) >= horizon)
      // DynamoDB orders sort keys by their bytes (not by locale: `~` after digits).
      .sort((a, b) => (String(a['sk']) < String(b['sk']) ? 1 : String(a['sk']) > String(b['sk']) ? -1 : 0));
    const start = input.ExclusiveStartKey ? sorted.findIndex((item) => item['sk'] === input.ExclusiveStartKey?.['sk']) + 1 : 0;
    const size = input.Limit ?? sorted.length;
    const page = sorted.slice(start, start + size);
    const last = page.at(-1);
    return { Items: page, ...(start + size < sorted.length && last ? { LastEvaluatedKey: { pk, sk: last['sk'] } } : {}) };
  });
}
const readingQueries = () => dynamo.commandCalls(QueryCommand).filter((call) => String(call.args[0].input.ExpressionAttributeValues?.[':pk']).includes('#READING#'));
const batchQueries = () => dynamo.commandCalls(QueryCommand).filter((call) => String(call.args[0].input.ExpressionAttributeValues?.[':pk']).includes('#NEWEST#'));
const listed = (...ids: string[]) => ids.map((id) => ({ id, gatewayId: GATEWAY.toLowerCase(), connectionType: 'subGhz' }));

describe('a gateway batch\'s newest readings item', () => {
  it('reads back, for each sensor, what its newest reading item reads back as: time, values, arrival', () => {
    // DynamoDB stores -0 as 0: the reading item reads it back as 0 too.
    const noNegativeZero = (value: number) => value + 0;
    const number = fc.oneof(fc.integer({ min: -200, max: 500 }), fc.double({ min: -200, max: 500, noNaN: true }).map(noNegativeZero));
    const reading = fc.record({
      offset: fc.integer({ min: 0, max: 3_600_000 }),
      arrival: fc.integer({ min: -60_000, max: 3_600_000 }),
      channels: fc.dictionary(fc.constantFrom('1', '2', '3', '4'), fc.option(number, { nil: null })),
      battery: fc.option(fc.integer({ min: 0, max: 100 }), { nil: undefined }),
      signal: fc.option(fc.double({ min: -150, max: 0, noNaN: true }).map(noNegativeZero), { nil: undefined }),
      snr: fc.option(fc.double({ min: -30, max: 30, noNaN: true }).map(noNegativeZero), { nil: undefined }),
    });
    fc.assert(fc.property(fc.dictionary(fc.stringMatching(/^[A-F0-9]{8,16}$/), reading, { minKeys: 1, maxKeys: 30 }), (bySensor) => {
      const readings = Object.entries(bySensor).map(([sensorId, values]): BatchReading => {
        const time = NOW - values.offset;
        return {
          sensorId,
          fields: {
            time: new Date(time).toISOString(), channels: values.channels, receivedAt: new Date(time + values.arrival).toISOString(), sourceDeviceId: GATEWAY,
            ...(values.battery !== undefined ? { battery: values.battery } : {}),
            ...(values.signal !== undefined ? { signal: values.signal } : {}),
            ...(values.snr !== undefined ? { snr: values.snr } : {}),
          },
        };
      });
      const back = newestBatchReadings(newestBatchItem(ORG, GATEWAY, 'm-1', readings) ?? {});
      expect(back.size).toBe(readings.length);
      for (const { sensorId, fields: stored } of readings) {
        expect(back.get(sensorId)).toEqual(toNewestReading(readingItem(ORG, sensorId, stored)));
      }
    }), { numRuns: 200 });
  });

  it('holds each sensor once, its newest reading of the batch; keyed by the gateway and the batch\'s newest time', () => {
    const item = batchOf('m-1', [['S1', fields(at(3), 1)], ['S1', fields(at(1), 2)], ['S1', fields(at(2), 3)], ['S2', fields(at(5), 4, { channels: { '1': null } })]]);
    expect(item['pk']).toBe(`C#${ORG}#NEWEST#${GATEWAY}`);
    expect(String(item['sk'])).toMatch(new RegExp(`^${at(1).replace(/[.]/g, '\\.')}#`));
    expect(Number(item['ttl'])).toBe(Math.floor(Date.parse(at(1)) / 1000) + 86_400);
    const back = newestBatchReadings(item);
    expect(back.get('S1')).toMatchObject({ time: at(1), channels: { '1': 2 } });
    expect(back.get('S2')).toMatchObject({ time: at(5), channels: { '1': null } });
    expect(newestBatchItem(ORG, GATEWAY, 'm-1', [])).toBeUndefined();
    // Another batch with the same newest time is another item; the same message again is the same item.
    expect(batchOf('m-2', [['S1', fields(at(1), 2)]])['sk']).not.toBe(item['sk']);
    expect(batchOf('m-1', [['S3', fields(at(1), 2)]])['sk']).toBe(item['sk']);
  });
});

describe('the newest readings the sensor list shows', () => {
  beforeEach(() => dynamo.reset());

  it('come from the gateway\'s batch items, one Query for the gateway\'s sensors and none per sensor', async () => {
    table([
      batchOf('m-2', [['S1', fields(at(1, 10), 4.1)], ['S2', fields(at(1, 40), 5.2, { battery: 80 })]]),
      batchOf('m-1', [['S1', fields(at(2, 10), 3.9)], ['S2', fields(at(2, 40), 5)]]),
      batchOf('m-0', [['S1', fields(at(3, 10), 3.7)], ['S2', fields(at(3, 40), 4.8)]]),
    ]);
    const newest = await listedNewestReadings(client, 't', ORG, listed('S1', 'S2'), { now: new Date(NOW) });
    expect(newest.get('S1')).toEqual({ time: at(1, 10), channels: { '1': 4.1 }, battery: 90, signal: -70, snr: 6.5, receivedAt: at(0) });
    expect(newest.get('S2')).toMatchObject({ time: at(1, 40), channels: { '1': 5.2 }, battery: 80 });
    expect(readingQueries()).toHaveLength(0);
    expect(batchQueries()).toHaveLength(1);
    expect(batchQueries()[0]?.args[0].input).toMatchObject({
      KeyConditionExpression: 'pk = :pk AND sk >= :horizon', ScanIndexForward: false, ConsistentRead: true,
      ExpressionAttributeValues: { ':pk': newestBatchPartition(ORG, GATEWAY), ':horizon': new Date(NOW - NEWEST_BATCH_HORIZON_MS).toISOString() },
    });
  });

  it('a late batch of older readings, written after a newer one, does not replace the newer value', async () => {
    // The newer batch came first; the gateway then sent what it had buffered (older readings of S1, a newer one of S2).
    const newer = batchOf('m-1', [['S1', fields(at(2), 7)], ['S2', fields(at(6), 1)]]);
    const late = batchOf('m-2', [['S1', fields(at(9), 3, { receivedAt: at(0, 30) })], ['S2', fields(at(1), 2, { receivedAt: at(0, 30) })]]);
    table([newer, late]);
    const newest = await listedNewestReadings(client, 't', ORG, listed('S1', 'S2'), { now: new Date(NOW) });
    expect(newest.get('S1')).toMatchObject({ time: at(2), channels: { '1': 7 } });
    expect(newest.get('S2')).toMatchObject({ time: at(1), channels: { '1': 2 } });
    expect(readingQueries()).toHaveLength(0);
  });

  it('a late batch whose newest reading is newest of all still gives way to a newer value of another sensor in an older item', async () => {
    // The late batch's sort key is its newest reading (S2's, a minute ago); S1's in it is 20 minutes old.
    table([
      batchOf('m-late', [['S1', fields(at(20), 1)], ['S2', fields(at(1), 2)]]),
      ...Array.from({ length: 10 }, (_, index) => batchOf(`m-${index}`, [['S1', fields(at(2 + index), 10 + index)]])),
    ]);
    const newest = await listedNewestReadings(client, 't', ORG, listed('S1', 'S2'), { now: new Date(NOW) });
    expect(newest.get('S1')).toMatchObject({ time: at(2), channels: { '1': 10 } });
    expect(newest.get('S2')).toMatchObject({ time: at(1), channels: { '1': 2 } });
    expect(readingQueries()).toHaveLength(0);
  });

  it('sensors the batch items do not settle are read one Query each: Wi-Fi, silent within the horizon, or never relayed', async () => {
    const old = at(45);
    table(
      [batchOf('m-1', [['S1', fields(at(1), 4)]])],
      [
        readingItem(ORG, 'S2', fields(at(3), 8, { sourceDeviceId: 'S2' })),
        readingItem(ORG, 'S3', fields(old, 9)),
        readingItem(ORG, 'S4', fields(at(50), 1)),
      ],
    );
    const newest = await listedNewestReadings(client, 't', ORG, [
      ...listed('S1', 'S3', 'S4'),
      { id: 'S2', gatewayId: GATEWAY, connectionType: 'wifi' },
    ], { now: new Date(NOW) });
    expect(newest.get('S1')).toMatchObject({ time: at(1) });
    expect(newest.get('S2')).toMatchObject({ time: at(3), channels: { '1': 8 } });
    expect(newest.get('S3')).toMatchObject({ time: old, channels: { '1': 9 } });
    expect(newest.get('S4')).toMatchObject({ time: at(50) });
    expect(readingQueries().map((call) => call.args[0].input.ExpressionAttributeValues?.[':pk']).sort())
      .toEqual(['S2', 'S3', 'S4'].map((id) => readingPartition(ORG, id)));
  });

  it('a value older than the horizon found in a recent late batch is checked by a Query of the sensor', async () => {
    table(
      [batchOf('m-1', [['S1', fields(at(40), 3)], ['S2', fields(at(1), 2)]])],
      [readingItem(ORG, 'S1', fields(at(35), 5))],
    );
    const newest = await listedNewestReadings(client, 't', ORG, listed('S1', 'S2'), { now: new Date(NOW) });
    expect(newest.get('S1')).toMatchObject({ time: at(35), channels: { '1': 5 } });
    expect(readingQueries()).toHaveLength(1);
  });

  it('while its gateway is marked (a batch without an item: the mark holds within the horizon and the clock skew), its sensors are read one Query each', async () => {
    const mark = (receivedAt: number) => {
      const { Key, ExpressionAttributeValues } = unbatchedMark('t', ORG, GATEWAY, receivedAt);
      return { ...Key, until: ExpressionAttributeValues?.[':until'] };
    };
    const batches = [batchOf('m-1', [['S1', fields(at(2), 4)]]), batchOf('m-0', [['S1', fields(at(3), 3)]])];
    const readings = [readingItem(ORG, 'S1', fields(at(1), 5))];
    // A small batch a minute ago: its reading (at(1)) is in no batch item.
    table([mark(NOW - 60_000), ...batches], readings);
    expect((await listedNewestReadings(client, 't', ORG, listed('S1'), { now: new Date(NOW) })).get('S1')).toMatchObject({ time: at(1), channels: { '1': 5 } });
    expect(readingQueries()).toHaveLength(1);
    // Marked long ago (every reading since in a batch item): the mark no longer holds, the batch items answer.
    dynamo.reset();
    table([mark(NOW - UNBATCHED_MARK_MS - 2 * 60 * 60_000), ...batches]);
    expect((await listedNewestReadings(client, 't', ORG, listed('S1'), { now: new Date(NOW) })).get('S1')).toMatchObject({ time: at(2) });
    expect(readingQueries()).toHaveLength(0);
  });
});
