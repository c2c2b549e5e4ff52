import {
  ADDITIONAL_FIELDS_MAX, CHOICE_TYPES, OPTIONS_MAX, RANGE_TYPES, type Question, type QuestionInput, type QuestionType,
} from '@domain/haccp/question';

/**
 * A question as the editor holds it: numbers as typed (the domain's schema reads them and
 * refuses what is not a number), every list editable, and a key of its own for React and
 * drag and drop (new questions have no id yet).
 */
export interface QuestionDraft {
  key: string;
  id?: string;
  text: string;
  type: QuestionType;
  options: { id?: string; name: string; isException: boolean }[];
  min: string;
  max: string;
  warnAt: string;
  replaceAt: string;
  sensorId: string;
  dishwasherSensorId: string;
  informationId: string;
  correctiveActionIds: string[];
  additionalFields: { id?: string; name: string }[];
  required: boolean;
}

let drafted = 0;
const newKey = () => `draft-${++drafted}`;
const numberText = (value: number | undefined) => (value === undefined ? '' : String(value));

export function emptyDraft(type: QuestionType = 'yesNo'): QuestionDraft {
  return {
    key: newKey(), text: '', type, options: [], min: '', max: '', warnAt: '', replaceAt: '', sensorId: '', dishwasherSensorId: '', informationId: '',
    correctiveActionIds: [], additionalFields: [], required: true,
  };
}

/** A stored question in the editor; `keepIds` false for a copy (a Question List entry added to a checklist gets ids of its own). */
export function draftOf(question: Omit<Question, 'id'> & { id?: string }, keepIds = true): QuestionDraft {
  const keep = <T extends { id?: string }>(item: T): T => {
    if (keepIds) return item;
    const { id: _id, ...rest } = item;
    return rest as T;
  };
  return {
    ...keep({ id: question.id }),
    key: newKey(),
    text: question.text,
    type: question.type,
    options: question.options.map((option) => keep({ ...option })),
    min: numberText(question.min),
    max: numberText(question.max),
    warnAt: numberText(question.warnAt),
    replaceAt: numberText(question.replaceAt),
    sensorId: question.sensorId ?? '',
    dishwasherSensorId: question.dishwasherSensorId ?? '',
    informationId: question.informationId ?? '',
    correctiveActionIds: [...question.correctiveActionIds],
    additionalFields: question.additionalFields.map((field) => keep({ ...field })),
    required: question.required,
  };
}

/**
 * What the API takes: the fields of the question's type only (what another type left behind
 * is hidden, so it must not be judged); the domain's schema judges it (blank texts are "not given").
 */
export function inputOf(draft: QuestionDraft): QuestionInput {
  const ranged = RANGE_TYPES.includes(draft.type);
  const oil = draft.type === 'oilQuality';
  return {
    ...(draft.id === undefined ? {} : { id: draft.id }),
    text: draft.text,
    type: draft.type,
    options: CHOICE_TYPES.includes(draft.type) ? draft.options : [],
    ...(ranged ? { min: draft.min, max: draft.max } : {}),
    ...(oil ? { warnAt: draft.warnAt, replaceAt: draft.replaceAt } : {}),
    ...(draft.type === 'sensorTemperature' ? { sensorId: draft.sensorId } : {}),
    ...(draft.type === 'dishwasher' ? { dishwasherSensorId: draft.dishwasherSensorId } : {}),
    informationId: draft.informationId,
    correctiveActionIds: draft.correctiveActionIds,
    additionalFields: draft.additionalFields,
    required: draft.required,
  };
}

/** The type's fields, for the editor to show. */
export const hasRange = (type: QuestionType) => RANGE_TYPES.includes(type);
export const hasOptions = (type: QuestionType) => CHOICE_TYPES.includes(type);
/** Yes/no starts with its two answers, "No" the exception; choice questions with one empty option. */
export function withType(draft: QuestionDraft, type: QuestionType): QuestionDraft {
  const options = type === 'yesNo'
    ? [{ name: 'Yes', isException: false }, { name: 'No', isException: true }]
    : hasOptions(type) ? (draft.type === 'yesNo' || draft.options.length === 0 ? [{ name: '', isException: false }] : draft.options) : [];
  return { ...draft, type, options };
}

export const canAddOption = (draft: QuestionDraft) => draft.options.length < OPTIONS_MAX;
/** SPEC: at most 5 additional fields per question. */
export const canAddAdditionalField = (draft: QuestionDraft) => draft.additionalFields.length < ADDITIONAL_FIELDS_MAX;

/** The list with the item at `from` moved to `to` (reordering questions, by drag or by up/down). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length) return [...items];
  const moved = [...items];
  const [item] = moved.splice(from, 1);
  if (item !== undefined) moved.splice(to, 0, item);
  return moved;
}

/** A form's refusals by path (`questions.0.min`), the first message of each, from a zod error's issues. */
export function refusalsByPath(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const byPath: Record<string, string> = {};
  for (const issue of issues) byPath[issue.path.map(String).join('.')] ??= issue.message;
  return byPath;
}
