import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, DynamoDBDocumentClient, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@domain/core/messages';
import { checklistFieldsOf, checklistInputSchema, type Checklist, type ChecklistInput } from '@domain/haccp/checklist';
import type { Caller } from '../../shared/caller';
import { ChecklistStore } from './checklists';

const dynamo = mockClient(DynamoDBDocumentClient);
const documents = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'local' }));
const store = new ChecklistStore(documents, 'table', () => new Date('2026-03-01T10:00:00Z'));
const caller: Caller = { userId: 'u-1', email: 'admin@demo.example', role: 'admin', customerId: 'org-1', accountId: 'a-1', isPortalLogin: true, tokenId: 't-1' };
let nextId = 0;
const newId = () => `new-${++nextId}`;

const opening: ChecklistInput = {
  name: 'Opening checks', siteId: 's-1', locationIds: ['l-1'], shiftId: 'sh-1', notificationGroupId: 'ng-h', groupId: 'cg-1',
  departmentIds: ['d-1'],
  questions: [
    { text: 'Walk-in cooler', type: 'sensorTemperature', sensorId: 'S1', min: 0, max: 5, correctiveActionIds: ['ca-1'] },
    { text: 'Fryer oil', type: 'oilQuality', warnAt: 18, replaceAt: 24, informationId: 'i-1' },
  ],
};
const fields = (input: ChecklistInput = opening) => checklistFieldsOf(checklistInputSchema.parse(input), newId);

/** What the organisation has: the site on l-1, its shift, a HACCP and a sensor group, a sensor, a corrective action, an information item. */
const ORGANISATION: Record<string, Record<string, unknown>> = {
  'SITE#s-1': { locationIds: ['l-1'] },
  'SITE#s-2': { locationIds: ['l-2'] },
  'SHIFT#sh-1': { siteId: 's-1' },
  'SHIFT#sh-2': { siteId: 's-2' },
  'DEPARTMENT#d-1': {},
  'NOTIFICATIONGROUP#ng-h': { groupType: 'haccp' },
  'NOTIFICATIONGROUP#ng-s': { groupType: 'sensor' },
  'CHECKLISTGROUP#cg-1': {},
  'SENSOR#S1': { siteId: 's-1' },
  'CORRECTIVEACTION#ca-1': {},
  'INFORMATIONITEM#i-1': {},
};
const transactItems = (call = 0) => dynamo.commandCalls(TransactWriteCommand)[call]?.args[0].input.TransactItems ?? [];
const stored = (record: Checklist) => ({ pk: 'C#org-1#CHECKLIST', sk: `CHECKLIST#${record.id}`, ...record });

describe('ChecklistStore', () => {
  beforeEach(() => {
    dynamo.reset();
    nextId = 0;
    dynamo.on(TransactWriteCommand).resolves({});
    dynamo.on(BatchGetCommand).callsFake((input: { RequestItems: Record<string, { Keys: Record<string, string>[] }> }) => ({
      Responses: {
        table: (input.RequestItems['table']?.Keys ?? []).flatMap((key) => {
          const sk = String(key['sk']);
          const found = ORGANISATION[sk];
          return found === undefined ? [] : [{ ...key, id: sk.split('#')[1], ...found }];
        }),
      },
    }));
  });

  it('writes the checklist with its questions, its name marker, its audit entry (questions by text) and its reference on the site', async () => {
    // Act
    const created = await store.create(caller, 'org-1', fields());

    // Assess
    expect(created.questions.map((question) => question.id)).toEqual(['new-1', 'new-2']);
    const items = transactItems();
    const put = items.find((item) => item.Put?.Item?.['sk'] === `CHECKLIST#${created.id}`)?.Put?.Item;
    expect(put).toMatchObject({ pk: 'C#org-1#CHECKLIST', gsi2pk: 'C#org-1#CHECKLIST#SHIFT#sh-1', siteId: 's-1' });
    expect((put?.['questions'] as { text: string }[]).map((question) => question.text)).toEqual(['Walk-in cooler', 'Fryer oil']);
    const audit = items.find((item) => item.Put?.Item?.['type'] === 'AuditEntry')?.Put?.Item;
    expect((audit?.['after'] as { questions: unknown }).questions).toEqual(['Walk-in cooler', 'Fryer oil']);
    expect(items.some((item) => item.Put?.Item?.['pk'] === 'C#org-1#SITE#s-1#REF' && item.Put.Item['sk'] === `CHECKLIST#${created.id}`)).toBe(true);
    expect(items.some((item) => item.Update?.Key?.['sk'] === 'SITE#s-1' && item.Update.UpdateExpression === 'ADD refCount :one')).toBe(true);
    // The instances job's list of HACCP organisations: unconditional, so a second checklist writes it again without failing.
    const registration = items.find((item) => item.Put?.Item?.['pk'] === 'SYSTEM#HACCPORGANISATIONS');
    expect(registration?.Put).toMatchObject({ Item: { sk: 'C#org-1', customerId: 'org-1', registeredAt: created.createdAt } });
    expect(registration?.Put?.ConditionExpression).toBeUndefined();
  });

  it.each([
    ['a location not on the site', { locationIds: ['l-2'] }, MESSAGES.checklistLocationNotOnSite],
    ['a shift of another site', { shiftId: 'sh-2' }, MESSAGES.checklistShiftUnknown],
    ['an unknown shift', { shiftId: 'sh-9' }, MESSAGES.checklistShiftUnknown],
    ['an unknown site', { siteId: 's-9' }, MESSAGES.unknownSite],
    ['an unknown department', { departmentIds: ['d-9'] }, MESSAGES.unknownDepartment],
    ['a sensor notification group', { notificationGroupId: 'ng-s' }, MESSAGES.checklistNotificationGroupUnknown],
    ['an unknown checklist group', { groupId: 'cg-9' }, MESSAGES.checklistGroupNotFound],
    ['a sensor of no one', { questions: [{ text: 'Cooler', type: 'sensorTemperature', sensorId: 'S9', min: 0, max: 5 }] }, MESSAGES.questionSensorUnknown],
    ['a dishwasher sensor of no one', { questions: [{ text: 'Dishwasher', type: 'dishwasher', dishwasherSensorId: 'DW9', min: 60, max: 90 }] }, MESSAGES.questionDishwasherSensorIdInvalid],
    ['an unknown corrective action', { questions: [{ text: 'Probe', type: 'probeTemperature', min: 75, max: 99, correctiveActionIds: ['ca-9'] }] }, MESSAGES.questionCorrectiveActionUnknown],
    ['an unknown information item', { questions: [{ text: 'Oil', type: 'oilQuality', warnAt: 1, replaceAt: 2, informationId: 'i-9' }] }, MESSAGES.questionInformationUnknown],
  ])('refuses %s and writes nothing', async (_case, changes, message) => {
    await expect(store.create(caller, 'org-1', fields({ ...opening, ...changes } as ChecklistInput))).rejects.toMatchObject({ message });
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('moves its reference when the site changes, and renames it with the checklist', async () => {
    // Prepare
    const before: Checklist = { id: 'c-1', ...fields(), createdAt: '', updatedAt: '', createdBy: 'a', updatedBy: 'a', version: 3 };
    dynamo.on(GetCommand).resolves({ Item: stored(before) });

    // Act
    await store.update(caller, 'org-1', 'c-1', { ...fields(), name: 'Morning checks', siteId: 's-2', locationIds: ['l-2'], shiftId: 'sh-2' });

    // Assess
    const items = transactItems();
    expect(items.some((item) => item.Delete?.Key?.['pk'] === 'C#org-1#SITE#s-1#REF')).toBe(true);
    expect(items.some((item) => item.Put?.Item?.['pk'] === 'C#org-1#SITE#s-2#REF' && item.Put.Item['name'] === 'Morning checks')).toBe(true);
    expect(items.find((item) => item.Put?.Item?.['sk'] === 'CHECKLIST#c-1')?.Put?.ConditionExpression).toContain('version');
  });

  it('copies a checklist with its questions under new ids to another site, leaving the original as it was', async () => {
    // Prepare (no sensor question: a sensor stays on its site, see below)
    const withoutSensor = fields({ ...opening, questions: [{ text: 'Fryer oil', type: 'oilQuality', warnAt: 18, replaceAt: 24, informationId: 'i-1' }, { text: 'Floor clean?', type: 'yesNo' }] });
    const source: Checklist = { id: 'c-1', ...withoutSensor, createdAt: '', updatedAt: '', createdBy: 'a', updatedBy: 'a', version: 3 };
    dynamo.on(GetCommand).resolves({ Item: stored(source) });

    // Act
    const copy = await store.copy(caller, 'org-1', 'c-1', { name: 'Opening checks (Leeds)', siteId: 's-2', locationIds: ['l-2'], shiftId: 'sh-2' });

    // Assess
    expect(copy).toMatchObject({ name: 'Opening checks (Leeds)', siteId: 's-2', locationIds: ['l-2'], shiftId: 'sh-2', version: 1 });
    expect(copy.id).not.toBe('c-1');
    expect(copy.questions.map((question) => question.text)).toEqual(source.questions.map((question) => question.text));
    const sourceIds = new Set(source.questions.map((question) => question.id));
    expect(copy.questions.some((question) => sourceIds.has(question.id))).toBe(false);
    expect(transactItems().some((item) => item.Put?.Item?.['sk'] === 'CHECKLIST#c-1' || item.Delete?.Key?.['sk'] === 'CHECKLIST#c-1')).toBe(false);
    expect(transactItems().some((item) => item.Put?.Item?.['pk'] === 'SYSTEM#HACCPORGANISATIONS' && item.Put.Item['customerId'] === 'org-1')).toBe(true);
  });

  it("refuses to copy to another site a question reading the original site's sensor ('Sensor is required.'), and keeps the sensor on the same site", async () => {
    const source: Checklist = { id: 'c-1', ...fields(), createdAt: '', updatedAt: '', createdBy: 'a', updatedBy: 'a', version: 3 };
    dynamo.on(GetCommand).resolves({ Item: stored(source) });

    const elsewhere = store.copy(caller, 'org-1', 'c-1', { name: 'Opening checks (Leeds)', siteId: 's-2', locationIds: ['l-2'], shiftId: 'sh-2' });
    await expect(elsewhere).rejects.toMatchObject({ message: MESSAGES.questionSensorRequired, details: { 'questions.0.sensorId': MESSAGES.questionSensorRequired } });
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(0);

    const sameSite = await store.copy(caller, 'org-1', 'c-1', { name: 'Opening checks (again)', siteId: 's-1', locationIds: ['l-1'], shiftId: 'sh-1' });
    expect(sameSite.questions[0]).toMatchObject({ type: 'sensorTemperature', sensorId: 'S1' });
  });

  it('lets go of its site reference on delete', async () => {
    const before: Checklist = { id: 'c-1', ...fields(), createdAt: '', updatedAt: '', createdBy: 'a', updatedBy: 'a', version: 2 };
    dynamo.on(GetCommand).resolves({ Item: stored(before) });
    await store.delete(caller, 'org-1', 'c-1');
    const items = transactItems();
    expect(items.some((item) => item.Delete?.Key?.['pk'] === 'C#org-1#SITE#s-1#REF' && item.Delete.Key['sk'] === 'CHECKLIST#c-1')).toBe(true);
    expect(items.some((item) => item.Update?.Key?.['sk'] === 'SITE#s-1' && item.Update.UpdateExpression === 'ADD refCount :minusOne')).toBe(true);
  });

  it('reads a stored checklist back field by field, keys left out', async () => {
    const record: Checklist = { id: 'c-1', ...fields(), createdAt: 'x', updatedAt: 'x', createdBy: 'a', updatedBy: 'a', version: 2 };
    dynamo.on(GetCommand).resolves({ Item: { ...stored(record), gsi1pk: 'x', __edb_e__: 'checklist' } });
    expect(await store.get('org-1', 'c-1')).toEqual(record);
  });
});
