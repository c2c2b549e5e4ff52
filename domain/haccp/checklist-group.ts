import * as z from 'zod';
import { MESSAGES } from '../core/messages';
import { libraryNameSchema } from './corrective-action';

/**
 * Checklist groups (SPEC sections 2 and 8; issue 15 section 1): named groups the checklists
 * are listed under, in the organisation's own order (reorderable). A name is required and
 * unique in the organisation. A new group goes last.
 */
export const CHECKLIST_GROUP_NAME_MAX = 50;
/**
 * A reorder is one transaction: each moved group's update and its audit entry, within
 * DynamoDB's 100 items, so an organisation keeps at most this many groups.
 */
export const CHECKLIST_GROUPS_MAX = 50;

export const checklistGroupInputSchema = z.object({
  name: libraryNameSchema(CHECKLIST_GROUP_NAME_MAX, MESSAGES.nameMax50),
});
export type ChecklistGroupInput = z.infer<typeof checklistGroupInputSchema>;
export type ChecklistGroupFormValues = z.input<typeof checklistGroupInputSchema>;

/** PUT /checklistgroups/order: every group's id, in the new order. */
export const checklistGroupOrderSchema = z.object({
  ids: z.array(z.string().trim().min(1).max(100)).min(1).max(CHECKLIST_GROUPS_MAX)
    .refine((ids) => new Set(ids).size === ids.length, { error: MESSAGES.checklistGroupOrderStale }),
});
export type ChecklistGroupOrder = z.infer<typeof checklistGroupOrderSchema>;

export const checklistGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** 0 first. */
  order: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: z.string(),
  updatedBy: z.string(),
  version: z.number().int(),
});
export type ChecklistGroup = z.infer<typeof checklistGroupSchema>;
export const checklistGroupPageSchema = z.object({ items: z.array(checklistGroupSchema), nextCursor: z.string().optional() });

/** Groups in their order (ties by name, so a list is stable). */
export function inGroupOrder<T extends { order: number; name: string }>(groups: readonly T[]): T[] {
  return [...groups].sort((a, b) => a.order - b.order || a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }));
}

/**
 * The order a reorder asks for, as each group's new position: only when `ids` names every
 * group exactly once (a group added or deleted meanwhile makes the list stale).
 */
export function reorderedPositions(existingIds: readonly string[], ids: readonly string[]): Map<string, number> | undefined {
  if (ids.length !== existingIds.length || new Set(ids).size !== ids.length) return undefined;
  const existing = new Set(existingIds);
  if (ids.some((id) => !existing.has(id))) return undefined;
  return new Map(ids.map((id, index) => [id, index]));
}
