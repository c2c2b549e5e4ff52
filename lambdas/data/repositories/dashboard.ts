import { QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Alarm } from '@domain/alarms/alarm';
import { alarmsByStatus, alarmsByStatusBetween, toAlarm, type QueryParams } from '..';

/** The most alarms one dashboard answer reads of each list (an organisation's week of alarms). */
export const DASHBOARD_ALARMS_MAX = 5000;

/** A bounded read of alarms: what `keep` accepts of the first `max` items, and whether there were more. */
export interface AlarmsRead {
  alarms: Alarm[];
  truncated: boolean;
}

/**
 * The alarms the dashboard counts (the entity is lambdas/data/entities/alarm.ts): the active
 * ones, and the history of a period, each read newest first from the status index, at most
 * DASHBOARD_ALARMS_MAX items, timelines left out (nothing on the dashboard shows them).
 */
export class DashboardAlarmStore {
  constructor(private readonly client: DynamoDBDocumentClient, private readonly tableName: string) {}

  active(customerId: string, keep: (alarm: Alarm) => boolean): Promise<AlarmsRead> {
    return this.read(alarmsByStatus(this.tableName, customerId, 'active'), keep);
  }

  /** History alarms that started in [from, to] (ISO, as the index keeps them). */
  historyBetween(customerId: string, from: string, to: string, keep: (alarm: Alarm) => boolean): Promise<AlarmsRead> {
    return this.read(alarmsByStatusBetween(this.tableName, customerId, 'history', from, to), keep);
  }

  private async read(params: QueryParams, keep: (alarm: Alarm) => boolean): Promise<AlarmsRead> {
    const alarms: Alarm[] = [];
    let seen = 0;
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await this.client.send(new QueryCommand({
        ...params,
        ScanIndexForward: false,
        Limit: DASHBOARD_ALARMS_MAX - seen,
        ...(startKey ? { ExclusiveStartKey: startKey } : {}),
      }));
      for (const item of page.Items ?? []) {
        seen += 1;
        const alarm = toAlarm(item);
        if (keep(alarm)) alarms.push({ ...alarm, timeline: [] });
      }
      startKey = page.LastEvaluatedKey;
    } while (startKey !== undefined && seen < DASHBOARD_ALARMS_MAX);
    return { alarms, truncated: startKey !== undefined };
  }
}
