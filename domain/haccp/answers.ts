import * as z from 'zod';
import { MESSAGES } from '../core/messages';
import { type Question, YES_NO_OPTIONS } from './question';

/**
 * The rules of an answer to a checklist question (issue 15 section 2, SPEC sections 4, 5, 8):
 * whether the value fits the question's type, whether it is out of limits (an exception),
 * and what an exception needs (a corrective action: one of the question's standard ones, or
 * text when none fits). N/A only where the checklist allows it; a sensor's reading typed in
 * only where it allows manual readings.
 */

/** A photo or signature as the device sends it: a data URL of a downsized image, so the answer stays well under DynamoDB's 400 KB item. */
export const ANSWER_IMAGE_MAX_CHARS = 300_000;
export const ANSWER_TEXT_MAX = 1000;
export const CORRECTIVE_ACTION_TEXT_MAX = 1000;
export const ADDITIONAL_FIELD_VALUE_MAX = 250;
const ID_MAX = 64;
/** SPEC section 9: up to 5 additional fields per question. */
const ADDITIONAL_FIELDS_PER_ANSWER = 5;
const IMAGE_DATA_URL = /^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/]+=*$/;

/** What an answer's value may be: a number, an option id or text, option ids (multiple choice), or a dishwasher's two temperatures. */
export const answerValueSchema = z.union([
  z.number().finite(),
  z.string().max(ANSWER_IMAGE_MAX_CHARS),
  z.array(z.string().max(ID_MAX)).max(50),
  z.object({ wash: z.number().finite(), rinse: z.number().finite() }),
]);
export type AnswerValue = z.infer<typeof answerValueSchema>;

/** PUT /haccp/instances/{id}/answers/{questionId} (the filling API of issue 15). */
export const answerInputSchema = z.object({
  /** One per answer made on the device: the same key sent again stores nothing more. */
  idempotencyKey: z.string().trim().min(8).max(100).regex(/^[A-Za-z0-9_-]+$/),
  value: answerValueSchema.optional(),
  notApplicable: z.boolean().default(false),
  /** A sensor question's reading typed in rather than taken from the sensor. */
  manualReading: z.boolean().default(false),
  correctiveActionId: z.string().trim().min(1).max(ID_MAX).optional(),
  correctiveActionText: z.string().trim().max(CORRECTIVE_ACTION_TEXT_MAX, { error: MESSAGES.correctiveActionTooLong }).optional(),
  additionalFields: z.record(z.string().max(ID_MAX), z.string().trim().max(ADDITIONAL_FIELD_VALUE_MAX))
    .refine((fields) => Object.keys(fields).length <= ADDITIONAL_FIELDS_PER_ANSWER, { error: MESSAGES.answerAdditionalFieldUnknown })
    .meta({ maxProperties: ADDITIONAL_FIELDS_PER_ANSWER })
    .default({}),
  /** When it was answered on the device (an answer kept offline arrives later). */
  answeredAt: z.iso.datetime({ offset: true }).max(40),
});
export type AnswerInput = z.output<typeof answerInputSchema>;

/** The checklist's flags an answer is judged with. */
export interface AnswerRules {
  allowNotApplicable: boolean;
  allowManualReadings: boolean;
}

/** Oil quality against its thresholds: fine, to watch (warn) or to replace (out of limits). */
export type OilLevel = 'ok' | 'warn' | 'replace';

/** An answer that passed its rules. */
export interface JudgedAnswer {
  /** Out of limits (SPEC: "marked as an exception"). */
  isException: boolean;
  oilLevel?: OilLevel;
  /** The answer's additional fields, only those the question has. */
  additionalFields: Record<string, string>;
}

/** A refusal: the message (the product's words) and the input it is about. */
export interface AnswerRefusal {
  message: string;
  field: string;
}

export type AnswerJudgement = { ok: true; answer: JudgedAnswer } | { ok: false; refusal: AnswerRefusal };

const refuse = (message: string, field = 'value'): AnswerJudgement => ({ ok: false, refusal: { message, field } });

const outOfRange = (value: number, question: Pick<Question, 'min' | 'max'>) =>
  (question.min !== undefined && value < question.min) || (question.max !== undefined && value > question.max);

/** The oil's level: higher readings (polar compounds) are worse; at the replace threshold it is out of limits. */
export function oilLevelOf(value: number, question: Pick<Question, 'warnAt' | 'replaceAt'>): OilLevel {
  if (question.replaceAt !== undefined && value >= question.replaceAt) return 'replace';
  if (question.warnAt !== undefined && value >= question.warnAt) return 'warn';
  return 'ok';
}

/** The options a choice question offers (yes/no has its two unless given). */
export function optionsOf(question: Pick<Question, 'type' | 'options'>): readonly { id: string; isException: boolean }[] {
  return question.type === 'yesNo' && question.options.length === 0 ? YES_NO_OPTIONS : question.options;
}

type ValueJudgement = { ok: true; isException: boolean; oilLevel?: OilLevel } | { ok: false; refusal: AnswerRefusal };

function judgeValue(question: Question, value: AnswerValue | undefined): ValueJudgement {
  const refused = (message: string): ValueJudgement => ({ ok: false, refusal: { message, field: 'value' } });
  switch (question.type) {
    case 'numeric':
    case 'probeTemperature':
    case 'sensorTemperature':
      if (typeof value !== 'number') return refused(value === undefined ? MESSAGES.answerRequired : MESSAGES.answerNumberRequired);
      return { ok: true, isException: outOfRange(value, question) };
    case 'oilQuality': {
      if (typeof value !== 'number') return refused(value === undefined ? MESSAGES.answerRequired : MESSAGES.answerNumberRequired);
      const oilLevel = oilLevelOf(value, question);
      return { ok: true, isException: oilLevel === 'replace', oilLevel };
    }
    case 'dishwasher':
      if (typeof value !== 'object' || Array.isArray(value)) return refused(MESSAGES.answerDishwasherRequired);
      return { ok: true, isException: outOfRange(value.wash, question) || outOfRange(value.rinse, question) };
    case 'yesNo':
    case 'singleChoice': {
      if (value === undefined || value === '') return refused(MESSAGES.nothingSelected);
      const option = typeof value === 'string' ? optionsOf(question).find((candidate) => candidate.id === value) : undefined;
      if (option === undefined) return refused(MESSAGES.answerOptionUnknown);
      return { ok: true, isException: option.isException };
    }
    case 'multipleChoice': {
      if (value === undefined || (Array.isArray(value) && value.length === 0)) return refused(MESSAGES.nothingSelected);
      if (!Array.isArray(value)) return refused(MESSAGES.answerOptionUnknown);
      const options = optionsOf(question);
      const chosen = [...new Set(value)].map((id) => options.find((candidate) => candidate.id === id));
      if (chosen.some((option) => option === undefined)) return refused(MESSAGES.answerOptionUnknown);
      return { ok: true, isException: chosen.some((option) => option?.isException === true) };
    }
    case 'text':
      if (typeof value !== 'string' || value.trim() === '') return refused(MESSAGES.answerRequired);
      if (value.length > ANSWER_TEXT_MAX) return refused(MESSAGES.answerTextTooLong);
      return { ok: true, isException: false };
    case 'photo':
    case 'signature':
      if (typeof value !== 'string' || value === '') return refused(question.type === 'photo' ? MESSAGES.answerPhotoRequired : MESSAGES.answerSignatureRequired);
      if (!IMAGE_DATA_URL.test(value)) return refused(MESSAGES.answerImageInvalid);
      return { ok: true, isException: false };
  }
}

/** How old a sensor's reading may be when taken as an answer: the portal offers the newest, which a sensor reporting hourly keeps for an hour. */
export const SENSOR_ANSWER_LOOKBACK_MS = 24 * 60 * 60_000;
/** How far after the answer's time a matching reading may be (the two clocks). */
export const SENSOR_ANSWER_SKEW_MS = 5 * 60_000;
/** Readings are stored to a hundredth; the answer is the reading as the portal showed it. */
const SENSOR_ANSWER_TOLERANCE = 0.005;

/**
 * Whether a sensor temperature answer that says it was not typed in is one of its sensor's
 * readings of the day before the answer (the portal's "use this reading" sends the newest one):
 * where readings cannot be typed in, a value made up on the way would otherwise stand as the
 * sensor's in the checklist's record.
 */
export function isSensorReading(value: number, answeredAt: number, readings: readonly { time: number; value: number }[]): boolean {
  return readings.some((reading) => reading.time >= answeredAt - SENSOR_ANSWER_LOOKBACK_MS && reading.time <= answeredAt + SENSOR_ANSWER_SKEW_MS
    && Math.abs(reading.value - value) <= SENSOR_ANSWER_TOLERANCE);
}

/** Whether a question's reading comes from a sensor (a typed-in one needs allowManualReadings). */
export const readsSensor = (question: Pick<Question, 'type' | 'sensorId' | 'dishwasherSensorId'>): boolean =>
  (question.type === 'sensorTemperature' && question.sensorId !== undefined) || (question.type === 'dishwasher' && question.dishwasherSensorId !== undefined);

/**
 * Judges one answer against its question and the checklist's flags. N/A answers nothing else
 * (no exception); an answer out of limits needs a corrective action, a standard one of the
 * question or text (when the question has none, or none fits); additional fields must be the
 * question's own.
 */
export function judgeAnswer(question: Question, rules: AnswerRules, input: Pick<AnswerInput,
  'value' | 'notApplicable' | 'manualReading' | 'correctiveActionId' | 'correctiveActionText' | 'additionalFields'>): AnswerJudgement {
  const fieldIds = new Set(question.additionalFields.map((field) => field.id));
  const unknownField = Object.keys(input.additionalFields).find((id) => !fieldIds.has(id));
  if (unknownField !== undefined) return refuse(MESSAGES.answerAdditionalFieldUnknown, 'additionalFields');
  const additionalFields = Object.fromEntries(Object.entries(input.additionalFields).filter(([, text]) => text !== ''));

  if (input.notApplicable) {
    if (!rules.allowNotApplicable) return refuse(MESSAGES.answerNotApplicableNotAllowed, 'notApplicable');
    return { ok: true, answer: { isException: false, additionalFields } };
  }
  if (input.manualReading && readsSensor(question) && !rules.allowManualReadings) {
    return refuse(MESSAGES.answerManualReadingNotAllowed, 'manualReading');
  }
  const judged = judgeValue(question, input.value);
  if (!judged.ok) return judged;

  if (input.correctiveActionId !== undefined && !question.correctiveActionIds.includes(input.correctiveActionId)) {
    return refuse(MESSAGES.answerCorrectiveActionUnknown, 'correctiveActionId');
  }
  const hasCorrectiveAction = input.correctiveActionId !== undefined || (input.correctiveActionText ?? '').trim() !== '';
  if (judged.isException && !hasCorrectiveAction) return refuse(MESSAGES.answerCorrectiveActionRequired, 'correctiveActionId');
  return {
    ok: true,
    answer: { isException: judged.isException, ...(judged.oilLevel === undefined ? {} : { oilLevel: judged.oilLevel }), additionalFields },
  };
}

/**
 * Whether a submission may go with the answers given (N/A counts as an answer): without
 * partial upload every required question must be answered; with it, any part of the
 * checklist, but not nothing.
 */
export function judgeSubmission(
  questions: readonly Pick<Question, 'id' | 'required'>[],
  answeredQuestionIds: ReadonlySet<string>,
  allowPartialUpload: boolean,
): AnswerRefusal | undefined {
  const answered = questions.filter((question) => answeredQuestionIds.has(question.id));
  if (allowPartialUpload) return answered.length === 0 && questions.length > 0 ? { message: MESSAGES.checklistNothingAnswered, field: 'answers' } : undefined;
  const missing = questions.some((question) => question.required && !answeredQuestionIds.has(question.id));
  return missing ? { message: MESSAGES.checklistIncomplete, field: 'answers' } : undefined;
}
