import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { Entity, type EntityItem } from 'electrodb';
import { DomainError } from '@domain/core/errors';
import { admitReply, giveBackCodes, NO_REPLY_GUARD, replyGuardExpiry, type ReplyAdmission, type ReplyGuardState } from '@domain/notifications/reply-guard';
import type { Caller } from '../../shared/caller';
import { SERVICE } from '../key-parts';
import { runTransaction, type GuardedItem } from '../transaction';
import { createPut, versionedPut, type KeyParams, type PutParams } from '../writes';
import { auditEntryPut, ENTITY } from './audit-entry';
import { openSmsReplyCodesOf } from './sms-reply-code';

/**
 * A phone number's reply guard (domain/notifications/reply-guard.ts): the wrong codes it named
 * in the last hour, its lock, and the replies received while locked (counted, never read), in
 * the partition of the number's reply codes. Every change is written on the version read
 * (conditional put), and one that lost to a concurrent reply is worked out again from what is
 * stored, so replies arriving at once cannot name more codes than the limit between them.
 * `ttl` removes it once its lock and window are both over.
 */
export const smsReplyGuard = new Entity({
  model: { entity: 'smsReplyGuard', version: '1', service: SERVICE },
  attributes: {
    /** E.164 (`phoneKeyOf`). */
    phone: { type: 'string', required: true },
    /** Epoch milliseconds of each code counted in the window. */
    triedAt: { type: 'list', items: { type: 'number' } },
    lockedAt: { type: 'number' },
    lockedUntil: { type: 'number' },
    ignoredReplies: { type: 'number' },
    lastIgnoredAt: { type: 'number' },
    version: { type: 'number', required: true },
    /** Epoch seconds. */
    ttl: { type: 'number', required: true },
  },
  indexes: {
    byPhone: {
      pk: { field: 'pk', composite: ['phone'], template: 'SMSREPLY#${phone}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'GUARD', casing: 'none' },
    },
  },
});
export type SmsReplyGuardItem = EntityItem<typeof smsReplyGuard>;

export const smsReplyGuardKey = (tableName: string, phone: string): KeyParams =>
  smsReplyGuard.get({ phone }).params<KeyParams>({ table: tableName });

const epoch = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

export function toReplyGuardState(item: Readonly<Record<string, unknown>>): ReplyGuardState {
  const triedAt = Array.isArray(item['triedAt']) ? item['triedAt'].filter((at): at is number => epoch(at) !== undefined) : [];
  const lockedAt = epoch(item['lockedAt']);
  const lockedUntil = epoch(item['lockedUntil']);
  const lastIgnoredAt = epoch(item['lastIgnoredAt']);
  return {
    triedAt,
    ...(lockedAt === undefined ? {} : { lockedAt }),
    ...(lockedUntil === undefined ? {} : { lockedUntil }),
    ignoredReplies: epoch(item['ignoredReplies']) ?? 0,
    ...(lastIgnoredAt === undefined ? {} : { lastIgnoredAt }),
  };
}

/** A number's guard as stored (none yet: the empty guard, version 0). */
export async function readSmsReplyGuard(client: DynamoDBDocumentClient, tableName: string, phone: string): Promise<{ state: ReplyGuardState; version: number }> {
  const read = await client.send(new GetCommand({ ...smsReplyGuardKey(tableName, phone), ConsistentRead: true }));
  if (read.Item === undefined) return { state: NO_REPLY_GUARD, version: 0 };
  return { state: toReplyGuardState(read.Item), version: epoch(read.Item['version']) ?? 0 };
}

/** Tries of a guard write that lost to a concurrent reply's; after them the reply is treated as locked (never read unguarded). */
export const REPLY_GUARD_ATTEMPTS = 12;

/** Who the audit trail names for a lock: the number itself (it named the wrong codes). */
const guardCaller = (phone: string, customerId: string): Caller => ({
  userId: 'sms-reply-guard', email: phone, role: 'admin', customerId, accountId: 'sms-reply-guard', isPortalLogin: false, tokenId: 'sms-reply-guard',
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const sameState = (a: ReplyGuardState, b: ReplyGuardState) => JSON.stringify(a) === JSON.stringify(b);
const lostRace = (error: unknown) =>
  (error instanceof Error && error.name === 'ConditionalCheckFailedException') || (error instanceof DomainError && error.kind === 'conflict');

function guardPut(tableName: string, phone: string, state: ReplyGuardState, version: number, now: number): PutParams {
  // Never before now: DynamoDB never removes an item whose ttl is years past.
  return smsReplyGuard.put({ phone, ...state, version, ttl: Math.ceil(Math.max(replyGuardExpiry(state), now) / 1000) }).params<PutParams>({ table: tableName });
}

/**
 * Writes the state `next` makes of the number's stored guard, on the version read; again from
 * the store when a concurrent reply wrote first. `alsoWritten` (the lock's audit entries) goes
 * in the same transaction. Returns what `next` said of the state written, or undefined when
 * every try lost.
 */
async function changeGuard<T extends { state: ReplyGuardState }>(
  client: DynamoDBDocumentClient,
  tableName: string,
  phone: string,
  now: number,
  next: (state: ReplyGuardState) => T,
  alsoWritten: (result: T) => Promise<GuardedItem[]> = async () => [],
): Promise<T | undefined> {
  for (let attempt = 1; attempt <= REPLY_GUARD_ATTEMPTS; attempt += 1) {
    const stored = await readSmsReplyGuard(client, tableName, phone);
    const result = next(stored.state);
    if (sameState(result.state, stored.state)) return result;
    const params = guardPut(tableName, phone, result.state, stored.version + 1, now);
    const write = stored.version === 0 ? createPut(params) : versionedPut(params, stored.version);
    try {
      const more = await alsoWritten(result);
      if (more.length === 0) {
        const { Put } = write.item;
        if (Put === undefined) throw new Error('A guard write is a put.');
        await client.send(new PutCommand({ TableName: Put.TableName, Item: Put.Item, ConditionExpression: Put.ConditionExpression, ExpressionAttributeValues: Put.ExpressionAttributeValues }));
      } else {
        await runTransaction(client, [write, ...more]);
      }
      return result;
    } catch (error) {
      if (!lostRace(error)) throw error;
      await pause(Math.random() * 10 * attempt);
    }
  }
  return undefined;
}

/** Open codes whose organisations are told of a lock, at most (a transaction holds 100 items). */
const LOCK_NOTICES_MAX = 25;

/**
 * The lock's audit entries: one per account (so per organisation) with a code open for the
 * number, on that user, "Text replies blocked until", in the organisation's Portal Audit.
 */
async function lockNotices(client: DynamoDBDocumentClient, tableName: string, phone: string, admission: ReplyAdmission, now: number): Promise<GuardedItem[]> {
  if (admission.verdict !== 'lockedNow' || admission.state.lockedUntil === undefined) return [];
  const blockedUntil = new Date(admission.state.lockedUntil).toISOString();
  const recipients = new Map<string, { customerId: string; accountId: string }>();
  for (const code of await openSmsReplyCodesOf(client, tableName, phone, now)) recipients.set(`${code.customerId}|${code.accountId}`, { customerId: code.customerId, accountId: code.accountId });
  return [...recipients.values()].slice(0, LOCK_NOTICES_MAX).map(({ customerId, accountId }) => auditEntryPut(tableName, {
    customerId, caller: guardCaller(phone, customerId), entityType: ENTITY.user, entityId: accountId, action: 'update',
    before: undefined, after: { smsRepliesBlockedUntil: blockedUntil }, now: new Date(now),
  }));
}

/**
 * A reply naming `codes` codes from `phone` arrives at `now`: its admission (how many of its
 * codes may be looked up; each counted until given back), written before any is looked up. The
 * reply that locks the number writes, in the same transaction, an audit entry in each
 * organisation with a code open for it. A reply whose every write lost is treated as one from a
 * locked number: nothing of it is read.
 */
export async function admitSmsReply(client: DynamoDBDocumentClient, tableName: string, phone: string, codes: number, now: number): Promise<ReplyAdmission> {
  const admission = await changeGuard(client, tableName, phone, now, (state) => admitReply(state, codes, now), (result) => lockNotices(client, tableName, phone, result, now));
  return admission ?? { verdict: 'locked', admitted: 0, state: NO_REPLY_GUARD };
}

/** Gives back `count` codes of the reply admitted at `at` that were not wrong; when every write loses, they stay counted. */
export async function giveBackSmsReplyCodes(client: DynamoDBDocumentClient, tableName: string, phone: string, at: number, count: number): Promise<void> {
  if (count <= 0) return;
  await changeGuard(client, tableName, phone, at, (state) => ({ state: giveBackCodes(state, at, count) }));
}
