import type { Role } from '@domain/identity/roles';
import { useClientState } from './clientState';
import { useAuth } from './useAuth';

/**
 * What the signed-in user may see, read from the session: the shell's guards and navigation ask,
 * and so do the screens that show more or less by role.
 */

/** The optional parts of the portal a lazy-module guard checks (SPEC section 6). */
export type PortalModule = 'audit' | 'ivr';

/** The signed-in user's role: the stored account's, else the token's claim (SPEC section 6). */
export function useRole(): Role | null {
  const { user } = useAuth();
  const { role } = useClientState();
  return role ?? user?.role ?? null;
}

/** Whether the stored preferences show a module: audit also needs an admin or a basic user. */
export function useModuleVisible(module: PortalModule): boolean {
  const { preferences } = useClientState();
  const role = useRole();
  if (module === 'ivr') return preferences.feature.ivr.isVisible;
  return preferences.module.audit.isVisible && (role === 'admin' || role === 'basicuser');
}

/**
 * Whether the user sees the whole organisation (what the API's access layer calls every site):
 * an administrator with corporate access, or a proxy acting for the organisation, not a corporate
 * view of one location.
 */
export function useSeesWholeOrganisation(): boolean {
  const { corporateAdmin, proxy } = useClientState();
  return proxy === null ? corporateAdmin : proxy.locationId === undefined;
}
