import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { NEWEST_READING_QUERIES, newestReadings, sensorLiveStates } from './readings';

const dynamo = mockClient(DynamoDBDocumentClient);
const client = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'local' }));
const at = (minute: number) => new Date(Date.UTC(2026, 2, 10, 10, minute)).toISOString();
const partition = (id: string) => `C#org-1#READING#${id}`;

describe('a sensor\'s newest reading, and the live state readers show', () => {
  beforeEach(() => dynamo.reset());

  it('the newest reading beats an older state item: its values, time and arrival; the item keeps what the reading lacks', async () => {
    // Prepare: the item was written at the first reading; readings came since.
    dynamo.on(QueryCommand).resolves({ Items: [] });
    dynamo.on(QueryCommand, { ExpressionAttributeValues: { ':pk': partition('S1') } }).resolves({
      Items: [{ pk: partition('S1'), sk: at(30), time: at(30), channels: { '1': 5.5, '2': null }, signal: -60, receivedAt: at(31) }],
    });
    const stored = { lastCommunicated: at(0), lastReadingAt: at(0), reading: { '1': 4, '2': 1 }, battery: 80, signal: -70 };
    // Act
    const live = await sensorLiveStates(client, 't', 'org-1', new Map([['S1', stored], ['S2', stored], ['S3', undefined]]));
    // Assess
    expect(live.get('S1')).toEqual({ lastCommunicated: at(31), lastReadingAt: at(30), reading: { '1': 5.5, '2': null }, battery: 80, signal: -60 });
    expect(live.get('S2')).toBe(stored);
    expect(live.get('S3')).toBeUndefined();
    const query = dynamo.commandCalls(QueryCommand, { ExpressionAttributeValues: { ':pk': partition('S1') } })[0]?.args[0].input;
    expect(query).toMatchObject({ KeyConditionExpression: 'pk = :pk', ScanIndexForward: false, Limit: 1, ConsistentRead: true });
  });

  it('a state item newer than the newest reading (readings past their retention) is shown as it is', async () => {
    dynamo.on(QueryCommand).resolves({ Items: [{ sk: at(5), channels: { '1': 1 }, receivedAt: at(5) }] });
    const stored = { lastCommunicated: at(10), lastReadingAt: at(10), reading: { '1': 4 } };
    expect((await sensorLiveStates(client, 't', 'org-1', new Map([['S1', stored]]))).get('S1')).toBe(stored);
  });

  it('a sensor without a state item shows its newest reading alone', async () => {
    dynamo.on(QueryCommand).resolves({ Items: [{ sk: at(5), channels: { '1': 1 }, battery: 50, receivedAt: at(6) }] });
    expect((await sensorLiveStates(client, 't', 'org-1', new Map([['S1', undefined]]))).get('S1'))
      .toEqual({ lastCommunicated: at(6), lastReadingAt: at(5), reading: { '1': 1 }, battery: 50 });
  });

  it('many sensors are read in parallel, never more than NEWEST_READING_QUERIES at a time, each once', async () => {
    let inFlight = 0;
    let most = 0;
    dynamo.on(QueryCommand).callsFake(async () => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 1));
      inFlight -= 1;
      return { Items: [] };
    });
    const ids = Array.from({ length: 50 }, (_, index) => `S${index}`);
    await newestReadings(client, 't', 'org-1', [...ids, 'S1']);
    expect(dynamo.commandCalls(QueryCommand)).toHaveLength(50);
    expect(most).toBeGreaterThan(1);
    expect(most).toBeLessThanOrEqual(NEWEST_READING_QUERIES);
  });
});
