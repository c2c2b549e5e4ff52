import * as z from 'zod';
import { MESSAGES } from '../core/messages';

/**
 * Security groups (SPEC sections 3 and 6): administrators put users in groups that limit
 * which sites and sensors they can reach. A member reaches the union of their groups' sites;
 * a group that lists sensors grants only those sensors of its sites. The API enforces it in
 * its access layer (lambdas/shared/access.ts, docs/data-model.md).
 */
export const SECURITY_GROUP_NAME_MAX = 50;
export const SECURITY_GROUP_DESCRIPTION_MAX = 250;
/**
 * One group's change is one transaction (the group, its name marker, its audit entry and one
 * membership item per member): DynamoDB's 100 writes per transaction bound the members.
 */
export const SECURITY_GROUP_MAX_MEMBERS = 90;
export const SECURITY_GROUP_MAX_SITES = 500;
export const SECURITY_GROUP_MAX_SENSORS = 1000;

/** A name starts with a letter or digit; then letters, digits, spaces and common punctuation. */
export const ENTITY_NAME_PATTERN = /^[\p{L}\p{N}][\p{L}\p{M}\p{N} .,'&()/#+_-]*$/u;

/** An id of another item (site, sensor, account): non-empty, short, no key delimiter. */
const referenceId = z.string().trim().min(1).max(100).regex(/^[^#\s]+$/);

/** A list of ids, each once, in the order first given; `required`: at least one, with that message. */
export const idList = (max: number, options: { tooMany?: string; required?: string } = {}) => {
  const list = z.array(referenceId, options.required === undefined ? undefined : { error: options.required })
    .max(max, { error: options.tooMany ?? MESSAGES.tooManySelected });
  return (options.required === undefined ? list : list.min(1, { error: options.required })).transform((ids) => [...new Set(ids)]);
};

export const entityNameSchema = (max: number, tooLong: string) =>
  z
    .string({ error: MESSAGES.nameRequired })
    .trim()
    .min(1, { error: MESSAGES.nameRequired, abort: true })
    .max(max, { error: tooLong })
    .regex(ENTITY_NAME_PATTERN, { error: MESSAGES.nameInvalid });

/** A description the form requires: its own words when missing or too long. */
export const requiredDescriptionSchema = (max: number) =>
  z
    .string({ error: MESSAGES.descriptionRequired })
    .trim()
    .min(1, { error: MESSAGES.descriptionRequired, abort: true })
    .max(max, { error: MESSAGES.descriptionMax250 });

export const securityGroupInputSchema = z.object({
  name: entityNameSchema(SECURITY_GROUP_NAME_MAX, MESSAGES.nameMax50),
  description: z.string().trim().max(SECURITY_GROUP_DESCRIPTION_MAX, { error: MESSAGES.descriptionMax250 }).default(''),
  siteIds: idList(SECURITY_GROUP_MAX_SITES, { required: MESSAGES.siteSelectionRequired }),
  /** Empty: every sensor of the group's sites. */
  sensorIds: idList(SECURITY_GROUP_MAX_SENSORS).default([]),
  memberAccountIds: idList(SECURITY_GROUP_MAX_MEMBERS, { tooMany: MESSAGES.securityGroupMembersMax }).default([]),
});
export type SecurityGroupInput = z.infer<typeof securityGroupInputSchema>;
export type SecurityGroupFormValues = z.input<typeof securityGroupInputSchema>;

export const securityGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  siteIds: z.array(z.string()),
  sensorIds: z.array(z.string()),
  memberAccountIds: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: z.string(),
  updatedBy: z.string(),
  version: z.number().int(),
});
export type SecurityGroup = z.infer<typeof securityGroupSchema>;
export const securityGroupPageSchema = z.object({ items: z.array(securityGroupSchema), nextCursor: z.string().optional() });

/** GET securitygroups/userlist (SPEC section 7): the users a group may take, with the groups they are in. */
export const securityGroupUserSchema = z.object({
  accountId: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.string(),
  securityGroupIds: z.array(z.string()),
});
export type SecurityGroupUser = z.infer<typeof securityGroupUserSchema>;
export const securityGroupUserListSchema = z.object({ items: z.array(securityGroupUserSchema) });

/** The display name of a user in pickers and lists: "First Last", or the email. */
export function userDisplayName(user: Pick<SecurityGroupUser, 'firstName' | 'lastName' | 'email'>): string {
  const name = `${user.firstName} ${user.lastName}`.trim();
  return name === '' ? user.email : name;
}

/** SPEC section 6: "Security groups tab visible to administrators only" (in roles.ts, which has no zod). */
export { SECURITY_GROUP_ROLES } from './roles';
