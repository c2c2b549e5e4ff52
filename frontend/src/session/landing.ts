import type { Role } from '@domain/identity/roles';

export const DEFAULT_LANDING = '/app/dashboard';
export const HELPDESK_LANDING = '/app/helpdesk';
/** SPEC section 2: an SSO account without locations. */
export const NO_ACCESS_PAGE = '/login/redirect';

/** An address inside the portal: a path, never another site (`//host`, `/\host`, `https:`). */
function isPortalPath(target: string | null): target is string {
  return target !== null && /^\/(?![/\\])/.test(target);
}

export interface SignInLanding {
  role: Role | null;
  /** The login page's query string: `login` (redirect target) and `redirect`. */
  search: string;
  sso?: boolean;
  /** The account's locations (an SSO account without any goes to the no-access page). */
  locationIds?: readonly string[];
}

/**
 * Where a user goes once signed in (SPEC section 2): an SSO account without locations to the
 * no-access page; else the `login` parameter's address; else `redirect` when it is a direct
 * report link; else helpdesk to /app/helpdesk and everyone else to /app/dashboard.
 */
export function signInDestination({ role, search, sso = false, locationIds }: SignInLanding): string {
  if (sso && locationIds !== undefined && locationIds.length === 0) return NO_ACCESS_PAGE;
  const query = new URLSearchParams(search);
  const login = query.get('login');
  if (isPortalPath(login)) return login;
  const redirect = query.get('redirect');
  if (isPortalPath(redirect) && redirect.includes('app/direct-report')) return redirect;
  return role === 'helpdesk' ? HELPDESK_LANDING : DEFAULT_LANDING;
}

/** Where logout goes (SPEC section 2): helpdesk users to the helpdesk login, all others to /login. */
export function loginPageAfterLogout(helpdesk: boolean): string {
  return helpdesk ? '/login/helpdesk' : '/login';
}
