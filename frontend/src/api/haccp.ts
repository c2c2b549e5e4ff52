import useSWR, { preload, type SWRResponse } from 'swr';
import { z } from 'zod';
import { CHECKLIST_INSTANCE_ROUTES } from '@domain/api/checklist-instances';
import { INFORMATION_ITEM_ROUTES } from '@domain/api/information-items';
import { apiFetch, apiFetchAs } from './apiFetch';
import type { ApiError } from './ApiError';
import { pathOf } from './client';

/**
 * The filling API of HACCP checklists (issue 15 section 2; the INSTANCES side serves it):
 * the caller's checklists due today, one instance with what filling it needs, answers and the
 * submission. The paths are the contracts'; the answers are parsed with this module's own
 * schemas, which keep what the pages read.
 */

export const INSTANCE_STATES = ['outstanding', 'inProgress', 'completedOnTime', 'completedLate', 'overdue', 'missed'] as const;
export type InstanceState = (typeof INSTANCE_STATES)[number];

export const QUESTION_TYPES = ['yesNo', 'numeric', 'sensorTemperature', 'probeTemperature', 'oilQuality', 'dishwasher', 'singleChoice', 'multipleChoice', 'text', 'photo', 'signature'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export const todayInstanceSchema = z.object({
  id: z.string(),
  checklistId: z.string(),
  checklistName: z.string(),
  siteId: z.string(),
  siteName: z.string().default(''),
  shiftName: z.string().default(''),
  windowStart: z.string(),
  windowEnd: z.string(),
  state: z.enum(INSTANCE_STATES),
  answeredCount: z.number().default(0),
  questionCount: z.number().default(0),
});
export type TodayInstance = z.infer<typeof todayInstanceSchema>;

export const questionOptionSchema = z.object({ id: z.string(), name: z.string(), isException: z.boolean().default(false) });
export type QuestionOption = z.infer<typeof questionOptionSchema>;

export const fillQuestionSchema = z.object({
  id: z.string(),
  text: z.string(),
  type: z.enum(QUESTION_TYPES),
  options: z.array(questionOptionSchema).default([]),
  min: z.number().optional(),
  max: z.number().optional(),
  warnAt: z.number().optional(),
  replaceAt: z.number().optional(),
  sensorId: z.string().optional(),
  dishwasherSensorId: z.string().optional(),
  informationId: z.string().optional(),
  correctiveActionIds: z.array(z.string()).default([]),
  additionalFields: z.array(z.object({ id: z.string(), name: z.string() })).default([]),
  required: z.boolean().default(true),
});
export type FillQuestion = z.infer<typeof fillQuestionSchema>;

/** What an answer holds: a number, an option's id, a text or an image as a data URL, the options chosen, or a dishwasher's two temperatures. */
export const dishwasherValueSchema = z.object({ wash: z.number(), rinse: z.number() });
export const answerValueSchema = z.union([z.number(), z.string(), z.array(z.string()), dishwasherValueSchema]);
export type AnswerValue = z.infer<typeof answerValueSchema>;

export const storedAnswerSchema = z.object({
  questionId: z.string(),
  // A value this page cannot show (a newer kind) leaves the question shown as answered without it.
  value: answerValueSchema.optional().catch(undefined),
  notApplicable: z.boolean().optional(),
  manualReading: z.boolean().optional(),
  correctiveActionId: z.string().optional(),
  correctiveActionText: z.string().optional(),
  additionalFields: z.record(z.string(), z.string()).optional(),
  answeredAt: z.string().optional(),
  isException: z.boolean().optional(),
});
export type StoredAnswer = z.infer<typeof storedAnswerSchema>;

export const informationItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  text: z.string().default(''),
  /** Named when the item has a picture or PDF (read through GET /informationitems/{id}/file). */
  fileName: z.string().optional(),
  contentType: z.string().optional(),
});
export type InformationItem = z.infer<typeof informationItemSchema>;

export const correctiveActionSchema = z.object({ id: z.string(), name: z.string(), description: z.string().optional() });
export type CorrectiveAction = z.infer<typeof correctiveActionSchema>;

export const liveReadingSchema = z.object({ value: z.number(), secondValue: z.number().optional(), unit: z.string(), at: z.string() });
export type LiveReading = z.infer<typeof liveReadingSchema>;

export const instanceDetailSchema = todayInstanceSchema.extend({
  checklist: z.object({
    name: z.string(),
    description: z.string().default(''),
    allowPartialUpload: z.boolean().default(false),
    allowManualReadings: z.boolean().default(false),
    allowNotApplicable: z.boolean().default(false),
    questions: z.array(fillQuestionSchema),
  }),
  answers: z.array(storedAnswerSchema).default([]),
  informationItems: z.array(informationItemSchema).default([]),
  correctiveActions: z.array(correctiveActionSchema).default([]),
  liveReadings: z.record(z.string(), liveReadingSchema).default({}),
  completedAt: z.string().optional(),
  /** The submitter's name. */
  submittedBy: z.string().optional(),
});
export type InstanceDetail = z.infer<typeof instanceDetailSchema>;

/** `PUT /haccp/instances/{id}/answers/{questionId}`'s body. */
export interface AnswerBody {
  idempotencyKey: string;
  value?: AnswerValue;
  notApplicable?: boolean;
  /** A sensor question's reading typed in rather than the sensor's (only where manual readings are allowed). */
  manualReading?: boolean;
  correctiveActionId?: string;
  correctiveActionText?: string;
  additionalFields?: Record<string, string>;
  answeredAt: string;
}

/** The first part of every SWR key of these calls: one mutate refreshes them all. */
export const HACCP_KEY = 'haccp';
export const isHaccpKey = (key: unknown): boolean => Array.isArray(key) && key[0] === HACCP_KEY;

/** Today's list is asked again this often, so states move on as windows open and close. */
export const TODAY_REFRESH_MS = 60_000;

/** Today's list as the API sends it (`{ items }`). */
const todaySchema = z.object({ items: z.array(todayInstanceSchema) }).transform((today) => today.items);

export function useTodayInstances(): SWRResponse<TodayInstance[], ApiError> {
  return useSWR<TodayInstance[], ApiError, readonly [string, string]>([HACCP_KEY, 'today'], () => apiFetchAs(todaySchema, pathOf(CHECKLIST_INSTANCE_ROUTES.getToday)), {
    refreshInterval: TODAY_REFRESH_MS,
  });
}

const instanceKey = (id: string) => [HACCP_KEY, 'instance', id] as const;
const fetchInstance = ([, , id]: readonly [string, string, string]) => apiFetchAs(instanceDetailSchema, pathOf(CHECKLIST_INSTANCE_ROUTES.getInstancesById, { id }));

export function useInstance(id: string | undefined): SWRResponse<InstanceDetail, ApiError> {
  return useSWR<InstanceDetail, ApiError, readonly [string, string, string] | null>(id === undefined ? null : instanceKey(id), fetchInstance);
}

/** Fetches an instance ahead (the service worker keeps the answer), so it opens with the connection gone. */
export function preloadInstance(id: string): void {
  preload(instanceKey(id), fetchInstance).catch(() => undefined);
}

const informationFileSchema = z.object({ url: z.string(), fileName: z.string(), contentType: z.string() });
export type InformationFile = z.infer<typeof informationFileSchema>;

/** A short-lived link to an information item's picture or PDF; null key when it has none. */
export function useInformationFile(item: InformationItem): SWRResponse<InformationFile, ApiError> {
  return useSWR<InformationFile, ApiError, readonly [string, string, string] | null>(
    item.fileName === undefined ? null : [HACCP_KEY, 'informationFile', item.id],
    ([, , id]) => apiFetchAs(informationFileSchema, pathOf(INFORMATION_ITEM_ROUTES.getFile, { id })),
    // The link is presigned for 15 minutes: asked again before it lapses, not on every focus.
    { revalidateOnFocus: false, refreshInterval: 10 * 60_000 },
  );
}

export function putAnswer(instanceId: string, questionId: string, body: AnswerBody): Promise<unknown> {
  return apiFetch(pathOf(CHECKLIST_INSTANCE_ROUTES.putInstancesAnswersById, { id: instanceId, questionId }), { method: 'PUT', body });
}

export function submitInstance(instanceId: string, body: { idempotencyKey: string }): Promise<unknown> {
  return apiFetch(pathOf(CHECKLIST_INSTANCE_ROUTES.postInstancesSubmit, { id: instanceId }), { method: 'POST', body });
}
