import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Alarm } from '@domain/alarms/alarm';
import { MESSAGES } from '@domain/core/messages';
import { alarmPutParams } from '../data';
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
  snoozeCount: 0, timeline: [{ kind: 'raised', at: '2026-03-10T08:00:00.000Z', value: -10 }], version: 3, ...fields,
});
/** The item the data layer stores for an alarm (keys and all). */
const itemOf = (record: Alarm) => alarmPutParams('table', 'org-1', record).Item;
const alarmKey = (id: string) => ({ pk: 'C#org-1#ALARM', sk: `ALARM#${id}` });
const stored = (record: Alarm) => dynamo.on(GetCommand, { Key: alarmKey(record.id) }).resolves({ Item: itemOf(record) });
const transactItems = (call = 0) => dynamo.commandCalls(TransactWriteCommand)[call]?.args[0].input.TransactItems ?? [];

/** A basic user assigned site-1 only, of location loc-1 (which has site-1 and site-2). */
function basicUser(accountId = 'b-1') {
  const session = liveSession(accountId);
  dynamo.on(GetCommand, { Key: session.key }).resolves(session.answer);
  dynamo.on(GetCommand, { Key: { pk: 'C#org-1#USER', sk: `USER#${accountId}` } })
    .resolves({ Item: { accountId, locationIds: ['loc-1'], siteIds: ['site-1'] } });
  dynamo.on(QueryCommand, { ExpressionAttributeValues: { ':pk': 'C#org-1#LOCATION#loc-1#REF', ':kind': 'SITE#' } })
    .resolves({ Items: [{ kind: 'SITE', id: 'site-1', name: 'Kitchen' }, { kind: 'SITE', id: 'site-2', name: 'Bakery' }] });
  return claimsOf('basicuser', accountId);
}

describe('alarms handler', () => {
  beforeEach(() => {
    dynamo.reset();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    process.env['TABLE_NAME'] = 'table';
    process.env['LOG_LEVEL'] = 'ERROR';
    resetBackendConfig();
    dynamo.on(GetCommand).resolves({});
    dynamo.on(QueryCommand).resolves({ Items: [] });
    const session = liveSession();
    dynamo.on(GetCommand, { Key: session.key }).resolves(session.answer);
    // The administrator has corporate access: every site of the organisation.
    dynamo.on(GetCommand, { Key: { pk: 'C#org-1#USER', sk: 'USER#acc-1' } }).resolves({ Item: { accountId: 'acc-1', hasDefaultLocAccess: true } });
    dynamo.on(TransactWriteCommand).resolves({});
  });
  afterEach(() => {
    vi.useRealTimers();
    process.env = { ...savedEnvironment };
    resetBackendConfig();
  });

  it('refuses a range longer than 7 days in the spec\'s words', async () => {
    const result = await invoke(handler, apiEvent('GET /api/alarms', { query: { status: 'history', from: '2026-03-01T00:00:00.000Z', to: '2026-03-08T00:00:01.000Z' } }));
    expect(result).toEqual({ status: 400, body: { message: MESSAGES.alarmFilterMaxRange, details: { to: MESSAGES.alarmFilterMaxRange } } });
    expect(dynamo.commandCalls(QueryCommand, { IndexName: 'gsi1' })).toHaveLength(0);
  });

  it('lists the active alarms newest first from the status index, without their timelines', async () => {
    dynamo.on(QueryCommand, { IndexName: 'gsi1' }).resolves({ Items: [itemOf(alarm('a-2', { startedAt: '2026-03-10T09:00:00.000Z' })), itemOf(alarm('a-1'))] });
    const result = await invoke(handler, apiEvent('GET /api/alarms'));
    expect(result.status).toBe(200);
    const { items } = result.body as { items: Alarm[] };
    expect(items.map((item) => [item.id, item.timeline])).toEqual([['a-2', []], ['a-1', []]]);
    expect(dynamo.commandCalls(QueryCommand, { IndexName: 'gsi1' })[0]?.args[0].input).toMatchObject({
      ScanIndexForward: false, ExpressionAttributeValues: { ':pk': 'C#org-1#ALARMS#active' },
    });
  });

  it('acknowledges on the version read, with its audit entry, in one transaction', async () => {
    stored(alarm('a-1'));
    const result = await invoke(handler, apiEvent('PUT /api/alarms/{id}/acknowledge', {
      pathParameters: { id: 'a-1' }, body: { reason: 'Door left open', correctiveAction: 'Closed the door' },
    }));
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({
      id: 'a-1', status: 'active', acknowledgedBy: 'acc-1@demo.example', acknowledgedAt: new Date(NOW).toISOString(),
      acknowledgeReason: 'Door left open', correctiveAction: 'Closed the door', version: 4,
    });
    const [put, audit] = transactItems();
    expect(transactItems()).toHaveLength(2);
    expect(put?.Put).toMatchObject({
      TableName: 'table',
      Item: { pk: 'C#org-1#ALARM', sk: 'ALARM#a-1', version: 4, acknowledgeReason: 'Door left open' },
      ConditionExpression: expect.stringContaining(':expected') as unknown,
    });
    expect(Object.values(put?.Put?.ExpressionAttributeValues ?? {})).toContain(3);
    expect(audit?.Put?.Item).toMatchObject({ pk: 'C#org-1#AUDIT', entityType: 'ALARM', entityId: 'a-1', action: 'update' });
  });

  it('a cleared alarm acknowledged moves to history', async () => {
    stored(alarm('a-1', { clearedAt: '2026-03-10T09:00:00.000Z' }));
    const result = await invoke(handler, apiEvent('PUT /api/alarms/{id}/acknowledge', { pathParameters: { id: 'a-1' }, body: { reason: 'Defrost' } }));
    expect(result.body).toMatchObject({ status: 'history' });
    expect(transactItems()[0]?.Put?.Item).toMatchObject({ status: 'history', gsi1pk: 'C#org-1#ALARMS#history' });
  });

  it('refuses an acknowledgement without a reason, and a second one, in the product\'s words', async () => {
    stored(alarm('a-1'));
    expect(await invoke(handler, apiEvent('PUT /api/alarms/{id}/acknowledge', { pathParameters: { id: 'a-1' }, body: { reason: '  ' } })))
      .toMatchObject({ status: 400, body: { message: MESSAGES.acknowledgeReasonRequired } });
    stored(alarm('a-2', { acknowledgedAt: '2026-03-10T10:00:00.000Z', acknowledgedBy: 'x@y' }));
    expect(await invoke(handler, apiEvent('PUT /api/alarms/{id}/acknowledge', { pathParameters: { id: 'a-2' }, body: { reason: 'Seen' } })))
      .toEqual({ status: 409, body: { message: MESSAGES.alarmAlreadyAcknowledged } });
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('answers 409 when the engine changed the alarm meanwhile', async () => {
    stored(alarm('a-1'));
    dynamo.on(TransactWriteCommand).rejects(new TransactionCanceledException({
      message: 'cancelled', $metadata: {}, CancellationReasons: [{ Code: 'ConditionalCheckFailed' }, { Code: 'None' }],
    }));
    expect(await invoke(handler, apiEvent('PUT /api/alarms/{id}/acknowledge', { pathParameters: { id: 'a-1' }, body: { reason: 'Seen' } })))
      .toEqual({ status: 409, body: { message: MESSAGES.concurrentChange } });
  });

  it('gives a basic user 404 for an alarm of a site they do not reach, and lists only their sites\' alarms', async () => {
    const basic = basicUser();
    stored(alarm('a-9', { siteId: 'site-2' }));
    expect(await invoke(handler, apiEvent('GET /api/alarms/{id}', { claims: basic, pathParameters: { id: 'a-9' } })))
      .toEqual({ status: 404, body: { message: MESSAGES.alarmNotFound } });
    expect(await invoke(handler, apiEvent('PUT /api/alarms/{id}/acknowledge', { claims: basic, pathParameters: { id: 'a-9' }, body: { reason: 'Seen' } })))
      .toEqual({ status: 404, body: { message: MESSAGES.alarmNotFound } });
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(0);

    dynamo.on(QueryCommand, { IndexName: 'gsi1' }).resolves({ Items: [itemOf(alarm('a-9', { siteId: 'site-2' })), itemOf(alarm('a-1'))] });
    const list = await invoke(handler, apiEvent('GET /api/alarms', { claims: basic }));
    expect((list.body as { items: Alarm[] }).items.map((item) => item.id)).toEqual(['a-1']);
  });

  it('acknowledges several alarms each on its own version, and says which were refused', async () => {
    stored(alarm('a-1'));
    stored(alarm('a-2', { acknowledgedAt: '2026-03-10T10:00:00.000Z', acknowledgedBy: 'x@y' }));
    const result = await invoke(handler, apiEvent('POST /api/alarms/acknowledge', { body: { ids: ['a-1', 'a-2', 'a-3'], reason: 'Checked' } }));
    expect(result.status).toBe(200);
    const body = result.body as { acknowledged: Alarm[]; refused: { id: string; code: string; message: string }[] };
    expect(body.acknowledged.map((item) => item.id)).toEqual(['a-1']);
    expect(body.refused).toEqual([
      { id: 'a-2', code: 'alarmAlreadyAcknowledged', message: MESSAGES.alarmAlreadyAcknowledged },
      { id: 'a-3', code: 'alarmNotFound', message: MESSAGES.alarmNotFound },
    ]);
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(1);
    expect(await invoke(handler, apiEvent('POST /api/alarms/acknowledge', { body: { ids: [], reason: 'Checked' } })))
      .toMatchObject({ status: 400, body: { message: MESSAGES.nothingSelected } });
  });

  it('snoozes within the profile\'s interval and limit', async () => {
    stored(alarm('a-1', { snoozeCount: 1 }));
    dynamo.on(GetCommand, { Key: { pk: 'C#org-1#ALARMPROFILE', sk: 'ALARMPROFILE#p-1' } }).resolves({ Item: { snoozeIntervalMinutes: 15, snoozeLimit: 2 } });
    const result = await invoke(handler, apiEvent('PUT /api/alarms/{id}/snooze', { pathParameters: { id: 'a-1' } }));
    expect(result.body).toMatchObject({ snoozeCount: 2, snoozedUntil: new Date(NOW + 15 * 60_000).toISOString() });
    expect(transactItems()[1]?.Put?.Item).toMatchObject({ entityType: 'ALARM', entityId: 'a-1' });

    stored(alarm('a-1', { snoozeCount: 2 }));
    expect(await invoke(handler, apiEvent('PUT /api/alarms/{id}/snooze', { pathParameters: { id: 'a-1' } })))
      .toEqual({ status: 409, body: { message: MESSAGES.alarmSnoozeLimitReached } });
  });

  it('counts the active alarms the caller reaches', async () => {
    dynamo.on(QueryCommand, { IndexName: 'gsi1' }).resolves({ Items: [
      itemOf(alarm('a-1')), itemOf(alarm('a-2', { type: 'contact', acknowledgedAt: '2026-03-10T10:00:00.000Z' })), itemOf(alarm('a-3', { siteId: 'site-2', deviceId: 'S-a-1' })),
    ] });
    expect((await invoke(handler, apiEvent('GET /api/alarms/summary'))).body).toEqual({
      active: 3, unacknowledged: 2, byType: { threshold: 2, contact: 1 }, bySite: { 'site-1': 2, 'site-2': 1 }, byDevice: { 'S-a-1': 2, 'S-a-2': 1 },
    });
    expect((await invoke(handler, apiEvent('GET /api/alarms/summary', { claims: basicUser() }))).body).toMatchObject({ active: 2, bySite: { 'site-1': 2 } });
  });

  it('keeps helpdesk and super administrators out (organisation staff only)', async () => {
    expect((await invoke(handler, apiEvent('GET /api/alarms', { claims: claimsOf('helpdesk') }))).status).toBe(403);
  });
});
