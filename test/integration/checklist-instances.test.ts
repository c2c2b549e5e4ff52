import { randomUUID } from 'node:crypto';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { MESSAGES } from '@domain/core/messages';
import type { Checklist } from '@domain/haccp/checklist';
import type { ChecklistAnswer, InstanceDetail, TodayInstance } from '@domain/haccp/filling';
import { localDateIn } from '@domain/haccp/instance';
import type { Shift } from '@domain/haccp/shift';
import { createInstancesAhead } from '../../lambdas/data/checklist-instances-ahead';
import { checklistAnswersOfInstance, checklistInstancesOfSiteDay, checklistPut, shiftPut, deviceStateKey, ENTITY, readingPartition } from '../../lambdas/data';
import { fridgeQuestion, putTestInstance, testDocuments } from '../support/haccp';
import { api, createUser, provisionAccount, type TestUser } from '../support/identity';

const stack = inject('stack');
const TIME_ZONE = 'Europe/Paris';

/**
 * Filling checklists through the local gateway (issue 15 sections 2 and 5): the schedule job
 * creating a shift's instances ahead, answers judged and stored once, a late submission, and
 * the HACCP access check. An organisation of its own, with a site in Paris.
 */
describe('HACCP filling: the instances job and /api/haccp', () => {
  const organisation = `haccp-filling-${randomUUID().slice(0, 8)}`;
  let admin: TestUser;
  let kitchenUser: TestUser;
  let noHaccpUser: TestUser;
  let siteId: string;
  let locationId: string;
  const documents = testDocuments(stack);

  beforeAll(async () => {
    admin = await createUser(stack, 'admin', organisation);
    await provisionAccount(stack, { email: admin.email, role: 'admin', customerId: organisation, accountId: admin.accountId, hasDefaultLocAccess: true });
    const address = { address: '1 Rue de Rivoli', city: 'Paris', state: 'IDF', country: 'France', postalCode: '75001' };
    const location = await api(stack, admin, 'POST', '/locations', { name: `Kitchens ${randomUUID().slice(0, 6)}`, ...address });
    locationId = (location.body as { id: string }).id;
    const site = await api(stack, admin, 'POST', '/sites', {
      name: `Paris kitchen ${randomUUID().slice(0, 6)}`, locationIds: [locationId], timezone: TIME_ZONE, ...address,
      billingAddressSameAsSite: false, billingAddress: address,
    });
    expect(site.status, JSON.stringify(site.body)).toBe(201);
    siteId = (site.body as { id: string }).id;
    kitchenUser = await createUser(stack, 'basicuser', organisation);
    await provisionAccount(stack, {
      email: kitchenUser.email, role: 'basicuser', customerId: organisation, accountId: kitchenUser.accountId,
      locationIds: [locationId], siteIds: [siteId], isHaccpAvailable: true, firstName: 'Kim', lastName: 'Cook',
    });
    noHaccpUser = await createUser(stack, 'basicuser', organisation);
    await provisionAccount(stack, {
      email: noHaccpUser.email, role: 'basicuser', customerId: organisation, accountId: noHaccpUser.accountId,
      locationIds: [locationId], siteIds: [siteId], isHaccpAvailable: false,
    });
  });

  it("creates a shift's instances for the next day in the site's time zone, once however often it runs", async () => {
    const now = new Date();
    const stamp = now.toISOString();
    const shift: Shift = {
      id: `shift-${randomUUID()}`, name: 'Morning', siteId, locationId: 'loc', shiftType: 'custom',
      schedules: [{
        id: `schedule-${randomUUID()}`, name: 'Every day', days: [0, 1, 2, 3, 4, 5, 6], startDate: localDateIn(new Date(now.getTime() - 2 * 86_400_000), TIME_ZONE),
        startTime: '06:00', endTime: '10:00', remindAt: '09:00', recurrence: { frequency: 'daily', interval: 1 }, assignedUserIds: [],
      }],
      createdAt: stamp, updatedAt: stamp, createdBy: 'test', updatedBy: 'test', version: 1,
    };
    const checklist: Checklist = {
      id: `checklist-${randomUUID()}`, name: 'Opening checks', description: '', siteId, locationIds: ['loc'], shiftId: shift.id,
      departmentIds: [], divisionIds: [], allowPartialUpload: false, allowManualReadings: false, allowNotApplicable: false,
      scheduleType: 'custom', questions: [fridgeQuestion()],
      createdAt: stamp, updatedAt: stamp, createdBy: 'test', updatedBy: 'test', version: 3,
    };
    await documents.send(new PutCommand(shiftPut(stack.tableName, organisation, shift)));
    await documents.send(new PutCommand(checklistPut(stack.tableName, organisation, checklist)));

    const first = await createInstancesAhead(documents, stack.tableName, organisation, now);
    expect(first.created).toBeGreaterThanOrEqual(1);
    const again = await createInstancesAhead(documents, stack.tableName, organisation, now);
    expect(again).toMatchObject({ created: 0, existing: first.created + first.existing });

    const tomorrow = localDateIn(new Date(now.getTime() + 86_400_000), TIME_ZONE);
    const found = await documents.send(new QueryCommand(checklistInstancesOfSiteDay(stack.tableName, organisation, siteId, tomorrow)));
    const ofChecklist = (found.Items ?? []).filter((item) => item['checklistId'] === checklist.id);
    expect(ofChecklist).toHaveLength(1);
    // 06:00 to 10:00 in Paris, whichever offset the day has.
    const start = new Date(String(ofChecklist[0]?.['windowStart']));
    expect(new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit' }).format(start)).toBe('06:00');
    expect(ofChecklist[0]).toMatchObject({ checklistVersion: 3, date: tomorrow, questionCount: 1 });
  });

  it('refuses an answer out of limits without a corrective action, in the clear words; takes it with one, as an exception', async () => {
    const question = fridgeQuestion();
    const id = await putTestInstance(stack, organisation, { siteId, questions: [question] });
    const path = `/haccp/instances/${id}/answers/${question.id}`;
    const refused = await api(stack, kitchenUser, 'PUT', path, { idempotencyKey: `k-${randomUUID()}`, value: 9, answeredAt: new Date().toISOString() });
    expect(refused).toMatchObject({ status: 400, body: { message: MESSAGES.answerCorrectiveActionRequired } });
    const taken = await api(stack, kitchenUser, 'PUT', path, {
      idempotencyKey: `k-${randomUUID()}`, value: 9, correctiveActionText: 'Moved the stock to the spare fridge', answeredAt: new Date().toISOString(),
    });
    expect(taken).toMatchObject({ status: 200, body: { isException: true, answeredBy: 'Kim Cook' } });
    const detail = (await api(stack, kitchenUser, 'GET', `/haccp/instances/${id}`)).body as InstanceDetail;
    expect(detail).toMatchObject({ state: 'inProgress', answeredCount: 1, exceptionCount: 1 });
  });

  it("takes a sensor temperature answer only as one of its sensor's readings, unless typed in where allowed", async () => {
    const sensorId = `sensor-${randomUUID().slice(0, 8)}`;
    const at = new Date(Date.now() - 60_000).toISOString();
    // A reading a minute old, as the ingest writes it: the sensor's state item and its stored reading.
    await documents.send(new PutCommand({
      TableName: stack.tableName,
      Item: { ...deviceStateKey(organisation, ENTITY.sensor, sensorId), lastCommunicated: at, lastReadingAt: at, reading: { 1: 3.4, 2: 60 } },
    }));
    await documents.send(new PutCommand({
      TableName: stack.tableName,
      Item: { pk: readingPartition(organisation, sensorId), sk: at, time: at, channels: { 1: 3.4, 2: 60 }, receivedAt: at, sourceDeviceId: sensorId },
    }));
    const question = fridgeQuestion({ type: 'sensorTemperature', sensorId });
    const answerOf = (id: string, fields: Record<string, unknown>) =>
      api(stack, kitchenUser, 'PUT', `/haccp/instances/${id}/answers/${question.id}`, { idempotencyKey: `k-${randomUUID()}`, answeredAt: new Date().toISOString(), ...fields });
    const id = await putTestInstance(stack, organisation, { siteId, questions: [question] });
    // Offered with both channels: a dishwasher sensor's wash and rinse.
    const offered = (await api(stack, kitchenUser, 'GET', `/haccp/instances/${id}`)).body as InstanceDetail;
    expect(offered.liveReadings[sensorId]).toEqual({ value: 3.4, secondValue: 60, unit: '°C', at });
    expect(await answerOf(id, { value: 2.5 })).toMatchObject({ status: 400, body: { message: MESSAGES.answerSensorReadingUnknown } });
    expect(await answerOf(id, { value: 3.4 })).toMatchObject({ status: 200, body: { value: 3.4, isException: false } });
    const typedIn = await putTestInstance(stack, organisation, { siteId, questions: [question], allowManualReadings: true });
    expect(await answerOf(typedIn, { value: 2.5, manualReading: true })).toMatchObject({ status: 200, body: { value: 2.5 } });
  });

  it('stores an answer sent twice (an offline batch replayed) once, and answers the same both times', async () => {
    const questions = [fridgeQuestion(), fridgeQuestion({ text: 'Chest freezer', min: -25, max: -18 })];
    const id = await putTestInstance(stack, organisation, { siteId, questions });
    const batch = questions.map((question, index) => ({
      path: `/haccp/instances/${id}/answers/${question.id}`,
      body: { idempotencyKey: `k-${randomUUID()}`, value: index === 0 ? 3 : -20, answeredAt: new Date(Date.now() - 60_000).toISOString() },
    }));
    const sent = [];
    for (let round = 0; round < 2; round += 1) {
      for (const answer of batch) sent.push(await api(stack, kitchenUser, 'PUT', answer.path, answer.body));
    }
    expect(sent.map((result) => result.status)).toEqual([200, 200, 200, 200]);
    expect(sent[2]?.body).toEqual(sent[0]?.body);
    expect((sent[3]?.body as ChecklistAnswer).receivedAt).toBe((sent[1]?.body as ChecklistAnswer).receivedAt);
    const stored = await documents.send(new QueryCommand(checklistAnswersOfInstance(stack.tableName, organisation, id)));
    expect(stored.Items).toHaveLength(2);
    const detail = (await api(stack, kitchenUser, 'GET', `/haccp/instances/${id}`)).body as InstanceDetail;
    expect(detail).toMatchObject({ answeredCount: 2, exceptionCount: 0 });
    expect(detail.answers).toHaveLength(2);
  });

  it("marks a submission after the window late, with the submitter's name and time; partial only where allowed", async () => {
    const questions = [fridgeQuestion(), fridgeQuestion({ text: 'Dairy fridge' })];
    const id = await putTestInstance(stack, organisation, { siteId, questions, windowEndMinutes: -10 });
    await api(stack, kitchenUser, 'PUT', `/haccp/instances/${id}/answers/${questions[0]?.id ?? ''}`, { idempotencyKey: `k-${randomUUID()}`, value: 2, answeredAt: new Date().toISOString() });
    expect(await api(stack, kitchenUser, 'POST', `/haccp/instances/${id}/submit`, { idempotencyKey: `s-${randomUUID()}` }))
      .toMatchObject({ status: 400, body: { message: MESSAGES.checklistIncomplete } });
    await api(stack, kitchenUser, 'PUT', `/haccp/instances/${id}/answers/${questions[1]?.id ?? ''}`, { idempotencyKey: `k-${randomUUID()}`, value: 4, answeredAt: new Date().toISOString() });
    const key = `s-${randomUUID()}`;
    const before = Date.now();
    const submitted = await api(stack, kitchenUser, 'POST', `/haccp/instances/${id}/submit`, { idempotencyKey: key });
    expect(submitted).toMatchObject({ status: 200, body: { state: 'completedLate', completedLate: true, submittedBy: 'Kim Cook' } });
    expect(Date.parse((submitted.body as InstanceDetail).completedAt ?? '')).toBeGreaterThanOrEqual(before - 1000);
    // The same submission again is the same; another is refused, and so is a later answer.
    expect((await api(stack, kitchenUser, 'POST', `/haccp/instances/${id}/submit`, { idempotencyKey: key })).status).toBe(200);
    expect(await api(stack, kitchenUser, 'POST', `/haccp/instances/${id}/submit`, { idempotencyKey: `s-${randomUUID()}` }))
      .toMatchObject({ status: 409, body: { message: MESSAGES.checklistInstanceSubmitted } });
    expect(await api(stack, kitchenUser, 'PUT', `/haccp/instances/${id}/answers/${questions[0]?.id ?? ''}`, { idempotencyKey: `k-${randomUUID()}`, value: 3, answeredAt: new Date().toISOString() }))
      .toMatchObject({ status: 409, body: { message: MESSAGES.checklistInstanceSubmitted } });

    const partial = await putTestInstance(stack, organisation, { siteId, questions, allowPartialUpload: true });
    await api(stack, kitchenUser, 'PUT', `/haccp/instances/${partial}/answers/${questions[0]?.id ?? ''}`, { idempotencyKey: `k-${randomUUID()}`, value: 2, answeredAt: new Date().toISOString() });
    expect(await api(stack, kitchenUser, 'POST', `/haccp/instances/${partial}/submit`, { idempotencyKey: `s-${randomUUID()}` }))
      .toMatchObject({ status: 200, body: { state: 'completedOnTime', completedLate: false } });
  });

  it("lists today's instances on the user's sites, and refuses a user without HACCP access", async () => {
    // A window from 3 hours ago to an hour ahead, dated in Paris, not started.
    const id = await putTestInstance(stack, organisation, { siteId, windowEndMinutes: 60, timeZone: TIME_ZONE });
    const today = await api(stack, kitchenUser, 'GET', '/haccp/today');
    expect(today.status).toBe(200);
    const listed = (today.body as { items: TodayInstance[] }).items.find((item) => item.id === id);
    expect(listed).toMatchObject({ state: 'outstanding', questionCount: 1, answeredCount: 0, shiftName: 'Morning' });

    for (const [method, path, body] of [
      ['GET', '/haccp/today', undefined],
      ['GET', `/haccp/instances/${id}`, undefined],
      ['PUT', `/haccp/instances/${id}/answers/q-1`, { idempotencyKey: `k-${randomUUID()}`, value: 2, answeredAt: new Date().toISOString() }],
      ['POST', `/haccp/instances/${id}/submit`, { idempotencyKey: `s-${randomUUID()}` }],
    ] as const) {
      expect(await api(stack, noHaccpUser, method, path, body)).toMatchObject({ status: 403, body: { message: MESSAGES.haccpAccessRequired } });
    }
  });

  it('puts a checklist added during its shift on Today at once, without waiting for the hourly job', async () => {
    const shift = await api(stack, admin, 'POST', '/shifts', {
      name: `All day ${randomUUID().slice(0, 8)}`, siteId, locationId, shiftType: 'allDay',
      schedules: [{
        name: 'Every day', days: [0, 1, 2, 3, 4, 5, 6], startDate: localDateIn(new Date(Date.now() - 86_400_000), TIME_ZONE),
        startTime: '', endTime: '', recurrence: { frequency: 'daily', interval: '1' }, assignedUserIds: [],
      }],
    });
    expect(shift.status, JSON.stringify(shift.body)).toBe(201);
    const checklist = await api(stack, admin, 'POST', '/checklists', {
      name: `Added mid-shift ${randomUUID().slice(0, 8)}`, siteId, locationIds: [locationId], shiftId: (shift.body as { id: string }).id,
      questions: [{ text: 'Floor clean?', type: 'yesNo' }],
    });
    expect(checklist.status, JSON.stringify(checklist.body)).toBe(201);
    const today = await api(stack, kitchenUser, 'GET', '/haccp/today');
    const listed = (today.body as { items: TodayInstance[] }).items.filter((item) => item.checklistId === (checklist.body as { id: string }).id);
    expect(listed).toEqual([expect.objectContaining({ state: 'outstanding', questionCount: 1 })]);
  });

  it("finds nothing of a site the user does not reach, nor of a schedule assigned to others", async () => {
    const elsewhere = await putTestInstance(stack, organisation, { siteId: 'another-site' });
    expect(await api(stack, kitchenUser, 'GET', `/haccp/instances/${elsewhere}`)).toMatchObject({ status: 404, body: { message: MESSAGES.checklistInstanceNotFound } });
    const others = await putTestInstance(stack, organisation, { siteId, assignedUserIds: ['someone-else'] });
    expect((await api(stack, kitchenUser, 'GET', `/haccp/instances/${others}`)).status).toBe(404);
    expect((await api(stack, admin, 'GET', `/haccp/instances/${others}`)).status).toBe(200);
  });
});
