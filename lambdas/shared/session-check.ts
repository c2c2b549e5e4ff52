import type { OrganisationModules } from '@domain/organisation/organisation';

/** Why a session was ended, when the API says so. */
export type RevokedReason = 'organisationDisabled';

/** What every API call checks: the token's session, or its revocation (the data layer's session token, lambdas/data/entities/session-token.ts). */
export interface TokenState {
  sessionId: string;
  accountId: string;
  /** When the session was ended; an expired session reads as ended at its expiry. */
  revokedAt?: string;
  /** Why, when the API tells the caller (the organisation was disabled); none for a sign-out or an ended session. */
  revokedReason?: RevokedReason;
  lastSeenAt: string;
  /** When the session ends unless used (epoch seconds, DynamoDB's TTL attribute). */
  ttl?: number;
}

/** Where a session was opened from, taken from the request (never from the body). */
export interface RequestOrigin {
  ip: string;
  userAgent: string;
}

/**
 * What the HTTP middleware needs of sessions, nothing more: the state of the caller's token
 * family, and the note that it was used. The sessions repository (lambdas/data/repositories/sessions.ts) is
 * this and the rest of sessions; the middleware knows only this. Its table implementation is
 * the data layer's (lambdas/data/session-check.ts).
 */
export interface SessionCheck {
  /** The token family's state; undefined when no session was opened with it. */
  tokenState(customerId: string, tokenId: string): Promise<TokenState | undefined>;
  /** Records that the session is in use (written at most every SESSION_TOUCH_INTERVAL_MS). */
  touch(customerId: string, tokenId: string, state: TokenState): Promise<void>;
  /** The organisation's status, read only when a token opens a session (not on every call). */
  organisationStatus(customerId: string): Promise<'active' | 'disabled'>;
  /** The organisation's modules, read only on a module's routes (one small read on those alone). */
  organisationModules(customerId: string): Promise<OrganisationModules>;
}

/**
 * "Last seen" (and with it the session's expiry) is written at most this often. Every API call
 * reads the token's state anyway (one GetItem); writing it back on every call would double a
 * busy page's cost in writes (a two-item transaction each time) for nothing a user can see:
 * the sessions page shows last seen to the minute, and a session ends only after days unused,
 * so five minutes late is nothing. An active user costs at most 12 such writes an hour.
 */
export const SESSION_TOUCH_INTERVAL_MS = 5 * 60_000;
