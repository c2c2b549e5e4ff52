import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Alarm } from '@domain/alarms/alarm';
import { alarmPutParams } from './entities/alarm';
import { alarmsStartedBetween } from './report-alarms';

const dynamo = mockClient(DynamoDBDocumentClient);
const client = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'local' }));
const TABLE = 'table';
const ORG = 'org-1';

function stored(id: string, status: Alarm['status'], siteId: string): Record<string, unknown> {
  const record: Alarm = {
    id, deviceKind: 'sensor', deviceId: `sensor-${id}`, deviceName: `Fridge ${id}`, type: 'threshold', status, siteId,
    startedAt: '2026-03-08T12:00:00.000Z', raisedAt: '2026-03-08T12:05:00.000Z', lastRunStartedAt: '2026-03-08T12:00:00.000Z',
    lastValue: 9, worstValue: 11, worstAt: '2026-03-08T12:30:00.000Z', snoozeCount: 0,
    timeline: [{ kind: 'raised', at: '2026-03-08T12:00:00.000Z', value: 9 }], version: 1,
  };
  return alarmPutParams(TABLE, ORG, record).Item;
}

describe('the alarms a report reads', () => {
  beforeEach(() => dynamo.reset());

  it('reads every page of both statuses\' ranges with no cap, keeps what `keep` accepts, without timelines', async () => {
    const active = Array.from({ length: 5 }, (_, index) => stored(`a${index}`, 'active', index % 2 === 0 ? 'site-1' : 'site-2'));
    const history = [stored('h0', 'history', 'site-1')];
    const queries: QueryCommandInput[] = [];
    dynamo.on(QueryCommand).callsFake((input: QueryCommandInput) => {
      queries.push(input);
      const pk = String(input.ExpressionAttributeValues?.[':pk']);
      const items = pk.endsWith('#history') ? history : active;
      // Two items a page, the start key being the index of the next.
      const start = Number(input.ExclusiveStartKey?.['next'] ?? 0);
      const page = items.slice(start, start + 2);
      return { Items: page, ...(start + 2 < items.length ? { LastEvaluatedKey: { next: start + 2 } } : {}) };
    });
    const alarms = await alarmsStartedBetween(client, TABLE, ORG, { from: '2026-03-08T05:00:00.000Z', to: '2026-03-09T04:00:00.000Z' }, (alarm) => alarm.siteId === 'site-1');
    expect(alarms.map((alarm) => alarm.id).sort()).toEqual(['a0', 'a2', 'a4', 'h0']);
    expect(alarms.every((alarm) => alarm.timeline.length === 0)).toBe(true);
    // 3 pages of active alarms, 1 of history; each Query bounded by the range.
    expect(queries).toHaveLength(4);
    expect(queries.every((query) => query.KeyConditionExpression?.includes('BETWEEN') === true)).toBe(true);
  });
});
