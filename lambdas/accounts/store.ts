import type { CurrentUserDetails } from '@domain/identity/account';
import { isRole, type Role } from '@domain/identity/roles';
import { ALL_MODULES } from '@domain/organisation/modules';
import type { OrganisationModules } from '@domain/organisation/organisation';
import type { AccountRecord } from '../data';
import type { Caller } from '../shared/caller';

// The account record, its reads and its email index are the data layer's (lambdas/data/accounts.ts, entities/account.ts); kept here for this store's callers.
export { AccountStore, accountEmailPartition, type AccountRecord } from '../data';

const asFlag = (value: boolean | undefined): 0 | 1 => (value ? 1 : 0);

/**
 * SPEC section 3 "Current user details". An identity without an account record yet (for
 * instance a federated user's first sign-in) gets what its token says and safe defaults:
 * no locations, no optional modules. The account's module flags hold only where its organisation
 * has the module; `organisationModules` are the organisation's own (the areas its menu shows).
 */
export function currentUserDetails(caller: Caller, account: AccountRecord | undefined, tenantName: string, modules: OrganisationModules = ALL_MODULES): CurrentUserDetails {
  const role: Role = isRole(account?.role) ? account.role : caller.role;
  // An account's module flag counts only where its organisation has the module (issue 16).
  const pager = (account?.enablePager ?? false) && modules.enablePager;
  return {
    accountid: caller.accountId,
    customerid: caller.customerId,
    customergroupid: caller.customerGroupId ?? null,
    email: account?.email ?? caller.email,
    firstname: account?.firstName ?? '',
    lastname: account?.lastName ?? '',
    role,
    uom: account?.uom ?? 'C',
    lang: account?.lang ?? 'en',
    timezone: account?.timezone ?? 'UTC',
    isHaccapAvailable: (account?.isHaccpAvailable ?? false) && modules.isHaccapAvailable,
    isowner: asFlag(account?.isOwner),
    islocationadmin: asFlag(account?.isLocationAdmin),
    showHelpdeskDashboard: account?.showHelpdeskDashboard ?? role === 'helpdesk',
    hasDefaultLocAccess: account?.hasDefaultLocAccess ?? false,
    securityGroupIds: account?.securityGroupIds ?? [],
    tenantname: tenantName,
    enablePager: pager,
    isPagerEnabled: pager,
    enableAuditModule: (account?.enableAuditModule ?? false) && modules.enableAuditModule,
    enableIVR: (account?.enableIVR ?? false) && modules.enableIVR,
    organisationModules: modules,
    isactive: account?.isActive ?? true,
    invitedate: account?.inviteDate ?? null,
    lastlogindate: account?.lastLoginDate ?? null,
    isEmailVerified: account?.isEmailVerified ?? false,
    locationids: account?.locationIds ?? [],
    phone: account?.phone ?? '',
    phoneVerified: account?.phoneVerified ?? false,
  };
}
