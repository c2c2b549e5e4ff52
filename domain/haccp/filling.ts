import * as z from 'zod';
import { questionSchema } from './question';
import { INSTANCE_STATES } from './instance';

/**
 * The shapes of the filling API (issue 15 section 2; the HACCP contract): Today's list, one
 * instance with what answering it needs, a stored answer, a submission.
 */

export const todayInstanceSchema = z.object({
  id: z.string(),
  checklistId: z.string(),
  checklistName: z.string(),
  siteId: z.string(),
  siteName: z.string(),
  shiftName: z.string(),
  scheduleName: z.string(),
  date: z.string(),
  windowStart: z.string(),
  windowEnd: z.string(),
  remindAt: z.string().optional(),
  state: z.enum(INSTANCE_STATES),
  answeredCount: z.number().int(),
  questionCount: z.number().int(),
  exceptionCount: z.number().int(),
});
export type TodayInstance = z.infer<typeof todayInstanceSchema>;
export const todaySchema = z.object({ items: z.array(todayInstanceSchema) });

export const checklistAnswerSchema = z.object({
  instanceId: z.string(),
  questionId: z.string(),
  idempotencyKey: z.string(),
  value: z.unknown().optional(),
  notApplicable: z.boolean(),
  manualReading: z.boolean(),
  correctiveActionId: z.string().optional(),
  correctiveActionText: z.string().optional(),
  additionalFields: z.record(z.string(), z.string()),
  isException: z.boolean(),
  oilLevel: z.enum(['ok', 'warn', 'replace']).optional(),
  answeredAt: z.string(),
  receivedAt: z.string(),
  answeredBy: z.string(),
});
export type ChecklistAnswer = z.infer<typeof checklistAnswerSchema>;

export const instanceDetailSchema = todayInstanceSchema.extend({
  checklistVersion: z.number().int(),
  checklist: z.object({
    name: z.string(),
    description: z.string(),
    questions: z.array(questionSchema),
    allowPartialUpload: z.boolean(),
    allowManualReadings: z.boolean(),
    allowNotApplicable: z.boolean(),
  }),
  startedAt: z.string().optional(),
  completedAt: z.string().optional(),
  completedLate: z.boolean().optional(),
  submittedBy: z.string().optional(),
  answers: z.array(checklistAnswerSchema),
  informationItems: z.array(z.object({ id: z.string(), name: z.string(), text: z.string(), fileName: z.string().optional(), contentType: z.string().optional() })),
  correctiveActions: z.array(z.object({ id: z.string(), name: z.string(), description: z.string().optional() })),
  /**
   * Each linked sensor's newest reading: `value` its first channel (a temperature sensor's
   * temperature, a dishwasher sensor's wash), `secondValue` its second where it has one (a
   * dishwasher sensor's rinse).
   */
  liveReadings: z.record(z.string(), z.object({ value: z.number(), secondValue: z.number().optional(), unit: z.string(), at: z.string() })),
});
export type InstanceDetail = z.infer<typeof instanceDetailSchema>;

export const submitInputSchema = z.object({
  idempotencyKey: z.string().trim().min(8).max(100).regex(/^[A-Za-z0-9_-]+$/),
});
