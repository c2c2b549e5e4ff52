import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { raiseAlarm, type Alarm, type AlarmType } from '@domain/alarms/alarm';
import { runAlarmClock, type ClockRun } from '../../lambdas/alarm-engine/clock';
import { alarmPutParams, minuteOf, writeClockCursor } from '../../lambdas/data';
import { createPortalLogger } from '../../lambdas/shared/observability';
import { LOCAL_REGION } from '../../local/identity';
import type { StackUnderTest } from './global-setup';

/**
 * An active alarm of a sensor written straight into the table, as the engine raises one (the
 * domain's `raiseAlarm`), so tests of the alarms API and pages need not wait out a profile's
 * delay through MQTT. Cleared already unless `open`; returns the alarm.
 */
export async function putTestAlarm(
  stack: Pick<StackUnderTest, 'dynamoEndpoint' | 'tableName' | 'credentials'>,
  customerId: string,
  fields: { deviceId: string; siteId: string; locationId?: string; profileId?: string; type?: AlarmType; open?: boolean; deviceName?: string },
): Promise<Alarm> {
  const now = Date.now();
  const startedAt = now - 45 * 60_000;
  const alarm = raiseAlarm({
    id: randomUUID(),
    deviceKind: 'sensor',
    deviceId: fields.deviceId,
    deviceName: fields.deviceName ?? `Sensor ${fields.deviceId}`,
    siteId: fields.siteId,
    ...(fields.locationId === undefined ? {} : { locationId: fields.locationId }),
    ...(fields.profileId === undefined ? {} : { profileId: fields.profileId }),
    channel: '1',
    type: fields.type ?? 'threshold',
    run: {
      startedAt, lastAlarmAt: now - 10 * 60_000, worst: 9.5, worstAt: now - 20 * 60_000, last: 7.1,
      ...(fields.open === true ? {} : { clearedAt: now - 5 * 60_000 }),
    },
    now: startedAt + 30 * 60_000,
  });
  const documents = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: stack.dynamoEndpoint, region: LOCAL_REGION, credentials: stack.credentials }));
  try {
    await documents.send(new PutCommand(alarmPutParams(stack.tableName, customerId, alarm)));
  } finally {
    documents.destroy();
  }
  return alarm;
}

/**
 * The alarm clock, run in the test's process `aheadMs` after the real time (the stack's cron
 * runs the same function every real minute). Its cursor is put a little behind the real time
 * first, so the run does every minute a timer can be in, and put back there after: the cron then
 * does those minutes again (nothing is left in them) rather than skip the ones this run was ahead of.
 */
export async function runAlarmClockAhead(documents: DynamoDBDocumentClient, tableName: string, aheadMs: number): Promise<ClockRun> {
  const behind = minuteOf(Date.now() - 2 * 60_000);
  await writeClockCursor(documents, tableName, behind);
  try {
    return await runAlarmClock({ client: documents, tableName, now: Date.now() + aheadMs, logger: createPortalLogger() });
  } finally {
    await writeClockCursor(documents, tableName, behind);
  }
}
