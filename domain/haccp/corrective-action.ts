import * as z from 'zod';
import { MESSAGES } from '../core/messages';

/**
 * Standard corrective actions (SPEC sections 2, 3 "Other", 8; issue 15 section 1): the
 * organisation's list of what to do when an answer is out of its limits, offered to whoever
 * fills a checklist. A name is required and unique in the organisation; a description is
 * optional. A question names the ones it offers (`Question.correctiveActionIds`), so one still
 * named cannot be deleted.
 */
export const CORRECTIVE_ACTION_NAME_MAX = 100;
export const CORRECTIVE_ACTION_DESCRIPTION_MAX = 500;

/** A name of a HACCP library item: required, trimmed, at most `max` characters (any wording: "Discard product > 8 °C"). */
export const libraryNameSchema = (max: number, tooLong: string) =>
  z
    .string({ error: MESSAGES.nameRequired })
    .trim()
    .min(1, { error: MESSAGES.nameRequired, abort: true })
    .max(max, { error: tooLong });

export const correctiveActionInputSchema = z.object({
  name: libraryNameSchema(CORRECTIVE_ACTION_NAME_MAX, MESSAGES.nameMax100),
  description: z.string().trim().max(CORRECTIVE_ACTION_DESCRIPTION_MAX, { error: MESSAGES.descriptionMax500 }).default(''),
});
export type CorrectiveActionInput = z.infer<typeof correctiveActionInputSchema>;
export type CorrectiveActionFormValues = z.input<typeof correctiveActionInputSchema>;

export const correctiveActionSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: z.string(),
  updatedBy: z.string(),
  version: z.number().int(),
});
export type CorrectiveAction = z.infer<typeof correctiveActionSchema>;
export const correctiveActionPageSchema = z.object({ items: z.array(correctiveActionSchema), nextCursor: z.string().optional() });
