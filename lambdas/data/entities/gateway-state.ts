import { Entity, type EntityItem } from 'electrodb';
import { customerIdAttribute } from '../attributes';
import { SERVICE } from '../key-parts';
import type { KeyParams } from '../writes';

/** What the ingest writes to `GATEWAY#<id>#STATE`, as the API reads it. */
export interface GatewayStateRecord {
  lastCommunicated?: string;
  signal?: number;
  firmware?: string;
}

/**
 * A gateway's live state: `GATEWAY#<id>#STATE` beside its configuration item. Only the ingest
 * writes it; the API reads it here and deletes it with the gateway.
 */
export const gatewayState = new Entity({
  model: { entity: 'gatewayState', version: '1', service: SERVICE },
  attributes: {
    customerId: customerIdAttribute,
    id: { type: 'string', required: true },
    lastCommunicated: { type: 'string' },
    signal: { type: 'number' },
    firmware: { type: 'string' },
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['customerId'], template: 'C#${customerId}#GATEWAY', casing: 'none' },
      sk: { field: 'sk', composite: ['id'], template: 'GATEWAY#${id}#STATE', casing: 'none' },
    },
  },
});
export type GatewayStateItem = EntityItem<typeof gatewayState>;

export const gatewayStateKey = (tableName: string, customerId: string, id: string): KeyParams =>
  gatewayState.get({ customerId, id }).params<KeyParams>({ table: tableName });

/** The one decoder of a gateway's live state item (what the API shows of it). */
export function toGatewayState(item: Record<string, unknown> | undefined): GatewayStateRecord {
  if (item === undefined) return {};
  return {
    ...(typeof item['lastCommunicated'] === 'string' ? { lastCommunicated: item['lastCommunicated'] } : {}),
    ...(typeof item['signal'] === 'number' ? { signal: item['signal'] } : {}),
    ...(typeof item['firmware'] === 'string' ? { firmware: item['firmware'] } : {}),
  };
}
