import { Entity, type EntityItem } from 'electrodb';
import type { OtpChannel } from '@domain/identity/user';
import { customerIdAttribute } from '../attributes';
import { SERVICE } from '../key-parts';
import type { KeyParams, PutParams } from '../writes';

/**
 * A verification code waiting on a user's phone or pager: only its hash is kept, and it never
 * leaves the users store (no API answer carries any of it).
 */
export interface VerificationCodeRecord {
  codeHash: string;
  destination: string;
  expiresAt: string;
  attempts: number;
  /** Codes sent to this destination since `windowStartedAt` (the first and its resends). */
  sends?: number;
  windowStartedAt?: string;
  sentAt?: string;
}

/** One code per account and channel, beside the user item (docs/data-model.md "Users"); the TTL removes it an hour after it expires. */
export const verificationCode = new Entity({
  model: { entity: 'verificationCode', version: '1', service: SERVICE },
  attributes: {
    customerId: customerIdAttribute,
    accountId: { type: 'string', required: true },
    channel: { type: 'string', required: true },
    codeHash: { type: 'string', required: true },
    destination: { type: 'string', required: true },
    expiresAt: { type: 'string', required: true },
    attempts: { type: 'number', required: true },
    sends: { type: 'number' },
    windowStartedAt: { type: 'string' },
    sentAt: { type: 'string' },
    ttl: { type: 'number' },
    type: { type: 'string', default: 'OTP' },
  },
  indexes: {
    byChannel: {
      pk: { field: 'pk', composite: ['customerId'], template: 'C#${customerId}#USER', casing: 'none' },
      sk: { field: 'sk', composite: ['accountId', 'channel'], template: 'USER#${accountId}#OTP#${channel}', casing: 'none' },
    },
  },
});
export type VerificationCodeItem = EntityItem<typeof verificationCode>;

export const verificationCodePut = (tableName: string, customerId: string, accountId: string, channel: OtpChannel, code: VerificationCodeRecord, ttl: number): PutParams =>
  verificationCode.put({ customerId, accountId, channel, ...code, ttl }).params<PutParams>({ table: tableName });

export const verificationCodeKeyParams = (tableName: string, customerId: string, accountId: string, channel: OtpChannel): KeyParams =>
  verificationCode.get({ customerId, accountId, channel }).params<KeyParams>({ table: tableName });

/** The stored code, picked field by field (for the store's own check only). */
export function toVerificationCode(item: Record<string, unknown>): VerificationCodeRecord {
  const optional = (field: 'sends' | 'windowStartedAt' | 'sentAt') => (item[field] === undefined ? {} : { [field]: item[field] });
  return {
    codeHash: String(item['codeHash']),
    destination: String(item['destination']),
    expiresAt: String(item['expiresAt']),
    attempts: Number(item['attempts'] ?? 0),
    ...optional('sends'),
    ...optional('windowStartedAt'),
    ...optional('sentAt'),
  };
}
