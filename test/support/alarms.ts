import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { raiseAlarm, type Alarm, type AlarmType } from '@domain/alarms/alarm';
import { CATCH_UP_MINUTES, runAlarmClock, type ClockRun } from '../../lambdas/alarm-engine/clock';
import { alarmPutParams, minuteOf, writeClockCursor, deviceKey, ENTITY } from '../../lambdas/data';
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
 * first, so the runs do every minute a timer can be in, and put back there after: the cron then
 * does those minutes again (nothing is left in them) rather than skip the ones these runs were
 * ahead of. One run does at most CATCH_UP_MINUTES, so it runs until it has caught up (a step
 * 15 minutes or more ahead would otherwise never be reached). Returns the runs' minutes and counts.
 */
export async function runAlarmClockAhead(documents: DynamoDBDocumentClient, tableName: string, aheadMs: number): Promise<ClockRun> {
  const behind = minuteOf(Date.now() - 2 * 60_000);
  await writeClockCursor(documents, tableName, behind);
  const now = Date.now() + aheadMs;
  const total: ClockRun = { minutes: [], due: 0, failed: 0 };
  try {
    for (;;) {
      const run = await runAlarmClock({ client: documents, tableName, now, logger: createPortalLogger() });
      total.minutes.push(...run.minutes);
      total.due += run.due;
      total.failed += run.failed;
      if (run.minutes.length < CATCH_UP_MINUTES) return total;
    }
  } finally {
    await writeClockCursor(documents, tableName, behind);
  }
}

/**
 * A fridge sensor of `place` in the groups named, and a threshold alarm of it raised now: the
 * notifier plans its messages from the table's stream (the alarm's notification tests).
 */
export async function putFridgeAlarm(
  stack: Pick<StackUnderTest, 'dynamoEndpoint' | 'tableName' | 'credentials'>,
  customerId: string,
  fridge: { sensorId: string; name: string; place: { siteId: string; locationId: string }; profileId: string; notificationGroupIds: string[] },
): Promise<Alarm> {
  const { sensorId, name, place, profileId, notificationGroupIds } = fridge;
  const now = Date.now();
  const alarm = raiseAlarm({
    id: randomUUID(), deviceKind: 'sensor', deviceId: sensorId, deviceName: name, siteId: place.siteId, profileId, channel: '1', type: 'threshold',
    run: { startedAt: now - 5 * 60_000, lastAlarmAt: now, worst: 9.6, worstAt: now - 60_000, last: 9.2 }, now,
  });
  const documents = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: stack.dynamoEndpoint, region: LOCAL_REGION, credentials: stack.credentials }));
  try {
    await documents.send(new PutCommand({ TableName: stack.tableName, Item: {
      ...deviceKey(customerId, ENTITY.sensor, sensorId), id: sensorId, name, siteId: place.siteId, locationId: place.locationId,
      alarmProfileId: profileId, notificationGroupIds, deviceStatus: 'active', disabled: false,
      channels: [{ channel: 1, sensorType: 'temperature', sensorSubType: 'refrigerator' }],
    } }));
    await documents.send(new PutCommand(alarmPutParams(stack.tableName, customerId, alarm)));
  } finally {
    documents.destroy();
  }
  return alarm;
}
