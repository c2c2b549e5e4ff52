import * as z from 'zod';
import { MESSAGES } from '../core/messages';
import { entityNameSchema, idList } from './security-groups';

/**
 * User views (SPEC sections 3 and 5): a named selection of sites, departments and divisions
 * the dashboard can show. Name required and valid; at least one site; names are unique in
 * the organisation (SPEC section 8: duplicate user view name).
 */
export const USER_VIEW_NAME_MAX = 50;
export const USER_VIEW_MAX_SITES = 500;
export const USER_VIEW_MAX_GROUPS = 200;

export const userViewInputSchema = z.object({
  name: entityNameSchema(USER_VIEW_NAME_MAX, MESSAGES.nameMax50),
  siteIds: idList(USER_VIEW_MAX_SITES, { required: MESSAGES.siteSelectionRequired }),
  departmentIds: idList(USER_VIEW_MAX_GROUPS).default([]),
  divisionIds: idList(USER_VIEW_MAX_GROUPS).default([]),
});
export type UserViewInput = z.infer<typeof userViewInputSchema>;
export type UserViewFormValues = z.input<typeof userViewInputSchema>;

export const userViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  siteIds: z.array(z.string()),
  departmentIds: z.array(z.string()),
  divisionIds: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: z.string(),
  updatedBy: z.string(),
  version: z.number().int(),
});
export type UserView = z.infer<typeof userViewSchema>;
export const userViewPageSchema = z.object({ items: z.array(userViewSchema), nextCursor: z.string().optional() });
