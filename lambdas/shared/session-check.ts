import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DomainError } from '@domain/core/errors';
import type { OrganisationModules } from '@domain/organisation/organisation';
import { epochSeconds, isLive, organisationModulesOf, organisationStatusOf, runTransaction, sessionKeyParams, sessionTokenKeyParams, toTokenState, type GuardedItem, type TokenState } from '../data';
import { dynamoDocumentClient } from './clients';
import { backendConfig } from './config';

export type { TokenState } from '../data';

/** Where a session was opened from, taken from the request (never from the body). */
export interface RequestOrigin {
  ip: string;
  userAgent: string;
}

/**
 * What the HTTP middleware needs of sessions, nothing more: the state of the caller's token
 * family, and the note that it was used. The sessions store (lambdas/sessions/store.ts) is
 * this and the rest of sessions; the middleware knows only this.
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
const DAY_MS = 24 * 60 * 60 * 1000;

// A session's expiry as every read checks it (lambdas/data/sessions.ts).
export { epochSeconds, isLive } from '../data';

/** The session check on the single table (the token pointer and its session, lambdas/data/entities/session*.ts). */
export class TableSessionCheck implements SessionCheck {
  constructor(
    protected readonly client: DynamoDBDocumentClient,
    protected readonly tableName: string,
    protected readonly settings: { lifetimeDays: number },
    protected readonly clock: () => Date = () => new Date(),
  ) {}

  /** When a session used at `at` ends unless used again: the lifetime (the refresh token's life) after. */
  protected expiryAfter(at: Date): Date {
    return new Date(at.getTime() + this.settings.lifetimeDays * DAY_MS);
  }

  /**
   * The state of a token family; undefined when no session was opened with it. A session past
   * its expiry (not deleted by the TTL yet) reads as ended then, so its tokens are refused.
   */
  async tokenState(customerId: string, tokenId: string): Promise<TokenState | undefined> {
    const result = await this.client.send(new GetCommand({ ...sessionTokenKeyParams(this.tableName, customerId, tokenId), ConsistentRead: true }));
    if (result.Item === undefined) return undefined;
    const state = toTokenState(result.Item);
    if (state.revokedAt !== undefined || isLive(state.ttl, this.clock())) return state;
    return { ...state, revokedAt: new Date((state.ttl ?? 0) * 1000).toISOString() };
  }

  organisationStatus(customerId: string): Promise<'active' | 'disabled'> {
    return organisationStatusOf(this.client, this.tableName, customerId);
  }

  organisationModules(customerId: string): Promise<OrganisationModules> {
    return organisationModulesOf(this.client, this.tableName, customerId);
  }

  /**
   * Records that the session is in use: last seen now, and its expiry moved to the lifetime
   * from now (session and token pointer in one transaction). Written at most once per
   * `SESSION_TOUCH_INTERVAL_MS`; a session that expired meanwhile is not revived.
   */
  async touch(customerId: string, tokenId: string, state: TokenState): Promise<void> {
    const now = this.clock();
    if (now.getTime() - Date.parse(state.lastSeenAt) < SESSION_TOUCH_INTERVAL_MS) return;
    const lastSeenAt = now.toISOString();
    const expires = this.expiryAfter(now);
    const live = { ':now': lastSeenAt, ':ttl': epochSeconds(expires), ':nowSeconds': epochSeconds(now) };
    const items: GuardedItem[] = [
      {
        item: {
          Update: {
            ...sessionKeyParams(this.tableName, customerId, state.accountId, state.sessionId),
            UpdateExpression: 'SET lastSeenAt = :now, expiresAt = :expiresAt, #ttl = :ttl',
            ConditionExpression: 'attribute_exists(pk) AND #ttl > :nowSeconds',
            ExpressionAttributeNames: { '#ttl': 'ttl' },
            ExpressionAttributeValues: { ...live, ':expiresAt': expires.toISOString() },
          },
        },
      },
      {
        item: {
          Update: {
            ...sessionTokenKeyParams(this.tableName, customerId, tokenId),
            UpdateExpression: 'SET lastSeenAt = :now, #ttl = :ttl',
            ConditionExpression: 'attribute_not_exists(revokedAt) AND #ttl > :nowSeconds',
            ExpressionAttributeNames: { '#ttl': 'ttl' },
            ExpressionAttributeValues: live,
          },
        },
      },
    ];
    await runTransaction(this.client, items).catch((error: unknown) => {
      // Ended or expired meanwhile (or touched by a parallel call): the next call is refused anyway.
      if (!(error instanceof TransactionCanceledException || error instanceof DomainError)) throw error;
    });
  }
}

/** The session check of this process (the table and the session lifetime read once from the environment). */
export function sessionCheckFromConfig(): SessionCheck {
  const config = backendConfig();
  return new TableSessionCheck(dynamoDocumentClient(), config.tableName, { lifetimeDays: config.sessionLifetimeDays });
}
