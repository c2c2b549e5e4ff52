import { randomBytes, randomUUID } from 'node:crypto';
import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MESSAGES } from '@domain/core/messages';
import type { CustomerGroup, Organisation, OrganisationWithCounts, SuperadminAuditEntry } from '@domain/organisation/organisation';
import { deadLetterPartition } from '../../lambdas/data';
import { DEMO_ORGANISATION } from '../../local/demo';
import { identityClient, LOCAL_REGION } from '../../local/identity';
import { connectDevice } from '../support/devices';
import { acceptInvitation, api, createUser, readLatestCode, type TestUser } from '../support/identity';

const stack = inject('stack');
const NEW_PASSWORD = 'Harbour#2026pass';

const documents = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: stack.dynamoEndpoint, region: LOCAL_REGION, credentials: stack.credentials }));
afterAll(() => documents.destroy());

/** Signs in; the identity service's refusal as text when it refuses. */
async function signInWith(email: string, password: string): Promise<{ token?: string; session?: string; challenge?: string; refusal?: string }> {
  const client = identityClient(stack.identityEndpoint, stack.credentials);
  try {
    const result = await client.send(new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH', ClientId: stack.portalClientId, AuthParameters: { USERNAME: email, PASSWORD: password },
    }));
    return {
      ...(result.AuthenticationResult?.IdToken ? { token: result.AuthenticationResult.IdToken } : {}),
      ...(result.Session ? { session: result.Session } : {}),
      ...(result.ChallengeName ? { challenge: result.ChallengeName } : {}),
    };
  } catch (error) {
    return { refusal: (error as Error).message };
  } finally {
    client.destroy();
  }
}


const items = <T>(body: unknown): T[] => (body as { items: T[] }).items;

describe('super-administration of organisations (issue 16 section 1)', () => {
  let superadmin: TestUser;
  let group: CustomerGroup;
  const suffix = randomUUID().slice(0, 8);
  const administratorEmail = `owner-${suffix}@harbour.example`;
  let organisation: Organisation;
  let owner: TestUser;

  beforeAll(async () => {
    superadmin = await createUser(stack, 'superadmin');
    const created = await api(stack, superadmin, 'POST', '/superadmin/customergroups', { name: `Harbour Group ${suffix}` });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    group = created.body as CustomerGroup;
  });

  it('creates an organisation whose invited administrator signs in from the outbox and sees an empty organisation', async () => {
    const since = new Date();
    const created = await api(stack, superadmin, 'POST', '/superadmin/organisations', {
      name: `Harbour Pharmacy ${suffix}`, address: '2 Quay Street', city: 'Bristol', country: 'United Kingdom', postalCode: 'BS1 4DJ',
      timezone: 'Europe/London', lang: 'fr', uom: 'F', customerGroupId: group.id,
      modules: { isHaccapAvailable: true, enableAuditModule: true, enableIVR: false, enablePager: true },
      subscriptionStart: '2026-01-01', subscriptionEnd: '2026-12-31',
      administrator: { email: administratorEmail.toUpperCase(), firstName: 'Hana', lastName: 'Harbour' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    organisation = created.body as Organisation;
    expect(organisation).toMatchObject({
      name: `Harbour Pharmacy ${suffix}`, timezone: 'Europe/London', lang: 'fr', uom: 'F', customerGroupId: group.id, status: 'active', version: 1,
      modules: { isHaccapAvailable: true, enableAuditModule: true, enableIVR: false, enablePager: true },
    });

    const temporaryPassword = await readLatestCode(stack, administratorEmail, 'email', since);
    const token = await acceptInvitation(stack, administratorEmail, temporaryPassword, NEW_PASSWORD);
    const accountId = String((created.body as { administratorAccountId: string }).administratorAccountId);
    owner = { email: administratorEmail, role: 'admin', customerId: organisation.customerId, accountId, token };
    const me = await api(stack, owner, 'GET', '/account/me');
    expect(me.body).toMatchObject({ accountid: accountId, customerid: organisation.customerId, role: 'admin', isHaccapAvailable: true, enablePager: true, enableAuditModule: true });
    for (const path of ['/sites', '/sensors', '/gateways']) {
      const listed = await api(stack, owner, 'GET', path);
      expect(listed.status, path).toBe(200);
      expect(items(listed.body), path).toEqual([]);
    }
    // Its counts: the administrator, nothing else; found by a search of its name.
    const found = await api(stack, superadmin, 'GET', `/superadmin/organisations?search=${encodeURIComponent(`pharmacy ${suffix}`)}`);
    expect(items<OrganisationWithCounts>(found.body).map((entry) => [entry.customerId, entry.counts])).toEqual([
      [organisation.customerId, { sites: 0, users: 1, sensors: 0, gateways: 0, activeAlarms: 0 }],
    ]);
    const demo = await api(stack, superadmin, 'GET', `/superadmin/organisations/${DEMO_ORGANISATION.customerId}`);
    expect(demo.body).toMatchObject({ name: DEMO_ORGANISATION.name, customerGroupId: DEMO_ORGANISATION.customerGroupId, status: 'active' });
    expect((demo.body as OrganisationWithCounts).counts.sites).toBeGreaterThan(0);
  });

  it("refuses, in the product's words, what an organisation cannot be made of", async () => {
    const body = { name: `Refused ${suffix}`, timezone: 'Europe/London', customerGroupId: group.id, administrator: { email: `r-${suffix}@test.example`, firstName: 'R', lastName: 'R' } };
    expect(await api(stack, superadmin, 'POST', '/superadmin/organisations', { ...body, customerGroupId: 'no-such-group' }))
      .toMatchObject({ status: 400, body: { message: MESSAGES.customerGroupNotFound } });
    expect(await api(stack, superadmin, 'POST', '/superadmin/organisations', { ...body, name: '' }))
      .toMatchObject({ status: 400, body: { message: MESSAGES.organisationNameRequired } });
    // The email signs in for another organisation already.
    expect(await api(stack, superadmin, 'POST', '/superadmin/organisations', { ...body, administrator: { ...body.administrator, email: 'admin@demo.example' } }))
      .toMatchObject({ status: 409, body: { message: MESSAGES.userRegisteredByAnotherClient } });
    expect(await api(stack, superadmin, 'POST', '/superadmin/customergroups', { name: group.name.toUpperCase() }))
      .toMatchObject({ status: 400, body: { message: MESSAGES.customerGroupNameTaken } });
    expect(items<CustomerGroup>((await api(stack, superadmin, 'GET', '/superadmin/customergroups')).body).map((entry) => entry.id))
      .toEqual(expect.arrayContaining([group.id, DEMO_ORGANISATION.customerGroupId]));
  });

  it('renames a customer group, keeping its id, unless another group has the name; the trail has it', async () => {
    const add = async (name: string) => (await api(stack, superadmin, 'POST', '/superadmin/customergroups', { name })).body as CustomerGroup;
    const [kept, other] = [await add(`Rename me ${suffix}`), await add(`Other group ${suffix}`)];
    expect(await api(stack, superadmin, 'PUT', `/superadmin/customergroups/${kept.id}`, { name: other.name.toLowerCase() }))
      .toMatchObject({ status: 400, body: { message: MESSAGES.customerGroupNameTaken } });
    expect(await api(stack, superadmin, 'PUT', '/superadmin/customergroups/no-such-group', { name: `Anything ${suffix}` })).toMatchObject({ status: 404 });
    const renamed = await api(stack, superadmin, 'PUT', `/superadmin/customergroups/${kept.id}`, { name: `Renamed ${suffix}` });
    expect(renamed).toMatchObject({ status: 200, body: { id: kept.id, name: `Renamed ${suffix}` } });
    expect(items<CustomerGroup>((await api(stack, superadmin, 'GET', '/superadmin/customergroups')).body).find((entry) => entry.id === kept.id)?.name).toBe(`Renamed ${suffix}`);
    const trail = items<SuperadminAuditEntry>((await api(stack, superadmin, 'GET', '/superadmin/audit?limit=20')).body);
    expect(trail.find((entry) => entry.targetId === kept.id && entry.action === 'customerGroup.update'))
      .toMatchObject({ before: { name: `Rename me ${suffix}` }, after: { name: `Renamed ${suffix}` } });
  });

  it('edits an organisation on the version read', async () => {
    const { customerId: _id, status: _status, createdAt: _createdAt, updatedAt: _updatedAt, version: _version, ...fields } = organisation;
    const edited = await api(stack, superadmin, 'PUT', `/superadmin/organisations/${organisation.customerId}`, { ...fields, name: `Harbour Pharmacies ${suffix}`, modules: { ...fields.modules, enableIVR: true } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ name: `Harbour Pharmacies ${suffix}`, modules: { enableIVR: true }, version: 2, status: 'active' });
  });

  it("disabled: its users' sessions end and their sign-in is refused with the message, its devices are dead-lettered with the reason; enabled: they sign in again", async () => {
    const disabled = await api(stack, superadmin, 'PUT', `/superadmin/organisations/${organisation.customerId}/status`, { status: 'disabled' });
    expect(disabled.status, JSON.stringify(disabled.body)).toBe(200);
    expect(disabled.body).toMatchObject({ status: 'disabled' });

    expect(await api(stack, owner, 'GET', '/account/me')).toMatchObject({ status: 401, body: { message: MESSAGES.organisationDisabled } });
    expect((await signInWith(administratorEmail, NEW_PASSWORD)).refusal).toContain(MESSAGES.organisationDisabled);
    // The demo organisation is untouched.
    expect((await api(stack, superadmin, 'GET', '/superadmin/organisations?limit=1')).status).toBe(200);

    const deviceId = randomBytes(4).toString('hex').toUpperCase();
    const device = await connectDevice(stack, organisation.customerId, deviceId);
    try {
      await device.publishReadings({ time: new Date().toISOString(), channels: { '1': 4.5 } });
      const reasons = async () => ((await documents.send(new QueryCommand({
        TableName: stack.tableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': deadLetterPartition(organisation.customerId) }, ConsistentRead: true,
      }))).Items ?? []).map((item) => item['reason']);
      await expect.poll(reasons, { timeout: 10_000 }).toEqual(['organisation is disabled']);
    } finally {
      await device.close();
    }

    const enabled = await api(stack, superadmin, 'PUT', `/superadmin/organisations/${organisation.customerId}/status`, { status: 'active' });
    expect(enabled.body).toMatchObject({ status: 'active' });
    const again = await signInWith(administratorEmail, NEW_PASSWORD);
    expect(again.refusal).toBeUndefined();
    expect(again.token).toBeDefined();
  });

  it("keeps every super-administrator action in a trail of its own, not in the organisation's Portal Audit", async () => {
    const trail = await api(stack, superadmin, 'GET', '/superadmin/audit?limit=100');
    expect(trail.status).toBe(200);
    const mine = items<SuperadminAuditEntry>(trail.body).filter((entry) => entry.targetId === organisation.customerId || entry.targetId === group.id);
    expect(mine.map((entry) => entry.action)).toEqual([
      'organisation.enable', 'organisation.disable', 'organisation.update', 'organisation.create', 'customerGroup.create',
    ]);
    expect(mine.every((entry) => entry.actor.email === superadmin.email)).toBe(true);
    expect(mine.find((entry) => entry.action === 'organisation.disable')).toMatchObject({ before: { status: 'active' }, after: { status: 'disabled' } });
    // Each organisation's entry names it as it is now (the edit renamed it), without its counts.
    expect(mine.filter((entry) => entry.targetType === 'ORGANISATION').map((entry) => entry.organisationName)).toEqual(Array(4).fill(`Harbour Pharmacies ${suffix}`));
  });

  it('refuses every super-administration call to the roles of an organisation', async () => {
    for (const role of ['admin', 'basicuser', 'helpdesk'] as const) {
      const user = role === 'admin' ? owner : await createUser(stack, role);
      const refused = await api(stack, user, 'GET', '/superadmin/organisations');
      expect(refused.status, role).toBe(403);
    }
  });
});
