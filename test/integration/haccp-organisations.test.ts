import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Checklist } from '@domain/haccp/checklist';
import { localDateIn } from '@domain/haccp/instance';
import type { Shift } from '@domain/haccp/shift';
import { handler as instancesAhead, type InstancesAheadRun } from '../../lambdas/checklist-instances/schedule-handler';
import { checklistInstancesOfSiteDay, haccpOrganisations, queryAll, toHaccpOrganisationId } from '../../lambdas/data';
import { scheduledEvent } from '../../local/cron';
import { LOCAL_REGION } from '../../local/identity';
import { testDocuments } from '../support/haccp';
import { api, type TestUser } from '../support/identity';
import { setUpJobTest } from '../support/jobs';
import type { SensorPlace } from '../support/sensors';

const stack = inject('stack');
/** An organisation of these tests' own, with no checklist until the test adds one. */
const ORG = `haccp-registration-${randomUUID().slice(0, 8)}`;
const TIME_ZONE = 'Europe/London';
const DAY_MS = 86_400_000;

const documents = testDocuments(stack);
afterAll(() => documents.destroy());

/**
 * The instances job finds an organisation by its first checklist (issue 15 section 2): a
 * checklist created through the API puts the organisation on the job's list, and the job
 * (run in this process, as EventBridge Scheduler or the local cron would) creates its instances.
 */
describe('HACCP organisations: registered by their first checklist, served by the instances job', () => {
  let admin: TestUser;
  let place: SensorPlace;

  const registered = async () => queryAll(documents, haccpOrganisations(stack.tableName), toHaccpOrganisationId);
  const added = async <T>(path: string, body: Record<string, unknown>): Promise<T> => {
    const result = await api(stack, admin, 'POST', path, body);
    expect(result.status, JSON.stringify(result.body)).toBe(201);
    return result.body as T;
  };

  beforeAll(async () => {
    ({ admin, place } = await setUpJobTest(stack, ORG));
  });

  it("lists the organisation once its first checklist is created (a copy writes it again), and the job creates that checklist's instances", async () => {
    expect(await registered()).not.toContain(ORG);
    const now = new Date();
    const shift = await added<Shift>('/shifts', {
      name: `Morning ${randomUUID().slice(0, 8)}`, siteId: place.siteId, locationId: place.locationId, shiftType: 'custom',
      schedules: [{
        name: 'Every day', days: [0, 1, 2, 3, 4, 5, 6], startDate: localDateIn(new Date(now.getTime() - 2 * DAY_MS), TIME_ZONE),
        startTime: '06:00', endTime: '10:00', recurrence: { frequency: 'daily', interval: 1 }, assignedUserIds: [],
      }],
    });
    const checklist = await added<Checklist>('/checklists', {
      name: `Opening ${randomUUID().slice(0, 8)}`, siteId: place.siteId, locationIds: [place.locationId], shiftId: shift.id,
      questions: [{ text: 'Floor clean?', type: 'yesNo' }],
    });
    expect((await registered()).filter((customerId) => customerId === ORG)).toHaveLength(1);
    const copy = await added<Checklist>(`/checklists/${checklist.id}/copy`, {
      name: `Opening copy ${randomUUID().slice(0, 8)}`, siteId: place.siteId, locationIds: [place.locationId], shiftId: shift.id,
    });
    expect((await registered()).filter((customerId) => customerId === ORG)).toHaveLength(1);
    const instancesOn = async (day: Date) => {
      const found = await documents.send(new QueryCommand(checklistInstancesOfSiteDay(stack.tableName, ORG, place.siteId, localDateIn(day, TIME_ZONE))));
      return (found.Items ?? []).map((item) => String(item['checklistId']));
    };
    // Both were made at once (the next 36 hours: tomorrow's 06:00-10:00 window, whatever the time now).
    const tomorrow = new Date(now.getTime() + DAY_MS);
    expect((await instancesOn(tomorrow)).filter((id) => id === checklist.id || id === copy.id).sort()).toEqual([checklist.id, copy.id].sort());

    // The job's run two days on makes what the saves could not reach: the window three days from
    // today starts more than 36 hours after any time of today, and before the run's 36 hours end.
    const run: InstancesAheadRun = await instancesAhead(scheduledEvent({ name: 'checklist-instances-ahead' }, new Date(now.getTime() + 2 * DAY_MS), LOCAL_REGION));
    expect(run.failed).toBe(0);
    expect(run.created).toBeGreaterThanOrEqual(2);
    const inThreeDays = await instancesOn(new Date(now.getTime() + 3 * DAY_MS));
    expect(inThreeDays.filter((id) => id === checklist.id)).toHaveLength(1);
    expect(inThreeDays.filter((id) => id === copy.id)).toHaveLength(1);
  });
});
