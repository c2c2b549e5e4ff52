import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { Entity, type EntityItem } from 'electrodb';
import { validationError, type DomainError } from '@domain/core/errors';
import type { GatewayPosition } from '@domain/devices/gateway';
import { MESSAGES } from '@domain/core/messages';
import { customerIdAttribute, idListAttribute, nameKeyAttribute } from '../attributes';
import { SERVICE } from '../key-parts';
import type { QueryParams } from '../queries';
import type { GuardedItem } from '../transaction';
import { setAndClear, type KeyParams, type PutParams, type UpdateParams } from '../writes';
import { sensorsByGateway } from './sensor';

/** The fields a gateway's form sets; the gateway store writes only these (and its bookkeeping). */
export const GATEWAY_FIELDS = [
  'name', 'model', 'macId', 'eui', 'locationIds', 'siteId', 'alarmProfileId', 'notificationGroupId', 'notes',
  'imageFileIds', 'position', 'isActive',
] as const;
export type GatewayField = (typeof GATEWAY_FIELDS)[number];

/** A gateway as stored: its configuration item `GATEWAY#<id>` (its live state is another item). */
export interface GatewayRecord {
  id: string;
  name: string;
  model: string;
  macId: string;
  eui: string;
  locationIds: string[];
  siteId: string;
  alarmProfileId?: string;
  notificationGroupId?: string;
  notes: string;
  imageFileIds: string[];
  position?: GatewayPosition;
  isActive: boolean;
  /** Kept by the sensors store (ADD in its transactions). */
  sensorCount: number;
  /** Kept by the device records store (ADD in its transactions). */
  noteCount: number;
  createdAt: string;
  updatedAt: string;
  createdBy: string;
  updatedBy: string;
  version: number;
}


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
    nameKey: nameKeyAttribute,
    model: { type: 'string' },
    macId: { type: 'string' },
    eui: { type: 'string' },
    locationIds: idListAttribute,
    siteId: { type: 'string' },
    alarmProfileId: { type: 'string' },
    notificationGroupId: { type: 'string' },
    notes: { type: 'string' },
    imageFileIds: idListAttribute,
    // A GatewayPosition (latitude, longitude) as validated by the domain's schema, kept as given.
    position: { type: 'any' },
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
    createdAt: { type: 'string' },
    updatedAt: { type: 'string' },
    createdBy: { type: 'string' },
    updatedBy: { type: 'string' },
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

/** ElectroDB builds a request for a table; where only the item is wanted, any name does. */
const ITEM_ONLY = 'item-only';

export const gatewayPut = (tableName: string, customerId: string, record: GatewayRecord): PutParams =>
  gateway.put({ customerId, ...record }).params<PutParams>({ table: tableName });

/** The stored configuration item of a gateway (also what a demo seed writes). */
export const gatewayItem = (customerId: string, record: GatewayRecord): Record<string, unknown> =>
  gatewayPut(ITEM_ONLY, customerId, record).Item;

/** Access pattern: the organisation's active (or inactive) gateways, by name (gsi1). */
export const gatewaysByName = (tableName: string, customerId: string, isActive: boolean): QueryParams =>
  gateway.query.byName({ customerId, activity: isActive ? 'ACTIVE' : 'INACTIVE' }).params<QueryParams>({ table: tableName });

/** gsi1 lists an organisation's gateways by name, the active ones apart from the inactive ones (a page cursor names it). */
export const gatewayListPartition = (customerId: string, isActive: boolean): string =>
  String(gatewaysByName(ITEM_ONLY, customerId, isActive).ExpressionAttributeValues?.[':pk']);


const numberOr = (value: unknown, fallback: number) => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);
const stringList = (value: unknown): string[] => (Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : []);

/** The one decoder of a gateway item: each field picked (no keys, `customerId` or `__edb_*`). */
export function toGatewayRecord(item: Record<string, unknown>): GatewayRecord {
  const position = item['position'] as GatewayPosition | undefined;
  return {
    id: String(item['id']),
    name: String(item['name'] ?? ''),
    model: String(item['model'] ?? ''),
    macId: String(item['macId'] ?? ''),
    eui: String(item['eui'] ?? item['id']),
    locationIds: stringList(item['locationIds']),
    siteId: String(item['siteId'] ?? ''),
    ...(typeof item['alarmProfileId'] === 'string' ? { alarmProfileId: item['alarmProfileId'] } : {}),
    ...(typeof item['notificationGroupId'] === 'string' ? { notificationGroupId: item['notificationGroupId'] } : {}),
    notes: String(item['notes'] ?? ''),
    imageFileIds: stringList(item['imageFileIds']),
    ...(position && typeof position.latitude === 'number' && typeof position.longitude === 'number'
      ? { position: { latitude: position.latitude, longitude: position.longitude } }
      : {}),
    isActive: item['isActive'] !== false,
    sensorCount: numberOr(item['sensorCount'], 0),
    noteCount: numberOr(item['noteCount'], 0),
    createdAt: String(item['createdAt'] ?? ''),
    updatedAt: String(item['updatedAt'] ?? item['createdAt'] ?? ''),
    createdBy: String(item['createdBy'] ?? ''),
    updatedBy: String(item['updatedBy'] ?? item['createdBy'] ?? ''),
    version: numberOr(item['version'], 1),
  };
}


export const gatewayKey = (tableName: string, customerId: string, id: string): KeyParams =>
  gateway.get({ customerId, id }).params<KeyParams>({ table: tableName });

/**
 * The fields a change names (`undefined` clears one), with the gsi1 keys a new name or
 * activity moves; never the counters other stores keep (`sensorCount`, `noteCount`).
 */
export function gatewayUpdate(tableName: string, customerId: string, id: string, changes: Partial<Record<string, unknown>>): UpdateParams {
  const { set, clear } = setAndClear(changes);
  const update = gateway.update({ customerId, id }).set(set);
  return (clear.length > 0 ? update.remove(clear as never[]) : update).params<UpdateParams>({ table: tableName });
}

/** gsi2 of a sensor configuration item: the sensors on one gateway (entities/sensor.ts `byGateway`). */
export const gatewaySensorsPartition = (customerId: string, gatewayId: string): string =>
  String(sensorsByGateway('item-only', customerId, gatewayId).ExpressionAttributeValues?.[':pk']);

/** Where a gateway is and what it is (a sensor's placement checks them), read consistently; absent: undefined. */
export async function readGatewayPlacement(client: DynamoDBDocumentClient, tableName: string, customerId: string, id: string): Promise<{ siteId: unknown; model: unknown } | undefined> {
  const result = await client.send(new GetCommand({ ...gatewayKey(tableName, customerId, id), ConsistentRead: true }));
  return result.Item === undefined ? undefined : { siteId: result.Item['siteId'], model: result.Item['model'] };
}

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
