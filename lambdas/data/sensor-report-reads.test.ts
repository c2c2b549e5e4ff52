import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { readingItem } from './readings';
import { readingRowsBetween } from './sensor-report-reads';

const dynamo = mockClient(DynamoDBDocumentClient);
const client = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'local' }));
const at = (minute: number) => new Date(Date.UTC(2026, 2, 29, 10, minute)).toISOString();

describe('a sensor report\'s reading rows', () => {
  beforeEach(() => dynamo.reset());

  it('reads every page of [start, end) of the sensor\'s partition, each row whole: battery, signal, SNR, arrival, source', async () => {
    const first = { time: at(0), channels: { '1': 5 }, battery: 90, signal: -95, snr: 7, receivedAt: at(0), sourceDeviceId: 'S1' };
    const late = { time: at(15), channels: { '1': null }, signal: -112, receivedAt: at(58), sourceDeviceId: 'GW1' };
    dynamo.on(QueryCommand)
      .resolvesOnce({ Items: [readingItem('org-1', 'S1', first)], LastEvaluatedKey: { pk: 'C#org-1#READING#S1', sk: at(0) } })
      .resolvesOnce({ Items: [readingItem('org-1', 'S1', late)] });
    const rows = await readingRowsBetween(client, 't', 'org-1', 'S1', { start: Date.parse(at(0)), end: Date.parse(at(60)) });
    expect(rows).toEqual([first, late]);
    const calls = dynamo.commandCalls(QueryCommand).map((call) => call.args[0].input);
    expect(calls).toHaveLength(2);
    expect(calls[0]).toMatchObject({
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :start AND :end',
      ExpressionAttributeValues: { ':pk': 'C#org-1#READING#S1', ':start': at(0), ':end': new Date(Date.parse(at(60)) - 1).toISOString() },
    });
    expect(calls[1]?.ExclusiveStartKey).toEqual({ pk: 'C#org-1#READING#S1', sk: at(0) });
  });

  it('reads nothing for an empty period', async () => {
    expect(await readingRowsBetween(client, 't', 'org-1', 'S1', { start: 10, end: 10 })).toEqual([]);
    expect(dynamo.commandCalls(QueryCommand)).toHaveLength(0);
  });
});
