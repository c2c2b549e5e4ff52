import { instanceStateAt } from '../haccp/instance';
import type { Question } from '../haccp/question';
import type { ReportParameters } from './catalogue';

/**
 * The Checklist Report's figures (issue 34 section 2.2), from records already read: the
 * completed checklists of the range's site days (an occurrence's own local date) and each one's
 * answers, question by question in the checklist's order as it was filled.
 * - `instances`: site, checklist, shift, who submitted it and when, and its state
 *   (`completedOnTime` or `completedLate`: the checklists' own states, written by the renderer).
 * - `answers`: the answer as a reader reads it (an option's name, several joined, a number as
 *   stored, text), whether it was an exception, its corrective action (the text written, else
 *   the standard action chosen, by name), and a photo or signature by reference
 *   (`answerImageReference`: the images are stored in the answers as the device's downsized
 *   data URLs, up to 300 KB each, too heavy to carry in every preview and CSV; the renderer
 *   reads the image it draws, at the image preference's size). With the image preference
 *   `none` no image is referenced. A question left unanswered or marked not applicable has no
 *   answer (a gap).
 * Instances by completion time, then site.
 */

export interface ChecklistReportInstance {
  readonly id: string;
  readonly siteId: string;
  readonly checklistId: string;
  readonly checklistName: string;
  readonly shiftName: string;
  /** The occurrence's local date on its site (YYYY-MM-DD). */
  readonly date: string;
  readonly windowStart: string;
  readonly windowEnd: string;
  readonly startedAt?: string | undefined;
  readonly completedAt?: string | undefined;
  readonly submittedBy?: string | undefined;
  /** The checklist's questions as the instance was filled (its snapshot). */
  readonly questions: readonly Question[];
}

export interface ChecklistReportAnswer {
  readonly questionId: string;
  readonly value?: unknown;
  readonly notApplicable: boolean;
  readonly isException: boolean;
  readonly correctiveActionId?: string | undefined;
  readonly correctiveActionText?: string | undefined;
}

export interface ChecklistReportInput {
  readonly parameters: Pick<ReportParameters<'checklistReport'>, 'from' | 'to' | 'checklistIds' | 'imagePreference'>;
  readonly sites: readonly { readonly id: string; readonly name: string }[];
  /** The sites' instances in any order (those not completed, or of other days or checklists, are left out). */
  readonly instances: readonly ChecklistReportInstance[];
  /** Each instance's answers, by instance id. */
  readonly answers: ReadonlyMap<string, readonly ChecklistReportAnswer[]>;
  /** The standard corrective actions' names, by id. */
  readonly correctiveActionNames: ReadonlyMap<string, string>;
  /** ms since the epoch: the run's clock (a submission after it is not yet one). */
  readonly now: number;
}

export interface ChecklistReportInstanceRow {
  site: string;
  checklist: string;
  shift: string;
  completedBy: string | null;
  completedAt: string | null;
  status: string;
}

export interface ChecklistReportAnswerRow {
  checklist: string;
  question: string;
  answer: string | number | null;
  exception: boolean | null;
  correctiveAction: string | null;
  photo: string | null;
  signature: string | null;
}

export interface ChecklistReportFigures {
  readonly instances: ChecklistReportInstanceRow[];
  readonly answers: ChecklistReportAnswerRow[];
}

/** The prefix of a checklist answer's image reference. */
const ANSWER_IMAGE = 'checklistAnswer';

/** The reference of the image (photo or signature) stored in an instance's answer to a question: no URL, nothing readable without the data layer. */
export const answerImageReference = (instanceId: string, questionId: string): string =>
  `${ANSWER_IMAGE}/${encodeURIComponent(instanceId)}/${encodeURIComponent(questionId)}`;

/** The instance and question of an image reference, or undefined for anything else. */
export function parseAnswerImageReference(reference: string): { instanceId: string; questionId: string } | undefined {
  const [prefix, instanceId, questionId, ...rest] = reference.split('/');
  if (prefix !== ANSWER_IMAGE || instanceId === undefined || instanceId === '' || questionId === undefined || questionId === '' || rest.length > 0) return undefined;
  try {
    return { instanceId: decodeURIComponent(instanceId), questionId: decodeURIComponent(questionId) };
  } catch {
    return undefined;
  }
}

const IMAGE_TYPES: ReadonlySet<Question['type']> = new Set(['photo', 'signature']);

/** The answer's value as a reader reads it: options by name, numbers as stored, text as written. */
function answerText(question: Question, value: unknown): string | number | null {
  if (IMAGE_TYPES.has(question.type)) return null;
  if (typeof value === 'number') return value;
  const optionName = (id: string) => question.options.find((option) => option.id === id)?.name ?? id;
  if (Array.isArray(value)) return value.filter((id): id is string => typeof id === 'string').map(optionName).join(', ');
  if (typeof value === 'string') return question.options.length > 0 ? optionName(value) : value;
  if (typeof value === 'object' && value !== null && 'wash' in value && 'rinse' in value) {
    const { wash, rinse } = value as { wash: unknown; rinse: unknown };
    return `${String(wash)} / ${String(rinse)}`;
  }
  return null;
}

export function buildChecklistReport(input: ChecklistReportInput): ChecklistReportFigures {
  const { from, to, checklistIds, imagePreference } = input.parameters;
  const sites = new Map(input.sites.map((site) => [site.id, site.name]));
  const checklists = checklistIds === undefined || checklistIds.length === 0 ? undefined : new Set(checklistIds);
  const now = new Date(input.now);
  const completed = input.instances
    .flatMap((instance) => {
      const site = sites.get(instance.siteId);
      if (site === undefined || instance.completedAt === undefined || instance.date < from || instance.date > to) return [];
      if (checklists !== undefined && !checklists.has(instance.checklistId)) return [];
      const state = instanceStateAt({
        windowStart: new Date(instance.windowStart), windowEnd: new Date(instance.windowEnd),
        startedAt: instance.startedAt === undefined ? undefined : new Date(instance.startedAt), completedAt: new Date(instance.completedAt),
      }, now);
      return state === 'completedOnTime' || state === 'completedLate' ? [{ instance, site, state, completedAt: instance.completedAt }] : [];
    })
    .sort((a, b) => a.completedAt.localeCompare(b.completedAt) || a.site.localeCompare(b.site) || a.instance.checklistName.localeCompare(b.instance.checklistName));

  const figures: ChecklistReportFigures = { instances: [], answers: [] };
  for (const { instance, site, state, completedAt } of completed) {
    figures.instances.push({
      site, checklist: instance.checklistName, shift: instance.shiftName,
      completedBy: instance.submittedBy ?? null, completedAt, status: state,
    });
    const answers = new Map((input.answers.get(instance.id) ?? []).map((answer) => [answer.questionId, answer]));
    for (const question of instance.questions) {
      const answer = answers.get(question.id);
      const given = answer !== undefined && !answer.notApplicable ? answer : undefined;
      const image = given !== undefined && imagePreference !== 'none' && typeof given.value === 'string' && given.value !== '' ? answerImageReference(instance.id, question.id) : null;
      const chosen = given?.correctiveActionId === undefined ? undefined : input.correctiveActionNames.get(given.correctiveActionId);
      figures.answers.push({
        checklist: instance.checklistName,
        question: question.text,
        answer: given === undefined ? null : answerText(question, given.value),
        exception: answer === undefined ? null : answer.isException,
        correctiveAction: given?.correctiveActionText ?? chosen ?? null,
        photo: question.type === 'photo' ? image : null,
        signature: question.type === 'signature' ? image : null,
      });
    }
  }
  return figures;
}
