import { Entity, type EntityItem } from 'electrodb';
import { customerIdAttribute } from '../attributes';
import { SERVICE } from '../key-parts';
import type { QueryParams } from '../queries';
import type { KeyParams, PutParams, UpdateParams } from '../writes';

/** A location shared with a user of another organisation (SPEC section 4: acceptance pending until accepted). */
export interface ShareRecord {
  locationId: string;
  ownerCustomerId: string;
  /** The invitee's organisation. */
  customerId: string;
  accountId: string;
  email: string;
  isAdmin: boolean;
  isAcceptancePending: boolean;
  sharedAt: string;
  sharedBy: string;
  acceptedAt?: string;
  version: number;
}

/**
 * A share of a location (docs/data-model.md "Locations and sites"): in the owning
 * organisation's partition of the location (`byLocation`), and on gsi1 from the invitee's
 * side (`byInvitee`).
 */
export const locationShare = new Entity({
  model: { entity: 'locationShare', version: '1', service: SERVICE },
  attributes: {
    ownerCustomerId: { type: 'string', required: true },
    locationId: { type: 'string', required: true },
    customerId: customerIdAttribute,
    accountId: { type: 'string', required: true },
    email: { type: 'string', required: true },
    isAdmin: { type: 'boolean', required: true },
    isAcceptancePending: { type: 'boolean', required: true },
    sharedAt: { type: 'string', required: true },
    sharedBy: { type: 'string', required: true },
    acceptedAt: { type: 'string' },
    version: { type: 'number', required: true },
    type: { type: 'string', default: 'LOCATIONSHARE' },
  },
  indexes: {
    byLocation: {
      pk: { field: 'pk', composite: ['ownerCustomerId', 'locationId'], template: 'C#${ownerCustomerId}#LOCATION#${locationId}#SHARE', casing: 'none' },
      sk: { field: 'sk', composite: ['customerId', 'accountId'], template: 'ACCOUNT#${customerId}#${accountId}', casing: 'none' },
    },
    byInvitee: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['customerId', 'accountId'], template: 'C#${customerId}#SHAREDLOCATION#${accountId}', casing: 'none' },
      sk: { field: 'gsi1sk', composite: ['locationId'], template: 'LOCATION#${locationId}', casing: 'none' },
    },
  },
});
export type LocationShareItem = EntityItem<typeof locationShare>;

/** Who a share is between: the location (and its organisation) and the invitee. */
export interface ShareParties {
  ownerCustomerId: string;
  locationId: string;
  customerId: string;
  accountId: string;
}

export const locationSharePut = (tableName: string, share: ShareRecord): PutParams =>
  locationShare.put(share).params<PutParams>({ table: tableName });

export const locationShareKey = (tableName: string, { ownerCustomerId, locationId, customerId, accountId }: ShareParties): KeyParams =>
  locationShare.get({ ownerCustomerId, locationId, customerId, accountId }).params<KeyParams>({ table: tableName });

/** The invitee's answer: accepted, at `acceptedAt`, as version `version`. */
export const locationShareAccepted = (tableName: string, share: ShareParties, acceptedAt: string, version: number): UpdateParams =>
  locationShare.update({ ownerCustomerId: share.ownerCustomerId, locationId: share.locationId, customerId: share.customerId, accountId: share.accountId })
    .set({ isAcceptancePending: false, acceptedAt, version }).params<UpdateParams>({ table: tableName });

/** The shares of one location, from the owner's side (read consistently). */
export const locationSharesOf = (tableName: string, ownerCustomerId: string, locationId: string) =>
  ({ ...locationShare.query.byLocation({ ownerCustomerId, locationId }).params<QueryParams>({ table: tableName }), ConsistentRead: true });

/** The shares made to one user (gsi1), or the one of `locationId`. */
export const locationSharesWith = (tableName: string, customerId: string, accountId: string, locationId?: string) =>
  (locationId === undefined
    ? locationShare.query.byInvitee({ customerId, accountId })
    : locationShare.query.byInvitee({ customerId, accountId, locationId })).params<QueryParams>({ table: tableName });

/** The audit trail's id of a share. */
export const shareAuditId = (share: Pick<ShareRecord, 'locationId' | 'customerId' | 'accountId'>) =>
  `${share.locationId}:${share.customerId}:${share.accountId}`;

/** The API's shape, picked field by field (no keys, no `__edb_e__`). */
export function toShareRecord(item: Record<string, unknown>): ShareRecord {
  const acceptedAt = item['acceptedAt'];
  return {
    locationId: String(item['locationId']),
    ownerCustomerId: String(item['ownerCustomerId']),
    customerId: String(item['customerId']),
    accountId: String(item['accountId']),
    email: String(item['email']),
    isAdmin: item['isAdmin'] === true,
    isAcceptancePending: item['isAcceptancePending'] !== false,
    sharedAt: String(item['sharedAt']),
    sharedBy: String(item['sharedBy']),
    ...(typeof acceptedAt === 'string' ? { acceptedAt } : {}),
    version: Number(item['version'] ?? 1),
  };
}
