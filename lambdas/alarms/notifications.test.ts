import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, DynamoDBDocumentClient, GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Alarm } from '@domain/alarms/alarm';
import { MESSAGES } from '@domain/core/messages';
import type { AlarmNotification, FailedNotification } from '@domain/notifications/delivery-answers';
import { alarmPutParams, deliveryCreate, type NotificationDelivery } from '../data';
import { apiEvent, claimsOf, invoke, liveSession } from '../shared/api-event.test-support';
import { resetBackendConfig } from '../shared/config';
import { handler } from './handler';

const dynamo = mockClient(DynamoDBDocumentClient);
const savedEnvironment = { ...process.env };
const NOW = Date.parse('2026-03-10T12:00:00.000Z');

const alarm = (id: string, fields: Partial<Alarm> = {}): Alarm => ({
  id, deviceKind: 'sensor', deviceId: `S-${id}`, deviceName: `Freezer ${id}`, profileId: 'p-1', channel: '1', type: 'threshold', status: 'active',
  siteId: 'site-1', locationId: 'loc-1', startedAt: '2026-03-10T08:00:00.000Z', raisedAt: '2026-03-10T08:30:00.000Z',
  lastRunStartedAt: '2026-03-10T08:00:00.000Z', lastValue: -12, worstValue: -10, worstAt: '2026-03-10T08:20:00.000Z',
  snoozeCount: 0, timeline: [], version: 3, ...fields,
});
const delivery = (fields: Partial<NotificationDelivery>): NotificationDelivery => ({
  customerId: 'org-1', alarmId: 'a-1', stepKey: '0:alarm:u-1', channel: 'text', kind: 'alarm', level: 1, accountId: 'u-1', status: 'dead', attempts: 5,
  dueAt: '2026-03-10T08:30:00.000Z', queuedAt: '2026-03-10T08:30:00.000Z', updatedAt: '2026-03-10T08:45:00.000Z', siteId: 'site-1',
  provider: 'text', to: '+15550100200', lastError: 'Throttling: Rate exceeded', nextAttemptAt: '2026-03-10T08:50:00.000Z', version: 6, ...fields,
});
const deliveryItem = (record: NotificationDelivery) => (deliveryCreate('table', record).item.Put?.Item ?? {});
const storedAlarm = (record: Alarm) => dynamo.on(GetCommand, { Key: { pk: 'C#org-1#ALARM', sk: `ALARM#${record.id}` } }).resolves({ Item: alarmPutParams('table', 'org-1', record).Item });
const storedDelivery = (record: NotificationDelivery) =>
  dynamo.on(GetCommand, { Key: { pk: `C#org-1#NOTICE#${record.alarmId}`, sk: `NOTICE#${record.stepKey}#${record.channel}` } }).resolves({ Item: deliveryItem(record) });

/** A basic user assigned site-1 only, of location loc-1 (which has site-1 and site-2). */
function basicUser(accountId = 'b-1') {
  const session = liveSession(accountId);
  dynamo.on(GetCommand, { Key: session.key }).resolves(session.answer);
  dynamo.on(GetCommand, { Key: { pk: 'C#org-1#USER', sk: `USER#${accountId}` } }).resolves({ Item: { accountId, locationIds: ['loc-1'], siteIds: ['site-1'] } });
  dynamo.on(QueryCommand, { ExpressionAttributeValues: { ':pk': 'C#org-1#LOCATION#loc-1#REF', ':kind': 'SITE#' } })
    .resolves({ Items: [{ kind: 'SITE', id: 'site-1', name: 'Kitchen' }, { kind: 'SITE', id: 'site-2', name: 'Bakery' }] });
  return claimsOf('basicuser', accountId);
}

describe("an alarm's messages and the dead-letter store", () => {
  beforeEach(() => {
    dynamo.reset();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    process.env['TABLE_NAME'] = 'table';
    process.env['LOG_LEVEL'] = 'ERROR';
    resetBackendConfig();
    dynamo.on(GetCommand).resolves({});
    dynamo.on(QueryCommand).resolves({ Items: [] });
    dynamo.on(BatchGetCommand).resolves({ Responses: { table: [] } });
    const session = liveSession();
    dynamo.on(GetCommand, { Key: session.key }).resolves(session.answer);
    dynamo.on(GetCommand, { Key: { pk: 'C#org-1#USER', sk: 'USER#acc-1' } }).resolves({ Item: { accountId: 'acc-1', hasDefaultLocAccess: true } });
    dynamo.on(TransactWriteCommand).resolves({});
  });
  afterEach(() => {
    vi.useRealTimers();
    process.env = { ...savedEnvironment };
    resetBackendConfig();
  });

  it("lists an alarm's messages newest first with their recipients' names from the organisation, never the address", async () => {
    storedAlarm(alarm('a-1'));
    dynamo.on(QueryCommand, { ExpressionAttributeValues: { ':pk': 'C#org-1#NOTICE#a-1' } }).resolves({ Items: [
      deliveryItem(delivery({})),
      deliveryItem(delivery({ stepKey: '0:reminder:1:u-2', kind: 'reminder', reminder: 1, accountId: 'u-2', channel: 'email', status: 'sent', attempts: 1, dueAt: '2026-03-10T09:00:00.000Z', sentAt: '2026-03-10T09:00:02.000Z', lastError: undefined, nextAttemptAt: undefined })),
    ] });
    dynamo.on(BatchGetCommand).resolves({ Responses: { table: [{ accountId: 'u-1', email: 'u1@demo.example', firstName: 'Rita', lastName: 'Reader' }, { accountId: 'u-2', email: 'u2@demo.example' }] } });
    const result = await invoke(handler, apiEvent('GET /api/alarms/{id}/notifications', { pathParameters: { id: 'a-1' }, claims: basicUser() }));
    expect(result.status).toBe(200);
    const { items } = result.body as { items: AlarmNotification[] };
    expect(items.map((item) => [item.stepKey, item.status, item.recipientName])).toEqual([
      ['0:reminder:1:u-2', 'sent', 'u2@demo.example'],
      ['0:alarm:u-1', 'dead', 'Rita Reader'],
    ]);
    expect(items[1]).toMatchObject({ lastError: 'Throttling: Rate exceeded', attempts: 5 });
    expect(JSON.stringify(items)).not.toContain('+15550100200');
    const keys = dynamo.commandCalls(BatchGetCommand)[0]?.args[0].input.RequestItems?.['table']?.Keys;
    expect(keys).toEqual([{ pk: 'C#org-1#USER', sk: 'USER#u-2' }, { pk: 'C#org-1#USER', sk: 'USER#u-1' }]);
  });

  it("is 404 for an alarm on a site the basic user does not reach, before any message is read", async () => {
    storedAlarm(alarm('a-2', { siteId: 'site-2' }));
    const result = await invoke(handler, apiEvent('GET /api/alarms/{id}/notifications', { pathParameters: { id: 'a-2' }, claims: basicUser() }));
    expect(result).toEqual({ status: 404, body: { message: MESSAGES.alarmNotFound } });
    expect(dynamo.commandCalls(QueryCommand, { ExpressionAttributeValues: { ':pk': 'C#org-1#NOTICE#a-2' } })).toHaveLength(0);
  });

  it('lists the dead messages most recently failed first, with their alarm, and refuses a basic user', async () => {
    dynamo.on(QueryCommand, { IndexName: 'gsi1' }).resolves({ Items: [deliveryItem(delivery({}))], LastEvaluatedKey: { gsi1pk: 'C#org-1#NOTICES#dead', gsi1sk: 'x', pk: 'p', sk: 's' } });
    dynamo.on(BatchGetCommand).resolves({ Responses: { table: [alarmPutParams('table', 'org-1', alarm('a-1')).Item] } });
    const result = await invoke(handler, apiEvent('GET /api/notifications/failed', { query: { limit: '10' } }));
    expect(result.status).toBe(200);
    const page = result.body as { items: FailedNotification[]; nextCursor?: string };
    expect(page.items).toEqual([expect.objectContaining({ alarmId: 'a-1', status: 'dead', deviceName: 'Freezer a-1', deviceId: 'S-a-1', alarmType: 'threshold', siteId: 'site-1' })]);
    expect(page.nextCursor).toEqual(expect.any(String));
    expect(dynamo.commandCalls(QueryCommand, { IndexName: 'gsi1' })[0]?.args[0].input).toMatchObject({
      ScanIndexForward: false, Limit: 10, ExpressionAttributeValues: expect.objectContaining({ ':pk': 'C#org-1#NOTICES#dead' }),
    });
    expect((await invoke(handler, apiEvent('GET /api/notifications/failed', { claims: basicUser() }))).status).toBe(403);
  });

  it('resends a dead message on the version read: queued, attempts from zero, no retry time', async () => {
    storedAlarm(alarm('a-1'));
    storedDelivery(delivery({}));
    const result = await invoke(handler, apiEvent('POST /api/notifications/failed/resend', { body: { alarmId: 'a-1', stepKey: '0:alarm:u-1', channel: 'text' } }));
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ status: 'queued', attempts: 0, updatedAt: new Date(NOW).toISOString() });
    expect(result.body).not.toHaveProperty('nextAttemptAt');
    const [write] = dynamo.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems ?? [];
    expect(write?.Put?.Item).toMatchObject({ status: 'queued', attempts: 0, version: 7, gsi1pk: 'C#org-1#NOTICES#queued' });
    expect(write?.Put?.Item).not.toHaveProperty('nextAttemptAt');
    expect(write?.Put?.ExpressionAttributeValues).toMatchObject({ ':expected': 6 });
  });

  it('refuses a message that is no longer dead (409), one resent meanwhile (409) and an unknown one (404)', async () => {
    storedAlarm(alarm('a-1'));
    storedDelivery(delivery({ status: 'sent' }));
    const body = { alarmId: 'a-1', stepKey: '0:alarm:u-1', channel: 'text' };
    expect(await invoke(handler, apiEvent('POST /api/notifications/failed/resend', { body }))).toEqual({ status: 409, body: { message: MESSAGES.notificationNoLongerFailed } });
    storedDelivery(delivery({}));
    dynamo.on(TransactWriteCommand).rejects(new TransactionCanceledException({ message: 'cancelled', $metadata: {}, CancellationReasons: [{ Code: 'ConditionalCheckFailed' }] }));
    expect(await invoke(handler, apiEvent('POST /api/notifications/failed/resend', { body }))).toEqual({ status: 409, body: { message: MESSAGES.notificationNoLongerFailed } });
    expect(await invoke(handler, apiEvent('POST /api/notifications/failed/resend', { body: { ...body, channel: 'email' } }))).toEqual({ status: 404, body: { message: MESSAGES.notificationDeliveryNotFound } });
  });

  it("is 404 for a dead message of an alarm on a site the caller does not reach", async () => {
    const admin = claimsOf('admin', 'adm-2');
    const session = liveSession('adm-2');
    dynamo.on(GetCommand, { Key: session.key }).resolves(session.answer);
    dynamo.on(GetCommand, { Key: { pk: 'C#org-1#USER', sk: 'USER#adm-2' } }).resolves({ Item: { accountId: 'adm-2', locationIds: [] } });
    storedAlarm(alarm('a-1'));
    storedDelivery(delivery({}));
    const result = await invoke(handler, apiEvent('POST /api/notifications/failed/resend', { claims: admin, body: { alarmId: 'a-1', stepKey: '0:alarm:u-1', channel: 'text' } }));
    expect(result).toEqual({ status: 404, body: { message: MESSAGES.notificationDeliveryNotFound } });
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });
});
