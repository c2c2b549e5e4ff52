import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, DynamoDBDocumentClient, QueryCommand, TransactWriteCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@domain/core/messages';
import { sensorInputSchema } from '@domain/devices/sensor';
import type { Caller } from '../../shared/caller';
import { SENSORS_PER_TRANSACTION, SensorInUseError, SensorStore, toSensorRecord } from './sensors';
import { newestBatchItem } from '../newest-readings';

const dynamo = mockClient(DynamoDBDocumentClient);
const now = new Date('2026-05-01T12:00:00Z');
const store = new SensorStore(DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'local' })), 'table', () => now);
const caller: Caller = { userId: 'u-1', email: 'admin@x.example', role: 'admin', customerId: 'org-1', accountId: 'a-1', isPortalLogin: true, tokenId: 't' };

const config = (id: string, fields: Record<string, unknown> = {}) => ({
  pk: 'C#org-1#SENSOR', sk: `SENSOR#${id}`, id, name: `Sensor ${id}`, deviceModel: 'CT-100', siteId: 's-1', locationId: 'l-1', gatewayId: 'G1',
  channels: [{ channel: 1, dataLoggingProfileId: 'p-1', sensorType: 'temperature', sensorSubType: 'freezer' }], connectionType: 'subGhz',
  deviceStatus: 'active', version: 2, createdAt: '2026-04-01T00:00:00Z', ...fields,
});
const state = (id: string, lastReadingAt = '2026-05-01T11:58:00Z') => ({ pk: 'C#org-1#SENSOR', sk: `SENSOR#${id}#STATE`, lastCommunicated: lastReadingAt, lastReadingAt, battery: 90 });

/**
 * The partition as DynamoDB returns it: sorted by sort key, `pageSize` items a page, honouring
 * the start key; a site's reference partition lists the sensors on that site (the keyed site
 * filter), and a batch get finds items by key.
 */
function partition(items: Record<string, unknown>[], pageSize: number) {
  const all = [...items].sort((a, b) => String(a['sk']).localeCompare(String(b['sk'])));
  dynamo.on(BatchGetCommand).callsFake((input: { RequestItems: Record<string, { Keys: Record<string, unknown>[] }> }) => {
    const keys = input.RequestItems['table']?.Keys ?? [];
    return { Responses: { table: all.filter((item) => keys.some((key) => key['pk'] === item['pk'] && key['sk'] === item['sk'])) } };
  });
  dynamo.on(QueryCommand).callsFake((input: QueryCommandInput) => {
    const site = /^C#org-1#SITE#(.+)#REF$/.exec(String(input.ExpressionAttributeValues?.[':pk']))?.[1];
    const sorted = site === undefined
      ? all
      : all.filter((item) => item['siteId'] === site).map((item) => ({ pk: `C#org-1#SITE#${site}#REF`, sk: item['sk'], kind: 'SENSOR', id: item['id'] }));
    const start = input.ExclusiveStartKey ? sorted.findIndex((item) => item['sk'] === input.ExclusiveStartKey?.['sk']) + 1 : 0;
    const size = Math.min(pageSize, input.Limit ?? pageSize);
    const page = sorted.slice(start, start + size);
    const last = page.at(-1);
    return { Items: page, ...(start + size < sorted.length && last ? { LastEvaluatedKey: { pk: last['pk'], sk: last['sk'] } } : {}) };
  });
}

describe('SensorStore.listPage', () => {
  beforeEach(() => dynamo.reset());

  it('pairs each sensor with its state across DynamoDB pages, and pages by cursor without losing or repeating one', async () => {
    partition([config('AAAA0001'), state('AAAA0001'), config('AAAA0002'), config('AAAA0003'), state('AAAA0003', '2026-04-01T00:00:00Z'), config('AAAA00030'), state('AAAA00030')], 3);
    const first = await store.listPage('org-1', { limit: 2 });
    expect(first.items.map((sensor) => [sensor.id, sensor.live.online])).toEqual([['AAAA0001', true], ['AAAA0002', false]]);
    expect(first.nextCursor).toBeDefined();
    const startKey = JSON.parse(Buffer.from(first.nextCursor ?? '', 'base64url').toString()) as Record<string, unknown>;
    const second = await store.listPage('org-1', { limit: 2, startKey });
    expect(second.items.map((sensor) => [sensor.id, sensor.live.online, sensor.live.battery])).toEqual([['AAAA0003', false, 90], ['AAAA00030', true, 90]]);
    expect(second.nextCursor).toBeUndefined();
  });

  it('applies the filters as it reads, reading on until the page is full', async () => {
    partition(Array.from({ length: 30 }, (_, index) => config(`BBBB${String(index).padStart(4, '0')}`, { siteId: index % 10 === 0 ? 's-2' : 's-1' })), 7);
    const page = await store.listPage('org-1', { limit: 2 }, { siteId: 's-2' });
    expect(page.items.map((sensor) => sensor.id)).toEqual(['BBBB0000', 'BBBB0010']);
    expect(page.nextCursor).toBeDefined();
    const hidden = await store.listPage('org-1', { limit: 50 }, { keep: (sensor) => sensor.id.endsWith('5') });
    expect(hidden.items.map((sensor) => sensor.id)).toEqual(['BBBB0005', 'BBBB0015', 'BBBB0025']);
    expect(hidden.nextCursor).toBeUndefined();
  });
});

describe('SensorStore.listPage: the newest readings (docs/decisions/0081-newest-readings-for-the-sensor-list.md)', () => {
  beforeEach(() => dynamo.reset());

  it('shows each relayed sensor\'s newest reading from its gateway\'s batch items, a Wi-Fi sensor\'s from its own Query', async () => {
    const reading = (time: string, value: number) => ({ time, channels: { '1': value }, battery: 77, signal: -64, receivedAt: '2026-05-01T11:59:30.000Z', sourceDeviceId: 'G1' });
    const items = [config('AAAA0001'), state('AAAA0001', '2026-05-01T11:00:00.000Z'), config('AAAA0002', { connectionType: 'wifi' })];
    const batches = [
      newestBatchItem('org-1', 'G1', 'm-2', [{ sensorId: 'AAAA0001', fields: reading('2026-05-01T11:59:00.000Z', 4.4) }]),
      newestBatchItem('org-1', 'G1', 'm-1', [{ sensorId: 'AAAA0001', fields: reading('2026-05-01T11:58:00.000Z', 4.1) }]),
    ];
    dynamo.on(QueryCommand).callsFake((input: QueryCommandInput) => {
      const pk = String(input.ExpressionAttributeValues?.[':pk']);
      if (pk === 'C#org-1#SENSOR') return { Items: items };
      if (pk === 'C#org-1#NEWEST#G1') return { Items: batches };
      if (pk === 'C#org-1#READING#AAAA0002') return { Items: [{ pk, sk: '2026-05-01T11:57:00.000Z', c: { '1': 9 }, r: 1000 }] };
      return { Items: [] };
    });

    const page = await store.listPage('org-1', { limit: 10 });

    expect(page.items.map((sensor) => [sensor.id, sensor.live.lastReadingAt, sensor.live.reading, sensor.live.battery])).toEqual([
      ['AAAA0001', '2026-05-01T11:59:00.000Z', { '1': 4.4 }, 77],
      ['AAAA0002', '2026-05-01T11:57:00.000Z', { '1': 9 }, undefined],
    ]);
    const asked = dynamo.commandCalls(QueryCommand).map((call) => String(call.args[0].input.ExpressionAttributeValues?.[':pk']));
    expect(asked).not.toContain('C#org-1#READING#AAAA0001');
    expect(asked).toContain('C#org-1#READING#AAAA0002');
  });
});

describe('SensorStore writes', () => {
  beforeEach(() => {
    dynamo.reset();
    dynamo.on(TransactWriteCommand).resolves({});
  });

  it('adds a sensor with its references, gateway count, profile use and audit entry, only if the id is new', async () => {
    await store.create(caller, 'org-1', sensorInputSchema.parse({
      id: 'a1b2c3d4', name: 'Cooler', deviceModel: 'CT-200', locationId: 'l-1', siteId: 's-1', gatewayId: 'g1', connectionType: 'subGhz',
      channels: [
        { channel: 1, dataLoggingProfileId: 'p-1', sensorType: 'temperature', sensorSubType: 'freezer' },
        { channel: 2, dataLoggingProfileId: 'p-1', sensorType: 'humidity', sensorSubType: 'relativeHumidity' },
      ],
    }));
    const items = dynamo.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems ?? [];
    expect(items[0]?.Put).toMatchObject({
      ConditionExpression: 'attribute_not_exists(pk)',
      Item: { pk: 'C#org-1#SENSOR', sk: 'SENSOR#A1B2C3D4', gsi2pk: 'C#org-1#GATEWAY#G1#SENSORS', gsi2sk: 'SENSOR#A1B2C3D4', disabled: false, registeredOn: now.toISOString() },
    });
    const updates = items.flatMap((item) => (item.Update ? [[item.Update.Key, item.Update.UpdateExpression, item.Update.ExpressionAttributeValues]] : []));
    expect(updates).toEqual([
      [{ pk: 'C#org-1#SITE', sk: 'SITE#s-1' }, 'ADD refCount :one', { ':one': 1 }],
      [{ pk: 'C#org-1#LOCATION', sk: 'LOCATION#l-1' }, 'ADD refCount :one', { ':one': 1 }],
      [{ pk: 'C#org-1#GATEWAY', sk: 'GATEWAY#G1' }, 'ADD sensorCount :delta', { ':delta': 1 }],
      [{ pk: 'C#org-1#DATALOGGINGPROFILE', sk: 'DATALOGGINGPROFILE#p-1' }, 'ADD useCount :delta', { ':delta': 2 }],
      // The organisation's device configuration version: the ingest's cache reloads when it moves.
      [{ pk: 'C#org-1#DEVICECONFIG', sk: 'VERSION' }, 'ADD #version :one', { ':one': 1 }],
    ]);
    expect(items.at(-1)?.Put?.Item).toMatchObject({ type: 'AuditEntry', entityId: 'A1B2C3D4', action: 'create' });
  });

  it('adds sensors of one placement together: each with its references and audit entry, the shared counts once', async () => {
    const sensor = (id: string) => sensorInputSchema.parse({
      id, name: id, deviceModel: 'CT-100', locationId: 'l-1', siteId: 's-1', gatewayId: 'g1', connectionType: 'subGhz',
      channels: [{ channel: 1, dataLoggingProfileId: 'p-1', sensorType: 'temperature', sensorSubType: 'freezer' }],
    });
    const records = await store.createMany(caller, 'org-1', ['A1B2C3D4', 'B1B2C3D4', 'C1B2C3D4'].map(sensor));
    expect(records.map((record) => [record.id, record.version, record.registeredOn])).toEqual([
      ['A1B2C3D4', 1, now.toISOString()], ['B1B2C3D4', 1, now.toISOString()], ['C1B2C3D4', 1, now.toISOString()],
    ]);
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(1);
    const items = dynamo.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems ?? [];
    expect(items.filter((item) => item.Put?.ConditionExpression === 'attribute_not_exists(pk)').map((item) => item.Put?.Item?.['sk']))
      .toEqual(['SENSOR#A1B2C3D4', 'SENSOR#B1B2C3D4', 'SENSOR#C1B2C3D4']);
    const updates = items.flatMap((item) => (item.Update ? [[item.Update.Key, item.Update.UpdateExpression, item.Update.ExpressionAttributeValues]] : []));
    expect(updates).toEqual([
      [{ pk: 'C#org-1#SITE', sk: 'SITE#s-1' }, 'ADD refCount :count', { ':count': 3 }],
      [{ pk: 'C#org-1#LOCATION', sk: 'LOCATION#l-1' }, 'ADD refCount :count', { ':count': 3 }],
      [{ pk: 'C#org-1#GATEWAY', sk: 'GATEWAY#G1' }, 'ADD sensorCount :delta', { ':delta': 3 }],
      [{ pk: 'C#org-1#DATALOGGINGPROFILE', sk: 'DATALOGGINGPROFILE#p-1' }, 'ADD useCount :delta', { ':delta': 3 }],
      [{ pk: 'C#org-1#DEVICECONFIG', sk: 'VERSION' }, 'ADD #version :one', { ':one': 1 }],
    ]);
    expect(items.filter((item) => item.Put?.Item?.['type'] === 'REFERENCE')).toHaveLength(6);
    expect(items.filter((item) => item.Put?.Item?.['type'] === 'AuditEntry').map((item) => item.Put?.Item?.['entityId'])).toEqual(['A1B2C3D4', 'B1B2C3D4', 'C1B2C3D4']);
    // Four items a sensor, the four counts and the version once.
    expect(items).toHaveLength(3 * 4 + 5);
    // A full batch stays within DynamoDB's 100 items: the site's and location's counts, the gateway's, up to four profiles', the version.
    expect(SENSORS_PER_TRANSACTION * 4 + 2 + 1 + 4 + 1).toBeLessThanOrEqual(100);
    await expect(store.createMany(caller, 'org-1', [sensor('A1B2C3D4'), { ...sensor('B1B2C3D4'), siteId: 's-2' }])).rejects.toThrow();
    await expect(store.createMany(caller, 'org-1', Array.from({ length: SENSORS_PER_TRANSACTION + 1 }, () => sensor('A1B2C3D4')))).rejects.toThrow();
  });

  it("counts a sensor on the alarm profile it names, on the profile existing: +1 on create, once for a batch, -1 and +1 on a change, -1 on delete", async () => {
    // Prepare
    const alarmProfileUses = () => dynamo.commandCalls(TransactWriteCommand).map((call) => (call.args[0].input.TransactItems ?? [])
      .filter((item) => String(item.Update?.Key?.['pk']) === 'C#org-1#ALARMPROFILE')
      .map((item) => [item.Update?.Key?.['sk'], item.Update?.ExpressionAttributeNames?.['#count'], item.Update?.ExpressionAttributeValues?.[':delta'], item.Update?.ConditionExpression]));
    const sensor = (id: string, alarmProfileId = 'ap-1') => sensorInputSchema.parse({
      id, name: id, deviceModel: 'CT-100', locationId: 'l-1', siteId: 's-1', gatewayId: 'g1', connectionType: 'subGhz', alarmProfileId,
      channels: [{ channel: 1, dataLoggingProfileId: 'p-1', sensorType: 'temperature', sensorSubType: 'freezer' }],
    });
    const record = toSensorRecord(config('A1B2C3D4', { alarmProfileId: 'ap-1' }));

    // Act
    await store.create(caller, 'org-1', sensor('A1B2C3D4'));
    await store.createMany(caller, 'org-1', [sensor('B1B2C3D4'), sensor('C1B2C3D4')]);
    await store.update(caller, 'org-1', record, { ...sensor('A1B2C3D4', 'ap-2'), name: record.name });
    await store.update(caller, 'org-1', record, { ...sensor('A1B2C3D4'), name: 'Renamed' });
    await store.delete(caller, 'org-1', record);

    // Assess
    const exists = 'attribute_exists(pk)';
    expect(alarmProfileUses()).toEqual([
      [['ALARMPROFILE#ap-1', 'sensorCount', 1, exists]],
      [['ALARMPROFILE#ap-1', 'sensorCount', 2, exists]],
      [['ALARMPROFILE#ap-1', 'sensorCount', -1, exists], ['ALARMPROFILE#ap-2', 'sensorCount', 1, exists]],
      [],
      [['ALARMPROFILE#ap-1', 'sensorCount', -1, exists]],
    ]);
    // Sensors added together share their alarm profile (one count item for the batch).
    await expect(store.createMany(caller, 'org-1', [sensor('D1B2C3D4'), sensor('E1B2C3D4', 'ap-2')])).rejects.toThrow();
  });

  it('refuses a sensor naming an alarm profile the organisation does not have, with the spec message', async () => {
    // Prepare: the sensor, its two references (a put and a count each), the gateway's count, the logging profile's, then the alarm profile's.
    dynamo.on(TransactWriteCommand).rejects(new TransactionCanceledException({
      message: 'cancelled', $metadata: {}, CancellationReasons: [...Array.from({ length: 7 }, () => ({ Code: 'None' })), { Code: 'ConditionalCheckFailed' }],
    }));

    // Act, Assess
    await expect(store.create(caller, 'org-1', sensorInputSchema.parse({
      id: 'a1b2c3d4', name: 'Cooler', deviceModel: 'CT-100', locationId: 'l-1', siteId: 's-1', gatewayId: 'g1', connectionType: 'subGhz', alarmProfileId: 'missing',
      channels: [{ channel: 1, dataLoggingProfileId: 'p-1', sensorType: 'temperature', sensorSubType: 'freezer' }],
    }))).rejects.toMatchObject({ kind: 'validation', message: MESSAGES.alarmProfileUnknown });
  });

  it('finds which ids are already sensors, and where, asking again for the keys DynamoDB left unprocessed', async () => {
    dynamo.on(BatchGetCommand)
      .resolvesOnce({
        Responses: { table: [{ id: 'A1B2C3D4', siteId: 's-1' }] },
        UnprocessedKeys: { table: { Keys: [{ pk: 'C#org-1#SENSOR', sk: 'SENSOR#B1B2C3D4' }] } },
      })
      .resolves({ Responses: { table: [{ id: 'B1B2C3D4', siteId: 's-2' }] } });
    const sites = await store.existingSites('org-1', ['A1B2C3D4', 'B1B2C3D4', 'C1B2C3D4', 'NOT#AN-ID']);
    expect([...sites]).toEqual([['A1B2C3D4', 's-1'], ['B1B2C3D4', 's-2']]);
    const calls = dynamo.commandCalls(BatchGetCommand).map((call) => call.args[0].input.RequestItems?.['table']);
    expect(calls[0]).toMatchObject({ ConsistentRead: true, Keys: ['A1B2C3D4', 'B1B2C3D4', 'C1B2C3D4'].map((id) => ({ pk: 'C#org-1#SENSOR', sk: `SENSOR#${id}` })) });
    expect(calls[1]?.Keys).toEqual([{ pk: 'C#org-1#SENSOR', sk: 'SENSOR#B1B2C3D4' }]);
  });

  it('refuses to delete a sensor with notes, naming it, and writes nothing', async () => {
    const record = toSensorRecord(config('A1B2C3D4', { name: 'Dairy chiller', noteCount: 2 }));
    const refusal = await store.delete(caller, 'org-1', record).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(SensorInUseError);
    expect((refusal as SensorInUseError).refusal).toEqual({ message: 'Sensor Dairy chiller cannot be deleted while it has notes.', sensorName: 'Dairy chiller', noteCount: 2 });
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('says a note added since the read stops the delete, rather than "changed by someone else"', async () => {
    dynamo.on(TransactWriteCommand).rejects(new TransactionCanceledException({
      message: 'cancelled', $metadata: {}, CancellationReasons: [{ Code: 'ConditionalCheckFailed' }],
    }));
    dynamo.on(QueryCommand).resolves({ Items: [config('A1B2C3D4', { name: 'Dairy chiller', noteCount: 1 })] });
    const refusal = await store.delete(caller, 'org-1', toSensorRecord(config('A1B2C3D4', { name: 'Dairy chiller' }))).catch((error: unknown) => error);
    expect((refusal as SensorInUseError).refusal).toMatchObject({ sensorName: 'Dairy chiller', noteCount: 1 });
  });

  it('deletes on the version and no notes, with its state, references, counts and due items', async () => {
    const change = { id: 'c-1', action: 'enable', at: '2026-06-01T00:00:00.000Z', requestedBy: 'x', requestedAt: 'y', requestedByUserId: 'u', requestedByRole: 'admin' };
    await store.delete(caller, 'org-1', toSensorRecord(config('A1B2C3D4', { scheduledChanges: [change] })));
    const items = dynamo.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems ?? [];
    expect(items[0]?.Delete).toMatchObject({ ConditionExpression: '#version = :expected AND (attribute_not_exists(noteCount) OR noteCount <= :zero)', ExpressionAttributeValues: { ':expected': 2, ':zero': 0 } });
    expect(items.flatMap((item) => (item.Delete ? [item.Delete.Key] : []))).toEqual(expect.arrayContaining([
      { pk: 'C#org-1#SENSOR', sk: 'SENSOR#A1B2C3D4#STATE' },
      { pk: 'C#org-1#SITE#s-1#REF', sk: 'SENSOR#A1B2C3D4' },
      { pk: 'C#org-1#LOCATION#l-1#REF', sk: 'SENSOR#A1B2C3D4' },
      { pk: 'C#org-1#SENSOR#A1B2C3D4', sk: 'SCHEDULEDCHANGE#c-1' },
    ]));
    expect(items.some((item) => item.Update?.UpdateExpression === 'ADD sensorCount :delta' && item.Update.ExpressionAttributeValues?.[':delta'] === -1)).toBe(true);
    expect(items.filter((item) => item.Update?.Key?.['pk'] === 'C#org-1#DEVICECONFIG' && item.Update.UpdateExpression === 'ADD #version :one')).toHaveLength(1);
    // A timer for the alarm clock's next minute: it finds the sensor gone and clears its open alarms.
    expect(items.flatMap((item) => (item.Put?.Item?.['pk'] === 'ALARMCLOCK#2026-05-01T12:00' ? [item.Put.Item['timers']] : []))).toEqual([{ 'org-1': ['SA1B2C3D4'] }]);
  });

  it('disables now, refusing a sensor already disabled; a scheduled change writes its due item', async () => {
    const record = toSensorRecord(config('A1B2C3D4'));
    const after = await store.disableNow(caller, 'org-1', record, 'Defrost', undefined);
    expect(after).toMatchObject({ disabled: true, disable: { disabledOn: now.toISOString(), disabledBy: caller.email, reason: 'Defrost' }, version: 3 });
    // The disable moves the organisation's device configuration version in its own transaction: the ingest sees it within its check.
    const disableItems = dynamo.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems ?? [];
    expect(disableItems.find((item) => item.Update?.Key?.['pk'] === 'C#org-1#DEVICECONFIG')?.Update).toMatchObject({
      Key: { pk: 'C#org-1#DEVICECONFIG', sk: 'VERSION' }, UpdateExpression: 'ADD #version :one', ExpressionAttributeValues: { ':one': 1 },
    });
    await expect(store.disableNow(caller, 'org-1', after, 'Again', undefined)).rejects.toMatchObject({ message: MESSAGES.sensorAlreadyDisabled });
    dynamo.resetHistory();
    const scheduled = await store.scheduleDisable(caller, 'org-1', record, '2026-05-02T08:30:00.000Z', 'Refit', undefined);
    const due = dynamo.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems?.find((item) => item.Put?.Item?.['type'] === 'ScheduledDeviceChange');
    expect(due?.Put?.Item).toMatchObject({
      pk: 'C#org-1#SENSOR#A1B2C3D4', gsi1pk: 'DEVICECHANGE#DUE#2026-05-02T08', customerId: 'org-1', deviceId: 'A1B2C3D4', action: 'disable',
      sk: `SCHEDULEDCHANGE#${scheduled.scheduledChanges[0]?.id ?? ''}`,
    });
  });
});
