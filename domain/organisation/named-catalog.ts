import * as z from 'zod';
import { MESSAGES } from '../core/messages';

/**
 * Departments and divisions are the same shape: a name, at most 20 characters, unique
 * within the organisation (SPEC sections 3 and 5).
 */
export const NAME_MAX_LENGTH = 20;

export const namedItemInputSchema = z.object({
  name: z
    .string({ error: MESSAGES.nameRequired })
    .trim()
    .min(1, { error: MESSAGES.nameRequired })
    .max(NAME_MAX_LENGTH, { error: MESSAGES.nameMax20 }),
});
export type NamedItemInput = z.infer<typeof namedItemInputSchema>;

/** PATCH takes the same fields, each optional. */
export const namedItemPatchSchema = namedItemInputSchema.partial();

export const namedItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: z.string(),
  updatedBy: z.string(),
  version: z.number().int(),
});
export type NamedItem = z.infer<typeof namedItemSchema>;

export const NAMED_CATALOG_KINDS = ['department', 'division'] as const;
export type NamedCatalogKind = (typeof NAMED_CATALOG_KINDS)[number];

export const namedCatalogMessages = {
  department: { taken: MESSAGES.departmentNameTaken, notFound: MESSAGES.departmentNotFound },
  division: { taken: MESSAGES.divisionNameTaken, notFound: MESSAGES.divisionNotFound },
} as const satisfies Record<NamedCatalogKind, { taken: string; notFound: string }>;

/** A page of a list: the items and the opaque cursor of the next page, if any. */
export interface Page<T> {
  items: T[];
  nextCursor?: string;
}
