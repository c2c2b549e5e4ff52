import { Entity, type EntityItem } from 'electrodb';
import { validationError, type DomainError } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import { customerIdAttribute } from '../attributes';
import { nameKeyOf, SERVICE } from '../key-parts';
import type { GuardedItem } from '../transaction';
import type { KeyParams } from '../writes';
import { sensorsByGateway } from './sensor';

/**
 * A gateway's configuration (docs/data-model.md "Devices and telemetry"): by its device id in
 * the organisation's gateway partition (`byId`; the ingest's live state item beside it), and
 * by name on gsi1, the active ones apart from the inactive ones (`byName`). `sensorCount` is
 * kept by the sensors' transactions (`gatewaySensorCountUpdate`), `noteCount` by the notes'.
 */
export const gateway = new Entity({
  model: { entity: 'gateway', version: '1', service: SERVICE },
  attributes: {
    customerId: customerIdAttribute,
    id: { type: 'string', required: true },
    name: { type: 'string', required: true },
    nameKey: {
      type: 'string',
      hidden: true,
      watch: ['name'],
      set: (_value: unknown, item: { name?: unknown }) => nameKeyOf(String(item.name ?? '')),
    },
    isActive: { type: 'boolean' },
    /** `ACTIVE` or `INACTIVE`, from `isActive`: which gsi1 list the gateway is in. */
    activity: {
      type: 'string',
      hidden: true,
      watch: ['isActive'],
      set: (_value: unknown, item: { isActive?: unknown }) => (item.isActive === false ? 'INACTIVE' : 'ACTIVE'),
    },
    sensorCount: { type: 'number' },
    noteCount: { type: 'number' },
    version: { type: 'number' },
    type: { type: 'string', default: 'GATEWAY' },
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['customerId'], template: 'C#${customerId}#GATEWAY', casing: 'none' },
      sk: { field: 'sk', composite: ['id'], template: 'GATEWAY#${id}', casing: 'none' },
    },
    byName: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['customerId', 'activity'], template: 'C#${customerId}#GATEWAY#${activity}', casing: 'none' },
      sk: { field: 'gsi1sk', composite: ['nameKey', 'id'], template: 'NAME#${nameKey}#${id}', casing: 'none' },
    },
  },
});
export type GatewayItem = EntityItem<typeof gateway>;

export const gatewayKey = (tableName: string, customerId: string, id: string): KeyParams =>
  gateway.get({ customerId, id }).params<KeyParams>({ table: tableName });

/** gsi2 of a sensor configuration item: the sensors on one gateway (entities/sensor.ts `byGateway`). */
export const gatewaySensorsPartition = (customerId: string, gatewayId: string): string =>
  String(sensorsByGateway('item-only', customerId, gatewayId).ExpressionAttributeValues?.[':pk']);

export const unknownGateway = (): DomainError => validationError(MESSAGES.gatewayUnknown, { gatewayId: MESSAGES.gatewayUnknown });

/**
 * The write a sensor's transaction adds when it joins (`delta` 1) or leaves (-1) a gateway:
 * the gateway's `sensorCount`, on the condition that the gateway exists.
 */
export function gatewaySensorCountUpdate(tableName: string, customerId: string, gatewayId: string, delta: number): GuardedItem {
  const { TableName, Key } = gatewayKey(tableName, customerId, gatewayId);
  return {
    // The expression as the sensors' transactions always wrote it (tests and the history read it).
    item: { Update: { TableName, Key, UpdateExpression: 'ADD sensorCount :delta', ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeValues: { ':delta': delta } } },
    onConditionFailed: unknownGateway,
  };
}
