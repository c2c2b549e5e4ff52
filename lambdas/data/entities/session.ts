import { Entity, type EntityItem } from 'electrodb';
import type { PushSubscriptionInput, UserSession } from '@domain/identity/account';
import { customerIdAttribute } from '../attributes';
import { SERVICE } from '../key-parts';
import type { QueryParams } from '../queries';
import type { KeyParams, PutParams } from '../writes';

/** A device session as stored (docs/data-model.md "Sessions"). */
export interface SessionRecord {
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
  /** The browser's push subscription, while push is on (web push: lambdas/notifier/push.ts). */
  pushSubscription?: PushSubscriptionInput;
}

const text = { type: 'string' } as const;

/**
 * A device session: one partition per user (`byAccount`, read strongly consistent when the
 * limit is counted), and found by its id on gsi1 (`byId`, the administrators' calls).
 */
export const session = new Entity({
  model: { entity: 'session', version: '1', service: SERVICE },
  attributes: {
    customerId: customerIdAttribute,
    accountId: { type: 'string', required: true },
    id: { type: 'string', required: true },
    email: text,
    tokenId: text,
    deviceKey: text,
    deviceId: text,
    deviceModel: text,
    deviceName: text,
    osVersion: text,
    platformName: text,
    appVersion: text,
    userAgent: text,
    ip: text,
    loginAt: text,
    lastSeenAt: text,
    expiresAt: text,
    ttl: { type: 'number' },
    pushEnabled: { type: 'boolean' },
    pushSubscription: {
      type: 'map',
      properties: {
        endpoint: { type: 'string', required: true },
        keys: { type: 'map', required: true, properties: { p256dh: { type: 'string', required: true }, auth: { type: 'string', required: true } } },
      },
    },
    type: { type: 'string', default: 'SESSION' },
  },
  indexes: {
    byAccount: {
      pk: { field: 'pk', composite: ['customerId', 'accountId'], template: 'C#${customerId}#SESSION#${accountId}', casing: 'none' },
      sk: { field: 'sk', composite: ['id'], template: 'SESSION#${id}', casing: 'none' },
    },
    byId: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['customerId', 'id'], template: 'C#${customerId}#SESSIONID#${id}', casing: 'none' },
      sk: { field: 'gsi1sk', composite: [], template: 'SESSION', casing: 'none' },
    },
  },
});
export type SessionItem = EntityItem<typeof session>;

export const sessionPut = (tableName: string, record: SessionRecord): PutParams =>
  session.put(record).params<PutParams>({ table: tableName });

export const sessionKeyParams = (tableName: string, customerId: string, accountId: string, id: string): KeyParams =>
  session.get({ customerId, accountId, id }).params<KeyParams>({ table: tableName });

/** A user's sessions (the Query; the reader filters out expired ones). */
export const sessionsOfAccount = (tableName: string, customerId: string, accountId: string) =>
  session.query.byAccount({ customerId, accountId }).params<QueryParams>({ table: tableName });

/** The session with this id, whoever's it is (gsi1). */
export const sessionsById = (tableName: string, customerId: string, id: string) =>
  session.query.byId({ customerId, id }).params<QueryParams>({ table: tableName });

/**
 * Access pattern 10b: a user's devices that take push (the push sender): the user's sessions
 * (one Query of pattern 10's partition), only those with push on, a subscription, and not
 * expired (the TTL deletes late). A user has at most MAX_SESSIONS sessions.
 */
export function pushSubscribersOfAccount(tableName: string, customerId: string, accountId: string, nowSeconds: number): QueryParams {
  const query = sessionsOfAccount(tableName, customerId, accountId);
  return {
    ...query,
    FilterExpression: 'pushEnabled = :pushOn AND attribute_exists(pushSubscription) AND #ttl > :nowSeconds',
    ExpressionAttributeNames: { ...query.ExpressionAttributeNames, '#ttl': 'ttl' },
    ExpressionAttributeValues: { ...query.ExpressionAttributeValues, ':pushOn': true, ':nowSeconds': nowSeconds },
  };
}

/**
 * Forgets a subscription the push service says is gone (404/410): push goes off on that
 * session, unless the browser subscribed again meanwhile (another endpoint) or the session ended.
 */
export function pushSubscriptionForget(tableName: string, customerId: string, accountId: string, sessionId: string, endpoint: string): KeyParams & {
  UpdateExpression: string; ConditionExpression: string; ExpressionAttributeValues: Record<string, unknown>;
} {
  return {
    ...sessionKeyParams(tableName, customerId, accountId, sessionId),
    UpdateExpression: 'SET pushEnabled = :pushOff REMOVE pushSubscription',
    ConditionExpression: 'pushSubscription.endpoint = :endpoint',
    ExpressionAttributeValues: { ':pushOff': false, ':endpoint': endpoint },
  };
}

const str = (value: unknown) => (typeof value === 'string' ? value : '');

/** The stored session, picked field by field (no keys, no `__edb_*`). */
export function toSessionRecord(item: Record<string, unknown>): SessionRecord {
  return {
    id: str(item['id']),
    customerId: str(item['customerId']),
    accountId: str(item['accountId']),
    email: str(item['email']),
    tokenId: str(item['tokenId']),
    deviceKey: str(item['deviceKey']),
    deviceId: str(item['deviceId']),
    deviceModel: str(item['deviceModel']),
    deviceName: str(item['deviceName']),
    osVersion: str(item['osVersion']),
    platformName: str(item['platformName']),
    appVersion: str(item['appVersion']),
    userAgent: str(item['userAgent']),
    ip: str(item['ip']),
    loginAt: str(item['loginAt']),
    lastSeenAt: str(item['lastSeenAt']),
    expiresAt: str(item['expiresAt']),
    ttl: Number(item['ttl']),
    pushEnabled: item['pushEnabled'] === true,
    ...pushSubscriptionOf(item['pushSubscription']),
  };
}

/** The stored subscription, when it is whole. */
function pushSubscriptionOf(value: unknown): Pick<SessionRecord, 'pushSubscription'> {
  if (typeof value !== 'object' || value === null) return {};
  const { endpoint, keys } = value as Record<string, unknown>;
  if (typeof endpoint !== 'string' || typeof keys !== 'object' || keys === null) return {};
  const { p256dh, auth } = keys as Record<string, unknown>;
  if (typeof p256dh !== 'string' || typeof auth !== 'string') return {};
  return { pushSubscription: { endpoint, keys: { p256dh, auth } } };
}

/** SPEC section 3 "User session (listed)": the API's shape; `current` when it is the caller's own. */
export function toUserSession(record: SessionRecord, currentTokenId: string | undefined): UserSession {
  const device = record.deviceName || record.deviceModel || record.userAgent || record.deviceId;
  return {
    id: record.id,
    accountId: record.accountId,
    email: record.email,
    lastSeen: record.lastSeenAt,
    device,
    platform: record.platformName,
    ip: record.ip,
    interface: record.platformName === 'browser' ? 'portal' : 'mobile',
    loginTime: record.loginAt,
    pushEnabled: record.pushEnabled,
    current: currentTokenId !== undefined && record.tokenId === currentTokenId,
  };
}
