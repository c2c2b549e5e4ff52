import { QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ALARM_STATUSES, type Alarm } from '@domain/alarms/alarm';
import { alarmsByStatusBetween, toAlarm } from './entities/alarm';

/**
 * The alarms a report reads (issue 34: Alerts By Day, the Exception Summary): every alarm of the
 * organisation, of both statuses, that began within [from, to] (ISO instants; the status index
 * by start), that `keep` accepts. Unlike the alarm lists' `AlarmStore.all` it has no cap (a
 * report's figures must count every alarm of its range), and it reads page by page, keeping
 * each kept alarm without its timeline, so a long range of a large organisation is not held
 * whole in memory.
 */
export async function alarmsStartedBetween(
  client: DynamoDBDocumentClient, tableName: string, customerId: string, range: { from: string; to: string }, keep: (alarm: Alarm) => boolean,
): Promise<Alarm[]> {
  const kept: Alarm[] = [];
  for (const status of ALARM_STATUSES) {
    const params = alarmsByStatusBetween(tableName, customerId, status, range.from, range.to);
    let startKey: Record<string, unknown> | undefined;
    do {
      const result = await client.send(new QueryCommand({ ...params, ...(startKey === undefined ? {} : { ExclusiveStartKey: startKey }) }));
      for (const item of result.Items ?? []) {
        const alarm = toAlarm(item);
        if (keep(alarm)) kept.push({ ...alarm, timeline: [] });
      }
      startKey = result.LastEvaluatedKey;
    } while (startKey !== undefined);
  }
  return kept;
}
