import { isRole, type Role } from '@domain/identity/roles';
import { unauthorized } from '@domain/core/errors';

/** Who is calling, from the claims of the verified ID token (never from the body). */
export interface Caller {
  userId: string;
  email: string;
  role: Role;
  /** The organisation (tenant). */
  customerId: string;
  accountId: string;
  customerGroupId?: string;
  isPortalLogin: boolean;
  /**
   * The token family (`origin_jti`, the same for every token refreshed from one sign-in);
   * server sessions are bound to it. `jti` when the identity service gives no family.
   */
  tokenId: string;
  /**
   * Set only during a proxy session (shared/http.ts, proxyContext): the caller then acts for
   * the organisation the proxy names (`customerId` is that organisation's, `role` admin), and
   * this keeps who is really acting. Every audit entry written meanwhile records both.
   */
  proxy?: ProxyIdentity;
}

/** The real user behind a proxied request, and the proxy session they act in. */
export interface ProxyIdentity {
  sessionId: string;
  mode: 'read' | 'write';
  actor: { userId: string; email: string; role: Role; customerId: string; accountId: string };
  /** A corporate view's one location (its administrator's own organisation): what the caller reaches is limited to it and its sites. */
  locationId?: string;
}

/** API Gateway hands JWT claims over as strings (or string arrays in the authorizer's own format). */
export type JwtClaims = Record<string, string | number | boolean | string[]>;

function claim(claims: JwtClaims, name: string): string | undefined {
  const value = claims[name];
  if (value === undefined || Array.isArray(value)) return undefined;
  return String(value);
}

export function callerFromClaims(claims: JwtClaims | undefined): Caller {
  if (claims === undefined) throw unauthorized();
  const userId = claim(claims, 'sub');
  const email = claim(claims, 'email');
  const role = claim(claims, 'custom:role');
  const customerId = claim(claims, 'custom:customerid');
  const accountId = claim(claims, 'custom:accountinfoid');
  if (claim(claims, 'token_use') !== 'id' || !userId || !email || !isRole(role) || !customerId || !accountId) {
    throw unauthorized();
  }
  const tokenId = claim(claims, 'origin_jti') ?? claim(claims, 'jti');
  if (!tokenId) throw unauthorized();
  const customerGroupId = claim(claims, 'custom:customergroupid');
  return {
    userId,
    email,
    role,
    customerId,
    accountId,
    ...(customerGroupId ? { customerGroupId } : {}),
    isPortalLogin: claim(claims, 'custom:isPortalLogin') === 'true',
    tokenId,
  };
}
