import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MESSAGES } from '@domain/core/messages';
import { shiftPageSchema, shiftSchema, type Shift } from '@domain/haccp/shift';
import { LOCAL_REGION } from '../../local/identity';
import { referencesOf, ENTITY, entityHistoryPartition } from '../../lambdas/data';
import { api, createUser, provisionAccount, type TestUser } from '../support/identity';
import { addNotificationGroup } from '../support/notification-groups';
import { createSensorPlace, type SensorPlace } from '../support/sensors';

const stack = inject('stack');
/** An organisation of these tests' own. */
const ORG = 'shifts-test-org';

const documents = DynamoDBDocumentClient.from(new DynamoDBClient({
  endpoint: stack.dynamoEndpoint, region: LOCAL_REGION, credentials: stack.credentials,
}));
afterAll(() => documents.destroy());

describe('HACCP shifts through the local gateway', () => {
  let admin: TestUser;
  let reader: TestUser;
  let place: SensorPlace;
  let haccpGroupId: string;
  let sensorGroupId: string;

  const body = (overrides: Record<string, unknown> = {}, schedule: Record<string, unknown> = {}) => ({
    name: `Morning ${randomUUID().slice(0, 8)}`,
    siteId: place.siteId,
    locationId: place.locationId,
    shiftType: 'custom',
    schedules: [{
      name: 'Weekdays', days: [5, 1], startDate: '2026-03-01', startTime: '06:00', endTime: '14:00', remindAt: '13:30',
      notificationGroupId: haccpGroupId, recurrence: { frequency: 'weekly', interval: '1' }, assignedUserIds: [reader.accountId],
      ...schedule,
    }],
    ...overrides,
  });
  const added = async (overrides: Record<string, unknown> = {}, schedule: Record<string, unknown> = {}) => {
    const created = await api(stack, admin, 'POST', '/shifts', body(overrides, schedule));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body as Shift;
  };
  const refusal = async (method: 'POST' | 'PUT' | 'DELETE', path: string, sent?: unknown) => {
    const result = await api(stack, admin, method, path, sent);
    return { status: result.status, message: (result.body as { message?: string } | undefined)?.message };
  };
  const siteShiftReferences = async (siteId: string) =>
    (await documents.send(new QueryCommand(referencesOf(stack.tableName, ORG, { entity: ENTITY.site, id: siteId }, 'SHIFT')))).Items ?? [];

  beforeAll(async () => {
    admin = await createUser(stack, 'admin', ORG);
    reader = await createUser(stack, 'basicuser', ORG);
    place = await createSensorPlace(stack, admin);
    // The reader reads the shifts of their own site only (GET /shifts is scoped to the caller's sites).
    await provisionAccount(stack, { email: reader.email, role: reader.role, customerId: reader.customerId, accountId: reader.accountId, locationIds: [place.locationId], siteIds: [place.siteId] });
    haccpGroupId = await addNotificationGroup(stack, admin, place, { groupType: 'haccp' });
    sensorGroupId = await addNotificationGroup(stack, admin, place);
  });

  it('adds, lists, reads, updates and deletes a shift, attached to its site, with versions and audit entries', async () => {
    const shift = await added();
    expect(shift).toMatchObject({
      siteId: place.siteId, locationId: place.locationId, shiftType: 'custom', version: 1, createdBy: admin.email,
      schedules: [{ name: 'Weekdays', days: [1, 5], startTime: '06:00', endTime: '14:00', remindAt: '13:30', notificationGroupId: haccpGroupId,
        recurrence: { frequency: 'weekly', interval: 1 }, assignedUserIds: [reader.accountId] }],
    });
    expect(shift.schedules[0]?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(shiftSchema.safeParse(shift).error).toBeUndefined();
    const page = (await api(stack, reader, 'GET', '/shifts?limit=100')).body;
    expect(shiftPageSchema.safeParse(page).error).toBeUndefined();
    expect(shiftPageSchema.parse(page).items.map((one) => one.id)).toContain(shift.id);
    expect((await api(stack, reader, 'GET', `/shifts/${shift.id}`)).body).toEqual(shift);
    expect((await api(stack, reader, 'POST', '/shifts', body())).status).toBe(403);
    expect(await siteShiftReferences(place.siteId)).toEqual([expect.objectContaining({ kind: 'SHIFT', id: shift.id, name: shift.name })]);

    // The site cannot be deleted while the shift is on it (SPEC section 8).
    expect(await refusal('DELETE', `/sites/${place.siteId}`)).toEqual({ status: 409, message: MESSAGES.siteHasShifts });

    // A 24-hour shift's schedules run 00:00 to 24:00; the schedule keeps its id.
    const scheduleId = shift.schedules[0]?.id;
    const updated = await api(stack, admin, 'PUT', `/shifts/${shift.id}`, body({ name: shift.name, shiftType: 'allDay' }, { id: scheduleId, startTime: '', endTime: '' }));
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body).toMatchObject({ shiftType: 'allDay', version: 2, schedules: [{ id: scheduleId, startTime: '00:00', endTime: '24:00' }] });

    // Moving it to the other site moves its reference.
    const moved = await api(stack, admin, 'PUT', `/shifts/${shift.id}`, body({ name: shift.name, siteId: place.otherSiteId }));
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await siteShiftReferences(place.siteId)).toEqual([]);
    expect((await siteShiftReferences(place.otherSiteId)).map((item) => item['id'])).toEqual([shift.id]);

    expect((await api(stack, admin, 'DELETE', `/shifts/${shift.id}`)).status).toBe(204);
    expect(await refusal('DELETE', `/shifts/${shift.id}`)).toEqual({ status: 404, message: MESSAGES.shiftNotFound });
    expect(await siteShiftReferences(place.otherSiteId)).toEqual([]);
    const history = await documents.send(new QueryCommand({
      TableName: stack.tableName, IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': entityHistoryPartition(ORG, ENTITY.shift, shift.id) },
    }));
    expect((history.Items ?? []).map((item) => item['action'])).toEqual(['create', 'update', 'update', 'delete']);
  });

  it('refuses a duplicate shift name on the same site, case aside, and takes it on another site', async () => {
    const shift = await added();
    expect(await refusal('POST', '/shifts', body({ name: ` ${shift.name.toUpperCase()} ` }))).toEqual({ status: 409, message: MESSAGES.shiftNameTaken });
    const elsewhere = await added({ name: shift.name, siteId: place.otherSiteId });
    // Moving the other one onto the first site is refused too; its own name stays its own.
    expect(await refusal('PUT', `/shifts/${elsewhere.id}`, body({ name: shift.name }))).toEqual({ status: 409, message: MESSAGES.shiftNameTaken });
    expect((await api(stack, admin, 'PUT', `/shifts/${shift.id}`, body({ name: shift.name }))).status).toBe(200);
    // Once deleted, its name is free again on its site.
    expect((await api(stack, admin, 'DELETE', `/shifts/${shift.id}`)).status).toBe(204);
    await added({ name: shift.name });
  });

  it('refuses to delete a shift while a checklist is linked to it (SPEC section 8)', async () => {
    const shift = await added();
    const checklist = await api(stack, admin, 'POST', '/checklists', {
      name: `Opening ${randomUUID().slice(0, 8)}`, siteId: place.siteId, locationIds: [place.locationId], shiftId: shift.id,
      questions: [{ text: 'Floor clean?', type: 'yesNo' }],
    });
    expect(checklist.status, JSON.stringify(checklist.body)).toBe(201);
    // The checklists' by-shift index is eventually consistent; DynamoDB Local answers at once.
    expect(await refusal('DELETE', `/shifts/${shift.id}`)).toEqual({ status: 409, message: MESSAGES.shiftHasChecklists });
    expect((await api(stack, admin, 'DELETE', `/checklists/${(checklist.body as { id: string }).id}`)).status).toBe(204);
    expect((await api(stack, admin, 'DELETE', `/shifts/${shift.id}`)).status).toBe(204);
  });

  it('refuses a site, location, notification group or user that is not the organisation\'s, and a group that is not HACCP', async () => {
    const other = await createUser(stack, 'admin', 'shifts-other-org');
    expect(await refusal('POST', '/shifts', body({ siteId: randomUUID() }))).toEqual({ status: 400, message: MESSAGES.unknownSite });
    expect(await refusal('POST', '/shifts', body({ locationId: randomUUID() }))).toEqual({ status: 400, message: MESSAGES.siteLocationNotFound });
    expect(await refusal('POST', '/shifts', body({}, { notificationGroupId: randomUUID() }))).toEqual({ status: 400, message: MESSAGES.notificationGroupUnknown });
    expect(await refusal('POST', '/shifts', body({}, { notificationGroupId: sensorGroupId }))).toEqual({ status: 400, message: MESSAGES.shiftNotificationGroupNotHaccp });
    expect(await refusal('POST', '/shifts', body({}, { assignedUserIds: [other.accountId] }))).toEqual({ status: 400, message: MESSAGES.notificationUserUnknown });
    // The schema's rules, in the SPEC's words.
    expect(await refusal('POST', '/shifts', body({}, { days: [] }))).toEqual({ status: 400, message: MESSAGES.scheduleDaysRequired });
    expect(await refusal('POST', '/shifts', body({}, { remindAt: '15:00' }))).toEqual({ status: 400, message: MESSAGES.shiftRemindOutsideWindow });
  });
});
