import * as z from 'zod';
import { MESSAGES } from '../core/messages';
import { questionInputSchema, questionSchema, withQuestionIds, type Question } from './question';

/**
 * HACCP checklists (SPEC sections 4 "Checklist", 5 "Checklist", 8; issue 15 section 1): a
 * site's list of questions answered on a shift, at some of its locations, by the departments
 * and divisions named, its exceptions told to a HACCP notification group. The questions are
 * embedded in the checklist's item (they are read and written together).
 */

export const CHECKLIST_NAME_MAX = 100;
export const CHECKLIST_DESCRIPTION_MAX = 500;
/**
 * The questions of one checklist. A checklist is one DynamoDB item (400 KB at most): 80 of
 * the largest questions the limits of domain/haccp/question.ts allow stay under it (the
 * unit test measures it); the audit trail keeps the questions' texts only.
 */
export const CHECKLIST_QUESTIONS_MAX = 80;
export const CHECKLIST_LIST_MAX = 100;
export const SCHEDULE_TYPES = ['location', 'custom'] as const;
export type ScheduleType = (typeof SCHEDULE_TYPES)[number];

const blankToUndefined = (value: unknown) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value);
const requiredId = (message: string) => z.preprocess(blankToUndefined, z.string({ error: message }).trim().min(1, { error: message }).max(100, { error: message }));
const optionalId = z.preprocess(blankToUndefined, z.string().trim().max(100).optional());
const idList = (required?: string) => {
  const list = z.array(z.string().trim().min(1).max(100), required === undefined ? undefined : { error: required }).max(CHECKLIST_LIST_MAX, { error: MESSAGES.listTooLong });
  return (required === undefined ? list : list.min(1, { error: required })).transform((ids) => [...new Set(ids)]);
};

/** A checklist as the form sends it: SPEC section 5 "Checklist" (name, site, location, shift required; each question's rules). */
export const checklistInputSchema = z.object({
  name: z.string({ error: MESSAGES.checklistNameRequired }).trim()
    .min(1, { error: MESSAGES.checklistNameRequired, abort: true }).max(CHECKLIST_NAME_MAX, { error: MESSAGES.checklistNameRequired }),
  groupId: optionalId,
  description: z.string().trim().max(CHECKLIST_DESCRIPTION_MAX, { error: MESSAGES.descriptionMax250 }).default(''),
  siteId: requiredId(MESSAGES.checklistSiteRequired),
  locationIds: idList(MESSAGES.checklistLocationRequired),
  shiftId: requiredId(MESSAGES.checklistShiftRequired),
  departmentIds: idList().default([]),
  divisionIds: idList().default([]),
  notificationGroupId: optionalId,
  allowPartialUpload: z.boolean().default(false),
  allowManualReadings: z.boolean().default(false),
  allowNotApplicable: z.boolean().default(false),
  scheduleType: z.enum(SCHEDULE_TYPES).default('location'),
  questions: z.array(questionInputSchema).max(CHECKLIST_QUESTIONS_MAX, { error: MESSAGES.checklistQuestionsMax }).default([]),
});
export type ChecklistInput = z.input<typeof checklistInputSchema>;
export type ChecklistRequest = z.output<typeof checklistInputSchema>;

/** The checklist's own fields, as stored (every question with its ids). */
export type ChecklistFields = Omit<ChecklistRequest, 'questions'> & { questions: Question[] };

/** A request's fields with every question's ids given. */
export function checklistFieldsOf(request: ChecklistRequest, newId: () => string): ChecklistFields {
  return { ...request, questions: request.questions.map((question) => withQuestionIds(question, newId)) };
}

export const checklistSchema = z.object({
  id: z.string(),
  name: z.string(),
  groupId: z.string().optional(),
  description: z.string(),
  siteId: z.string(),
  locationIds: z.array(z.string()),
  shiftId: z.string(),
  departmentIds: z.array(z.string()),
  divisionIds: z.array(z.string()),
  notificationGroupId: z.string().optional(),
  allowPartialUpload: z.boolean(),
  allowManualReadings: z.boolean(),
  allowNotApplicable: z.boolean(),
  scheduleType: z.enum(SCHEDULE_TYPES),
  questions: z.array(questionSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: z.string(),
  updatedBy: z.string(),
  version: z.number().int(),
});
export type Checklist = z.infer<typeof checklistSchema>;

/** Copy Checklist: the copy's name and where it goes (another site, or other locations of the same one) with its shift there. */
export const checklistCopyInputSchema = z.object({
  name: z.string({ error: MESSAGES.checklistNameRequired }).trim()
    .min(1, { error: MESSAGES.checklistNameRequired, abort: true }).max(CHECKLIST_NAME_MAX, { error: MESSAGES.checklistNameRequired }),
  siteId: requiredId(MESSAGES.checklistSiteRequired),
  locationIds: idList(MESSAGES.checklistLocationRequired),
  shiftId: requiredId(MESSAGES.checklistShiftRequired),
});
export type ChecklistCopyInput = z.input<typeof checklistCopyInputSchema>;
export type ChecklistCopyRequest = z.output<typeof checklistCopyInputSchema>;

/**
 * SPEC section 8 "moving checklist rows between groups not allowed": a row dragged in the
 * checklist list may only move among the rows of its own group. The refusal, or undefined.
 */
export function checklistRowMoveIssue(from: { groupId?: string | undefined }, to: { groupId?: string | undefined }): string | undefined {
  return (from.groupId ?? '') === (to.groupId ?? '') ? undefined : MESSAGES.checklistRowMoveBetweenGroups;
}

/** What the audit trail keeps of a checklist: its fields, and only the questions' texts (each entry stays far below the item limit). */
export function auditedChecklist(checklist: Checklist): Record<string, unknown> {
  return { ...checklist, questions: checklist.questions.map((question) => question.text) };
}

export const checklistPageSchema = z.object({ items: z.array(checklistSchema), nextCursor: z.string().optional() });
