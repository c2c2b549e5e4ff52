import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../core/messages';
import {
  ADDITIONAL_FIELDS_MAX,
  QUESTION_TYPES,
  questionInputSchema,
  questionTemplateInputSchema,
  sensorIdsOf,
  withNewQuestionIds,
  withQuestionIds,
  type QuestionInput,
} from './question';

/** The messages a question is refused with, by field. */
function refusals(input: unknown): Record<string, string[]> {
  const result = questionInputSchema.safeParse(input);
  if (result.success) return {};
  const byField: Record<string, string[]> = {};
  for (const issue of result.error.issues) (byField[issue.path.join('.')] ??= []).push(issue.message);
  return byField;
}

const numeric: QuestionInput = { text: 'Soup temperature', type: 'numeric', min: 63, max: 90 };

describe('question rules (SPEC section 5 "Checklist")', () => {
  it('requires the question name and its type', () => {
    expect(refusals({ ...numeric, text: '  ' })).toEqual({ text: [MESSAGES.questionNameRequired] });
    expect(refusals({ text: 'Clean?' })).toEqual({ type: [MESSAGES.questionTypeRequired] });
    expect(refusals({ text: 'Clean?', type: 'colour' })).toEqual({ type: [MESSAGES.questionTypeRequired] });
  });

  it('requires the sensor of a sensor temperature question', () => {
    expect(refusals({ text: 'Walk-in cooler', type: 'sensorTemperature', min: 0, max: 5 })).toEqual({ sensorId: [MESSAGES.questionSensorRequired] });
    expect(refusals({ text: 'Walk-in cooler', type: 'sensorTemperature', min: 0, max: 5, sensorId: 'S-1' })).toEqual({});
  });

  it('requires the information of an oil quality question, and of no other type', () => {
    expect(refusals({ text: 'Fryer oil', type: 'oilQuality', warnAt: 18, replaceAt: 24 })).toEqual({ informationId: [MESSAGES.questionInformationRequired] });
    expect(refusals({ text: 'Fryer oil', type: 'oilQuality', warnAt: 18, replaceAt: 24, informationId: 'i-1' })).toEqual({});
    expect(refusals({ text: 'Floor clean?', type: 'yesNo' })).toEqual({});
  });

  it('requires the name of every option, and an option on a choice question', () => {
    expect(refusals({ text: 'Supplier', type: 'singleChoice', options: [{ name: 'Acme' }, { name: ' ' }] })).toEqual({ 'options.1.name': [MESSAGES.questionOptionNameRequired] });
    expect(refusals({ text: 'Supplier', type: 'multipleChoice', options: [] })).toEqual({ options: [MESSAGES.questionOptionsRequired] });
  });

  it('requires every corrective action and additional field added to be filled in', () => {
    expect(refusals({ ...numeric, correctiveActionIds: ['ca-1', ''] })).toEqual({ 'correctiveActionIds.1': [MESSAGES.questionCorrectiveActionRequired] });
    expect(refusals({ ...numeric, additionalFields: [{ name: '' }] })).toEqual({ 'additionalFields.0.name': [MESSAGES.questionAdditionalFieldRequired] });
  });

  it('allows at most 5 additional fields per question', () => {
    const fields = (count: number) => Array.from({ length: count }, (_, index) => ({ name: `Field ${index}` }));
    expect(refusals({ ...numeric, additionalFields: fields(ADDITIONAL_FIELDS_MAX) })).toEqual({});
    expect(refusals({ ...numeric, additionalFields: fields(ADDITIONAL_FIELDS_MAX + 1) })).toEqual({ additionalFields: [MESSAGES.questionAdditionalFieldsMax] });
  });

  it.each(['numeric', 'sensorTemperature', 'probeTemperature', 'dishwasher'] as const)('%s: min and max required, not equal, min not above max', (type) => {
    const base = { text: 'Reading', type, sensorId: 'S-1', dishwasherSensorId: 'DW01' };
    expect(refusals({ ...base, max: 5 })).toEqual({ min: [MESSAGES.questionThresholdsRequired] });
    expect(refusals({ ...base, min: 5 })).toEqual({ max: [MESSAGES.questionThresholdsRequired] });
    expect(refusals({ ...base, min: 5, max: 5 })).toEqual({ max: [MESSAGES.questionThresholdsEqual] });
    expect(refusals({ ...base, min: 6, max: 5 })).toEqual({ min: [MESSAGES.questionMinAboveMax] });
    expect(refusals({ ...base, min: -2.5, max: 5 })).toEqual({});
  });

  it('oil quality: warn and replace thresholds required, not equal, warn below replace', () => {
    const base = { text: 'Fryer oil', type: 'oilQuality', informationId: 'i-1' };
    expect(refusals({ ...base, warnAt: 18 })).toEqual({ replaceAt: [MESSAGES.questionThresholdsRequired] });
    expect(refusals({ ...base, warnAt: 20, replaceAt: 20 })).toEqual({ replaceAt: [MESSAGES.questionThresholdsEqual] });
    expect(refusals({ ...base, warnAt: 25, replaceAt: 20 })).toEqual({ warnAt: [MESSAGES.questionWarnAboveReplace] });
  });

  it('takes numbers only: a form\'s text is read as a number (a decimal comma too), anything else refused', () => {
    expect(questionInputSchema.parse({ ...numeric, min: '2,5', max: ' 8 ' })).toMatchObject({ min: 2.5, max: 8 });
    expect(refusals({ ...numeric, min: 'cold' })).toEqual({ min: [MESSAGES.questionNumbersOnly] });
    expect(refusals({ ...numeric, max: '5°' })).toEqual({ max: [MESSAGES.questionNumbersOnly] });
  });

  it('requires a valid dishwasher sensor id (letters and digits), stored upper case', () => {
    const base = { text: 'Dishwasher', type: 'dishwasher', min: 60, max: 90 };
    expect(refusals(base)).toEqual({ dishwasherSensorId: [MESSAGES.questionSensorRequired] });
    expect(refusals({ ...base, dishwasherSensorId: 'DW-01!' })).toEqual({ dishwasherSensorId: [MESSAGES.questionDishwasherSensorIdInvalid] });
    expect(questionInputSchema.parse({ ...base, dishwasherSensorId: ' dw01 ' }).dishwasherSensorId).toBe('DW01');
  });

  it('keeps only the fields of its type, and gives yes/no its options with "No" the exception', () => {
    const parsed = questionInputSchema.parse({ text: 'Hands washed?', type: 'yesNo', min: 1, max: 3, sensorId: 'S-1', warnAt: 2 });
    expect(parsed).toEqual({
      text: 'Hands washed?', type: 'yesNo', correctiveActionIds: [], additionalFields: [], required: true,
      options: [{ id: 'yes', name: 'Yes', isException: false }, { id: 'no', name: 'No', isException: true }],
    });
    expect(questionInputSchema.parse({ text: 'Notes', type: 'text', options: [{ name: 'A' }] }).options).toEqual([]);
  });

  it('accepts every type with its own fields', () => {
    const fieldsOf: Record<(typeof QUESTION_TYPES)[number], Record<string, unknown>> = {
      yesNo: {}, numeric: { min: 1, max: 2 }, sensorTemperature: { min: 0, max: 5, sensorId: 'S' }, probeTemperature: { min: 75, max: 100 },
      oilQuality: { warnAt: 1, replaceAt: 2, informationId: 'i' }, dishwasher: { min: 60, max: 90, dishwasherSensorId: 'D1' },
      singleChoice: { options: [{ name: 'A' }] }, multipleChoice: { options: [{ name: 'A', isException: true }] }, text: {}, photo: {}, signature: {},
    };
    for (const type of QUESTION_TYPES) expect(refusals({ text: 'Q', type, ...fieldsOf[type] }), type).toEqual({});
  });
});

describe('question ids', () => {
  it('gives the missing ids and keeps the given ones; a copy gets new ids throughout', () => {
    let next = 0;
    const newId = () => `id-${++next}`;
    const question = withQuestionIds(questionInputSchema.parse({
      id: 'q-1', text: 'Supplier', type: 'singleChoice', options: [{ name: 'Acme' }, { id: 'o-2', name: 'Other', isException: true }], additionalFields: [{ name: 'Batch' }],
    }), newId);
    expect(question).toMatchObject({ id: 'q-1', options: [{ id: 'id-1' }, { id: 'o-2' }], additionalFields: [{ id: 'id-2' }] });
    const [copy] = withNewQuestionIds([question], newId);
    expect(copy).toMatchObject({ id: 'id-3', options: [{ id: 'id-4', name: 'Acme' }, { id: 'id-5', name: 'Other', isException: true }], additionalFields: [{ id: 'id-6', name: 'Batch' }] });
  });

  it('names the sensors the questions read, once each', () => {
    expect(sensorIdsOf([{ sensorId: 'S1' }, { dishwasherSensorId: 'D1' }, { sensorId: 'S1' }, {}])).toEqual(['S1', 'D1']);
  });

  it('names a Question List entry by its text', () => {
    expect(questionTemplateInputSchema.parse({ id: 'x', text: 'Hands washed?', type: 'yesNo' })).toMatchObject({ name: 'Hands washed?', text: 'Hands washed?' });
  });
});
