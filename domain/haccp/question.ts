import * as z from 'zod';
import { MESSAGES } from '../core/messages';
import { DEVICE_ID_CHARACTERS, normaliseDeviceId } from '../devices/device-catalogue';

/**
 * HACCP questions (SPEC sections 4 "Question", 5 "Checklist"; issue 15 section 1): what a
 * checklist asks, how an answer is judged (its range, thresholds or exception options) and
 * what is at hand while answering (the information item, the corrective actions, up to five
 * additional fields). A checklist embeds its questions; the Question List keeps reusable ones
 * of the same shape.
 */

export const QUESTION_TYPES = [
  'yesNo', 'numeric', 'sensorTemperature', 'probeTemperature', 'oilQuality', 'dishwasher',
  'singleChoice', 'multipleChoice', 'text', 'photo', 'signature',
] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

/** SPEC sections 5 and 9: at most 5 additional fields per question. */
export const ADDITIONAL_FIELDS_MAX = 5;
export const QUESTION_TEXT_MAX = 250;
export const OPTION_NAME_MAX = 50;
export const OPTIONS_MAX = 10;
export const CORRECTIVE_ACTIONS_MAX = 10;
export const ADDITIONAL_FIELD_NAME_MAX = 50;
/** Ids (UUIDs) and device ids; bounded so a checklist of the most questions stays under DynamoDB's 400 KB item. */
export const QUESTION_ID_MAX = 40;
export const DEVICE_ID_MAX = 64;

/** The types answered by a number within an allowed range (min and max). */
export const RANGE_TYPES: readonly QuestionType[] = ['numeric', 'sensorTemperature', 'probeTemperature', 'dishwasher'];
/** The types answered by picking options; some options are exceptions. */
export const CHOICE_TYPES: readonly QuestionType[] = ['yesNo', 'singleChoice', 'multipleChoice'];
/**
 * SPEC section 5 "information required": the types whose answer depends on a procedure the
 * person must follow to read it at all. An oil-quality reading (the tester's polar-compound
 * figure against the warn and replace thresholds) is such a case, so it must carry its
 * information item; on the other types the item is optional.
 */
export const INFORMATION_REQUIRED_TYPES: readonly QuestionType[] = ['oilQuality'];

/** Yes/no's options unless given: "No" is the answer out of limits. */
export const YES_NO_OPTIONS = [
  { id: 'yes', name: 'Yes', isException: false },
  { id: 'no', name: 'No', isException: true },
] as const;

const blankToUndefined = (value: unknown) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value);

/** A number from a number or a form's text; anything else is refused with "numbers only". */
const numberOnly = z.preprocess(
  (value) => {
    const blank = blankToUndefined(value);
    if (typeof blank !== 'string') return blank;
    const parsed = Number(blank.trim().replace(',', '.'));
    return Number.isFinite(parsed) ? parsed : blank;
  },
  z.number({ error: MESSAGES.questionNumbersOnly }).finite({ error: MESSAGES.questionNumbersOnly }).optional(),
);

const optionalId = z.preprocess(blankToUndefined, z.string().trim().max(QUESTION_ID_MAX).optional());

export const questionOptionInputSchema = z.object({
  id: optionalId,
  name: z.string({ error: MESSAGES.questionOptionNameRequired }).trim()
    .min(1, { error: MESSAGES.questionOptionNameRequired }).max(OPTION_NAME_MAX, { error: MESSAGES.nameMax50 }),
  isException: z.boolean().default(false),
});

export const additionalFieldInputSchema = z.object({
  id: optionalId,
  name: z.string({ error: MESSAGES.questionAdditionalFieldRequired }).trim()
    .min(1, { error: MESSAGES.questionAdditionalFieldRequired }).max(ADDITIONAL_FIELD_NAME_MAX, { error: MESSAGES.questionAdditionalFieldRequired }),
});

/**
 * A question as a form or the API sends it. Ids of the question, its options and fields may be
 * missing on new ones (`withQuestionIds` gives them). The rules (SPEC section 5 "Checklist"):
 * name and type required; the sensor of a sensor temperature, the information of
 * `INFORMATION_REQUIRED_TYPES`; every option, corrective action and additional field added
 * must be filled in; a range's min and max and oil quality's warn and replace thresholds
 * required, not equal, min not above max; numbers only; at most 5 additional fields; a valid
 * dishwasher sensor id. Fields that do not belong to the type are dropped.
 */
export const questionInputSchema = z.object({
  id: optionalId,
  text: z.string({ error: MESSAGES.questionNameRequired }).trim()
    .min(1, { error: MESSAGES.questionNameRequired }).max(QUESTION_TEXT_MAX, { error: MESSAGES.questionNameRequired }),
  type: z.enum(QUESTION_TYPES, { error: MESSAGES.questionTypeRequired }),
  options: z.array(questionOptionInputSchema).max(OPTIONS_MAX, { error: MESSAGES.listTooLong }).default([]),
  min: numberOnly,
  max: numberOnly,
  warnAt: numberOnly,
  replaceAt: numberOnly,
  sensorId: z.preprocess(blankToUndefined, z.string().trim().max(DEVICE_ID_MAX, { error: MESSAGES.questionSensorUnknown }).optional()),
  dishwasherSensorId: z.preprocess(blankToUndefined, z.string().trim().max(DEVICE_ID_MAX, { error: MESSAGES.questionDishwasherSensorIdInvalid }).optional()),
  informationId: optionalId,
  correctiveActionIds: z
    .array(z.preprocess((value) => (value === null ? '' : value), z.string({ error: MESSAGES.questionCorrectiveActionRequired }).trim()
      .min(1, { error: MESSAGES.questionCorrectiveActionRequired }).max(QUESTION_ID_MAX, { error: MESSAGES.questionCorrectiveActionRequired })))
    .max(CORRECTIVE_ACTIONS_MAX, { error: MESSAGES.listTooLong })
    .default([]),
  additionalFields: z.array(additionalFieldInputSchema).max(ADDITIONAL_FIELDS_MAX, { error: MESSAGES.questionAdditionalFieldsMax }).default([]),
  required: z.boolean().default(true),
}).superRefine((question, context) => {
  const issue = (path: string, message: string) => context.addIssue({ code: 'custom', path: [path], message });
  const { type } = question;
  // A threshold that is no number is refused by its own "numbers only", not compared.
  const pair = (lowPath: 'min' | 'warnAt', highPath: 'max' | 'replaceAt', aboveMessage: string) => {
    const [low, high] = [question[lowPath], question[highPath]];
    if (low === undefined) issue(lowPath, MESSAGES.questionThresholdsRequired);
    if (high === undefined) issue(highPath, MESSAGES.questionThresholdsRequired);
    if (typeof low !== 'number' || typeof high !== 'number') return;
    if (low === high) issue(highPath, MESSAGES.questionThresholdsEqual);
    else if (low > high) issue(lowPath, aboveMessage);
  };
  if (RANGE_TYPES.includes(type)) pair('min', 'max', MESSAGES.questionMinAboveMax);
  if (type === 'oilQuality') pair('warnAt', 'replaceAt', MESSAGES.questionWarnAboveReplace);
  if (type === 'sensorTemperature' && question.sensorId === undefined) issue('sensorId', MESSAGES.questionSensorRequired);
  if (type === 'dishwasher') {
    if (question.dishwasherSensorId === undefined) issue('dishwasherSensorId', MESSAGES.questionSensorRequired);
    else if (!DEVICE_ID_CHARACTERS.test(normaliseDeviceId(question.dishwasherSensorId))) issue('dishwasherSensorId', MESSAGES.questionDishwasherSensorIdInvalid);
  }
  if (INFORMATION_REQUIRED_TYPES.includes(type) && question.informationId === undefined) issue('informationId', MESSAGES.questionInformationRequired);
  if ((type === 'singleChoice' || type === 'multipleChoice') && question.options.length === 0) issue('options', MESSAGES.questionOptionsRequired);
}).transform((question) => {
  const { type } = question;
  const ranged = RANGE_TYPES.includes(type);
  return {
    ...(question.id === undefined ? {} : { id: question.id }),
    text: question.text,
    type,
    options: CHOICE_TYPES.includes(type)
      ? (type === 'yesNo' && question.options.length === 0 ? YES_NO_OPTIONS.map((option) => ({ ...option })) : question.options)
      : [],
    ...(ranged && question.min !== undefined ? { min: question.min } : {}),
    ...(ranged && question.max !== undefined ? { max: question.max } : {}),
    ...(type === 'oilQuality' && question.warnAt !== undefined ? { warnAt: question.warnAt } : {}),
    ...(type === 'oilQuality' && question.replaceAt !== undefined ? { replaceAt: question.replaceAt } : {}),
    ...(type === 'sensorTemperature' && question.sensorId !== undefined ? { sensorId: question.sensorId } : {}),
    ...(type === 'dishwasher' && question.dishwasherSensorId !== undefined ? { dishwasherSensorId: normaliseDeviceId(question.dishwasherSensorId) } : {}),
    ...(question.informationId === undefined ? {} : { informationId: question.informationId }),
    correctiveActionIds: [...new Set(question.correctiveActionIds)],
    additionalFields: question.additionalFields,
    required: question.required,
  };
});
export type QuestionInput = z.input<typeof questionInputSchema>;
export type QuestionRequest = z.output<typeof questionInputSchema>;

/** A stored question (what a checklist holds and the API returns). */
export const questionSchema = z.object({
  id: z.string(),
  text: z.string(),
  type: z.enum(QUESTION_TYPES),
  options: z.array(z.object({ id: z.string(), name: z.string(), isException: z.boolean() })),
  min: z.number().optional(),
  max: z.number().optional(),
  warnAt: z.number().optional(),
  replaceAt: z.number().optional(),
  sensorId: z.string().optional(),
  dishwasherSensorId: z.string().optional(),
  informationId: z.string().optional(),
  correctiveActionIds: z.array(z.string()),
  additionalFields: z.array(z.object({ id: z.string(), name: z.string() })),
  required: z.boolean(),
});
export type Question = z.infer<typeof questionSchema>;

/** A validated question with every id given: the question's, its options' and its fields' (`newId` for the missing ones). */
export function withQuestionIds(question: QuestionRequest, newId: () => string): Question {
  return {
    ...question,
    id: question.id ?? newId(),
    options: question.options.map((option) => ({ ...option, id: option.id ?? newId() })),
    additionalFields: question.additionalFields.map((field) => ({ ...field, id: field.id ?? newId() })),
  };
}

/** The same questions with new ids throughout (a copied checklist's). */
export function withNewQuestionIds(questions: readonly Question[], newId: () => string): Question[] {
  return questions.map((question) => ({
    ...question,
    id: newId(),
    options: question.options.map((option) => ({ ...option, id: newId() })),
    additionalFields: question.additionalFields.map((field) => ({ ...field, id: newId() })),
  }));
}

/** Every sensor the questions read (sensor temperature's sensor, dishwasher's sensor). */
export const sensorIdsOf = (questions: readonly Pick<Question, 'sensorId' | 'dishwasherSensorId'>[]): string[] =>
  [...new Set(questions.flatMap((question) => [question.sensorId, question.dishwasherSensorId].filter((id): id is string => id !== undefined)))];

export const correctiveActionIdsOf = (questions: readonly Pick<Question, 'correctiveActionIds'>[]): string[] =>
  [...new Set(questions.flatMap((question) => question.correctiveActionIds))];

export const informationIdsOf = (questions: readonly Pick<Question, 'informationId'>[]): string[] =>
  [...new Set(questions.flatMap((question) => (question.informationId === undefined ? [] : [question.informationId])))];

/** The Question List: a reusable question, named by its text (unique in the organisation). */
export const questionTemplateInputSchema = questionInputSchema.transform(({ id: _id, ...question }) => ({ ...question, name: question.text }));
export type QuestionTemplateRequest = z.output<typeof questionTemplateInputSchema>;

export const questionTemplateSchema = questionSchema.extend({
  name: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: z.string(),
  updatedBy: z.string(),
  version: z.number().int(),
});
export type QuestionTemplate = z.infer<typeof questionTemplateSchema>;

export const questionTemplatePageSchema = z.object({ items: z.array(questionTemplateSchema), nextCursor: z.string().optional() });
