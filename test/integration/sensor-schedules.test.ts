import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { HistoryEntry } from '@domain/devices/gateway';
import { MESSAGES } from '@domain/core/messages';
import type { Sensor } from '@domain/devices/sensor';
import type { DueChangeRun } from '../../lambdas/sensors/due-changes';
import { handler as deviceSchedules } from '../../lambdas/sensors/schedule-handler';
import { dueChangeProgressKey, scheduledChangeKey } from '../../lambdas/data';
import { scheduledEvent } from '../../local/cron';
import { LOCAL_REGION } from '../../local/identity';
import { testDocuments } from '../support/haccp';
import { api, createUser, type TestUser } from '../support/identity';
import { setUpJobTest } from '../support/jobs';
import { addSensor, createSensorPlace, type SensorPlace } from '../support/sensors';

const stack = inject('stack');
const ORG = 'sensor-schedules-test-org';
const OTHER_ORG = 'sensor-schedules-other-org';

const documents = testDocuments(stack);
afterAll(() => documents.destroy());

const HOUR = 60 * 60 * 1000;
const at = (fromNow: number) => new Date(Date.now() + fromNow).toISOString();
const items = <T>(body: unknown) => (body as { items: T[] }).items;

/**
 * Runs the schedule job in this process, as EventBridge Scheduler (or the local cron runner)
 * would at `time`: the event's time is the job's clock. The job's progress is forgotten
 * first, so each run reads from a day before its time (the tests' clocks jump about).
 */
async function runScheduleJob(time: Date): Promise<DueChangeRun> {
  await documents.send(new DeleteCommand(dueChangeProgressKey(stack.tableName)));
  return deviceSchedules(scheduledEvent({ name: 'device-status-changes' }, time, LOCAL_REGION));
}

describe('disabling and enabling sensors, now or at a scheduled time', () => {
  let admin: TestUser;
  let place: SensorPlace;

  const sensorOf = async (id: string) => (await api(stack, admin, 'GET', `/sensors/${id}`)).body as Sensor;
  const disable = (id: string, body: Record<string, unknown>) => api(stack, admin, 'POST', `/sensors/${id}/disable`, body);
  const enable = (id: string, body: Record<string, unknown> = {}) => api(stack, admin, 'POST', `/sensors/${id}/enable`, body);
  const dueItem = async (id: string, changeId: string) => (await documents.send(new GetCommand({
    ...scheduledChangeKey(stack.tableName, ORG, id, changeId),
  }))).Item;

  beforeAll(async () => {
    ({ admin, place } = await setUpJobTest(stack, ORG));
  });

  it('disables now with who, when and why; the sensor counts as inactive; enabling now brings it back', async () => {
    const id = await addSensor(stack, admin, place);
    expect(await disable(id, {})).toMatchObject({ status: 400, body: { message: MESSAGES.disableReasonRequired } });
    const before = Date.now();
    const disabled = await disable(id, { reason: 'Unit being defrosted' });
    expect(disabled.status, JSON.stringify(disabled.body)).toBe(200);
    const sensor = disabled.body as Sensor;
    expect(sensor).toMatchObject({ disabled: true, disable: { disabledBy: admin.email, reason: 'Unit being defrosted' }, scheduledChanges: [] });
    expect(Date.parse(sensor.disable?.disabledOn ?? '')).toBeGreaterThanOrEqual(before - 1000);
    expect(items<Sensor>((await api(stack, admin, 'GET', '/sensors/inactive?limit=1000')).body).map((entry) => entry.id)).toContain(id);
    expect(items<Sensor>((await api(stack, admin, 'GET', '/sensors?status=disabled&limit=1000')).body).map((entry) => entry.id)).toContain(id);
    expect(await disable(id, { reason: 'Again' })).toEqual({ status: 409, body: { message: MESSAGES.sensorAlreadyDisabled } });

    const enabled = await enable(id);
    expect(enabled.status).toBe(200);
    expect(enabled.body).toMatchObject({ disabled: false, scheduledChanges: [] });
    expect((enabled.body as Sensor).disable).toBeUndefined();
    expect(await enable(id)).toEqual({ status: 409, body: { message: MESSAGES.sensorNotDisabled } });

    const history = items<HistoryEntry>((await api(stack, admin, 'GET', `/sensors/${id}/history`)).body);
    expect(history.slice(0, 2).map((entry) => entry.changes.find((change) => change.field === 'disabled'))).toEqual([
      { field: 'disabled', before: true, after: false },
      { field: 'disabled', before: false, after: true },
    ]);
  });

  it('applies a scheduled disable and its enable-on when the job runs after their time, once', async () => {
    const id = await addSensor(stack, admin, place);
    const disableAt = at(2 * HOUR);
    const enableOn = at(5 * HOUR);
    const scheduled = await disable(id, { reason: 'Refit', disableAt, enableOn });
    expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(200);
    const pending = (scheduled.body as Sensor).scheduledChanges;
    expect(pending).toMatchObject([
      { action: 'disable', at: disableAt, reason: 'Refit', requestedBy: admin.email },
      { action: 'enable', at: enableOn, requestedBy: admin.email },
    ]);
    expect((scheduled.body as Sensor).disabled).toBe(false);
    expect(await dueItem(id, pending[0]?.id ?? '')).toMatchObject({ customerId: ORG, deviceId: id, action: 'disable', at: disableAt });

    // Before its time nothing happens.
    await runScheduleJob(new Date(Date.parse(disableAt) - 60_000));
    expect((await sensorOf(id)).disabled).toBe(false);

    // Within the next 15-minute run after its time: disabled, credited to who scheduled it, the enable still pending.
    const run = await runScheduleJob(new Date(Date.parse(disableAt) + 10 * 60_000));
    expect(run.applied).toBeGreaterThanOrEqual(1);
    const off = await sensorOf(id);
    expect(off).toMatchObject({ disabled: true, disable: { disabledBy: admin.email, reason: 'Refit', enableOn } });
    expect(off.scheduledChanges.map((change) => change.action)).toEqual(['enable']);
    expect(await dueItem(id, pending[0]?.id ?? '')).toBeUndefined();

    // A second run at the same time changes nothing.
    const again = await runScheduleJob(new Date(Date.parse(disableAt) + 10 * 60_000));
    expect((await sensorOf(id)).version).toBe(off.version);
    expect(again.failed).toBe(0);

    await runScheduleJob(new Date(Date.parse(enableOn) + 60_000));
    const on = await sensorOf(id);
    expect(on).toMatchObject({ disabled: false, scheduledChanges: [] });
    expect(on.disable).toBeUndefined();

    const history = items<HistoryEntry>((await api(stack, admin, 'GET', `/sensors/${id}/history`)).body);
    expect(history.slice(0, 3).map((entry) => entry.actor.email)).toEqual([admin.email, admin.email, admin.email]);
    expect(history[0]?.changes.find((change) => change.field === 'disabled')).toEqual({ field: 'disabled', before: true, after: false });
  });

  it('schedules an enable of a disabled sensor, cancels a scheduled change, and refuses times out of order', async () => {
    const id = await addSensor(stack, admin, place);
    expect(await disable(id, { reason: 'Closed for summer', disableAt: at(3 * HOUR), enableOn: at(2 * HOUR) }))
      .toMatchObject({ status: 400, body: { message: MESSAGES.enableOnBeforeDisable } });
    expect(await disable(id, { reason: 'Closed', enableOn: at(-HOUR) }))
      .toMatchObject({ status: 400, body: { message: MESSAGES.enableOnBeforeDisable } });
    expect(await disable(id, { reason: 'Closed', disableAt: 'tomorrow' }))
      .toMatchObject({ status: 400, body: { message: MESSAGES.dateTimeInvalid } });
    expect(await enable(id, { enableAt: at(HOUR) })).toEqual({ status: 409, body: { message: MESSAGES.sensorNotDisabled } });

    expect((await disable(id, { reason: 'Closed' })).status).toBe(200);
    const enableAt = at(HOUR);
    const planned = await enable(id, { enableAt });
    expect(planned.status).toBe(200);
    const change = (planned.body as Sensor).scheduledChanges[0];
    expect(change).toMatchObject({ action: 'enable', at: enableAt });
    expect((planned.body as Sensor).disable?.enableOn).toBe(enableAt);

    const cancelled = await api(stack, admin, 'DELETE', `/sensors/${id}/scheduledchanges/${change?.id ?? ''}`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ disabled: true, scheduledChanges: [] });
    expect((cancelled.body as Sensor).disable?.enableOn).toBeUndefined();
    expect(await api(stack, admin, 'DELETE', `/sensors/${id}/scheduledchanges/${change?.id ?? ''}`))
      .toEqual({ status: 404, body: { message: MESSAGES.sensorNoScheduledChange } });

    // The cancelled change is never applied.
    await runScheduleJob(new Date(Date.parse(enableAt) + 60_000));
    expect((await sensorOf(id)).disabled).toBe(true);
  });

  it("applies every organisation's due changes in one run, and drops those of a deleted sensor", async () => {
    const other = await createUser(stack, 'admin', OTHER_ORG);
    const otherPlace = await createSensorPlace(stack, other);
    const ours = await addSensor(stack, admin, place);
    const theirs = await addSensor(stack, other, otherPlace);
    const gone = await addSensor(stack, admin, place);
    const disableAt = at(7 * HOUR);
    for (const [user, id] of [[admin, ours], [other, theirs], [admin, gone]] as const) {
      expect((await api(stack, user, 'POST', `/sensors/${id}/disable`, { reason: 'Inventory', disableAt })).status).toBe(200);
    }
    expect((await api(stack, admin, 'DELETE', `/sensors/${gone}`)).status).toBe(204);

    const run = await runScheduleJob(new Date(Date.parse(disableAt) + 60_000));
    expect(run.applied).toBeGreaterThanOrEqual(2);
    expect(run.failed).toBe(0);
    expect((await sensorOf(ours)).disabled).toBe(true);
    expect(((await api(stack, other, 'GET', `/sensors/${theirs}`)).body as Sensor).disabled).toBe(true);
  });
});
