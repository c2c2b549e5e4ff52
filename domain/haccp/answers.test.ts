import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../core/messages';
import { answerInputSchema, isSensorReading, judgeAnswer, judgeSubmission, oilLevelOf, SENSOR_ANSWER_LOOKBACK_MS, type AnswerInput } from './answers';
import type { Question } from './question';

const question = (fields: Partial<Question> & Pick<Question, 'type'>): Question => ({
  id: 'q-1', text: 'Check', options: [], correctiveActionIds: [], additionalFields: [], required: true, ...fields,
});
const rules = { allowNotApplicable: false, allowManualReadings: false };
const answer = (fields: Partial<AnswerInput>) => ({ notApplicable: false, manualReading: false, additionalFields: {}, ...fields });
const refusalOf = (judgement: ReturnType<typeof judgeAnswer>) => (judgement.ok ? undefined : judgement.refusal.message);
const exceptionOf = (judgement: ReturnType<typeof judgeAnswer>) => (judgement.ok ? judgement.answer.isException : undefined);

const fridge = question({ type: 'numeric', min: 0, max: 5, correctiveActionIds: ['ca-1'] });

describe('range answers (numeric, probe and sensor temperature)', () => {
  it.each(['numeric', 'probeTemperature', 'sensorTemperature'] as const)('%s: within min and max is no exception, outside is', (type) => {
    const asked = question({ type, min: 0, max: 5, sensorId: 's-1' });
    expect(exceptionOf(judgeAnswer(asked, { ...rules, allowManualReadings: true }, answer({ value: 0, manualReading: true })))).toBe(false);
    expect(exceptionOf(judgeAnswer(asked, rules, answer({ value: 5 })))).toBe(false);
    expect(exceptionOf(judgeAnswer(asked, rules, answer({ value: 5.1, correctiveActionText: 'Moved the stock' })))).toBe(true);
    expect(exceptionOf(judgeAnswer(asked, rules, answer({ value: -0.5, correctiveActionText: 'Moved the stock' })))).toBe(true);
  });

  it('needs a number', () => {
    expect(refusalOf(judgeAnswer(fridge, rules, answer({})))).toBe(MESSAGES.answerRequired);
    expect(refusalOf(judgeAnswer(fridge, rules, answer({ value: 'cold' })))).toBe(MESSAGES.answerNumberRequired);
  });
});

describe('corrective actions', () => {
  it('refuses an answer out of limits without one', () => {
    expect(refusalOf(judgeAnswer(fridge, rules, answer({ value: 9 })))).toBe(MESSAGES.answerCorrectiveActionRequired);
    expect(refusalOf(judgeAnswer(fridge, rules, answer({ value: 9, correctiveActionText: '   ' })))).toBe(MESSAGES.answerCorrectiveActionRequired);
  });

  it('takes a standard one of the question, or text when none fits', () => {
    expect(exceptionOf(judgeAnswer(fridge, rules, answer({ value: 9, correctiveActionId: 'ca-1' })))).toBe(true);
    expect(exceptionOf(judgeAnswer(fridge, rules, answer({ value: 9, correctiveActionText: 'Called the engineer' })))).toBe(true);
  });

  it("refuses a corrective action that is not the question's", () => {
    expect(refusalOf(judgeAnswer(fridge, rules, answer({ value: 9, correctiveActionId: 'ca-2' })))).toBe(MESSAGES.answerCorrectiveActionUnknown);
  });

  it('keeps the spec words for an empty list', () => {
    expect(MESSAGES.noCorrectiveMeasures).toBe('No corrective measures found');
  });
});

describe('oil quality', () => {
  const oil = question({ type: 'oilQuality', warnAt: 20, replaceAt: 24, informationId: 'i-1' });
  it('is fine below warn, to watch from warn, out of limits from replace', () => {
    expect(oilLevelOf(19.9, oil)).toBe('ok');
    expect(oilLevelOf(20, oil)).toBe('warn');
    expect(oilLevelOf(24, oil)).toBe('replace');
    const warned = judgeAnswer(oil, rules, answer({ value: 21 }));
    expect(warned.ok && warned.answer).toEqual({ isException: false, oilLevel: 'warn', additionalFields: {} });
    expect(refusalOf(judgeAnswer(oil, rules, answer({ value: 25 })))).toBe(MESSAGES.answerCorrectiveActionRequired);
    expect(exceptionOf(judgeAnswer(oil, rules, answer({ value: 25, correctiveActionText: 'Oil changed' })))).toBe(true);
  });
});

describe('dishwasher', () => {
  const dishwasher = question({ type: 'dishwasher', min: 55, max: 90, dishwasherSensorId: 'DW1' });
  it('judges wash and rinse against the range', () => {
    expect(exceptionOf(judgeAnswer(dishwasher, rules, answer({ value: { wash: 60, rinse: 82 } })))).toBe(false);
    expect(refusalOf(judgeAnswer(dishwasher, rules, answer({ value: { wash: 60, rinse: 50 } })))).toBe(MESSAGES.answerCorrectiveActionRequired);
    expect(exceptionOf(judgeAnswer(dishwasher, rules, answer({ value: { wash: 50, rinse: 82 }, correctiveActionText: 'Descaled' })))).toBe(true);
    expect(refusalOf(judgeAnswer(dishwasher, rules, answer({ value: 60 })))).toBe(MESSAGES.answerDishwasherRequired);
  });

  it('takes a typed-in reading only when manual readings are allowed', () => {
    expect(refusalOf(judgeAnswer(dishwasher, rules, answer({ value: { wash: 60, rinse: 82 }, manualReading: true })))).toBe(MESSAGES.answerManualReadingNotAllowed);
  });
});

describe('sensor temperature', () => {
  const walkIn = question({ type: 'sensorTemperature', min: 0, max: 5, sensorId: 's-1' });
  it("takes the sensor's reading, and a typed-in one only when manual readings are allowed", () => {
    expect(exceptionOf(judgeAnswer(walkIn, rules, answer({ value: 3 })))).toBe(false);
    expect(refusalOf(judgeAnswer(walkIn, rules, answer({ value: 3, manualReading: true })))).toBe(MESSAGES.answerManualReadingNotAllowed);
    expect(exceptionOf(judgeAnswer(walkIn, { ...rules, allowManualReadings: true }, answer({ value: 3, manualReading: true })))).toBe(false);
  });

  it("knows a sensor's reading of the day before the answer from a value made up on the way", () => {
    const answeredAt = Date.parse('2026-11-27T08:00:00Z');
    const readings = [{ time: answeredAt - 10 * 60_000, value: 3.25 }, { time: answeredAt - 5 * 60_000, value: 3.5 }];
    expect(isSensorReading(3.5, answeredAt, readings)).toBe(true);
    expect(isSensorReading(3.25, answeredAt, readings)).toBe(true);
    expect(isSensorReading(3.4, answeredAt, readings)).toBe(false);
    expect(isSensorReading(3.5, answeredAt, [])).toBe(false);
    // Too old to be the reading the portal offered, or from well after the answer.
    expect(isSensorReading(3.5, answeredAt, [{ time: answeredAt - SENSOR_ANSWER_LOOKBACK_MS - 1, value: 3.5 }])).toBe(false);
    expect(isSensorReading(3.5, answeredAt, [{ time: answeredAt + 60 * 60_000, value: 3.5 }])).toBe(false);
  });
});

describe('choices', () => {
  it('yes/no: "No" is the exception unless the options say otherwise', () => {
    const cleaned = question({ type: 'yesNo' });
    expect(exceptionOf(judgeAnswer(cleaned, rules, answer({ value: 'yes' })))).toBe(false);
    expect(refusalOf(judgeAnswer(cleaned, rules, answer({ value: 'no' })))).toBe(MESSAGES.answerCorrectiveActionRequired);
    expect(exceptionOf(judgeAnswer(cleaned, rules, answer({ value: 'no', correctiveActionText: 'Cleaned now' })))).toBe(true);
    const reversed = question({ type: 'yesNo', options: [{ id: 'y', name: 'Yes', isException: true }, { id: 'n', name: 'No', isException: false }] });
    expect(exceptionOf(judgeAnswer(reversed, rules, answer({ value: 'n' })))).toBe(false);
  });

  it('single choice: by the option chosen; nothing selected is refused with the spec words', () => {
    const smell = question({ type: 'singleChoice', options: [{ id: 'o-1', name: 'Fresh', isException: false }, { id: 'o-2', name: 'Off', isException: true }] });
    expect(exceptionOf(judgeAnswer(smell, rules, answer({ value: 'o-1' })))).toBe(false);
    expect(exceptionOf(judgeAnswer(smell, rules, answer({ value: 'o-2', correctiveActionText: 'Discarded' })))).toBe(true);
    expect(refusalOf(judgeAnswer(smell, rules, answer({})))).toBe(MESSAGES.nothingSelected);
    expect(refusalOf(judgeAnswer(smell, rules, answer({ value: 'o-9' })))).toBe(MESSAGES.answerOptionUnknown);
  });

  it('multiple choice: an exception when any option chosen is one', () => {
    const checks = question({ type: 'multipleChoice', options: [{ id: 'a', name: 'A', isException: false }, { id: 'b', name: 'B', isException: true }] });
    expect(exceptionOf(judgeAnswer(checks, rules, answer({ value: ['a'] })))).toBe(false);
    expect(exceptionOf(judgeAnswer(checks, rules, answer({ value: ['a', 'b'], correctiveActionText: 'Fixed' })))).toBe(true);
    expect(refusalOf(judgeAnswer(checks, rules, answer({ value: [] })))).toBe(MESSAGES.nothingSelected);
    expect(refusalOf(judgeAnswer(checks, rules, answer({ value: ['a', 'z'] })))).toBe(MESSAGES.answerOptionUnknown);
  });
});

describe('text, photo and signature', () => {
  it('text needs some text, at most 1000 characters', () => {
    const note = question({ type: 'text' });
    expect(exceptionOf(judgeAnswer(note, rules, answer({ value: 'All fine' })))).toBe(false);
    expect(refusalOf(judgeAnswer(note, rules, answer({ value: '  ' })))).toBe(MESSAGES.answerRequired);
    expect(refusalOf(judgeAnswer(note, rules, answer({ value: 'x'.repeat(1001) })))).toBe(MESSAGES.answerTextTooLong);
  });

  it('photo and signature need an image', () => {
    const image = 'data:image/jpeg;base64,/9j/4AAQ';
    expect(exceptionOf(judgeAnswer(question({ type: 'photo' }), rules, answer({ value: image })))).toBe(false);
    expect(refusalOf(judgeAnswer(question({ type: 'photo' }), rules, answer({})))).toBe(MESSAGES.answerPhotoRequired);
    expect(refusalOf(judgeAnswer(question({ type: 'signature' }), rules, answer({})))).toBe(MESSAGES.answerSignatureRequired);
    expect(refusalOf(judgeAnswer(question({ type: 'signature' }), rules, answer({ value: 'javascript:alert(1)' })))).toBe(MESSAGES.answerImageInvalid);
  });
});

describe('N/A', () => {
  it('only where the checklist allows it, and never an exception', () => {
    expect(refusalOf(judgeAnswer(fridge, rules, answer({ notApplicable: true })))).toBe(MESSAGES.answerNotApplicableNotAllowed);
    expect(exceptionOf(judgeAnswer(fridge, { ...rules, allowNotApplicable: true }, answer({ notApplicable: true })))).toBe(false);
  });
});

describe('additional fields', () => {
  const withFields = question({ type: 'numeric', min: 0, max: 5, additionalFields: [{ id: 'f-1', name: 'Batch' }] });
  it("keeps the question's own fields, drops blank ones, refuses others", () => {
    const judged = judgeAnswer(withFields, rules, answer({ value: 3, additionalFields: { 'f-1': 'B12' } }));
    expect(judged.ok && judged.answer.additionalFields).toEqual({ 'f-1': 'B12' });
    const blank = judgeAnswer(withFields, rules, answer({ value: 3, additionalFields: { 'f-1': '' } }));
    expect(blank.ok && blank.answer.additionalFields).toEqual({});
    expect(refusalOf(judgeAnswer(withFields, rules, answer({ value: 3, additionalFields: { 'f-2': 'x' } })))).toBe(MESSAGES.answerAdditionalFieldUnknown);
  });
});

describe('the answer request', () => {
  it('needs an idempotency key and the answering time', () => {
    expect(answerInputSchema.safeParse({ value: 3 }).success).toBe(false);
    const parsed = answerInputSchema.parse({ idempotencyKey: 'key-12345678', value: 3, answeredAt: '2026-03-02T08:00:00.000Z' });
    expect(parsed).toMatchObject({ notApplicable: false, manualReading: false, additionalFields: {} });
    expect(answerInputSchema.safeParse({ idempotencyKey: 'key#1234567', answeredAt: '2026-03-02T08:00:00Z' }).success).toBe(false);
  });
});

describe('submission', () => {
  const questions = [{ id: 'a', required: true }, { id: 'b', required: true }, { id: 'c', required: false }];
  it('without partial upload, every required question must be answered', () => {
    expect(judgeSubmission(questions, new Set(['a']), false)?.message).toBe(MESSAGES.checklistIncomplete);
    expect(judgeSubmission(questions, new Set(['a', 'b']), false)).toBeUndefined();
  });

  it('with partial upload, any part but not nothing', () => {
    expect(judgeSubmission(questions, new Set(['c']), true)).toBeUndefined();
    expect(judgeSubmission(questions, new Set(), true)?.message).toBe(MESSAGES.checklistNothingAnswered);
  });
});
