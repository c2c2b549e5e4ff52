import { Entity, type EntityItem } from 'electrodb';
import { customerIdAttribute } from '../attributes';
import { SERVICE } from '../key-parts';
import type { KeyParams, PutParams } from '../writes';

// The port's types (lambdas/shared/session-check.ts): what the middleware checks is what is stored.
import type { TokenState } from '../../shared/session-check';
export type { RevokedReason, TokenState } from '../../shared/session-check';

/**
 * The token pointer (docs/data-model.md "Sessions"), keyed by the ID token's `origin_jti`: what
 * every API call reads. It outlives its session, marked revoked, so a revoked token keeps
 * getting 401 as long as it could have been used.
 */
export const sessionToken = new Entity({
  model: { entity: 'sessionToken', version: '1', service: SERVICE },
  attributes: {
    customerId: customerIdAttribute,
    tokenId: { type: 'string', required: true },
    sessionId: { type: 'string', required: true },
    accountId: { type: 'string', required: true },
    lastSeenAt: { type: 'string', required: true },
    revokedAt: { type: 'string' },
    revokedReason: { type: 'string' },
    ttl: { type: 'number' },
    type: { type: 'string', default: 'TOKEN' },
  },
  indexes: {
    byToken: {
      pk: { field: 'pk', composite: ['customerId', 'tokenId'], template: 'C#${customerId}#TOKEN#${tokenId}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'TOKEN', casing: 'none' },
    },
  },
});
export type SessionTokenItem = EntityItem<typeof sessionToken>;

export const sessionTokenPut = (tableName: string, customerId: string, tokenId: string, state: TokenState): PutParams =>
  sessionToken.put({ customerId, tokenId, ...state }).params<PutParams>({ table: tableName });

export const sessionTokenKeyParams = (tableName: string, customerId: string, tokenId: string): KeyParams =>
  sessionToken.get({ customerId, tokenId }).params<KeyParams>({ table: tableName });

/** The state, picked field by field. */
export function toTokenState(item: Record<string, unknown>): TokenState {
  const revokedAt = item['revokedAt'];
  const ttl = item['ttl'];
  const revokedReason = item['revokedReason'] === 'organisationDisabled' ? 'organisationDisabled' : undefined;
  return {
    sessionId: String(item['sessionId']),
    accountId: String(item['accountId']),
    ...(typeof revokedAt === 'string' ? { revokedAt } : {}),
    ...(revokedReason ? { revokedReason } : {}),
    lastSeenAt: String(item['lastSeenAt']),
    ...(typeof ttl === 'number' ? { ttl } : {}),
  };
}
