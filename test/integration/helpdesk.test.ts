import { randomUUID } from 'node:crypto';
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { HelpdeskOrganisation, HelpdeskOrganisationDetail, HelpdeskUser } from '@domain/organisation/helpdesk';
import type { SuperadminAuditEntry } from '@domain/organisation/organisation';
import { DEMO_ORGANISATION } from '../../local/demo';
import { identityClient, LOCAL_REGION } from '../../local/identity';
import { api, createUser, enableSmsMfa, provisionAccount, type TestUser } from '../support/identity';

const stack = inject('stack');
const demo = DEMO_ORGANISATION.customerId;

const documents = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: stack.dynamoEndpoint, region: LOCAL_REGION, credentials: stack.credentials }));
afterAll(() => documents.destroy());

/** The account's entries in the organisation's Portal Audit (its history index), as they are stored. */
async function portalAuditOf(customerId: string, accountId: string): Promise<Array<Record<string, unknown>>> {
  const result = await documents.send(new QueryCommand({
    TableName: stack.tableName, IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': `C#${customerId}#HISTORY#USER#${accountId}` },
  }));
  return (result.Items ?? []) as Array<Record<string, unknown>>;
}

describe('helpdesk (issue 16 section 2)', () => {
  let helpdesk: TestUser;
  let superadmin: TestUser;

  beforeAll(async () => {
    [helpdesk, superadmin] = await Promise.all([createUser(stack, 'helpdesk'), createUser(stack, 'superadmin')]);
  });

  it("lists the demo organisation's health, searched by name, as its detail counts it, with its users and nothing secret", async () => {
    const listed = await api(stack, helpdesk, 'GET', `/helpdesk/organisations?search=${encodeURIComponent('demo foods')}`);
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    const rows = (listed.body as { items: HelpdeskOrganisation[] }).items;
    const row = rows.find((item) => item.customerId === demo);
    expect(row?.name).toBe(DEMO_ORGANISATION.name);
    expect(rows.every((item) => item.name.toLowerCase().includes('demo foods'))).toBe(true);

    const detail = await api(stack, helpdesk, 'GET', `/helpdesk/organisations/${demo}`);
    expect(detail.status, JSON.stringify(detail.body)).toBe(200);
    const { health, sensors, gateways, users } = detail.body as HelpdeskOrganisationDetail;
    expect(health.sensors).toBeGreaterThan(0);
    // The list's figures are the detail's devices counted.
    expect(row?.health).toMatchObject({ sensors: sensors.length, gateways: gateways.length });
    expect(health.sensorsOffline).toBe(sensors.filter((sensor) => !sensor.online).length);
    expect(health.gatewaysOffline).toBe(gateways.filter((gateway) => !gateway.online).length);
    expect(health.lowBatteries).toBe(sensors.filter((sensor) => sensor.lowBattery).length);
    expect(health.unacknowledgedAlarms).toBeLessThanOrEqual(health.activeAlarms);

    const administrator = users.find((user) => user.accountId === 'demo-account-admin');
    expect(administrator).toMatchObject({ email: 'admin@demo.example', firstName: 'Ada', lastName: 'Admin', role: 'admin' });
    expect(Object.keys(administrator ?? {}).sort()).toEqual(['accountId', 'email', 'firstName', 'lastLoginDate', 'lastName', 'locked', 'mfaEnabled', 'role', 'status']);
    expect(users.some((user) => user.role === 'superadmin')).toBe(false);
    // No field of the answer is a secret or a contact detail (by name: other tests' users have such words in their emails).
    const fieldNames: string[] = [];
    JSON.stringify(detail.body, (key: string, value: unknown) => { fieldNames.push(key); return value; });
    expect(fieldNames.filter((name) => /password|phone|token|secret|pagerNumber/i.test(name))).toEqual([]);
  });

  it('refuses organisation staff and an organisation that does not exist', async () => {
    const [basicuser, admin] = await Promise.all([createUser(stack, 'basicuser'), createUser(stack, 'admin')]);
    expect((await api(stack, basicuser, 'GET', '/helpdesk/organisations')).status).toBe(403);
    expect((await api(stack, admin, 'GET', `/helpdesk/organisations/${demo}`)).status).toBe(403);
    expect((await api(stack, admin, 'POST', `/helpdesk/organisations/${demo}/users/${basicuser.accountId}/end-sessions`)).status).toBe(403);
    expect((await api(stack, helpdesk, 'GET', `/helpdesk/organisations/no-such-${randomUUID().slice(0, 8)}`)).status).toBe(404);
  });

  it("resets a user's MFA and ends their sessions, each in the Portal Audit and the super-administrators' trail; a user of another organisation is 404", async () => {
    const user = await createUser(stack, 'basicuser');
    await enableSmsMfa(stack, user.email, '+447700900777');
    await provisionAccount(stack, { email: user.email, role: 'basicuser', customerId: demo, accountId: user.accountId, mfaEnabled: true, phone: '+447700900777', phoneVerified: true });

    const reset = await api(stack, helpdesk, 'POST', `/helpdesk/organisations/${demo}/users/${user.accountId}/reset-mfa`);
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect((reset.body as { user: HelpdeskUser }).user.mfaEnabled).toBe(false);
    const identity = identityClient(stack.identityEndpoint, stack.credentials);
    try {
      const found = await identity.send(new AdminGetUserCommand({ UserPoolId: stack.userPoolId, Username: user.email }));
      expect(found.UserMFASettingList ?? []).not.toContain('SMS_MFA');
    } finally {
      identity.destroy();
    }

    expect((await api(stack, user, 'GET', '/account/me')).status).toBe(200);
    const ended = await api(stack, helpdesk, 'POST', `/helpdesk/organisations/${demo}/users/${user.accountId}/end-sessions`);
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    expect((ended.body as { endedSessions: number }).endedSessions).toBeGreaterThanOrEqual(1);
    expect((await api(stack, user, 'GET', '/account/me')).status).toBe(401);

    const portalAudit = await portalAuditOf(demo, user.accountId);
    expect(portalAudit.map((entry) => (entry['after'] as Record<string, unknown> | undefined)?.['supportAction']).sort())
      .toEqual(['helpdesk.endSessions', 'helpdesk.resetMfa']);
    expect(portalAudit.every((entry) => (entry['actor'] as Record<string, unknown> | undefined)?.['email'] === helpdesk.email)).toBe(true);
    const trail = await api(stack, superadmin, 'GET', '/superadmin/audit?limit=100');
    const mine = (trail.body as { items: SuperadminAuditEntry[] }).items.filter((entry) => entry.targetId === user.accountId);
    expect(mine.map((entry) => entry.action).sort()).toEqual(['helpdesk.endSessions', 'helpdesk.resetMfa']);
    expect(mine.every((entry) => entry.actor.email === helpdesk.email && entry.after?.['customerId'] === demo)).toBe(true);

    const elsewhere = await createUser(stack, 'basicuser', `other-${randomUUID().slice(0, 8)}`);
    const refused = await api(stack, helpdesk, 'POST', `/helpdesk/organisations/${demo}/users/${elsewhere.accountId}/reset-mfa`);
    expect(refused.status).toBe(404);
  });
});
