import { Entity, type EntityItem } from 'electrodb';
import type { UserSession } from '@domain/identity/account';
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
  };
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
