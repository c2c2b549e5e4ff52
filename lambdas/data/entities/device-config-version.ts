import { Entity, type EntityItem } from 'electrodb';
import { customerIdAttribute } from '../attributes';
import { SERVICE } from '../key-parts';
import type { GuardedItem } from '../transaction';
import type { KeyParams } from '../writes';

/**
 * The organisation's device configuration version (docs/data-model.md D10): 1 is added in
 * every sensor, gateway and data logging profile write's transaction; the ingest reads it at
 * most once a minute to know whether its cache of the organisation's devices is stale.
 */
export const deviceConfigVersion = new Entity({
  model: { entity: 'deviceConfigVersion', version: '1', service: SERVICE },
  attributes: {
    customerId: customerIdAttribute,
    version: { type: 'number' },
    /** The organisation is disabled (issue 16): the ingest refuses its devices' messages. */
    disabled: { type: 'boolean' },
  },
  indexes: {
    byOrganisation: {
      pk: { field: 'pk', composite: ['customerId'], template: 'C#${customerId}#DEVICECONFIG', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'VERSION', casing: 'none' },
    },
  },
});
export type DeviceConfigVersionItem = EntityItem<typeof deviceConfigVersion>;

/** The version's key (the ingest's consistent GetItem). */
export const deviceConfigVersionKey = (tableName: string, customerId: string): KeyParams =>
  deviceConfigVersion.get({ customerId }).params<KeyParams>({ table: tableName });

/** `ADD version 1`, in the transaction of the device write it announces (made on first use: no condition). */
export function deviceConfigVersionBump(tableName: string, customerId: string): GuardedItem {
  const { TableName, Key } = deviceConfigVersionKey(tableName, customerId);
  return { item: { Update: { TableName, Key, UpdateExpression: 'ADD #version :one', ExpressionAttributeNames: { '#version': 'version' }, ExpressionAttributeValues: { ':one': 1 } } } };
}

/**
 * The organisation disabled or enabled again, on the item the ingest already reads: the flag,
 * and the version moved so a cached snapshot is read again (at most CONFIG_CHECK_MS late).
 */
export function deviceOrganisationStatusSet(tableName: string, customerId: string, status: 'active' | 'disabled'): GuardedItem {
  const { TableName, Key } = deviceConfigVersionKey(tableName, customerId);
  return {
    item: {
      Update: {
        TableName, Key,
        UpdateExpression: 'SET disabled = :disabled ADD #version :one',
        ExpressionAttributeNames: { '#version': 'version' },
        ExpressionAttributeValues: { ':disabled': status === 'disabled', ':one': 1 },
      },
    },
  };
}
