import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../core/messages';
import {
  auditedChecklist,
  CHECKLIST_QUESTIONS_MAX,
  checklistCopyInputSchema,
  checklistFieldsOf,
  checklistInputSchema,
  checklistRowMoveIssue,
  type Checklist,
  type ChecklistInput,
} from './checklist';
import {
  ADDITIONAL_FIELD_NAME_MAX, ADDITIONAL_FIELDS_MAX, CORRECTIVE_ACTIONS_MAX, OPTION_NAME_MAX, OPTIONS_MAX, QUESTION_ID_MAX, QUESTION_TEXT_MAX,
} from './question';

function refusals(input: unknown, schema: typeof checklistInputSchema | typeof checklistCopyInputSchema = checklistInputSchema): Record<string, string[]> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const byField: Record<string, string[]> = {};
  for (const issue of result.error.issues) (byField[issue.path.join('.')] ??= []).push(issue.message);
  return byField;
}

const opening: ChecklistInput = {
  name: 'Opening checks', siteId: 's-1', locationIds: ['l-1'], shiftId: 'sh-1',
  questions: [{ text: 'Walk-in cooler', type: 'sensorTemperature', sensorId: 'S1', min: 0, max: 5 }],
};

describe('checklist rules (SPEC section 5 "Checklist")', () => {
  it('requires the name, site, location and shift', () => {
    expect(refusals({ ...opening, name: ' ', siteId: '', locationIds: [], shiftId: undefined })).toEqual({
      name: [MESSAGES.checklistNameRequired],
      siteId: [MESSAGES.checklistSiteRequired],
      locationIds: [MESSAGES.checklistLocationRequired],
      shiftId: [MESSAGES.checklistShiftRequired],
    });
  });

  it('takes the defaults of the flags, the schedule and the lists', () => {
    expect(checklistInputSchema.parse(opening)).toMatchObject({
      description: '', departmentIds: [], divisionIds: [], allowPartialUpload: false, allowManualReadings: false, allowNotApplicable: false, scheduleType: 'location',
    });
  });

  it('judges each question by its rules, naming the question', () => {
    expect(refusals({ ...opening, questions: [...(opening.questions ?? []), { text: 'Probe', type: 'probeTemperature', min: 80, max: 75 }] }))
      .toEqual({ 'questions.1.min': [MESSAGES.questionMinAboveMax] });
  });

  it(`allows at most ${CHECKLIST_QUESTIONS_MAX} questions`, () => {
    const questions = (count: number) => Array.from({ length: count }, (_, index) => ({ text: `Q${index}`, type: 'text' }));
    expect(refusals({ ...opening, questions: questions(CHECKLIST_QUESTIONS_MAX) })).toEqual({});
    expect(refusals({ ...opening, questions: questions(CHECKLIST_QUESTIONS_MAX + 1) })).toEqual({ questions: [MESSAGES.checklistQuestionsMax] });
  });

  it('a checklist of the most and largest questions stays under the 400 KB DynamoDB item, its audit entry too', () => {
    const long = (length: number) => 'é'.repeat(length); // two bytes each in UTF-8
    const id = (index: number) => String(index).padStart(QUESTION_ID_MAX, '9');
    const questions = Array.from({ length: CHECKLIST_QUESTIONS_MAX }, (_, index) => ({
      id: id(index), text: long(QUESTION_TEXT_MAX), type: 'singleChoice',
      options: Array.from({ length: OPTIONS_MAX }, (_, option) => ({ id: id(option), name: long(OPTION_NAME_MAX), isException: true })),
      correctiveActionIds: Array.from({ length: CORRECTIVE_ACTIONS_MAX }, (_, action) => id(action)),
      additionalFields: Array.from({ length: ADDITIONAL_FIELDS_MAX }, (_, field) => ({ id: id(field), name: long(ADDITIONAL_FIELD_NAME_MAX) })),
      informationId: id(1),
    }));
    const fields = checklistFieldsOf(checklistInputSchema.parse({ ...opening, name: long(100), description: long(500), questions }), () => 'unused');
    const checklist: Checklist = { id: id(0), ...fields, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', createdBy: long(100), updatedBy: long(100), version: 1 };
    // JSON's bytes bound DynamoDB's size of the same attributes (names plus values, numbers at most 21 bytes).
    const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value), 'utf8');
    expect(bytes(checklist)).toBeLessThan(350_000);
    // An update's entry holds the record before and after and the changes between them (each twice the texts).
    expect(4 * bytes(auditedChecklist(checklist))).toBeLessThan(200_000);
  });

  it('gives every question its ids', () => {
    const fields = checklistFieldsOf(checklistInputSchema.parse(opening), () => 'new-id');
    expect(fields.questions.map((question) => question.id)).toEqual(['new-id']);
  });
});

describe('Copy Checklist', () => {
  it('requires the copy\'s name, site, location and shift', () => {
    expect(refusals({ name: '', siteId: '', locationIds: [], shiftId: '' }, checklistCopyInputSchema)).toEqual({
      name: [MESSAGES.checklistNameRequired],
      siteId: [MESSAGES.checklistSiteRequired],
      locationIds: [MESSAGES.checklistLocationRequired],
      shiftId: [MESSAGES.checklistShiftRequired],
    });
  });
});

describe('moving checklist rows (SPEC section 8)', () => {
  it('allows a move within a group and refuses one between groups', () => {
    expect(checklistRowMoveIssue({ groupId: 'g-1' }, { groupId: 'g-1' })).toBeUndefined();
    expect(checklistRowMoveIssue({}, { groupId: undefined })).toBeUndefined();
    expect(checklistRowMoveIssue({ groupId: 'g-1' }, { groupId: 'g-2' })).toBe(MESSAGES.checklistRowMoveBetweenGroups);
    expect(checklistRowMoveIssue({}, { groupId: 'g-2' })).toBe(MESSAGES.checklistRowMoveBetweenGroups);
  });
});
