import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Alarm } from '@domain/alarms/alarm';
import type { NotificationDelivery } from '../data';
import { composer } from './compose';

const dynamo = mockClient(DynamoDBDocumentClient);

const alarm: Alarm = {
  id: 'a-1', deviceKind: 'sensor', deviceId: 'S-1', deviceName: 'Freezer 1', profileId: 'p-1', channel: '1', type: 'threshold', status: 'active',
  siteId: 'site-1', locationId: 'loc-1', startedAt: '2026-03-10T08:00:00.000Z', raisedAt: '2026-03-10T08:30:00.000Z',
  lastRunStartedAt: '2026-03-10T08:00:00.000Z', lastValue: -12, worstValue: -10, worstAt: '2026-03-10T08:20:00.000Z',
  snoozeCount: 0, timeline: [], version: 3,
};
const voiceCall: NotificationDelivery = {
  customerId: 'org-1', alarmId: 'a-1', stepKey: '0:alarm:u-1', channel: 'voice', kind: 'alarm', level: 1, accountId: 'u-1', status: 'queued', attempts: 0,
  dueAt: '2026-03-10T08:30:00.000Z', queuedAt: '2026-03-10T08:30:00.000Z', updatedAt: '2026-03-10T08:30:00.000Z', siteId: 'site-1',
  provider: 'voice', to: '+15550100200', version: 1,
};
const ivrUser = { pk: 'C#org-1#USER', sk: 'USER#u-1', accountId: 'u-1', email: 'u-1@demo.example', enableIVR: true };
const organisation = (enableIVR: boolean) => ({
  pk: 'C#org-1#ORGANISATION', sk: 'ORGANISATION', name: 'Demo Foods', modules: { isHaccapAvailable: true, enableAuditModule: false, enableIVR, enablePager: false },
});

describe('composer: the IVR and the organisation\'s IVR feature (issue 16)', () => {
  beforeEach(() => dynamo.reset());

  const compose = async (items: Record<string, unknown>[]) => {
    dynamo.on(BatchGetCommand).resolves({ Responses: { table: items } });
    return composer({ client: DynamoDBDocumentClient.from(new DynamoDBClient({})), tableName: 'table' })({ delivery: voiceCall, alarm, grouped: [] });
  };

  it("asks a user with the IVR to acknowledge by phone only where their organisation has the IVR feature", async () => {
    expect((await compose([ivrUser, organisation(true)])).ivr).toBe(true);
    expect((await compose([ivrUser, organisation(false)])).ivr).toBe(false);
    expect((await compose([{ ...ivrUser, enableIVR: false }, organisation(true)])).ivr).toBe(false);
  });
});
