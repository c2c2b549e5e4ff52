import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { sessionKeyParams, sessionsOfAccount, toSessionRecord, type SessionRecord } from './entities/session';
import { sessionTokenPut, type RevokedReason } from './entities/session-token';
import { queryAll } from './queries';
import { runTransaction } from './transaction';
import { plainDelete, plainPut } from './writes';

export const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * DynamoDB's TTL deletes an expired item late (up to days), so every read of sessions and
 * token states also checks the expiry itself: an expired item is ended, never counted.
 */
export const isLive = (ttl: number | undefined, now: Date) => ttl === undefined || ttl > epochSeconds(now);

/** A transaction holds at most 100 items; two per ended session. */
const SESSIONS_PER_TRANSACTION = 40;

/**
 * Access pattern: every live session of a user, read consistently (the limit is counted on
 * it). Items past their expiry that the TTL has not deleted yet are filtered out by the read itself.
 */
export async function liveSessionsOf(client: DynamoDBDocumentClient, tableName: string, customerId: string, accountId: string, now: Date): Promise<SessionRecord[]> {
  const query = sessionsOfAccount(tableName, customerId, accountId);
  const items = await queryAll(client, {
    ...query,
    FilterExpression: '#ttl > :nowSeconds',
    ExpressionAttributeNames: { ...query.ExpressionAttributeNames, '#ttl': 'ttl' },
    ExpressionAttributeValues: { ...query.ExpressionAttributeValues, ':nowSeconds': epochSeconds(now) },
    ConsistentRead: true,
  }, toSessionRecord);
  return items.filter((item) => isLive(item.ttl, now));
}

/**
 * Ends sessions: each disappears and its token item is marked `revokedAt`, in transactions of
 * SESSIONS_PER_TRANSACTION sessions, so the tokens are refused from now on.
 */
export async function endSessions(
  client: DynamoDBDocumentClient, tableName: string, customerId: string, sessions: readonly SessionRecord[], revokedAt: string, revokedReason?: RevokedReason,
): Promise<void> {
  for (let start = 0; start < sessions.length; start += SESSIONS_PER_TRANSACTION) {
    const batch = sessions.slice(start, start + SESSIONS_PER_TRANSACTION);
    await runTransaction(client, batch.flatMap((item) => [
      plainDelete(sessionKeyParams(tableName, customerId, item.accountId, item.id)),
      plainPut(sessionTokenPut(tableName, customerId, item.tokenId, {
        sessionId: item.id,
        accountId: item.accountId,
        lastSeenAt: item.lastSeenAt,
        revokedAt,
        ...(revokedReason ? { revokedReason } : {}),
        // Kept as long as the session could have been used: its tokens stay refused till then.
        ttl: item.ttl,
      })),
    ]));
  }
}

/**
 * Ends every session of a user, except the one of `keepTokenId` (the caller's own, when it has
 * one), noting why when the API must say it; how many ended.
 */
export async function endAllSessions(
  client: DynamoDBDocumentClient, tableName: string, customerId: string, accountId: string, now: Date, keepTokenId?: string, revokedReason?: RevokedReason,
): Promise<number> {
  const ending = (await liveSessionsOf(client, tableName, customerId, accountId, now)).filter((item) => item.tokenId !== keepTokenId);
  await endSessions(client, tableName, customerId, ending, now.toISOString(), revokedReason);
  return ending.length;
}
