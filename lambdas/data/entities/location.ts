import { Entity, type EntityItem } from 'electrodb';
import { validationError } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import { customerIdAttribute, namedRecordAttributes, namedRecordIndexes, text } from '../attributes';
import { SERVICE } from '../key-parts';
import type { QueryParams } from '../queries';
import type { KeyParams, PutParams, UpdateParams } from '../writes';
import { setAndClear } from '../writes';

/** A location as the API answers it. */
export interface LocationRecord {
  id: string;
  name: string;
  address: string;
  city: string;
  state: string;
  country: string;
  postalCode: string;
  latitude?: number;
  longitude?: number;
  createdAt: string;
  updatedAt: string;
  createdBy: string;
  updatedBy: string;
  version: number;
}

/** The fields a location's form sets. */
export const LOCATION_FIELDS = ['name', 'address', 'city', 'state', 'country', 'postalCode', 'latitude', 'longitude'] as const;
export type LocationField = (typeof LOCATION_FIELDS)[number];

/**
 * A location (docs/data-model.md "Locations and sites"): by id, and the organisation's
 * locations by name on gsi1 (`byName`). What is attached to it (sites, sensors, gateways)
 * adds to its `refCount` (entities/reference.ts), which its delete is conditioned on.
 */
export const location = new Entity({
  model: { entity: 'location', version: '1', service: SERVICE },
  attributes: {
    customerId: customerIdAttribute,
    ...namedRecordAttributes,
    address: { type: 'string' },
    city: { type: 'string' },
    state: { type: 'string' },
    country: { type: 'string' },
    postalCode: { type: 'string' },
    latitude: { type: 'number' },
    longitude: { type: 'number' },
    type: { type: 'string', default: 'LOCATION' },
  },
  indexes: namedRecordIndexes('LOCATION'),
});
export type LocationItem = EntityItem<typeof location>;

/** The item of a location (also what the demo seed writes). */
export const locationPut = (tableName: string, customerId: string, record: LocationRecord): PutParams =>
  location.put({ customerId, ...record }).params<PutParams>({ table: tableName });

export const locationKey = (tableName: string, customerId: string, id: string): KeyParams =>
  location.get({ customerId, id }).params<KeyParams>({ table: tableName });

/** The fields a change names (`undefined` clears one), the name's index key with them. */
export function locationUpdate(tableName: string, customerId: string, id: string, changes: Partial<Record<string, unknown>>): UpdateParams {
  const { set, clear } = setAndClear(changes);
  const update = location.update({ customerId, id }).set(set);
  return (clear.length > 0 ? update.remove(clear as never[]) : update).params<UpdateParams>({ table: tableName });
}

/** The locations of an organisation by name (gsi1). */
export const locationsByName = (tableName: string, customerId: string) =>
  location.query.byName({ customerId }).params<QueryParams>({ table: tableName });

/** The API's shape, picked field by field (no keys, no `__edb_e__`). */
export function toLocationRecord(item: Record<string, unknown>): LocationRecord {
  const number = (value: unknown) => (typeof value === 'number' ? value : undefined);
  const latitude = number(item['latitude']);
  const longitude = number(item['longitude']);
  return {
    id: String(item['id']),
    name: String(item['name']),
    address: text(item['address']),
    city: text(item['city']),
    state: text(item['state']),
    country: text(item['country']),
    postalCode: text(item['postalCode']),
    ...(latitude === undefined ? {} : { latitude }),
    ...(longitude === undefined ? {} : { longitude }),
    createdAt: String(item['createdAt'] ?? ''),
    updatedAt: String(item['updatedAt'] ?? item['createdAt'] ?? ''),
    createdBy: String(item['createdBy'] ?? ''),
    updatedBy: String(item['updatedBy'] ?? item['createdBy'] ?? ''),
    version: Number(item['version'] ?? 1),
  };
}

/** A request that names a location the caller cannot use as a site's (or a device's) location. */
export const unknownLocation = () => validationError(MESSAGES.siteLocationNotFound, { locationIds: MESSAGES.siteLocationNotFound });
