import { randomBytes } from 'node:crypto';
import type { IdentityClock } from './clock';
import { MESSAGES, notAuthorized } from './errors';

export type ChallengeName = 'NEW_PASSWORD_REQUIRED' | 'SMS_MFA' | 'SOFTWARE_TOKEN_MFA' | 'SELECT_MFA_TYPE';

export interface ChallengeSession {
  id: string;
  challenge: ChallengeName;
  userPoolId: string;
  clientId: string;
  username: string;
  expiresAt: number;
  /** The code texted for SMS_MFA. */
  code?: string;
  /** Wrong codes answered so far. */
  failures: number;
}

/** Cognito's default session validity (the app client's AuthSessionValidity, 3 minutes). */
export const SESSION_TTL_MS = 3 * 60 * 1000;
/** Wrong MFA codes a session takes before it is dead. */
export const MAX_CODE_FAILURES = 3;

/**
 * The `Session` of an authentication challenge: opaque, bound to one user, app client and
 * challenge, valid 3 minutes, used once. Kept in memory: a restart ends sign-ins in progress,
 * as a session this short would have anyway.
 */
export class ChallengeSessions {
  private readonly sessions = new Map<string, ChallengeSession>();

  constructor(private readonly clock: IdentityClock, private readonly ttlMs = SESSION_TTL_MS) {}

  open(session: Omit<ChallengeSession, 'id' | 'expiresAt' | 'failures'>): ChallengeSession {
    const now = this.clock.now();
    for (const [id, stale] of this.sessions) if (stale.expiresAt + this.ttlMs < now) this.sessions.delete(id);
    const opened: ChallengeSession = { ...session, id: randomBytes(96).toString('base64url'), expiresAt: now + this.ttlMs, failures: 0 };
    this.sessions.set(opened.id, opened);
    return opened;
  }

  /**
   * The live session for this client, or NotAuthorizedException as Cognito answers a missing,
   * forged, expired, used or dead one.
   */
  get(id: string | undefined, clientId: string): ChallengeSession {
    const session = id === undefined ? undefined : this.sessions.get(id);
    if (session === undefined || session.clientId !== clientId) throw notAuthorized(MESSAGES.invalidSession);
    if (session.expiresAt <= this.clock.now()) {
      this.sessions.delete(session.id);
      throw notAuthorized(MESSAGES.expiredSession);
    }
    return session;
  }

  /** A session is used once: answered, it is gone. */
  consume(session: ChallengeSession): void {
    this.sessions.delete(session.id);
  }

  /** A wrong code: the session may try again until it has taken MAX_CODE_FAILURES. */
  fail(session: ChallengeSession): void {
    session.failures += 1;
    if (session.failures >= MAX_CODE_FAILURES) this.sessions.delete(session.id);
  }
}
