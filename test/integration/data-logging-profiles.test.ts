import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DataLoggingProfile } from '@domain/devices/data-logging-profile';
import { MESSAGES } from '@domain/core/messages';
import { dataLoggingProfileUseUpdate } from '../../lambdas/data/repositories/data-logging-profiles';
import { ENTITY, entityHistoryPartition } from '../../lambdas/data';
import { runTransaction } from '../../lambdas/data/transaction';
import { LOCAL_REGION } from '../../local/identity';
import { api, createUser, type TestUser } from '../support/identity';

const stack = inject('stack');
/** An organisation of these tests' own. */
const ORG = 'logging-profiles-test-org';

const documents = DynamoDBDocumentClient.from(new DynamoDBClient({
  endpoint: stack.dynamoEndpoint, region: LOCAL_REGION, credentials: stack.credentials,
}));
afterAll(() => documents.destroy());

const unique = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8)}`;
const items = <T>(body: unknown) => (body as { items: T[] }).items;
const profileBody = (overrides: Record<string, unknown> = {}) => ({
  name: unique('Fridges'), description: 'Walk-in fridges', valueToLog: 'average', intervalMinutes: 15, calculationWindowMinutes: 30, deviation: 0.5,
  ...overrides,
});

describe('data logging profiles through the local gateway', () => {
  let admin: TestUser;
  let reader: TestUser;

  beforeAll(async () => {
    admin = await createUser(stack, 'admin', ORG);
    reader = await createUser(stack, 'basicuser', ORG);
  });

  it('adds, lists by name, reads, updates and deletes a profile, with versions and audit entries', async () => {
    const name = unique('Vaccine fridges');
    const created = await api(stack, admin, 'POST', '/dataloggingprofiles', profileBody({
      name: `  ${name} `, intervalMinutes: '5', calculationWindowMinutes: 5,
      schedule: { kind: 'custom', days: ['friday', 'monday'], start: '08:00', end: '18:00' },
    }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const profile = created.body as DataLoggingProfile;
    expect(profile).toMatchObject({
      name, description: 'Walk-in fridges', enabled: true, valueToLog: 'average', intervalMinutes: 5, calculationWindowMinutes: 5, deviation: 0.5,
      schedule: { kind: 'custom', days: ['monday', 'friday'], start: '08:00', end: '18:00' }, useCount: 0, version: 1, createdBy: admin.email,
    });

    // Basic users read profiles (sensor forms choose them) but do not write them.
    expect(items<DataLoggingProfile>((await api(stack, reader, 'GET', '/dataloggingprofiles?limit=100')).body).map((entry) => entry.id)).toContain(profile.id);
    expect((await api(stack, reader, 'GET', `/dataloggingprofiles/${profile.id}`)).body).toEqual(profile);
    expect((await api(stack, reader, 'POST', '/dataloggingprofiles', profileBody())).status).toBe(403);

    const updated = await api(stack, admin, 'PUT', `/dataloggingprofiles/${profile.id}`, profileBody({ name, valueToLog: 'maximum', enabled: false }));
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body).toMatchObject({ valueToLog: 'maximum', enabled: false, schedule: { kind: 'always' }, version: 2 });

    expect((await api(stack, admin, 'DELETE', `/dataloggingprofiles/${profile.id}`)).status).toBe(204);
    expect(await api(stack, admin, 'GET', `/dataloggingprofiles/${profile.id}`)).toEqual({ status: 404, body: { message: MESSAGES.dataLoggingProfileNotFound } });
    // Its name is free again.
    expect((await api(stack, admin, 'POST', '/dataloggingprofiles', profileBody({ name }))).status).toBe(201);

    const history = await documents.send(new QueryCommand({
      TableName: stack.tableName, IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': entityHistoryPartition(ORG, ENTITY.dataLoggingProfile, profile.id) },
    }));
    expect(history.Items?.map((entry) => entry['action'])).toEqual(['create', 'update', 'delete']);
  });

  it('keeps names unique in the organisation, case and spaces aside', async () => {
    const name = unique('Freezers');
    const first = (await api(stack, admin, 'POST', '/dataloggingprofiles', profileBody({ name }))).body as DataLoggingProfile;
    expect(await api(stack, admin, 'POST', '/dataloggingprofiles', profileBody({ name: ` ${name.toUpperCase()} ` })))
      .toEqual({ status: 409, body: { message: MESSAGES.dataLoggingProfileNameTaken } });
    const second = (await api(stack, admin, 'POST', '/dataloggingprofiles', profileBody())).body as DataLoggingProfile;
    expect(await api(stack, admin, 'PUT', `/dataloggingprofiles/${second.id}`, profileBody({ name: name.toLowerCase() })))
      .toEqual({ status: 409, body: { message: MESSAGES.dataLoggingProfileNameTaken } });
    // Another organisation has names of its own, and never sees this one's profiles.
    const outsider = await createUser(stack, 'admin', 'logging-profiles-other-org');
    expect((await api(stack, outsider, 'POST', '/dataloggingprofiles', profileBody({ name }))).status).toBe(201);
    expect((await api(stack, outsider, 'GET', `/dataloggingprofiles/${first.id}`)).status).toBe(404);
    expect((await api(stack, outsider, 'DELETE', `/dataloggingprofiles/${first.id}`)).status).toBe(404);
  });

  it('refuses values out of range, in the product\'s words', async () => {
    const refused = async (overrides: Record<string, unknown>) => {
      const result = await api(stack, admin, 'POST', '/dataloggingprofiles', profileBody(overrides));
      expect(result.status, JSON.stringify(result.body)).toBe(400);
      return (result.body as { message: string }).message;
    };
    expect(await refused({ name: '' })).toBe(MESSAGES.nameRequired);
    expect(await refused({ valueToLog: undefined })).toBe(MESSAGES.valueToLogRequired);
    expect(await refused({ intervalMinutes: 0 })).toBe(MESSAGES.loggingIntervalInvalid);
    expect(await refused({ calculationWindowMinutes: 1441 })).toBe(MESSAGES.calculationWindowInvalid);
    expect(await refused({ intervalMinutes: 60, calculationWindowMinutes: 30 })).toBe(MESSAGES.calculationWindowShorterThanInterval);
    expect(await refused({ deviation: -1 })).toBe(MESSAGES.deviationInvalid);
    expect(await refused({ schedule: { kind: 'custom', days: [], start: '08:00', end: '09:00' } })).toBe(MESSAGES.scheduleDaysRequired);
  });

  it('is not deleted while sensors use it (the sensors store counts its uses)', async () => {
    const profile = (await api(stack, admin, 'POST', '/dataloggingprofiles', profileBody())).body as DataLoggingProfile;
    await runTransaction(documents, [dataLoggingProfileUseUpdate(stack.tableName, ORG, profile.id, 2)]);
    expect((await api(stack, admin, 'GET', `/dataloggingprofiles/${profile.id}`)).body).toMatchObject({ useCount: 2 });
    expect(await api(stack, admin, 'DELETE', `/dataloggingprofiles/${profile.id}`)).toEqual({ status: 409, body: { message: MESSAGES.dataLoggingProfileInUse } });
    // Editing it leaves the count alone.
    expect((await api(stack, admin, 'PUT', `/dataloggingprofiles/${profile.id}`, profileBody({ name: profile.name, deviation: 2 }))).body).toMatchObject({ useCount: 2, deviation: 2 });

    // A use of a profile that does not exist is refused in the sensors store's transaction.
    await expect(runTransaction(documents, [dataLoggingProfileUseUpdate(stack.tableName, ORG, randomUUID(), 1)])).rejects.toThrow(MESSAGES.dataLoggingProfileUnknown);

    await runTransaction(documents, [dataLoggingProfileUseUpdate(stack.tableName, ORG, profile.id, -2)]);
    expect((await api(stack, admin, 'DELETE', `/dataloggingprofiles/${profile.id}`)).status).toBe(204);
  });
});
