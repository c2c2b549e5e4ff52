import { DynamoDBDocumentClient, GetCommand, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@domain/core/messages';
import { apiEvent, claimsOf, invoke, liveSession, siteLimitedBasicUser } from '../shared/api-event.test-support';
import { resetBackendConfig } from '../shared/config';
import { handler } from './handler';

const dynamo = mockClient(DynamoDBDocumentClient);

type Item = Record<string, unknown>;

/** A shift as the store keeps it (the fields the list and the decoder read). */
const shift = (id: string, siteId: string): Item => ({
  pk: 'C#org-1#SHIFT', sk: `SHIFT#${id}`, gsi1pk: 'C#org-1#SHIFT', gsi1sk: `NAME#${id}`, id, name: `Shift ${id}`, siteId, locationId: 'loc-1',
  shiftType: 'allDay', schedules: [], createdAt: '2026-03-01T10:00:00.000Z', updatedAt: '2026-03-01T10:00:00.000Z', version: 1,
});
const SHIFTS = [shift('morning', 'site-1'), shift('bakery', 'site-2'), shift('depot', 'site-9')];

/** What each partition holds (the list's index partition, a location's references, a membership). */
let partitions: Map<string, Item[]>;
const answerQuery = (input: QueryCommandInput) => ({ Items: partitions.get(String(input.ExpressionAttributeValues?.[':pk'])) ?? [] });

/** A basic user limited to site-1 (of location loc-1, which also has site-2). */
const limitedReader = (accountId = 'b-1') => siteLimitedBasicUser(dynamo, partitions, accountId);

const names = (body: unknown) => (body as { items: { id: string }[] }).items.map((item) => item.id);

describe('shifts handler: site scope', () => {
  beforeEach(() => {
    dynamo.reset();
    process.env['TABLE_NAME'] = 'table';
    process.env['LOG_LEVEL'] = 'ERROR';
    resetBackendConfig();
    partitions = new Map([['C#org-1#SHIFT', SHIFTS]]);
    dynamo.on(GetCommand).resolves({});
    dynamo.on(QueryCommand).callsFake(answerQuery);
    const session = liveSession();
    dynamo.on(GetCommand, { Key: session.key }).resolves(session.answer);
    // The administrator (acc-1) has corporate access: every site.
    dynamo.on(GetCommand, { Key: { pk: 'C#org-1#USER', sk: 'USER#acc-1' } }).resolves({ Item: { accountId: 'acc-1', hasDefaultLocAccess: true } });
    for (const item of SHIFTS) dynamo.on(GetCommand, { Key: { pk: item['pk'], sk: item['sk'] } }).resolves({ Item: item });
  });

  it("lists only the shifts of the sites a limited reader may reach; an administrator's list has them all", async () => {
    const limited = await invoke(handler, apiEvent('GET /api/shifts', { claims: limitedReader() }));
    expect(limited.status).toBe(200);
    expect(names(limited.body)).toEqual(['morning']);

    const admin = await invoke(handler, apiEvent('GET /api/shifts', { claims: claimsOf('admin') }));
    expect(names(admin.body)).toEqual(['morning', 'bakery', 'depot']);
  });

  it("answers a limited reader's request for a shift of another site as not found", async () => {
    const claims = limitedReader();
    const own = await invoke(handler, apiEvent('GET /api/shifts/{id}', { claims, pathParameters: { id: 'morning' } }));
    expect(own.status).toBe(200);
    const other = await invoke(handler, apiEvent('GET /api/shifts/{id}', { claims, pathParameters: { id: 'bakery' } }));
    expect(other).toMatchObject({ status: 404, body: { message: MESSAGES.shiftNotFound } });
  });
});

describe('shifts handler: the HACCP module (issue 16)', () => {
  const organisationKey = { pk: 'C#org-1#ORGANISATION', sk: 'ORGANISATION' };
  const withHaccp = (isHaccapAvailable: boolean) => ({ Item: { modules: { isHaccapAvailable, enableAuditModule: false, enableIVR: false, enablePager: false } } });

  beforeEach(() => {
    dynamo.reset();
    process.env['TABLE_NAME'] = 'table';
    process.env['LOG_LEVEL'] = 'ERROR';
    resetBackendConfig();
    partitions = new Map([['C#org-1#SHIFT', SHIFTS]]);
    dynamo.on(GetCommand).resolves({});
    dynamo.on(QueryCommand).callsFake(answerQuery);
    const session = liveSession();
    dynamo.on(GetCommand, { Key: session.key }).resolves(session.answer);
    dynamo.on(GetCommand, { Key: { pk: 'C#org-1#USER', sk: 'USER#acc-1' } }).resolves({ Item: { accountId: 'acc-1', hasDefaultLocAccess: true } });
  });

  it('refuses every call with 403 and the message while the organisation has not got HACCP, and serves it once it has', async () => {
    dynamo.on(GetCommand, { Key: organisationKey }).resolves(withHaccp(false));
    const refused = await invoke(handler, apiEvent('GET /api/shifts', { claims: claimsOf('admin') }));
    expect(refused).toMatchObject({ status: 403, body: { message: MESSAGES.moduleNotEnabled } });
    // Refused before the action: nothing of the shifts was read.
    expect(dynamo.commandCalls(QueryCommand)).toHaveLength(0);

    dynamo.on(GetCommand, { Key: organisationKey }).resolves(withHaccp(true));
    expect((await invoke(handler, apiEvent('GET /api/shifts', { claims: claimsOf('admin') }))).status).toBe(200);
  });
});
