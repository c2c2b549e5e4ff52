import { randomUUID } from 'node:crypto';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import type { LoginSessionInput, UserSession } from '@domain/identity/account';
import { conflict, notFound, unauthorized } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import type { Caller } from '../shared/caller';
import { queryAll } from '../shared/pagination';
import {
  SESSION_LOCK_SORT_KEY,
  TOKEN_SORT_KEY,
  sessionByIdPartition,
  sessionSortKey,
  tokenPartition,
  userSessionsPartition,
} from '../shared/keys';

type TransactItems = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>;

/** Where a session was opened from, taken from the request (never from the body). */
export interface RequestOrigin {
  ip: string;
  userAgent: string;
}

interface SessionItem {
  id: string;
  customerId: string;
  accountId: string;
  email: string;
  tokenId: string;
  deviceKey: string;
  deviceId: string;
  deviceModel: string;
  deviceName: string;
  osVersion: string;
  platformName: string;
  appVersion: string;
  userAgent: string;
  ip: string;
  loginAt: string;
  lastSeenAt: string;
  /** When the session ends unless used before: last seen plus the lifetime (ISO; `ttl` is the same in epoch seconds). */
  expiresAt: string;
  ttl: number;
  pushEnabled: boolean;
}

/** What every API call checks: the token's session, or its revocation. */
export interface TokenState {
  sessionId: string;
  accountId: string;
  /** When the session was ended; an expired session reads as ended at its expiry. */
  revokedAt?: string;
  lastSeenAt: string;
  /** When the session ends unless used (epoch seconds, DynamoDB's TTL attribute). */
  ttl?: number;
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
/** A transaction holds at most 100 items; two per ended session. */
const SESSIONS_PER_TRANSACTION = 40;

const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * DynamoDB's TTL deletes an expired item late (up to days), so every read of sessions and
 * token states also checks the expiry itself: an expired item is ended, never counted.
 */
const isLive = (ttl: number | undefined, now: Date) => ttl === undefined || ttl > epochSeconds(now);

function isConditionFailure(error: unknown, index: number): boolean {
  return error instanceof TransactionCanceledException
    && error.CancellationReasons?.[index]?.Code === 'ConditionalCheckFailed';
}

/**
 * Device sessions of a user (SPEC sections 3, 4): at most `maxSessions` at once, each bound
 * to the ID token family (`origin_jti`) that opened it, so ending a session ends what that
 * browser can do with its tokens.
 */
export class SessionStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
    private readonly settings: { maxSessions: number; lifetimeDays: number },
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** When a session used at `at` ends unless used again: the lifetime (the refresh token's life) after. */
  private expiryAfter(at: Date): Date {
    return new Date(at.getTime() + this.settings.lifetimeDays * DAY_MS);
  }

  /**
   * The state of a token family; undefined when no session was opened with it. A session past
   * its expiry (not deleted by the TTL yet) reads as ended then, so its tokens are refused.
   */
  async tokenState(customerId: string, tokenId: string): Promise<TokenState | undefined> {
    const result = await this.client.send(new GetCommand({
      TableName: this.tableName,
      Key: { pk: tokenPartition(customerId, tokenId), sk: TOKEN_SORT_KEY },
      ConsistentRead: true,
    }));
    const state = result.Item as TokenState | undefined;
    if (state === undefined || state.revokedAt !== undefined || isLive(state.ttl, this.clock())) return state;
    return { ...state, revokedAt: new Date((state.ttl ?? 0) * 1000).toISOString() };
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
    await this.client.send(new TransactWriteCommand({
      TransactItems: [
        {
          Update: {
            TableName: this.tableName,
            Key: { pk: userSessionsPartition(customerId, state.accountId), sk: sessionSortKey(state.sessionId) },
            UpdateExpression: 'SET lastSeenAt = :now, expiresAt = :expiresAt, #ttl = :ttl',
            ConditionExpression: 'attribute_exists(pk) AND #ttl > :nowSeconds',
            ExpressionAttributeNames: { '#ttl': 'ttl' },
            ExpressionAttributeValues: { ...live, ':expiresAt': expires.toISOString() },
          },
        },
        {
          Update: {
            TableName: this.tableName,
            Key: { pk: tokenPartition(customerId, tokenId), sk: TOKEN_SORT_KEY },
            UpdateExpression: 'SET lastSeenAt = :now, #ttl = :ttl',
            ConditionExpression: 'attribute_not_exists(revokedAt) AND #ttl > :nowSeconds',
            ExpressionAttributeNames: { '#ttl': 'ttl' },
            ExpressionAttributeValues: live,
          },
        },
      ],
    })).catch((error: unknown) => {
      // Ended or expired meanwhile: the next call is refused anyway.
      if (!(error instanceof TransactionCanceledException)) throw error;
    });
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
        TableName: this.tableName,
        Key: { pk: userSessionsPartition(caller.customerId, caller.accountId), sk: SESSION_LOCK_SORT_KEY },
        ConsistentRead: true,
      }));
      const version = (lock.Item?.['version'] as number | undefined) ?? 0;
      const live = await this.list(caller.customerId, caller.accountId);
      if (live.length >= this.settings.maxSessions) throw conflict(MESSAGES.sessionLimitReached);

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
        await this.client.send(new TransactWriteCommand({
          TransactItems: [
            // Concurrent sign-ins of one user are ordered by this version: the count above stays true.
            {
              Put: {
                TableName: this.tableName,
                Item: { pk: userSessionsPartition(caller.customerId, caller.accountId), sk: SESSION_LOCK_SORT_KEY, version: version + 1 },
                ConditionExpression: version === 0 ? 'attribute_not_exists(pk)' : 'version = :version',
                ...(version === 0 ? {} : { ExpressionAttributeValues: { ':version': version } }),
              },
            },
            {
              Put: {
                TableName: this.tableName,
                Item: {
                  pk: userSessionsPartition(caller.customerId, caller.accountId),
                  sk: sessionSortKey(item.id),
                  gsi1pk: sessionByIdPartition(caller.customerId, item.id),
                  gsi1sk: 'SESSION',
                  type: 'SESSION',
                  ...item,
                },
              },
            },
            {
              Put: {
                TableName: this.tableName,
                Item: {
                  pk: tokenPartition(caller.customerId, tokenId),
                  sk: TOKEN_SORT_KEY,
                  type: 'TOKEN',
                  sessionId: item.id,
                  accountId: caller.accountId,
                  lastSeenAt: item.lastSeenAt,
                  ttl: item.ttl,
                },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
          ],
        }));
        return toUserSession(item, tokenId);
      } catch (error) {
        if (isConditionFailure(error, 2)) {
          // The same tokens opened a session meanwhile (a second tab): that one stands.
          const opened = await this.tokenState(caller.customerId, tokenId);
          if (opened === undefined || opened.revokedAt !== undefined) throw unauthorized();
          return this.update(caller, tokenId, opened.sessionId, input);
        }
        if (!isConditionFailure(error, 0)) throw error;
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
        TableName: this.tableName,
        Key: { pk: userSessionsPartition(caller.customerId, caller.accountId), sk: sessionSortKey(sessionId) },
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: 'attribute_exists(pk) AND #ttl > :nowSeconds',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }));
      return toUserSession(result.Attributes as SessionItem, tokenId);
    } catch (error) {
      if (error instanceof Error && error.name === 'ConditionalCheckFailedException') throw notFound(MESSAGES.sessionNotFound);
      throw error;
    }
  }

  /** Push messages on or off for one of the caller's device sessions. */
  async setPush(caller: Caller, sessionId: string, pushEnabled: boolean, tokenId?: string): Promise<UserSession> {
    const result = await this.client.send(new UpdateCommand({
      TableName: this.tableName,
      Key: { pk: userSessionsPartition(caller.customerId, caller.accountId), sk: sessionSortKey(sessionId) },
      UpdateExpression: 'SET pushEnabled = :push',
      ConditionExpression: 'attribute_exists(pk) AND #ttl > :nowSeconds',
      ExpressionAttributeNames: { '#ttl': 'ttl' },
      ExpressionAttributeValues: { ':push': pushEnabled, ':nowSeconds': epochSeconds(this.clock()) },
      ReturnValues: 'ALL_NEW',
    })).catch((error: unknown) => {
      if (error instanceof Error && error.name === 'ConditionalCheckFailedException') throw notFound(MESSAGES.sessionNotFound);
      throw error;
    });
    return toUserSession(result.Attributes as SessionItem, tokenId);
  }

  /** Which user a session belongs to, within an organisation (for the administrators' calls). */
  async ownerOf(customerId: string, sessionId: string): Promise<string> {
    const result = await this.client.send(new QueryCommand({
      TableName: this.tableName,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': sessionByIdPartition(customerId, sessionId) },
    }));
    const accountId = result.Items?.[0]?.['accountId'];
    if (typeof accountId !== 'string') throw notFound(MESSAGES.sessionNotFound);
    return accountId;
  }

  /** Ends one session: it disappears and its tokens are refused from now on. */
  async end(customerId: string, accountId: string, sessionId: string): Promise<void> {
    const result = await this.client.send(new GetCommand({
      TableName: this.tableName,
      Key: { pk: userSessionsPartition(customerId, accountId), sk: sessionSortKey(sessionId) },
      ConsistentRead: true,
    }));
    const item = result.Item as SessionItem | undefined;
    if (item === undefined) throw notFound(MESSAGES.sessionNotFound);
    await this.endItems(customerId, [item]);
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

  /**
   * Every live session item of a user, read consistently (the limit is counted on it). Items
   * past their expiry that the TTL has not deleted yet are filtered out by the read itself.
   */
  private async sessionItems(customerId: string, accountId: string): Promise<SessionItem[]> {
    const now = this.clock();
    const items = await queryAll<SessionItem>(this.client, {
      TableName: this.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      FilterExpression: '#ttl > :nowSeconds',
      ExpressionAttributeNames: { '#ttl': 'ttl' },
      ExpressionAttributeValues: { ':pk': userSessionsPartition(customerId, accountId), ':prefix': sessionSortKey(''), ':nowSeconds': epochSeconds(now) },
      ConsistentRead: true,
    });
    return items.filter((item) => isLive(item.ttl, now));
  }

  private async endItems(customerId: string, items: SessionItem[]): Promise<void> {
    const revokedAt = this.clock().toISOString();
    for (let start = 0; start < items.length; start += SESSIONS_PER_TRANSACTION) {
      const batch = items.slice(start, start + SESSIONS_PER_TRANSACTION);
      const transactItems: TransactItems = batch.flatMap((item) => [
        {
          Delete: {
            TableName: this.tableName,
            Key: { pk: userSessionsPartition(customerId, item.accountId), sk: sessionSortKey(item.id) },
          },
        },
        {
          Put: {
            TableName: this.tableName,
            Item: {
              pk: tokenPartition(customerId, item.tokenId),
              sk: TOKEN_SORT_KEY,
              type: 'TOKEN',
              sessionId: item.id,
              accountId: item.accountId,
              lastSeenAt: item.lastSeenAt,
              revokedAt,
              // Kept as long as the session could have been used: its tokens stay refused till then.
              ttl: item.ttl,
            },
          },
        },
      ]);
      await this.client.send(new TransactWriteCommand({ TransactItems: transactItems }));
    }
  }
}

function toUserSession(item: SessionItem, currentTokenId: string | undefined): UserSession {
  const device = item.deviceName || item.deviceModel || item.userAgent || item.deviceId;
  return {
    id: item.id,
    accountId: item.accountId,
    email: item.email,
    lastSeen: item.lastSeenAt,
    device,
    platform: item.platformName,
    ip: item.ip,
    interface: item.platformName === 'browser' ? 'portal' : 'mobile',
    loginTime: item.loginAt,
    pushEnabled: item.pushEnabled,
    current: currentTokenId !== undefined && item.tokenId === currentTokenId,
  };
}
