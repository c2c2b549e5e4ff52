import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { LoginSessionInput, PushSubscriptionInput, UserSession } from '@domain/identity/account';
import { conflict, DomainError, notFound, unauthorized } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import {
  createPut,
  endSessions,
  liveSessionsOf,
  plainPut,
  runTransaction,
  sessionKeyParams,
  sessionLockKeyParams,
  sessionLockTake,
  sessionPut,
  sessionsById,
  sessionTokenPut,
  toSessionRecord,
  toUserSession,
  type SessionRecord,
} from '..';
import type { Caller } from '../../shared/caller';
import { dynamoDocumentClient } from '../client';
import { backendConfig } from '../../shared/config';
import type { RequestOrigin, SessionCheck } from '../../shared/session-check';
import { TableSessionCheck } from '../session-check';
import { epochSeconds } from '../sessions';

export { SESSION_TOUCH_INTERVAL_MS, type RequestOrigin, type TokenState } from '../../shared/session-check';

type SessionItem = SessionRecord;

/** Why an opening sign-in's transaction failed: another sign-in of the user went first, or the same tokens opened a session. */
const lockMoved = new DomainError('conflict', MESSAGES.concurrentChange);
const tokenTaken = new DomainError('conflict', MESSAGES.concurrentChange);

/**
 * Device sessions of a user (SPEC sections 3, 4): at most `maxSessions` at once, each bound
 * to the ID token family (`origin_jti`) that opened it, so ending a session ends what that
 * browser can do with its tokens. It is also the HTTP middleware's session check
 * (`tokenState`, `touch`: lambdas/shared/session-check.ts).
 */
export class SessionStore extends TableSessionCheck implements SessionCheck {
  constructor(
    client: DynamoDBDocumentClient,
    tableName: string,
    private readonly limits: { maxSessions: number; lifetimeDays: number },
    clock: () => Date = () => new Date(),
  ) {
    super(client, tableName, limits, clock);
  }

  /** The user's live sessions (expired ones left out, whether or not the TTL has deleted them), oldest sign-in first, read consistently. */
  async list(customerId: string, accountId: string, currentTokenId?: string): Promise<UserSession[]> {
    const items = await this.sessionItems(customerId, accountId);
    return items
      .sort((a, b) => a.loginAt.localeCompare(b.loginAt))
      .map((item) => toUserSession(item, currentTokenId));
  }

  /**
   * Opens a session for the caller's token family (PUT users/login). Signing in again with
   * the same tokens updates that session. At the limit nothing is written: 409.
   */
  async open(caller: Caller, tokenId: string, input: LoginSessionInput, origin: RequestOrigin): Promise<UserSession> {
    const existing = await this.tokenState(caller.customerId, tokenId);
    if (existing?.revokedAt !== undefined) throw unauthorized();
    if (existing !== undefined) return this.update(caller, tokenId, existing.sessionId, input);

    for (let attempt = 0; attempt < 5; attempt += 1) {
      const lock = await this.client.send(new GetCommand({
        ...sessionLockKeyParams(this.tableName, caller.customerId, caller.accountId), ConsistentRead: true,
      }));
      const version = (lock.Item?.['version'] as number | undefined) ?? 0;
      const live = await this.list(caller.customerId, caller.accountId);
      if (live.length >= this.limits.maxSessions) throw conflict(MESSAGES.sessionLimitReached);

      const now = this.clock();
      const expires = this.expiryAfter(now);
      const item: SessionItem = {
        id: randomUUID(),
        customerId: caller.customerId,
        accountId: caller.accountId,
        email: caller.email,
        tokenId,
        ...input,
        userAgent: origin.userAgent,
        ip: origin.ip,
        loginAt: now.toISOString(),
        lastSeenAt: now.toISOString(),
        expiresAt: expires.toISOString(),
        ttl: epochSeconds(expires),
        pushEnabled: false,
      };
      try {
        await runTransaction(this.client, [
          // The token first: the same tokens opening a session meanwhile wins over a moved lock.
          createPut(sessionTokenPut(this.tableName, caller.customerId, tokenId, {
            sessionId: item.id, accountId: caller.accountId, lastSeenAt: item.lastSeenAt, ttl: item.ttl,
          }), () => tokenTaken),
          // Concurrent sign-ins of one user are ordered by this version: the count above stays true.
          sessionLockTake(this.tableName, caller.customerId, caller.accountId, version, () => lockMoved),
          plainPut(sessionPut(this.tableName, item)),
        ]);
        return toUserSession(item, tokenId);
      } catch (error) {
        if (error === tokenTaken) {
          // The same tokens opened a session meanwhile (a second tab): that one stands.
          const opened = await this.tokenState(caller.customerId, tokenId);
          if (opened === undefined || opened.revokedAt !== undefined) throw unauthorized();
          return this.update(caller, tokenId, opened.sessionId, input);
        }
        if (error !== lockMoved) throw error;
        // Another sign-in of this user went first: count again.
      }
    }
    throw conflict(MESSAGES.concurrentChange);
  }

  /** PUT users/login/{id}: new device details for one of the caller's own sessions. */
  async update(caller: Caller, tokenId: string | undefined, sessionId: string, input: Partial<LoginSessionInput>): Promise<UserSession> {
    const fields = Object.entries(input).filter(([, value]) => value !== undefined);
    const now = this.clock();
    const expires = this.expiryAfter(now);
    const names: Record<string, string> = { '#ttl': 'ttl' };
    const values: Record<string, unknown> = {
      ':now': now.toISOString(), ':expiresAt': expires.toISOString(), ':ttl': epochSeconds(expires), ':nowSeconds': epochSeconds(now),
    };
    // Used now: last seen, and the expiry moved with it.
    const sets = ['lastSeenAt = :now', 'expiresAt = :expiresAt', '#ttl = :ttl'];
    fields.forEach(([name, value], index) => {
      names[`#f${index}`] = name;
      values[`:f${index}`] = value;
      sets.push(`#f${index} = :f${index}`);
    });
    try {
      const result = await this.client.send(new UpdateCommand({
        ...sessionKeyParams(this.tableName, caller.customerId, caller.accountId, sessionId),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: 'attribute_exists(pk) AND #ttl > :nowSeconds',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }));
      return toUserSession(toSessionRecord(result.Attributes ?? {}), tokenId);
    } catch (error) {
      if (error instanceof Error && error.name === 'ConditionalCheckFailedException') throw notFound(MESSAGES.sessionNotFound);
      throw error;
    }
  }

  /**
   * Push messages on or off for one of the caller's device sessions. On, with the browser's
   * subscription, it is kept on the session (the push sender reads them with the user's
   * sessions); off forgets it, and so does the session's end.
   */
  async setPush(caller: Caller, sessionId: string, pushEnabled: boolean, tokenId?: string, subscription?: PushSubscriptionInput): Promise<UserSession> {
    const keep = pushEnabled && subscription !== undefined;
    const result = await this.client.send(new UpdateCommand({
      ...sessionKeyParams(this.tableName, caller.customerId, caller.accountId, sessionId),
      UpdateExpression: keep ? 'SET pushEnabled = :push, pushSubscription = :subscription'
        : pushEnabled ? 'SET pushEnabled = :push' : 'SET pushEnabled = :push REMOVE pushSubscription',
      ConditionExpression: 'attribute_exists(pk) AND #ttl > :nowSeconds',
      ExpressionAttributeNames: { '#ttl': 'ttl' },
      ExpressionAttributeValues: {
        ':push': pushEnabled, ':nowSeconds': epochSeconds(this.clock()),
        ...(keep ? { ':subscription': { endpoint: subscription.endpoint, keys: { p256dh: subscription.keys.p256dh, auth: subscription.keys.auth } } } : {}),
      },
      ReturnValues: 'ALL_NEW',
    })).catch((error: unknown) => {
      if (error instanceof Error && error.name === 'ConditionalCheckFailedException') throw notFound(MESSAGES.sessionNotFound);
      throw error;
    });
    return toUserSession(toSessionRecord(result.Attributes ?? {}), tokenId);
  }

  /** Which user a session belongs to, within an organisation (for the administrators' calls). */
  async ownerOf(customerId: string, sessionId: string): Promise<string> {
    const result = await this.client.send(new QueryCommand(sessionsById(this.tableName, customerId, sessionId)));
    const accountId = result.Items?.[0]?.['accountId'];
    if (typeof accountId !== 'string') throw notFound(MESSAGES.sessionNotFound);
    return accountId;
  }

  /** Ends one session: it disappears and its tokens are refused from now on. */
  async end(customerId: string, accountId: string, sessionId: string): Promise<void> {
    const result = await this.client.send(new GetCommand({ ...sessionKeyParams(this.tableName, customerId, accountId, sessionId), ConsistentRead: true }));
    if (result.Item === undefined) throw notFound(MESSAGES.sessionNotFound);
    await this.endItems(customerId, [toSessionRecord(result.Item)]);
  }

  /** Ends every session of a user, except the one named (the caller's own, when it has one). */
  async endAll(customerId: string, accountId: string, keepTokenId?: string): Promise<number> {
    const items = await this.sessionItems(customerId, accountId);
    const ending = items.filter((item) => item.tokenId !== keepTokenId);
    await this.endItems(customerId, ending);
    return ending.length;
  }

  /** Logout: ends the session of these tokens, if they have one. */
  async endByToken(customerId: string, tokenId: string): Promise<void> {
    const state = await this.tokenState(customerId, tokenId);
    if (state === undefined || state.revokedAt !== undefined) return;
    await this.end(customerId, state.accountId, state.sessionId).catch((error: unknown) => {
      if (!(error instanceof Error && error.message === MESSAGES.sessionNotFound)) throw error;
    });
  }

  private sessionItems(customerId: string, accountId: string): Promise<SessionItem[]> {
    return liveSessionsOf(this.client, this.tableName, customerId, accountId, this.clock());
  }

  private endItems(customerId: string, items: SessionItem[]): Promise<void> {
    return endSessions(this.client, this.tableName, customerId, items, this.clock().toISOString());
  }
}

/** The sessions of this process (the table, the limit and the lifetime read once from the environment). */
export function sessionStoreFromConfig(): SessionStore {
  const config = backendConfig();
  return new SessionStore(dynamoDocumentClient(), config.tableName, {
    maxSessions: config.maxSessions,
    lifetimeDays: config.sessionLifetimeDays,
  });
}
