import type { AnswerValue, FillQuestion, QuestionOption, StoredAnswer } from '../../../api/haccp';
import type { QueuedItem } from './answerQueue';

/**
 * What the filling page judges before an answer leaves the device, by the same rules the API
 * applies (it has the last word): whether an answer is out of its limits, so the corrective
 * action is asked for at once rather than refused later, offline perhaps.
 */

/** Yes/no without options of its own: 'No' is the exception (the contract's default). */
export const DEFAULT_YES_NO_OPTIONS: readonly QuestionOption[] = [
  { id: 'yes', name: 'Yes', isException: false },
  { id: 'no', name: 'No', isException: true },
];

export function yesNoOptions(question: FillQuestion): readonly QuestionOption[] {
  return question.options.length > 0 ? question.options : DEFAULT_YES_NO_OPTIONS;
}

const outside = (value: number, min: number | undefined, max: number | undefined) => (min !== undefined && value < min) || (max !== undefined && value > max);

/** Whether `value` is out of the question's limits (an exception that needs a corrective action). */
export function isOutOfLimits(question: FillQuestion, value: AnswerValue | undefined): boolean {
  if (value === undefined) return false;
  switch (question.type) {
    case 'numeric':
    case 'sensorTemperature':
    case 'probeTemperature':
      return typeof value === 'number' && outside(value, question.min, question.max);
    case 'dishwasher':
      return typeof value === 'object' && !Array.isArray(value) && (outside(value.wash, question.min, question.max) || outside(value.rinse, question.min, question.max));
    case 'oilQuality':
      return typeof value === 'number' && question.replaceAt !== undefined && value >= question.replaceAt;
    case 'yesNo':
      return yesNoOptions(question).some((option) => option.isException && option.id === value);
    case 'singleChoice':
    case 'multipleChoice': {
      const chosen = Array.isArray(value) ? value : [value];
      return question.options.some((option) => option.isException && chosen.includes(String(option.id)));
    }
    default:
      return false;
  }
}

/** Oil to watch: at or past the warn threshold, not yet at the replace one. */
export function isOilWarning(question: FillQuestion, value: AnswerValue | undefined): boolean {
  return question.type === 'oilQuality' && typeof value === 'number' && question.warnAt !== undefined && value >= question.warnAt && !isOutOfLimits(question, value);
}

/** An answer as the page shows it: the device's newest for the question, else the API's. */
export interface ShownAnswer {
  value?: AnswerValue | undefined;
  notApplicable?: boolean | undefined;
  manualReading?: boolean | undefined;
  correctiveActionId?: string | undefined;
  correctiveActionText?: string | undefined;
  additionalFields?: Record<string, string> | undefined;
  /** sent: the API has it; waiting: on the device; refused: the API said no (with why). */
  status: 'sent' | 'waiting' | 'refused';
  refusal?: string | undefined;
}

export function shownAnswers(instanceId: string, stored: readonly StoredAnswer[], queue: readonly QueuedItem[]): Map<string, ShownAnswer> {
  const shown = new Map<string, ShownAnswer>();
  for (const answer of stored) shown.set(answer.questionId, { ...answer, status: 'sent' });
  for (const item of queue) {
    if (item.kind !== 'answer' || item.instanceId !== instanceId) continue;
    const { value, notApplicable, manualReading, correctiveActionId, correctiveActionText, additionalFields } = item.body;
    shown.set(item.questionId, {
      value, notApplicable, manualReading, correctiveActionId, correctiveActionText, additionalFields,
      status: item.rejection === undefined ? 'waiting' : 'refused',
      refusal: item.rejection?.message,
    });
  }
  return shown;
}

/** Whether a question counts as answered for the submission (a refused answer does not). */
export const isAnswered = (answer: ShownAnswer | undefined): boolean =>
  answer !== undefined && answer.status !== 'refused' && (answer.notApplicable === true || (answer.value !== undefined && answer.value !== '' && !(Array.isArray(answer.value) && answer.value.length === 0)));

/**
 * Whether the checklist may be submitted (the API's rule): every required question answered;
 * with partial upload allowed, any part of it but not nothing.
 */
export function canSubmit(questions: readonly FillQuestion[], answers: ReadonlyMap<string, ShownAnswer>, allowPartialUpload: boolean): boolean {
  const answered = (question: FillQuestion) => isAnswered(answers.get(question.id));
  if (allowPartialUpload) return questions.length === 0 || questions.some(answered);
  return questions.filter((question) => question.required).every(answered);
}
