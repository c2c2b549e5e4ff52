import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { MESSAGES } from '@domain/core/messages';
import { DEMO_ORGANISATION } from '../../local/demo';
import { LOCAL_REGION } from '../../local/identity';
import { api, createUser, type TestUser } from '../support/identity';
import { entityHistoryPartition } from '../../lambdas/data';

const stack = inject('stack');

interface Item { id: string; name: string; version: number }

describe.each([
  { resource: 'departments', taken: MESSAGES.departmentNameTaken, entity: 'DEPARTMENT' as const },
  { resource: 'divisions', taken: MESSAGES.divisionNameTaken, entity: 'DIVISION' as const },
])('/api/$resource through the local gateway', ({ resource, taken, entity }) => {
  let admin: TestUser;
  let basicUser: TestUser;
  let otherAdmin: TestUser;
  const path = `/${resource}`;

  beforeAll(async () => {
    // Users of the demo organisation of their own: the demo accounts' sessions are left to
    // the browser tests (the test stack allows 3 sessions per user).
    admin = await createUser(stack, 'admin', DEMO_ORGANISATION.customerId);
    basicUser = await createUser(stack, 'basicuser', DEMO_ORGANISATION.customerId);
    otherAdmin = await createUser(stack, 'admin', `other-org-${resource}`);
  });

  it('lets an admin create, read, rename and delete, and the list follows', async () => {
    const created = await api(stack, admin, 'POST', path, { name: '  Cold Room  ' });
    expect(created.status).toBe(201);
    const item = created.body as Item;
    expect(item.name).toBe('Cold Room');

    expect((await api(stack, admin, 'GET', `${path}/${item.id}`)).body).toMatchObject({ id: item.id, name: 'Cold Room' });

    const renamed = await api(stack, admin, 'PUT', `${path}/${item.id}`, { name: 'Cold Store' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Cold Store', version: 2 });

    const patched = await api(stack, admin, 'PATCH', `${path}/${item.id}`, { name: 'Cold Store 2' });
    expect(patched.body).toMatchObject({ name: 'Cold Store 2', version: 3 });

    // The list reads an eventually consistent index (on AWS and, under load, locally): wait for it.
    const listedNames = async () => ((await api(stack, admin, 'GET', path)).body as { items: Item[] }).items.map((entry) => entry.name);
    await expect.poll(listedNames).toContain('Cold Store 2');

    expect((await api(stack, admin, 'DELETE', `${path}/${item.id}`)).status).toBe(204);
    expect((await api(stack, admin, 'GET', `${path}/${item.id}`)).status).toBe(404);
    // The name is free again once its owner is gone.
    const again = await api(stack, admin, 'POST', path, { name: 'Cold Store 2' });
    expect(again.status).toBe(201);
  });

  it('refuses a 21-character name with the spec message, and an empty one', async () => {
    const tooLong = await api(stack, admin, 'POST', path, { name: 'x'.repeat(21) });
    expect(tooLong).toEqual({ status: 400, body: { message: MESSAGES.nameMax20, details: { name: MESSAGES.nameMax20 } } });
    expect((await api(stack, admin, 'POST', path, { name: 'x'.repeat(20) })).status).toBe(201);
    expect((await api(stack, admin, 'POST', path, { name: '   ' })).body).toMatchObject({ message: MESSAGES.nameRequired });
    expect((await api(stack, admin, 'POST', path, '{not json')).body).toEqual({ message: MESSAGES.invalidRequestBody });
  });

  it('keeps names unique within the organisation, whatever the case, and under concurrency', async () => {
    expect((await api(stack, admin, 'POST', path, { name: 'Bakery' })).status).toBe(201);
    expect(await api(stack, admin, 'POST', path, { name: 'bakery ' })).toEqual({ status: 409, body: { message: taken } });

    const racers = await Promise.all(
      Array.from({ length: 5 }, () => api(stack, admin, 'POST', path, { name: 'Race' })),
    );
    expect(racers.map((result) => result.status).sort()).toEqual([201, 409, 409, 409, 409]);

    const other = await api(stack, admin, 'POST', path, { name: 'Pastry' });
    const renameToTaken = await api(stack, admin, 'PUT', `${path}/${(other.body as Item).id}`, { name: 'BAKERY' });
    expect(renameToTaken).toEqual({ status: 409, body: { message: taken } });
    // The same name in another organisation is another name.
    expect((await api(stack, otherAdmin, 'POST', path, { name: 'Bakery' })).status).toBe(201);
  });

  it('lets a basic user read but not write', async () => {
    const created = (await api(stack, admin, 'POST', path, { name: 'Readable' })).body as Item;
    expect((await api(stack, basicUser, 'GET', path)).status).toBe(200);
    expect((await api(stack, basicUser, 'GET', `${path}/${created.id}`)).status).toBe(200);
    expect((await api(stack, basicUser, 'POST', path, { name: 'Nope' })).status).toBe(403);
    expect((await api(stack, basicUser, 'PUT', `${path}/${created.id}`, { name: 'Nope' })).status).toBe(403);
    expect((await api(stack, basicUser, 'DELETE', `${path}/${created.id}`)).status).toBe(403);
  });

  it('never shows one organisation the items of another', async () => {
    const mine = (await api(stack, admin, 'POST', path, { name: 'Private' })).body as Item;
    const theirs = await api(stack, otherAdmin, 'GET', path);
    expect((theirs.body as { items: Item[] }).items.map((item) => item.id)).not.toContain(mine.id);
    expect((await api(stack, otherAdmin, 'GET', `${path}/${mine.id}`)).status).toBe(404);
    expect((await api(stack, otherAdmin, 'DELETE', `${path}/${mine.id}`)).status).toBe(404);
    // Claiming the other organisation in the headers is refused.
    const spoofed = await api(stack, otherAdmin, 'GET', path, undefined, { customerid: DEMO_ORGANISATION.customerId });
    expect(spoofed).toEqual({ status: 403, body: { message: MESSAGES.tenantMismatch } });
  });

  it('answers 401 without a valid token', async () => {
    expect((await api(stack, undefined, 'GET', path)).status).toBe(401);
    const forged = { ...admin, token: `${admin.token.slice(0, -4)}AAAA` };
    expect((await api(stack, forged, 'GET', path)).status).toBe(401);
  });

  it('pages through a long list with a cursor, sorted by name, and refuses a forged cursor', async () => {
    const pager = await createUser(stack, 'admin', `pager-org-${resource}`);
    const names = Array.from({ length: 7 }, (_, index) => `Item ${String.fromCharCode(71 - index)}`);
    for (const name of names) expect((await api(stack, pager, 'POST', path, { name })).status).toBe(201);
    const pageThrough = async () => {
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await api(stack, pager, 'GET', `${path}?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
        const body = page.body as { items: Item[]; nextCursor?: string };
        expect(body.items.length).toBeLessThanOrEqual(3);
        seen.push(...body.items.map((item) => item.name));
        cursor = body.nextCursor;
      } while (cursor);
      return seen;
    };
    await expect.poll(pageThrough).toEqual([...names].sort());

    const forged = Buffer.from(JSON.stringify({ gsi1pk: `C#${DEMO_ORGANISATION.customerId}#${entity}`, gsi1sk: 'x', pk: 'x', sk: 'x' })).toString('base64url');
    expect(await api(stack, pager, 'GET', `${path}?cursor=${forged}`)).toEqual({ status: 400, body: { message: MESSAGES.invalidCursor } });
  });

  it('records who changed what, before and after, in the audit trail', async () => {
    const created = (await api(stack, admin, 'POST', path, { name: 'Audited' })).body as Item;
    await api(stack, admin, 'PUT', `${path}/${created.id}`, { name: 'Audited 2' });
    await api(stack, admin, 'DELETE', `${path}/${created.id}`);
    const documents = DynamoDBDocumentClient.from(
      new DynamoDBClient({ endpoint: stack.dynamoEndpoint, region: LOCAL_REGION, credentials: stack.credentials }),
    );
    const history = await documents.send(new QueryCommand({
      TableName: stack.tableName,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': entityHistoryPartition(DEMO_ORGANISATION.customerId, entity, created.id) },
    }));
    const entries = history.Items ?? [];
    expect(entries.map((entry) => entry['action'])).toEqual(['create', 'update', 'delete']);
    expect(entries[1]).toMatchObject({
      actor: { email: admin.email, role: 'admin' },
      changes: [{ field: 'name', before: 'Audited', after: 'Audited 2' }],
    });
    documents.destroy();
  });
});
