import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  BatchWriteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeviceMessageEvent } from '@domain/telemetry/telemetry';
import { resetBackendConfig } from '../shared/config';
import { handler, ingestMetrics, readingObservers, resetIngestCache, type StoredReading } from './handler';

const dynamo = mockClient(DynamoDBDocumentClient);
const savedEnvironment = { ...process.env };

const ORG = 'org-1';
const SENSOR = 'A1B2C3D4';
const DOOR = 'D00D0001';
const GATEWAY = '0011223344556677';
const T0 = Date.parse('2026-03-10T10:20:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
const minutes = (n: number) => n * 60_000;

const sensorItem = (id: string, fields: Record<string, unknown> = {}) => ({
  pk: `C#${ORG}#SENSOR`, sk: `SENSOR#${id}`, id, name: `Sensor ${id}`, deviceModel: 'CT-200', siteId: 'site-1', locationId: 'loc-1', gatewayId: GATEWAY,
  channels: [
    { channel: 1, sensorType: 'temperature', sensorSubType: 'refrigerator', dataLoggingProfileId: 'dlp-1' },
    { channel: 2, sensorType: 'humidity', sensorSubType: 'relativeHumidity', dataLoggingProfileId: 'dlp-2' },
  ],
  deviceStatus: 'active', disabled: false, ...fields,
});
const doorItem = () => sensorItem(DOOR, {
  deviceModel: 'CT-500D',
  channels: [{ channel: 1, sensorType: 'contact', sensorSubType: 'door' }, { channel: 2, sensorType: 'temperature', sensorSubType: 'ambient' }],
});
const gatewayItem = { pk: `C#${ORG}#GATEWAY`, sk: `GATEWAY#${GATEWAY}`, id: GATEWAY, name: 'Kitchen gateway', siteId: 'site-1' };
const profiles = [
  { pk: `C#${ORG}#DATALOGGINGPROFILE`, sk: 'DATALOGGINGPROFILE#dlp-1', id: 'dlp-1', deviation: 1 },
  { pk: `C#${ORG}#DATALOGGINGPROFILE`, sk: 'DATALOGGINGPROFILE#dlp-2', id: 'dlp-2', deviation: 0 },
];

let messageCount = 0;
function record(event: Partial<DeviceMessageEvent> | string): SQSRecord {
  messageCount += 1;
  const body = typeof event === 'string' ? event : JSON.stringify({
    customerId: ORG, sourceDeviceId: SENSOR, kind: 'readings', receivedAt: Date.now(), ...event,
  });
  return {
    messageId: `m-${messageCount}`, receiptHandle: `r-${messageCount}`, body,
    attributes: { ApproximateReceiveCount: '1', SentTimestamp: String(Date.now()), SenderId: 'iot', ApproximateFirstReceiveTimestamp: String(Date.now()) },
    messageAttributes: {}, md5OfBody: '', eventSource: 'aws:sqs', eventSourceARN: 'arn:aws:sqs:eu-west-1:1:ingest', awsRegion: 'eu-west-1',
  };
}
const batch = (...records: SQSRecord[]): SQSEvent => ({ Records: records });
const reading = (at: number, channels: Record<string, number | null>, extra: Record<string, unknown> = {}) => ({ time: iso(at), channels, battery: 90, signal: -70, snr: 6, ...extra });

/** Every item written by BatchWriteItem so far. */
const batchWritten = () => dynamo.commandCalls(BatchWriteCommand)
  .flatMap((call) => Object.values(call.args[0].input.RequestItems ?? {}).flat())
  .map((request) => request.PutRequest?.Item as Record<string, unknown>);
const readingsWritten = () => batchWritten().filter((item) => String(item['pk']).includes('#READING#'));
const deadLettersWritten = () => batchWritten().filter((item) => String(item['pk']).endsWith('#DEADLETTER'));
const puts = (kind: 'STATE' | 'ROLLUP') => dynamo.commandCalls(PutCommand)
  .map((call) => call.args[0].input)
  .filter((input) => (kind === 'STATE' ? String(input.Item?.['sk']).endsWith('#STATE') : String(input.Item?.['pk']).includes('#ROLLUP#')));

/** The organisation's device configuration version, as the marker item holds it (what the API's writes add 1 to). */
let configVersion = 1;
const versionKey = { pk: `C#${ORG}#DEVICECONFIG`, sk: 'VERSION' };
const versionReads = () => dynamo.commandCalls(GetCommand, { Key: versionKey }).length;
const partitionReads = () => dynamo.commandCalls(QueryCommand).filter((call) => call.args[0].input.KeyConditionExpression === 'pk = :pk').length;

/** State items the handler has written, so a refreshed cache reads them back as the table would. */
const writtenStates = new Map<string, Record<string, unknown>>();

function partitions(sensors: Record<string, unknown>[], states: Record<string, unknown>[] = []) {
  dynamo.on(QueryCommand).resolves({ Items: [] });
  dynamo.on(QueryCommand, { ExpressionAttributeValues: { ':pk': `C#${ORG}#SENSOR` } }).callsFake(() => ({
    Items: [...sensors, ...states, ...[...writtenStates.values()].filter((item) => item['pk'] === `C#${ORG}#SENSOR`)],
    ConsumedCapacity: { TableName: 't', CapacityUnits: 1.5 },
  }));
  dynamo.on(QueryCommand, { ExpressionAttributeValues: { ':pk': `C#${ORG}#GATEWAY` } }).resolves({ Items: [gatewayItem] });
  dynamo.on(QueryCommand, { ExpressionAttributeValues: { ':pk': `C#${ORG}#DATALOGGINGPROFILE` } }).resolves({ Items: profiles });
}

describe('ingest handler', () => {
  beforeEach(() => {
    dynamo.reset();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T0);
    process.env['TABLE_NAME'] = 'table';
    process.env['LOG_LEVEL'] = 'ERROR';
    resetBackendConfig();
    resetIngestCache();
    ingestMetrics.reset();
    readingObservers.length = 0;
    partitions([sensorItem(SENSOR), doorItem()]);
    dynamo.on(BatchWriteCommand).resolves({ ConsumedCapacity: [{ TableName: 'table', CapacityUnits: 1 }] });
    writtenStates.clear();
    dynamo.on(PutCommand).callsFake((input: { Item: Record<string, unknown> }) => {
      if (String(input.Item['sk']).endsWith('#STATE')) writtenStates.set(`${String(input.Item['pk'])}|${String(input.Item['sk'])}`, input.Item);
      return { ConsumedCapacity: { TableName: 'table', CapacityUnits: 1 } };
    });
    dynamo.on(BatchGetCommand).resolves({ Responses: { table: [] } });
    // A small gateway batch marks its gateway for the sensor list (docs/decisions/0081-newest-readings-for-the-sensor-list.md).
    dynamo.on(UpdateCommand).resolves({ ConsumedCapacity: { TableName: 'table', CapacityUnits: 1 } });
    configVersion = 1;
    dynamo.on(GetCommand).resolves({});
    dynamo.on(GetCommand, { Key: versionKey }).callsFake(() => ({ Item: { version: configVersion }, ConsumedCapacity: { TableName: 'table', CapacityUnits: 1 } }));
  });

  afterEach(() => {
    vi.useRealTimers();
    process.env = { ...savedEnvironment };
    resetBackendConfig();
  });

  it('stores a reading under its sensor and time (short form: the arrival in ms after it, no source when the sensor sent it), with retention, and writes the first live state', async () => {
    const result = await handler(batch(record({ payload: reading(T0 - 5_000, { '1': 4.2, '2': 55 }) })));

    expect(result.batchItemFailures).toEqual([]);
    expect(readingsWritten()).toEqual([{
      pk: `C#${ORG}#READING#${SENSOR}`, sk: iso(T0 - 5_000), c: { '1': 4.2, '2': 55 },
      b: 90, s: -70, n: 6, r: 5_000,
      ttl: Math.floor((T0 - 5_000) / 1000) + 400 * 86_400,
    }]);
    const [state] = puts('STATE');
    expect(state?.Item).toMatchObject({
      pk: `C#${ORG}#SENSOR`, sk: `SENSOR#${SENSOR}#STATE`, lastCommunicated: iso(T0), lastReadingAt: iso(T0 - 5_000),
      reading: { '1': 4.2, '2': 55 }, battery: 90, signal: -70, snr: 6,
    });
    expect(state?.ConditionExpression).toBe('attribute_not_exists(#order) OR #order < :value');
    expect(state?.ExpressionAttributeValues).toEqual({ ':value': iso(T0 - 5_000) });
    expect(ingestMetrics.readingsStored).toBe(1);
  });

  it('a batch from a gateway stores each sensor\'s reading, once per sensor and time, and refreshes the gateway', async () => {
    const payload = {
      readings: [
        { deviceId: SENSOR.toLowerCase(), ...reading(T0 - minutes(2), { '1': 4 }) },
        { deviceId: SENSOR, ...reading(T0 - minutes(2), { '1': 4 }) },
        { deviceId: DOOR, ...reading(T0 - minutes(1), { '1': 1, '2': 19 }) },
      ],
    };
    const result = await handler(batch(record({ sourceDeviceId: GATEWAY, payload }), record({ sourceDeviceId: GATEWAY, payload })));

    expect(result.batchItemFailures).toEqual([]);
    expect(readingsWritten().map((item) => `${String(item['pk'])} ${String(item['sk'])}`)).toEqual([
      `C#${ORG}#READING#${SENSOR} ${iso(T0 - minutes(2))}`,
      `C#${ORG}#READING#${DOOR} ${iso(T0 - minutes(1))}`,
    ]);
    expect(readingsWritten().every((item) => item['g'] === GATEWAY)).toBe(true);
    expect(ingestMetrics.duplicates).toBe(4);
    expect(puts('STATE').map((input) => input.Item?.['sk'])).toEqual(expect.arrayContaining([`SENSOR#${SENSOR}#STATE`, `SENSOR#${DOOR}#STATE`, `GATEWAY#${GATEWAY}#STATE`]));
    const gatewayState = puts('STATE').find((input) => input.Item?.['sk'] === `GATEWAY#${GATEWAY}#STATE`);
    expect(gatewayState?.Item).toMatchObject({ lastCommunicated: iso(T0) });
  });

  it('files what it cannot accept as dead letters with the reason, and never fails the batch for them', async () => {
    partitions([sensorItem(SENSOR)]);
    const result = await handler(batch(
      record('not json at all'),
      record({ payload: 'temperature=4' }),
      record({ payload: { time: T0, channels: { '1': 600 } } }),
      record({ payload: { time: T0, channels: { '3': 1 } } }),
      record({ sourceDeviceId: 'FFFF0000', payload: { time: T0, channels: { '1': 1 } } }),
      record({ customerId: 'org-2', payload: { time: T0, channels: { '1': 1 } } }),
      record({ payload: { time: T0 + minutes(120), channels: { '1': 1 } } }),
      record({ payload: { readings: [{ time: T0, channels: { '1': 'warm' } }, { time: T0 - 1000, channels: { '1': 5 } }] } }),
      record({ sourceDeviceId: DOOR, payload: { readings: [{ deviceId: SENSOR, time: T0, channels: { '1': 1 } }] } }),
      record({ kind: 'status', sourceDeviceId: 'ABCDEF0123456789', payload: { time: T0 } }),
    ));

    expect(result.batchItemFailures).toEqual([]);
    const reasons = deadLettersWritten().map((item) => [item['pk'], item['reason']]);
    expect(reasons).toEqual([
      [`C#${ORG}#DEADLETTER`, 'payload is not a JSON object'],
      [`C#${ORG}#DEADLETTER`, 'channel 1 value 600 is outside the temperature range -200 to 500'],
      [`C#${ORG}#DEADLETTER`, `channel 3 is not a channel of sensor ${SENSOR}`],
      [`C#${ORG}#DEADLETTER`, 'sensor FFFF0000 is not registered in this organisation'],
      [`C#org-2#DEADLETTER`, `sensor ${SENSOR} is not registered in this organisation`],
      [`C#${ORG}#DEADLETTER`, `reading time ${iso(T0 + minutes(120))} is in the future`],
      [`C#${ORG}#DEADLETTER`, 'channels.1: must be a number'],
      [`C#${ORG}#DEADLETTER`, `device ${DOOR} may publish only its own readings: it is not a gateway of this organisation`],
      [`C#${ORG}#DEADLETTER`, 'gateway ABCDEF0123456789 is not registered in this organisation'],
    ]);
    // The one good reading of the half-bad batch is stored; nothing of another organisation's sensor is.
    expect(readingsWritten().map((item) => item['pk'])).toEqual([`C#${ORG}#READING#${SENSOR}`]);
    const letter = deadLettersWritten()[0];
    expect(letter).toMatchObject({ kind: 'readings', sourceDeviceId: SENSOR, payload: 'temperature=4', receivedAt: iso(T0) });
    expect(Number(letter?.['ttl'])).toBe(Math.floor(T0 / 1000) + 30 * 86_400);
    expect(ingestMetrics.deadLetters).toBe(9);
  });

  it("files a disabled organisation's readings and gateway status as dead letters with the reason, and stores nothing of them (issue 16)", async () => {
    dynamo.on(GetCommand, { Key: versionKey }).resolves({ Item: { version: 3, disabled: true } });
    const result = await handler(batch(
      record({ payload: reading(T0 - 5_000, { '1': 4.2 }) }),
      record({ kind: 'status', sourceDeviceId: 'ABCDEF0123456789', payload: { time: T0 } }),
    ));

    expect(result.batchItemFailures).toEqual([]);
    expect(deadLettersWritten().map((item) => [item['pk'], item['reason'], item['kind']])).toEqual([
      [`C#${ORG}#DEADLETTER`, 'organisation is disabled', 'readings'],
      [`C#${ORG}#DEADLETTER`, 'organisation is disabled', 'status'],
    ]);
    expect(readingsWritten()).toEqual([]);
    expect(puts('STATE')).toEqual([]);
  });

  // Re-decided with issue 12 section 6 (docs/decisions/0055-a-reading-costs-one-write.md): the state
  // item is written for events only; moved values and the heartbeat are the newest reading's to show.
  it('writes the state item on events only: not for moved values, nor at a heartbeat', async () => {
    await handler(batch(record({ payload: reading(T0, { '1': 4, '2': 50 }) })));
    expect(puts('STATE')).toHaveLength(1);

    // Values moving, within and past their deviations, minutes apart: the readings show them.
    for (const [minute, channels] of [[1, { '1': 4.9, '2': 50 }], [2, { '1': 4.9, '2': 52.5 }], [6, { '1': 7, '2': 60 }]] as const) {
      vi.setSystemTime(T0 + minutes(minute));
      await handler(batch(record({ payload: reading(T0 + minutes(minute), channels) })));
    }
    expect(puts('STATE')).toHaveLength(1);
    expect(ingestMetrics.stateWritesSkipped).toBe(3);

    // A probe unplugged is an event: at once.
    vi.setSystemTime(T0 + minutes(7));
    await handler(batch(record({ payload: reading(T0 + minutes(7), { '1': null, '2': 52.5 }) })));
    expect(puts('STATE')).toHaveLength(2);
    expect(puts('STATE')[1]?.Item?.['reading']).toEqual({ '1': null, '2': 52.5 });

    // No heartbeat: nothing changed, and the stored item is 10 minutes old.
    vi.setSystemTime(T0 + minutes(17));
    await handler(batch(record({ payload: reading(T0 + minutes(17), { '1': null, '2': 52.5 }) })));
    expect(puts('STATE')).toHaveLength(2);
  });

  it('writes the state item when the newest reading leaves out what the item must then carry (its battery)', async () => {
    await handler(batch(record({ payload: reading(T0, { '1': 4 }) })));
    vi.setSystemTime(T0 + minutes(5));
    await handler(batch(record({ payload: reading(T0 + minutes(5), { '1': 4 }, { battery: 70 }) })));
    expect(puts('STATE')).toHaveLength(1);
    vi.setSystemTime(T0 + minutes(10));
    await handler(batch(record({ payload: { time: iso(T0 + minutes(10)), channels: { '1': 4 } } })));
    expect(puts('STATE')).toHaveLength(2);
    expect(puts('STATE')[1]?.Item).toMatchObject({ battery: 70, lastReadingAt: iso(T0 + minutes(10)) });
  });

  it('gives observers the state before each reading from the newest stored reading when it is newer than the state item', async () => {
    partitions([sensorItem(SENSOR)], [{
      pk: `C#${ORG}#SENSOR`, sk: `SENSOR#${SENSOR}#STATE`, lastCommunicated: iso(T0 - minutes(60)), lastReadingAt: iso(T0 - minutes(60)), reading: { '1': 3 }, battery: 91,
    }]);
    dynamo.on(QueryCommand, { ExpressionAttributeValues: { ':pk': `C#${ORG}#READING#${SENSOR}` }, Limit: 1 }).resolves({
      Items: [{ pk: `C#${ORG}#READING#${SENSOR}`, sk: iso(T0 - minutes(5)), channels: { '1': 5 }, signal: -66, receivedAt: iso(T0 - minutes(5) + 2000) }],
      ConsumedCapacity: { TableName: 'table', CapacityUnits: 1 },
    });
    const seen: StoredReading[][] = [];
    readingObservers.push(async (readings) => {
      seen.push([...readings]);
    });

    await handler(batch(record({ payload: { readings: [reading(T0 - minutes(10), { '1': 2 }), reading(T0 - minutes(1), { '1': 4 })] } })));

    expect(seen[0]?.map((stored) => [stored.reading.time, stored.late])).toEqual([[iso(T0 - minutes(10)), true], [iso(T0 - minutes(1)), false]]);
    expect(seen[0]?.[1]?.previousState).toEqual({
      lastCommunicated: iso(T0 - minutes(5) + 2000), lastReadingAt: iso(T0 - minutes(5)), reading: { '1': 5 }, battery: 91, signal: -66,
    });
    // Read once, strongly consistent; the container knows it from then on.
    const newestQueries = () => dynamo.commandCalls(QueryCommand).filter((call) => call.args[0].input.Limit === 1);
    expect(newestQueries()).toHaveLength(1);
    expect(newestQueries()[0]?.args[0].input).toMatchObject({ ScanIndexForward: false, ConsistentRead: true });
    vi.setSystemTime(T0 + minutes(5));
    await handler(batch(record({ payload: reading(T0 + minutes(5), { '1': 4 }) })));
    expect(newestQueries()).toHaveLength(1);
  });

  it('a contact changing is material at once', async () => {
    await handler(batch(record({ sourceDeviceId: DOOR, payload: reading(T0, { '1': 0, '2': 20 }) })));
    vi.setSystemTime(T0 + 5_000);
    await handler(batch(record({ sourceDeviceId: DOOR, payload: reading(T0 + 5_000, { '1': 1, '2': 20 }) })));
    expect(puts('STATE').map((input) => (input.Item?.['reading'] as Record<string, number>)['1'])).toEqual([0, 1]);
  });

  // Re-decided with issue 12 section 6: rollups are stored by blocks of 6 hours (ROLLUP_BLOCK_HOURS).
  it('a late reading is stored at its own time, leaves the newer state alone, and recomputes its finished block', async () => {
    await handler(batch(record({ payload: reading(T0, { '1': 4 }) })));
    dynamo.on(QueryCommand, { KeyConditionExpression: 'pk = :pk AND sk BETWEEN :first AND :last' }).resolves({
      Items: [{ sk: '2026-03-10T04:10:00.000Z', channels: { '1': 3 } }, { sk: '2026-03-10T04:50:00.000Z', channels: { '1': 5 } }],
    });

    const late = Date.parse('2026-03-10T04:50:00.000Z');
    const result = await handler(batch(record({ sourceDeviceId: GATEWAY, payload: { readings: [{ deviceId: SENSOR, ...reading(late, { '1': 5 }) }] } })));

    expect(result.batchItemFailures).toEqual([]);
    expect(readingsWritten().map((item) => item['sk'])).toEqual([iso(T0), iso(late)]);
    expect(puts('STATE').filter((input) => String(input.Item?.['sk']).startsWith('SENSOR#'))).toHaveLength(1);
    const [rollup] = puts('ROLLUP');
    expect(rollup?.Item).toMatchObject({
      pk: `C#${ORG}#ROLLUP#${SENSOR}`, sk: '2026-03-10T00', blockHours: 6,
      hours: { '2026-03-10T04': { readings: 2, channels: { '1': { count: 2, sum: 8, min: 3, max: 5, nulls: 0 } } } },
    });
    const blockQuery = dynamo.commandCalls(QueryCommand).find((call) => call.args[0].input.ExpressionAttributeValues?.[':first'] !== undefined);
    expect(blockQuery?.args[0].input.ExpressionAttributeValues).toEqual({ ':pk': `C#${ORG}#READING#${SENSOR}`, ':first': '2026-03-10T00', ':last': '2026-03-10T05\uffff' });
  });

  // Re-decided with issue 12 section 6: no rollup write for each hour; one per block of 6 hours, written as the sensor leaves it.
  it('rolls up the block of 6 hours a sensor leaves, from one Query of that block; crossing an hour within a block writes nothing', async () => {
    await handler(batch(record({ payload: reading(Date.parse('2026-03-10T10:59:00.000Z'), { '1': 4 }) })));
    vi.setSystemTime(Date.parse('2026-03-10T11:00:30.000Z'));
    await handler(batch(record({ payload: reading(Date.parse('2026-03-10T11:00:00.000Z'), { '1': 4 }) })));
    expect(puts('ROLLUP')).toHaveLength(0);
    dynamo.on(QueryCommand, { KeyConditionExpression: 'pk = :pk AND sk BETWEEN :first AND :last' }).resolves({
      Items: [
        { sk: '2026-03-10T10:00:00.000Z', channels: { '1': 2, '2': 40 } }, { sk: '2026-03-10T10:59:00.000Z', channels: { '1': 4 } },
        { sk: '2026-03-10T11:59:00.000Z', channels: { '1': 6 } },
      ],
    });

    vi.setSystemTime(Date.parse('2026-03-10T12:00:30.000Z'));
    await handler(batch(record({ payload: reading(Date.parse('2026-03-10T12:00:00.000Z'), { '1': 4 }) })));

    expect(puts('ROLLUP').map((input) => input.Item?.['sk'])).toEqual(['2026-03-10T06']);
    expect(puts('ROLLUP')[0]?.Item?.['hours']).toEqual({
      '2026-03-10T10': { readings: 2, channels: { '1': { count: 2, sum: 6, min: 2, max: 4, nulls: 0 }, '2': { count: 1, sum: 40, min: 40, max: 40, nulls: 0 } } },
      '2026-03-10T11': { readings: 1, channels: { '1': { count: 1, sum: 6, min: 6, max: 6, nulls: 0 } } },
    });
    expect(ingestMetrics.rollupWrites).toBe(1);
  });

  it('reads the configuration version at most once a minute, and the partitions again only when it moved', async () => {
    for (let second = 0; second < 50; second += 10) {
      vi.setSystemTime(T0 + second * 1000);
      await handler(batch(record({ payload: reading(T0 + second * 1000, { '1': 4 }) })));
    }
    // The first batch: the version, then the four partitions (sensors, gateways, data logging and alarm profiles), strongly consistent.
    expect(versionReads()).toBe(1);
    expect(partitionReads()).toBe(4);
    expect(dynamo.commandCalls(QueryCommand).every((call) => call.args[0].input.ConsistentRead === true)).toBe(true);
    expect(dynamo.commandCalls(GetCommand, { Key: versionKey })[0]?.args[0].input.ConsistentRead).toBe(true);
    // The version is read before the partitions, so a change landing in between is seen at the next check.
    expect(dynamo.calls().slice(0, 5).map((call) => (call.args[0] as object).constructor.name)).toEqual(['GetCommand', 'QueryCommand', 'QueryCommand', 'QueryCommand', 'QueryCommand']);

    // Each minute on, nothing changed: one GetItem, no reload.
    for (const at of [minutes(2), minutes(3) + 1000, minutes(4) + 2000]) {
      vi.setSystemTime(T0 + at);
      await handler(batch(record({ payload: reading(T0 + at, { '1': 4 }) })));
    }
    expect(versionReads()).toBe(4);
    expect(partitionReads()).toBe(4);
    expect(ingestMetrics.readRequests).toBe(8);
    expect(ingestMetrics.readCapacityUnits).toBe(1 + 1.5 + 3);

    // The sensor is disabled through the API (which adds 1 to the version): the next check reloads, and sees it.
    configVersion = 2;
    partitions([sensorItem(SENSOR, { disabled: true }), doorItem()]);
    vi.setSystemTime(T0 + minutes(4) + 30_000);
    await handler(batch(record({ payload: reading(T0 + minutes(4) + 30_000, { '1': 4 }) })));
    expect(readingsWritten().at(-1)?.['d']).toBeUndefined();
    expect(versionReads()).toBe(4);
    vi.setSystemTime(T0 + minutes(5) + 3000);
    await handler(batch(record({ payload: reading(T0 + minutes(5) + 3000, { '1': 4 }) })));
    expect(versionReads()).toBe(5);
    expect(partitionReads()).toBe(8);
    expect(readingsWritten().at(-1)).toMatchObject({ sk: iso(T0 + minutes(5) + 3000), d: true });
  });

  it('reloads the partitions at least every 15 minutes, even when the version stays', async () => {
    await handler(batch(record({ payload: reading(T0, { '1': 4 }) })));
    for (let check = 1; check <= 14; check += 1) {
      vi.setSystemTime(T0 + check * 61_000);
      await handler(batch(record({ payload: reading(T0 + check * 61_000, { '1': 4 }) })));
    }
    expect(versionReads()).toBe(15);
    expect(partitionReads()).toBe(4);
    vi.setSystemTime(T0 + minutes(15) + 1000);
    await handler(batch(record({ payload: reading(T0 + minutes(15) + 1000, { '1': 4 }) })));
    expect(partitionReads()).toBe(8);
    expect(versionReads()).toBe(16);
  });

  it('looks up a sensor missing from the cache with one BatchGet, and an unknown one not again for a while', async () => {
    await handler(batch(record({ payload: reading(T0, { '1': 4 }) })));
    dynamo.on(BatchGetCommand).resolves({ Responses: { table: [sensorItem('NEW00001')] } });
    await handler(batch(record({ sourceDeviceId: 'NEW00001', payload: reading(T0, { '1': 4 }) })));
    expect(dynamo.commandCalls(BatchGetCommand)).toHaveLength(1);
    expect(readingsWritten().at(-1)?.['pk']).toBe(`C#${ORG}#READING#NEW00001`);

    dynamo.on(BatchGetCommand).resolves({ Responses: { table: [] } });
    await handler(batch(record({ sourceDeviceId: 'BAD00001', payload: reading(T0, { '1': 4 }) })));
    await handler(batch(record({ sourceDeviceId: 'BAD00001', payload: reading(T0, { '1': 4 }) })));
    expect(dynamo.commandCalls(BatchGetCommand)).toHaveLength(2);
    expect(partitionReads()).toBe(4);
  });

  it('flags a disabled sensor\'s readings and gives observers each stored reading with the state before it', async () => {
    partitions([sensorItem(SENSOR, { disabled: true })], [{
      pk: `C#${ORG}#SENSOR`, sk: `SENSOR#${SENSOR}#STATE`, lastCommunicated: iso(T0 - minutes(5)), lastReadingAt: iso(T0 - minutes(5)), reading: { '1': 3 }, battery: 91,
    }]);
    const seen: StoredReading[][] = [];
    readingObservers.push(async (readings) => {
      seen.push([...readings]);
    });

    await handler(batch(record({ payload: { readings: [reading(T0 - minutes(1), { '1': 4 }), reading(T0 - minutes(2), { '1': 3.5 }), reading(T0 - minutes(9), { '1': 2 })] } })));

    expect(readingsWritten().every((item) => item['d'] === true)).toBe(true);
    const [delivered] = seen;
    expect(delivered?.map((stored) => [stored.reading.time, stored.previousState?.lastReadingAt, stored.late])).toEqual([
      [iso(T0 - minutes(9)), iso(T0 - minutes(5)), true],
      [iso(T0 - minutes(2)), iso(T0 - minutes(5)), false],
      [iso(T0 - minutes(1)), iso(T0 - minutes(2)), false],
    ]);
    expect(delivered?.[0]?.sensor).toMatchObject({ id: SENSOR, siteId: 'site-1', disabled: true, deviations: { '1': 1, '2': 2 }, reportSeconds: 300 });
  });

  it('a gateway is heard from even when every reading it relayed is refused', async () => {
    await handler(batch(record({ sourceDeviceId: GATEWAY, payload: { readings: [{ deviceId: 'FFFF0000', ...reading(T0, { '1': 4 }) }] } })));
    expect(deadLettersWritten()).toHaveLength(1);
    expect(puts('STATE').map((input) => input.Item?.['sk'])).toEqual([`GATEWAY#${GATEWAY}#STATE`]);
  });

  it('a gateway\'s status updates its state (signal, firmware)', async () => {
    await handler(batch(record({ kind: 'status', sourceDeviceId: GATEWAY, payload: { time: T0, signal: -61, firmware: '2.4.1' } })));
    expect(puts('STATE')[0]?.Item).toMatchObject({ sk: `GATEWAY#${GATEWAY}#STATE`, lastCommunicated: iso(T0), signal: -61, firmware: '2.4.1' });
  });

  it('reports only the records whose writes failed, so SQS sends them again', async () => {
    // 25 readings fill the first BatchWriteItem; the second carries the other record's reading and fails.
    const full = record({ payload: { readings: Array.from({ length: 25 }, (_, index) => reading(T0 - minutes(index + 1), { '1': 4 })) } });
    const unlucky = record({ sourceDeviceId: DOOR, payload: reading(T0, { '1': 1 }) });
    dynamo.on(BatchWriteCommand).callsFake((input: { RequestItems: Record<string, { PutRequest: { Item: Record<string, unknown> } }[]> }) => {
      const items = Object.values(input.RequestItems).flat();
      if (items.some((request) => String(request.PutRequest.Item['pk']).includes(DOOR))) throw new Error('throttled');
      return {};
    });

    const result = await handler(batch(full, unlucky));

    expect(result.batchItemFailures).toEqual([{ itemIdentifier: unlucky.messageId }]);
    expect(puts('STATE').map((input) => input.Item?.['sk'])).toEqual([`SENSOR#${SENSOR}#STATE`]);
    expect(ingestMetrics.readingsStored).toBe(25);
  });

  it('items still unprocessed after the retries fail their records', async () => {
    dynamo.on(BatchWriteCommand).callsFake((input: { RequestItems: Record<string, unknown[]> }) => ({ UnprocessedItems: input.RequestItems }));
    const stored = record({ payload: reading(T0, { '1': 4 }) });
    const result = await handler(batch(stored));
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: stored.messageId }]);
    expect(dynamo.commandCalls(BatchWriteCommand)).toHaveLength(6);
  });

  it('sends unprocessed items again until they are written', async () => {
    let calls = 0;
    dynamo.on(BatchWriteCommand).callsFake((input: { RequestItems: Record<string, unknown[]> }) => {
      calls += 1;
      return calls === 1 ? { UnprocessedItems: input.RequestItems } : {};
    });
    const result = await handler(batch(record({ payload: reading(T0, { '1': 4 }) })));
    expect(result.batchItemFailures).toEqual([]);
    expect(calls).toBe(2);
    expect(ingestMetrics.unprocessedRetries).toBe(1);
  });

  it('a state write refused by a newer stored state makes the next batch read the sensor again', async () => {
    dynamo.on(PutCommand).rejects(new ConditionalCheckFailedException({ message: 'newer', $metadata: {} }));
    const result = await handler(batch(record({ payload: reading(T0, { '1': 4 }) })));
    expect(result.batchItemFailures).toEqual([]);

    dynamo.on(PutCommand).resolves({});
    dynamo.on(BatchGetCommand).resolves({ Responses: { table: [sensorItem(SENSOR), { pk: `C#${ORG}#SENSOR`, sk: `SENSOR#${SENSOR}#STATE`, lastCommunicated: iso(T0), lastReadingAt: iso(T0 + 1000), reading: { '1': 8 } }] } });
    await handler(batch(record({ payload: reading(T0 + 500, { '1': 4 }) })));
    expect(dynamo.commandCalls(BatchGetCommand)).toHaveLength(1);
    // The reading is older than the state another container stored: no state write.
    expect(dynamo.commandCalls(PutCommand)).toHaveLength(1);
  });

  it('an unreadable event without an organisation is dropped, not retried', async () => {
    const result = await handler(batch(record(JSON.stringify({ sourceDeviceId: SENSOR, payload: {} }))));
    expect(result.batchItemFailures).toEqual([]);
    expect(batchWritten()).toEqual([]);
  });

  describe('nothing one message can break (issue 11)', () => {
    const OTHER_GATEWAY = '8899AABBCCDDEEFF';
    const OTHER_SENSOR = 'B1B2C3D4';
    const lettersOf = () => deadLettersWritten().map((item) => ({ reason: item['reason'], sensorId: item['sensorId'], sourceDeviceId: item['sourceDeviceId'] }));

    beforeEach(() => {
      // A second gateway of the organisation, with its own sensor attached.
      partitions([sensorItem(SENSOR), doorItem(), sensorItem(OTHER_SENSOR, { gatewayId: OTHER_GATEWAY })]);
      dynamo.on(QueryCommand, { ExpressionAttributeValues: { ':pk': `C#${ORG}#GATEWAY` } }).resolves({
        Items: [gatewayItem, { pk: `C#${ORG}#GATEWAY`, sk: `GATEWAY#${OTHER_GATEWAY}`, id: OTHER_GATEWAY, name: 'Cellar gateway', siteId: 'site-1' }],
      });
    });

    it('a reading timed 9e15 is refused alone: another gateway\'s valid reading in the same SQS batch is stored, no record fails', async () => {
      const bad = record({ sourceDeviceId: GATEWAY, payload: { readings: [{ deviceId: SENSOR, time: 9e15, channels: { '1': 4 } }] } });
      const good = record({ sourceDeviceId: OTHER_GATEWAY, payload: { readings: [{ deviceId: OTHER_SENSOR, ...reading(T0 - minutes(1), { '1': 3.5 }) }] } });

      const result = await handler(batch(bad, good));

      expect(result.batchItemFailures).toEqual([]);
      expect(readingsWritten().map((item) => [item['pk'], item['sk'], item['c']])).toEqual([[`C#${ORG}#READING#${OTHER_SENSOR}`, iso(T0 - minutes(1)), { '1': 3.5 }]]);
      expect(lettersOf()).toEqual([{ reason: 'time: must be a time from 2000-01-01 to 2100-01-01', sensorId: undefined, sourceDeviceId: GATEWAY }]);
      expect(deadLettersWritten()[0]?.['payload']).toBe(`{"deviceId":"${SENSOR}","time":9000000000000000,"channels":{"1":4}}`);
    });

    it('every time a device gives is bounded: a reading, a batch\'s sentAt, a status; bad ones refused with the field\'s name', async () => {
      const result = await handler(batch(
        record({ payload: { time: -1, channels: { '1': 4 } } }),
        record({ payload: { time: 1_773_000_000, channels: { '1': 4 } } }),
        record({ payload: { time: 1.5e12 + 0.5, channels: { '1': 4 } } }),
        record({ payload: { time: '+275760-09-13T00:00:00.000Z', channels: { '1': 4 } } }),
        record({ sourceDeviceId: GATEWAY, payload: { sentAt: 9e15, readings: [{ deviceId: SENSOR, ...reading(T0 - minutes(3), { '1': 4 }) }] } }),
        record({ kind: 'status', sourceDeviceId: GATEWAY, payload: { time: 9e15, firmware: '2.4.1' } }),
        record({ payload: reading(T0 - minutes(2), { '1': 4 }) }),
      ));

      expect(result.batchItemFailures).toEqual([]);
      expect(lettersOf().map((letter) => letter.reason)).toEqual([
        'time: must be a time from 2000-01-01 to 2100-01-01',
        'time: must be a time from 2000-01-01 to 2100-01-01',
        'time: must be epoch milliseconds (an integer) or ISO 8601 with a zone',
        'time: must be epoch milliseconds (an integer) or ISO 8601 with a zone',
        'sentAt: must be a time from 2000-01-01 to 2100-01-01',
        'time: must be a time from 2000-01-01 to 2100-01-01',
      ]);
      expect(readingsWritten().map((item) => item['sk'])).toEqual([iso(T0 - minutes(2))]);
    });

    it('numbers must be finite: 1e400 (Infinity once parsed) is refused, never stored as null', async () => {
      const body = (payload: string) => `{"customerId":"${ORG}","sourceDeviceId":"${SENSOR}","kind":"readings","receivedAt":${T0},"payload":${payload}}`;
      const result = await handler(batch(
        record(body(`{"time":${T0},"channels":{"1":1e400}}`)),
        record(body(`{"time":${T0 - 1000},"channels":{"1":4},"battery":-1e400}`)),
      ));

      expect(result.batchItemFailures).toEqual([]);
      expect(readingsWritten()).toEqual([]);
      expect(lettersOf().map((letter) => letter.reason)).toEqual(['channels.1: must be a finite number', 'battery: must be a finite number']);
      expect(deadLettersWritten()[0]?.['payload']).toBe(`{"time":${T0},"channels":{"1":Infinity}}`);
    });

    it('a payload nested 10,000 deep is filed with its reason and the start of its text; the batch goes on', async () => {
      const deep = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
      const deepRecord = record(`{"customerId":"${ORG}","sourceDeviceId":"${SENSOR}","kind":"readings","receivedAt":${T0},"payload":${deep}}`);
      const result = await handler(batch(deepRecord, record({ payload: reading(T0 - minutes(1), { '1': 4 }) })));

      expect(result.batchItemFailures).toEqual([]);
      expect(lettersOf()).toEqual([{ reason: 'payload nests deeper than 16 levels', sensorId: undefined, sourceDeviceId: SENSOR }]);
      expect(String(deadLettersWritten()[0]?.['payload'])).toBe(`${deep.slice(0, 2000)}…`);
      expect(readingsWritten()).toHaveLength(1);
    });

    it('an event whose receive time is no time is filed at the record\'s own time, not thrown on', async () => {
      const result = await handler(batch(record({ receivedAt: 9e15, payload: reading(T0, { '1': 4 }) }), record({ payload: reading(T0 - minutes(1), { '1': 4 }) })));
      expect(result.batchItemFailures).toEqual([]);
      expect(deadLettersWritten()[0]).toMatchObject({ reason: expect.stringContaining('receivedAt') as unknown, receivedAt: iso(T0) });
      expect(readingsWritten()).toHaveLength(1);
    });

    it('a gateway relays only the sensors attached to it; a Wi-Fi sensor publishes for itself', async () => {
      const result = await handler(batch(
        record({ sourceDeviceId: OTHER_GATEWAY, payload: { readings: [{ deviceId: SENSOR, ...reading(T0 - minutes(2), { '1': 4 }) }, { deviceId: OTHER_SENSOR, ...reading(T0 - minutes(2), { '1': 5 }) }] } }),
        record({ sourceDeviceId: OTHER_SENSOR, payload: reading(T0 - minutes(1), { '1': 6 }) }),
      ));

      expect(result.batchItemFailures).toEqual([]);
      expect(lettersOf()).toEqual([{ reason: `sensor ${SENSOR} is not attached to gateway ${OTHER_GATEWAY}`, sensorId: SENSOR, sourceDeviceId: OTHER_GATEWAY }]);
      // A reading item names its source (g) only when it is not the sensor itself.
      expect(readingsWritten().map((item) => `${String(item['pk'])} ${String(item['g'] ?? 'itself')}`).sort()).toEqual([
        `C#${ORG}#READING#${OTHER_SENSOR} ${OTHER_GATEWAY}`,
        `C#${ORG}#READING#${OTHER_SENSOR} itself`,
      ]);
      // Checked against the cached configuration: no read per reading.
      expect(dynamo.commandCalls(BatchGetCommand)).toHaveLength(0);
    });

    it("a Wi-Fi sensor's own batch (store and forward) is stored whole, with or without deviceId; a reading of another device in it is refused alone", async () => {
      const result = await handler(batch(record({
        sourceDeviceId: OTHER_SENSOR,
        payload: {
          sentAt: iso(T0),
          readings: [reading(T0 - minutes(15), { '1': 4 }), { deviceId: OTHER_SENSOR, ...reading(T0 - minutes(10), { '1': 4.2 }) }, { deviceId: SENSOR, ...reading(T0 - minutes(5), { '1': 9 }) }, reading(T0 - minutes(5), { '1': 4.4 })],
        },
      })));

      expect(result.batchItemFailures).toEqual([]);
      expect(readingsWritten().map((item) => [item['pk'], item['sk'], item['g'] ?? 'itself'])).toEqual([
        [`C#${ORG}#READING#${OTHER_SENSOR}`, iso(T0 - minutes(15)), 'itself'],
        [`C#${ORG}#READING#${OTHER_SENSOR}`, iso(T0 - minutes(10)), 'itself'],
        [`C#${ORG}#READING#${OTHER_SENSOR}`, iso(T0 - minutes(5)), 'itself'],
      ]);
      expect(lettersOf()).toEqual([{ reason: `device ${OTHER_SENSOR} may publish only its own readings: it is not a gateway of this organisation`, sensorId: SENSOR, sourceDeviceId: OTHER_SENSOR }]);
    });
  });

  it('counts requests and consumed capacity for the benchmark', async () => {
    await handler(batch(record({ payload: reading(T0, { '1': 4 }) })));
    expect(ingestMetrics.snapshot()).toMatchObject({ messages: 1, readingsStored: 1, writeRequests: 2, writeCapacityUnits: 2, readRequests: 5, stateWrites: 1 });
    expect(ingestMetrics.perReading()).toMatchObject({ writeUnits: 2, writeRequests: 2 });
    ingestMetrics.reset();
    expect(ingestMetrics.snapshot().writeRequests).toBe(0);
    expect(ingestMetrics.perReading()).toBeUndefined();
  });

  describe('alarms (issue 13 section 2)', () => {
    const alarmProfileItem = (fields: Record<string, unknown> = {}) => ({
      pk: `C#${ORG}#ALARMPROFILE`, sk: 'ALARMPROFILE#ap-1', id: 'ap-1', name: 'Vaccine fridge', types: ['outOfRange'], alarmDelayMinutes: 0,
      notificationDelayMinutes: 0, snoozeIntervalMinutes: 30, snoozeLimit: 3, measurement: 'temperature', unit: 'C', min: 2, max: 8, deadband: 0.5,
      processBased: false, version: 1, ...fields,
    });
    const withProfile = (profile: Record<string, unknown>) => {
      partitions([sensorItem(SENSOR, { alarmProfileId: 'ap-1', departmentId: 'dep-1' }), doorItem()]);
      dynamo.on(QueryCommand, { ExpressionAttributeValues: { ':pk': `C#${ORG}#ALARMPROFILE` } }).resolves({ Items: [profile] });
      dynamo.on(QueryCommand, { ExpressionAttributeValues: { ':pk': `C#${ORG}#GATEWAY` } }).resolves({ Items: [{ ...gatewayItem, alarmProfileId: 'ap-1' }] });
      dynamo.on(TransactWriteCommand).resolves({});
      dynamo.on(UpdateCommand).resolves({});
    };
    const transacted = () => dynamo.commandCalls(TransactWriteCommand).flatMap((call) => call.args[0].input.TransactItems ?? []);
    const alarmPuts = (created: boolean) => transacted().flatMap((item) => (
      item.Put !== undefined && item.Put.Item?.['pk'] === `C#${ORG}#ALARM` && item.Put.ConditionExpression?.includes('attribute_not_exists') === created ? [item.Put.Item] : []));
    const alarmsCreated = () => alarmPuts(true);

    it('reads and writes nothing more for readings inside the limits', async () => {
      withProfile(alarmProfileItem());
      await handler(batch(record({ payload: reading(T0, { '1': 4 }) })));
      const reads = dynamo.commandCalls(GetCommand).length + dynamo.commandCalls(QueryCommand).length;
      vi.setSystemTime(T0 + minutes(1));
      await handler(batch(record({ payload: reading(T0 + minutes(1), { '1': 5 }) })));
      await handler(batch(record({ payload: reading(T0 + minutes(1) + 30_000, { '1': 6 }) })));
      expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(0);
      expect(dynamo.commandCalls(UpdateCommand)).toHaveLength(0);
      expect(dynamo.commandCalls(GetCommand).length + dynamo.commandCalls(QueryCommand).length).toBe(reads);
    });

    it('raises one alarm for an out-of-range reading (profile delay 0), at the reading\'s own time and placement, and keeps the engine state in the cache', async () => {
      withProfile(alarmProfileItem());
      const response = await handler(batch(record({ payload: reading(T0 - minutes(3), { '1': 9.5 }) })));
      expect(response.batchItemFailures).toEqual([]);
      expect(alarmsCreated()).toHaveLength(1);
      expect(alarmsCreated()[0]).toMatchObject({
        type: 'threshold', channel: '1', deviceId: SENSOR, siteId: 'site-1', locationId: 'loc-1', departmentId: 'dep-1', startedAt: iso(T0 - minutes(3)), status: 'active',
      });
      // The device's engine state, written on its version (0: created).
      const stateWrites = transacted().filter((item) => String(item.Put?.Item?.['sk']).endsWith('#ALARMS'));
      expect(stateWrites).toHaveLength(1);
      expect(stateWrites[0]?.Put?.ConditionExpression).toContain('attribute_not_exists');

      // A reading still out of range extends the cached alarm (read once, not raised again).
      const raised = alarmsCreated()[0];
      dynamo.on(GetCommand, { Key: { pk: raised?.['pk'], sk: raised?.['sk'] } }).resolves({ Item: raised });
      await handler(batch(record({ payload: reading(T0 - minutes(2), { '1': 9.8 }) })));
      expect(alarmsCreated()).toHaveLength(1);
      // Its worst value moved: one update on the alarm's version, and the state on its own (read from the cache, not the table).
      expect(alarmPuts(false)).toEqual([expect.objectContaining({ worstValue: 9.8, version: 2 })]);
      expect(dynamo.commandCalls(GetCommand).filter((call) => String(call.args[0].input.Key?.['sk']).endsWith('#ALARMS'))).toHaveLength(0);
    });

    it('sends the records back when the engine cannot write (observers are idempotent: the alarm ids come from the runs)', async () => {
      withProfile(alarmProfileItem());
      dynamo.on(TransactWriteCommand).rejects(new Error('throttled'));
      const event = batch(record({ payload: reading(T0 - minutes(1), { '1': 12 }) }));
      const response = await handler(event);
      expect(response.batchItemFailures).toEqual([{ itemIdentifier: event.Records[0]?.messageId }]);
      // The reading itself was stored: its redelivery is a duplicate Put.
      expect(readingsWritten()).toHaveLength(1);
    });

    it('sets an inactivity timer for a gateway heard from, once', async () => {
      withProfile(alarmProfileItem({ types: ['inactivity'], min: undefined, max: undefined }));
      await handler(batch(record({ sourceDeviceId: GATEWAY, kind: 'status', payload: { time: T0 } })));
      const timers = () => dynamo.commandCalls(PutCommand).filter((call) => String(call.args[0].input.Item?.['pk']).startsWith('ALARMCLOCK#'));
      expect(timers()).toHaveLength(1);
      // The default window of a gateway: twice its 5-minute heartbeat and a minute.
      expect(timers()[0]?.args[0].input.Item?.['pk']).toBe(`ALARMCLOCK#${iso(T0 + minutes(11)).slice(0, 16)}`);
      vi.setSystemTime(T0 + minutes(1));
      await handler(batch(record({ sourceDeviceId: GATEWAY, kind: 'status', payload: { time: T0 + minutes(1) } })));
      expect(timers()).toHaveLength(1);
    });

    it('reads a gateway\'s stored engine state at most once a window while it talks, though the clock moves its timer on without writing it', async () => {
      withProfile(alarmProfileItem({ types: ['inactivity'], min: undefined, max: undefined }));
      let stored: Record<string, unknown> | undefined;
      dynamo.on(TransactWriteCommand).callsFake((input: { TransactItems: Array<{ Put?: { Item: Record<string, unknown> } }> }) => {
        const state = input.TransactItems.find((item) => String(item.Put?.Item['sk']).endsWith('#ALARMS'))?.Put?.Item;
        if (state !== undefined) stored = state;
        return {};
      });
      dynamo.on(QueryCommand, { ExpressionAttributeValues: { ':pk': `C#${ORG}#GATEWAY` } }).callsFake(() => ({
        Items: [{ ...gatewayItem, alarmProfileId: 'ap-1' }, ...(stored === undefined ? [] : [stored])],
      }));
      dynamo.on(GetCommand).callsFake((input: { Key: Record<string, unknown> }) => ({ Item: input.Key['sk'] === stored?.['sk'] ? stored : undefined }));
      await handler(batch(record({ sourceDeviceId: GATEWAY, kind: 'status', payload: { time: T0 } })));
      // Armed: its window is 11 minutes; the stored wakeAt stays there (the clock writes no state to move the timer on).
      expect(stored).toMatchObject({ version: 1, wakeAt: T0 + minutes(11) });
      const writes = () => dynamo.commandCalls(TransactWriteCommand).length + dynamo.commandCalls(PutCommand).filter((call) => String(call.args[0].input.Item?.['pk']).startsWith('ALARMCLOCK#')).length;
      const engineReads = () => dynamo.commandCalls(GetCommand).filter((call) => String(call.args[0].input.Key?.['sk']).endsWith('#ALARMS')).length;
      const before = writes();
      for (let at = minutes(1); at <= minutes(60); at += minutes(1)) {
        vi.setSystemTime(T0 + at);
        await handler(batch(record({ sourceDeviceId: GATEWAY, kind: 'status', payload: { time: T0 + at } })));
      }
      expect(writes()).toBe(before);
      // Once a window (11 minutes) and after each reload of the cache (every 15 minutes) in 60 minutes of messages a
      // minute apart (7 here), not at each of the 50 after the first window.
      expect(engineReads()).toBeLessThanOrEqual(9);
    });

    it('does not fight the clock: the clock moving a sensor\'s inactivity timer costs the ingest no write or read between its reloads', async () => {
      withProfile(alarmProfileItem({ types: ['inactivity'], min: undefined, max: undefined, inactivityMinutes: 10 }));
      // The sensor's engine state as stored: the clock re-arms its timer at its newest reading + 10 minutes, every 10 minutes.
      let stored: Record<string, unknown> | undefined;
      dynamo.on(TransactWriteCommand).callsFake((input: { TransactItems: Array<{ Put?: { Item: Record<string, unknown> } }> }) => {
        const state = input.TransactItems.find((item) => String(item.Put?.Item['sk']).endsWith('#ALARMS'))?.Put?.Item;
        if (state !== undefined) stored = state;
        return {};
      });
      dynamo.on(QueryCommand, { ExpressionAttributeValues: { ':pk': `C#${ORG}#SENSOR` } }).callsFake(() => ({
        Items: [sensorItem(SENSOR, { alarmProfileId: 'ap-1' }), doorItem(), ...(stored === undefined ? [] : [stored])],
      }));
      await handler(batch(record({ payload: reading(T0, { '1': 4 }) })));
      expect(stored).toMatchObject({ version: 1, wakeAt: T0 + minutes(10) });
      const writes = () => dynamo.commandCalls(TransactWriteCommand).length + dynamo.commandCalls(PutCommand).filter((call) => String(call.args[0].input.Item?.['pk']).startsWith('ALARMCLOCK#')).length;
      const engineReads = () => dynamo.commandCalls(GetCommand).filter((call) => String(call.args[0].input.Key?.['sk']).endsWith('#ALARMS')).length;
      const before = writes();

      for (let at = minutes(5); at <= minutes(60); at += minutes(5)) {
        // What the clock did meanwhile (each 10 minutes: the timer moved, the state's version with it).
        if (stored !== undefined && Number(stored['wakeAt']) <= T0 + at) stored = { ...stored, version: Number(stored['version']) + 1, wakeAt: T0 + at - minutes(5) + minutes(10) };
        vi.setSystemTime(T0 + at);
        await handler(batch(record({ payload: reading(T0 + at, { '1': 4 }) })));
      }
      expect(writes()).toBe(before);
      expect(engineReads()).toBe(0);
    });

    it('reads the stored state before a sensor\'s first reading after a silence, and clears the inactivity the clock raised meanwhile', async () => {
      withProfile(alarmProfileItem({ types: ['inactivity'], min: undefined, max: undefined, inactivityMinutes: 10 }));
      await handler(batch(record({ payload: reading(T0, { '1': 4 }) })));
      const stateKey = { pk: `C#${ORG}#SENSOR`, sk: `SENSOR#${SENSOR}#ALARMS` };
      // Meanwhile the clock raised the sensor's inactivity (its state as stored; the alarm as stored).
      const alarm = {
        pk: `C#${ORG}#ALARM`, sk: 'ALARM#inactive-1', id: 'inactive-1', customerId: ORG, deviceKind: 'sensor', deviceId: SENSOR, deviceName: 'Sensor', siteId: 'site-1', type: 'inactivity',
        status: 'active', startedAt: iso(T0), raisedAt: iso(T0 + minutes(11)), lastRunStartedAt: iso(T0), lastValue: null, worstValue: null, worstAt: iso(T0), snoozeCount: 0,
        timeline: [{ at: iso(T0 + minutes(11)), kind: 'raised' }], version: 1,
      };
      dynamo.on(GetCommand, { Key: stateKey }).resolves({ Item: { ...stateKey, conditions: { 'inactivity#device': { tracker: {}, active: { id: 'inactive-1', startedAt: T0 } } }, version: 2 } });
      dynamo.on(GetCommand, { Key: { pk: alarm.pk, sk: alarm.sk } }).resolves({ Item: alarm });

      vi.setSystemTime(T0 + minutes(14));
      await handler(batch(record({ payload: reading(T0 + minutes(14), { '1': 4 }) })));

      expect(dynamo.commandCalls(GetCommand, { Key: stateKey })).toHaveLength(1);
      const cleared = transacted().find((item) => item.Put?.Item?.['sk'] === alarm.sk)?.Put?.Item;
      expect(cleared).toMatchObject({ clearedAt: iso(T0 + minutes(14)), version: 2 });

      // Reporting again on time: nothing read.
      vi.setSystemTime(T0 + minutes(15));
      await handler(batch(record({ payload: reading(T0 + minutes(15), { '1': 4 }) })));
      expect(dynamo.commandCalls(GetCommand, { Key: stateKey })).toHaveLength(1);
    });

    it('evaluates nothing for a sensor without an alarm profile, or a disabled one', async () => {
      withProfile(alarmProfileItem());
      partitions([sensorItem(SENSOR), sensorItem(DOOR, { alarmProfileId: 'ap-1', disabled: true })]);
      await handler(batch(record({ payload: reading(T0, { '1': 20 }) }), record({ sourceDeviceId: DOOR, payload: reading(T0, { '1': 20 }) })));
      expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(0);
    });
  });
});
