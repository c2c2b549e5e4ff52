import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, DynamoDBDocumentClient, GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { notificationGroupFieldsSchema } from '@domain/notifications/notification-group';
import type { Caller } from '../../shared/caller';
import { NotificationGroupStore } from './notification-groups';

const dynamo = mockClient(DynamoDBDocumentClient);
const documents = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'local' }));
const store = new NotificationGroupStore(documents, 'table', () => new Date('2026-03-01T10:00:00Z'));
const caller: Caller = { userId: 'u-1', email: 'admin@demo.example', role: 'admin', customerId: 'org-1', accountId: 'a-1', isPortalLogin: true, tokenId: 't-1' };
const fields = notificationGroupFieldsSchema.parse({
  name: 'Kitchen', description: 'Kitchen alarms', isDefault: true, locationId: 'l-1', siteIds: ['s-1'],
  schedules: [{ name: 'Always', days: ['monday'], start: '00:00', end: '23:59', users: [{ accountId: 'a-1', level: 1, delayMinutes: 0, channels: ['email'] }] }],
});
const group = { id: 'g-1', ...fields, sensorCount: 0, gatewayCount: 0, createdAt: '', updatedAt: '', createdBy: 'a', updatedBy: 'a', version: 1 };
const transactItems = (call = 0) => dynamo.commandCalls(TransactWriteCommand)[call]?.args[0].input.TransactItems ?? [];

describe('NotificationGroupStore', () => {
  beforeEach(() => {
    dynamo.reset();
    dynamo.on(TransactWriteCommand).resolves({});
    // The location, the site on it and the user the schedule names are the organisation's.
    dynamo.on(BatchGetCommand).callsFake((input: { RequestItems: Record<string, { Keys: Record<string, string>[] }> }) => ({
      Responses: { table: (input.RequestItems['table']?.Keys ?? []).map((key) => ({ ...key, id: key['sk']?.split('#')[1], accountId: 'a-1', locationIds: ['l-1'], role: 'admin' })) },
    }));
  });

  it("claims the site's default marker with the group, and releases it when the flag is unticked", async () => {
    // Act
    await store.create(caller, 'org-1', fields);

    // Assess
    const claimed = transactItems().map((item) => String(item.Put?.Item?.['pk'] ?? '')).filter((pk) => pk.includes('defaultGroup'));
    expect(claimed).toEqual(['C#org-1#UNIQUE#NOTIFICATIONGROUP#defaultGroup#sensor%3As-1']);

    // Act: unticked
    dynamo.on(GetCommand).resolves({ Item: { pk: 'C#org-1#NOTIFICATIONGROUP', sk: 'NOTIFICATIONGROUP#g-1', ...group } });
    await store.update(caller, 'org-1', 'g-1', { ...fields, isDefault: false });

    // Assess
    const released = transactItems(1).map((item) => String(item.Delete?.Key?.['pk'] ?? '')).filter((pk) => pk.includes('defaultGroup'));
    expect(released).toEqual(['C#org-1#UNIQUE#NOTIFICATIONGROUP#defaultGroup#sensor%3As-1']);
  });

  it('overwrite: writes the site\'s devices in transactions of at most 100 items, each group named once in each', async () => {
    // Prepare: 70 sensors in two other groups, 3 gateways in a third
    const sensorIds = Array.from({ length: 70 }, (_, index) => `S${String(index).padStart(4, '0')}`);
    const gatewayIds = ['G1', 'G2', 'G3'];
    dynamo.on(QueryCommand).callsFake((input: { ExpressionAttributeValues: Record<string, string> }) => ({
      Items: (input.ExpressionAttributeValues[':kind']?.startsWith('SENSOR') ? sensorIds : gatewayIds).map((id) => ({ id })),
    }));
    dynamo.on(BatchGetCommand).callsFake((input: { RequestItems: Record<string, { Keys: Record<string, string>[] }> }) => ({
      Responses: {
        table: (input.RequestItems['table']?.Keys ?? []).map((key) => {
          const id = String(key['sk']).split('#')[1] ?? '';
          return id.startsWith('S')
            ? { ...key, type: 'SENSOR', id, siteId: 's-1', version: 2, notificationGroupIds: ['g-a'], inactivityNotificationGroupIds: ['g-b'], channels: [], scheduledChanges: [] }
            : { ...key, type: 'GATEWAY', id, siteId: 's-1', version: 4, notificationGroupId: 'g-c', locationIds: ['l-1'], imageFileIds: [] };
        }),
      },
    }));

    // Act
    const done = await store.assignToExistingDevices(caller, 'org-1', group);

    // Assess
    expect(done).toEqual({ sensors: 70, gateways: 3 });
    const transactions = dynamo.commandCalls(TransactWriteCommand).map((call) => call.args[0].input.TransactItems ?? []);
    expect(transactions.length).toBeGreaterThan(1);
    const counts = new Map<string, { sensors: number; gateways: number }>();
    for (const items of transactions) {
      expect(items.length).toBeLessThanOrEqual(100);
      const groupKeys = items.map((item) => item.Update?.Key?.['sk']).filter((sk): sk is string => typeof sk === 'string' && sk.startsWith('NOTIFICATIONGROUP#'));
      expect(new Set(groupKeys).size).toBe(groupKeys.length);
      for (const item of items) {
        const sk = item.Update?.Key?.['sk'];
        if (typeof sk !== 'string' || !sk.startsWith('NOTIFICATIONGROUP#')) continue;
        const values = item.Update?.ExpressionAttributeValues ?? {};
        const total = counts.get(sk) ?? { sensors: 0, gateways: 0 };
        counts.set(sk, { sensors: total.sensors + Number(values[':sensors']), gateways: total.gateways + Number(values[':gateways']) });
      }
    }
    expect(Object.fromEntries(counts)).toEqual({
      'NOTIFICATIONGROUP#g-a': { sensors: -70, gateways: 0 },
      'NOTIFICATIONGROUP#g-b': { sensors: -70, gateways: 0 },
      'NOTIFICATIONGROUP#g-c': { sensors: 0, gateways: -3 },
      'NOTIFICATIONGROUP#g-1': { sensors: 70, gateways: 3 },
    });
  });
});
