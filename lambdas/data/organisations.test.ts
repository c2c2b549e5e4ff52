import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { endOrganisationSessions, organisationCounts, SESSION_ENDING_CONCURRENCY } from './organisations';

const dynamo = mockClient(DynamoDBDocumentClient);
const client = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'eu-west-1' }));
const NOW = new Date('2026-11-27T12:00:00.000Z');
const live = Math.floor(NOW.getTime() / 1000) + 3600;

describe('organisations in the data layer (issue 16)', () => {
  beforeEach(() => dynamo.reset());

  it("ends a disabled organisation's users' sessions with the reason, not those of a superadmin account kept in it", async () => {
    dynamo.on(QueryCommand).resolves({ Items: [] });
    dynamo.on(QueryCommand, { IndexName: 'gsi1' }).resolves({ Items: [{ accountId: 'a-admin', role: 'admin' }, { accountId: 'a-super', role: 'superadmin' }] });
    dynamo.on(QueryCommand, { ExpressionAttributeValues: { ':pk': 'C#org-1#SESSION#a-admin', ':nowSeconds': Math.floor(NOW.getTime() / 1000) } })
      .resolves({ Items: [{ id: 's-1', accountId: 'a-admin', tokenId: 't-1', lastSeenAt: NOW.toISOString(), ttl: live }] });
    dynamo.on(TransactWriteCommand).resolves({});

    expect(await endOrganisationSessions(client, 'table', 'org-1', NOW)).toBe(1);
    const sessionReads = dynamo.commandCalls(QueryCommand).map((call) => call.args[0].input.ExpressionAttributeValues?.[':pk']);
    expect(sessionReads).not.toContain('C#org-1#SESSION#a-super');
    const written = dynamo.commandCalls(TransactWriteCommand).flatMap((call) => call.args[0].input.TransactItems ?? []);
    expect(written.map((item) => item.Put?.Item).filter(Boolean)).toEqual([
      expect.objectContaining({ pk: 'C#org-1#TOKEN#t-1', revokedAt: NOW.toISOString(), revokedReason: 'organisationDisabled' }),
    ]);
  });

  it("ends a large organisation's sessions several users at a time, and counts every one", async () => {
    const accounts = Array.from({ length: 25 }, (_, index) => ({ accountId: `a-${index}`, role: 'user' }));
    dynamo.on(QueryCommand, { IndexName: 'gsi1' }).resolves({ Items: accounts });
    let reading = 0;
    let mostAtOnce = 0;
    dynamo.on(QueryCommand, { ExpressionAttributeValues: { ':nowSeconds': Math.floor(NOW.getTime() / 1000) } }).callsFake(async (input: { ExpressionAttributeValues: Record<string, string> }) => {
      reading += 1;
      mostAtOnce = Math.max(mostAtOnce, reading);
      await new Promise((resolve) => setTimeout(resolve, 5));
      reading -= 1;
      const accountId = input.ExpressionAttributeValues[':pk']?.split('#').at(-1) ?? '';
      return { Items: [{ id: `s-${accountId}`, accountId, tokenId: `t-${accountId}`, lastSeenAt: NOW.toISOString(), ttl: live }] };
    });
    dynamo.on(TransactWriteCommand).resolves({});

    expect(await endOrganisationSessions(client, 'table', 'org-1', NOW)).toBe(25);
    expect(mostAtOnce).toBeGreaterThan(1);
    expect(mostAtOnce).toBeLessThanOrEqual(SESSION_ENDING_CONCURRENCY);
    const revoked = dynamo.commandCalls(TransactWriteCommand).flatMap((call) => call.args[0].input.TransactItems ?? []).flatMap((item) => (item.Put?.Item ? [item.Put.Item['pk']] : []));
    expect(new Set(revoked)).toEqual(new Set(accounts.map(({ accountId }) => `C#org-1#TOKEN#t-${accountId}`)));
  });

  it('counts with Select COUNT, users without superadmin accounts, page after page', async () => {
    dynamo.on(QueryCommand).resolves({ Count: 0 });
    dynamo.on(QueryCommand, { ExpressionAttributeValues: { ':pk': 'C#org-1#SENSOR' } })
      .resolvesOnce({ Count: 100, LastEvaluatedKey: { pk: 'x', sk: 'y' } }).resolves({ Count: 5 });
    const counts = await organisationCounts(client, 'table', 'org-1');
    expect(counts.sensors).toBe(105);
    const inputs = dynamo.commandCalls(QueryCommand).map((call) => call.args[0].input);
    expect(inputs.every((input) => input.Select === 'COUNT')).toBe(true);
    expect(inputs.find((input) => input.IndexName === 'gsi1' && input.ExpressionAttributeValues?.[':pk'] === 'C#org-1#USER')?.FilterExpression).toBe('#role <> :superadmin');
  });
});
