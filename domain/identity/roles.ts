/** Roles carried in the `custom:role` claim (SPEC section 6). */
export const ROLES = ['superadmin', 'admin', 'basicuser', 'helpdesk'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Roles the spec lets act for another organisation (the accountid/customerid headers may differ). */
export const CROSS_TENANT_ROLES: readonly Role[] = ['superadmin', 'helpdesk'];

/** Who may read and who may write the organisation's structure (departments, divisions). */
export const ORGANISATION_READERS: readonly Role[] = ['admin', 'basicuser'];
export const ORGANISATION_WRITERS: readonly Role[] = ['admin'];

/** SPEC section 6: "Security groups tab visible to administrators only". */
export const SECURITY_GROUP_ROLES = ['admin'] as const satisfies readonly Role[];
