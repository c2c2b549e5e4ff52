import type { OrganisationModules } from './organisation';

/**
 * The optional parts of the product an organisation has or not (issue 16: the account's module
 * and feature flags hide or show areas, and the API refuses what is hidden). Each is one flag of
 * the organisation's modules (SPEC section 3 "Current user details").
 */
export const PORTAL_MODULES = ['haccp', 'audit', 'ivr', 'pager'] as const;
export type PortalModuleName = (typeof PORTAL_MODULES)[number];

/** The organisation's flag of each module. */
export const MODULE_FLAGS: Record<PortalModuleName, keyof OrganisationModules> = {
  haccp: 'isHaccapAvailable',
  audit: 'enableAuditModule',
  ivr: 'enableIVR',
  pager: 'enablePager',
};

/**
 * What an organisation without its own item has: every module. Such an organisation predates
 * the module flags (nothing restricted it then); every organisation the super-administrator
 * creates has its item, and its flags decide.
 */
export const ALL_MODULES: OrganisationModules = { isHaccapAvailable: true, enableAuditModule: true, enableIVR: true, enablePager: true };

export function hasModule(modules: OrganisationModules, module: PortalModuleName): boolean {
  return modules[MODULE_FLAGS[module]];
}
