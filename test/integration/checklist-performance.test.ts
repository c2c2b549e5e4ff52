import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Checklist } from '@domain/haccp/checklist';
import { localDateIn, MISSED_AFTER_MINUTES, weekDates } from '@domain/haccp/instance';
import type { ChecklistExceptions, ChecklistPerformanceAnswer } from '@domain/haccp/performance';
import { checklistInstancePut, checklistPut } from '../../lambdas/data';
import { fridgeQuestion, testDocuments } from '../support/haccp';
import { api, createUser, provisionAccount, type TestUser } from '../support/identity';

const stack = inject('stack');
const TIME_ZONE = 'Europe/Paris';
const MINUTE = 60_000;

/**
 * A checklist's day and week performance (GET /checklists/{id}/performance) and the dashboard's
 * checklist exception view (GET /dashboard/checklist-exceptions) through the local gateway:
 * instances in each state, written as the schedule job and the filling routes leave them.
 */
describe('HACCP performance and checklist exceptions', () => {
  const organisation = `haccp-performance-${randomUUID().slice(0, 8)}`;
  const documents = testDocuments(stack);
  let admin: TestUser;
  let otherSiteUser: TestUser;
  let siteId: string;
  let siteName: string;
  let checklistId: string;
  const now = Date.now();
  const today = localDateIn(new Date(now), TIME_ZONE);
  const week = weekDates(today);
  const otherDayOfWeek = week.find((date) => date !== today) ?? today;

  /** An instance of the checklist on `date`, its window ending `endMinutes` from now. */
  async function putInstance(date: string, endMinutes: number, fields: { startedMinutes?: number; completedMinutes?: number; exceptionCount?: number } = {}): Promise<void> {
    const id = randomUUID().replace(/-/g, '').slice(0, 22);
    const windowEnd = now + endMinutes * MINUTE;
    const questions = [fridgeQuestion()];
    const put = checklistInstancePut(stack.tableName, organisation, {
      id, checklistId, checklistVersion: 1, checklistName: 'Opening checks',
      checklist: { name: 'Opening checks', description: '', questions, allowPartialUpload: false, allowManualReadings: false, allowNotApplicable: false },
      siteId, shiftId: 'shift', shiftName: 'Morning', scheduleId: `schedule-${id}`, scheduleName: 'Every day', assignedUserIds: [], date,
      windowStart: new Date(windowEnd - 4 * 60 * MINUTE).toISOString(), windowEnd: new Date(windowEnd).toISOString(),
      missedAt: new Date(windowEnd + MISSED_AFTER_MINUTES * MINUTE).toISOString(), questionCount: 1, createdAt: new Date(now).toISOString(), version: 1,
    });
    const at = (minutes: number | undefined) => (minutes === undefined ? undefined : new Date(now + minutes * MINUTE).toISOString());
    const completedAt = at(fields.completedMinutes);
    // What the answer and submit writes add to the item.
    const filled = {
      ...(fields.startedMinutes === undefined ? {} : { startedAt: at(fields.startedMinutes) }),
      ...(completedAt === undefined ? {} : { completedAt, completedLate: completedAt > new Date(windowEnd).toISOString(), submittedBy: 'Kim Cook' }),
      exceptionCount: fields.exceptionCount ?? 0,
    };
    await documents.send(new PutCommand({ ...put, Item: { ...put.Item, ...filled } }));
  }

  beforeAll(async () => {
    admin = await createUser(stack, 'admin', organisation);
    await provisionAccount(stack, { email: admin.email, role: 'admin', customerId: organisation, accountId: admin.accountId, hasDefaultLocAccess: true });
    const address = { address: '1 Rue de Rivoli', city: 'Paris', state: 'IDF', country: 'France', postalCode: '75001' };
    const location = await api(stack, admin, 'POST', '/locations', { name: `Kitchens ${randomUUID().slice(0, 6)}`, ...address });
    const locationId = (location.body as { id: string }).id;
    const newSite = async (name: string) => {
      const site = await api(stack, admin, 'POST', '/sites', {
        name, locationIds: [locationId], timezone: TIME_ZONE, ...address, billingAddressSameAsSite: false, billingAddress: address,
      });
      expect(site.status, JSON.stringify(site.body)).toBe(201);
      return (site.body as { id: string }).id;
    };
    siteName = `Paris kitchen ${randomUUID().slice(0, 6)}`;
    siteId = await newSite(siteName);
    const otherSiteId = await newSite(`Annex ${randomUUID().slice(0, 6)}`);
    otherSiteUser = await createUser(stack, 'basicuser', organisation);
    await provisionAccount(stack, {
      email: otherSiteUser.email, role: 'basicuser', customerId: organisation, accountId: otherSiteUser.accountId, locationIds: [locationId], siteIds: [otherSiteId],
    });
    const stamp = new Date(now).toISOString();
    const checklist: Checklist = {
      id: `checklist-${randomUUID()}`, name: 'Opening checks', description: '', siteId, locationIds: [locationId], shiftId: 'shift',
      departmentIds: [], divisionIds: [], allowPartialUpload: false, allowManualReadings: false, allowNotApplicable: false,
      scheduleType: 'custom', questions: [fridgeQuestion()], createdAt: stamp, updatedAt: stamp, createdBy: 'test', updatedBy: 'test', version: 1,
    };
    await documents.send(new PutCommand(checklistPut(stack.tableName, organisation, checklist)));
    checklistId = checklist.id;

    await putInstance(today, 120); // outstanding
    await putInstance(today, 120, { startedMinutes: -10 }); // in progress
    await putInstance(today, 60, { startedMinutes: -20, completedMinutes: -5, exceptionCount: 2 }); // on time, out of limits
    await putInstance(today, -30, { startedMinutes: -40, completedMinutes: -5 }); // late
    await putInstance(today, -30); // overdue
    await putInstance(today, -180); // missed
    await putInstance(otherDayOfWeek, -180, { completedMinutes: -200 }); // on time, another day of the week
    const longAgo = new Date(now - 10 * 24 * 60 * MINUTE);
    await putInstance(localDateIn(longAgo, TIME_ZONE), -10 * 24 * 60); // missed, before the week and the period
  });

  it("counts the checklist's instances of the site's day and week by state", async () => {
    const answer = await api(stack, admin, 'GET', `/checklists/${checklistId}/performance`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const performance = answer.body as ChecklistPerformanceAnswer;
    expect(performance).toMatchObject({ checklistId, date: today, weekStart: week[0], weekEnd: week[6] });
    expect(performance.day).toEqual({ total: 6, complete: 2, incomplete: 4, onTime: 1, late: 1, overdue: 1, outstanding: 1, inProgress: 1, missed: 1 });
    const otherDayInWeek = otherDayOfWeek === today ? 0 : 1;
    expect(performance.week).toEqual({
      total: 6 + otherDayInWeek, complete: 2 + otherDayInWeek, incomplete: 4, onTime: 1 + otherDayInWeek, late: 1, overdue: 1, outstanding: 1, inProgress: 1, missed: 1,
    });
  });

  it('gives the last 7 days of missed, late and out-of-limit checklists by site, the latest first, only on sites the caller reaches', async () => {
    const answer = await api(stack, admin, 'GET', '/dashboard/checklist-exceptions');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const overview = answer.body as ChecklistExceptions;
    expect(overview.bySite.find((row) => row.siteId === siteId)).toEqual({ siteId, siteName, missed: 1, late: 1, outOfLimits: 1 });
    expect(overview.latest.map((item) => item.kind).sort()).toEqual(['late', 'missed', 'outOfLimits']);
    expect(overview.latest[2]).toMatchObject({ kind: 'missed', checklistId, checklistName: 'Opening checks', siteName, date: today });
    expect(overview.latest.find((item) => item.kind === 'outOfLimits')).toMatchObject({ answers: 2 });

    const elsewhere = (await api(stack, otherSiteUser, 'GET', '/dashboard/checklist-exceptions')).body as ChecklistExceptions;
    expect(elsewhere.bySite.map((row) => row.siteId)).not.toContain(siteId);
    expect(elsewhere.latest).toEqual([]);
  });
});
