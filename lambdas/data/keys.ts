/**
 * Single-table keys. Every key starts with the organisation (`C#<customerId>#`), then the
 * entity (`DEPARTMENT#`), so one tenant's items can never be reached through another's key.
 * `#` is the delimiter; ids are UUIDs and names are encoded, so neither can contain it.
 * The access patterns are listed in docs/data-model.md.
 */
export const ENTITY = {
  department: 'DEPARTMENT',
  division: 'DIVISION',
  audit: 'AUDIT',
  site: 'SITE',
  location: 'LOCATION',
  user: 'USER',
  session: 'SESSION',
  preferences: 'PREFERENCES',
  locationShare: 'LOCATIONSHARE',
  securityGroup: 'SECURITYGROUP',
  userView: 'USERVIEW',
  translations: 'TRANSLATIONS',
  sensor: 'SENSOR',
  gateway: 'GATEWAY',
  dataLoggingProfile: 'DATALOGGINGPROFILE',
  alarmProfile: 'ALARMPROFILE',
  notificationGroup: 'NOTIFICATIONGROUP',
  notificationTemplate: 'NOTIFICATIONTEMPLATE',
  deviceCommand: 'COMMAND',
  reading: 'READING',
  rollup: 'ROLLUP',
  deadLetter: 'DEADLETTER',
  deviceNote: 'NOTE',
  deviceFile: 'FILE',
  alarm: 'ALARM',
  shift: 'SHIFT',
  checklist: 'CHECKLIST',
  questionTemplate: 'QUESTIONTEMPLATE',
  correctiveAction: 'CORRECTIVEACTION',
  informationItem: 'INFORMATIONITEM',
  checklistGroup: 'CHECKLISTGROUP',
  proxySession: 'PROXYSESSION',
} as const;
export type EntityType = (typeof ENTITY)[keyof typeof ENTITY];

export const tenantPrefix = (customerId: string) => `C#${customerId}`;

/** Items of one entity type within an organisation share a partition. */
export const entityPartition = (customerId: string, entity: EntityType) =>
  `${tenantPrefix(customerId)}#${entity}`;
export const entitySortKey = (entity: EntityType, id: string) => `${entity}#${id}`;

/** Uniqueness marker items: one per unique value, written in the same transaction as the item. */
export const uniquenessPartition = (customerId: string, entity: EntityType, field: string, value: string) =>
  `${tenantPrefix(customerId)}#UNIQUE#${entity}#${field}#${encodeURIComponent(normaliseUnique(value))}`;
export const UNIQUENESS_SORT_KEY = 'UNIQUE';

/** Case and surrounding spaces do not make two names different. */
export function normaliseUnique(value: string): string {
  return value.trim().toLocaleLowerCase('en');
}

/** gsi1: an entity's items sorted by name. */
export const byNamePartition = entityPartition;
export const byNameSortKey = (name: string, id: string) =>
  `NAME#${encodeURIComponent(normaliseUnique(name))}#${id}`;

/**
 * References (docs/data-model.md "Locations and sites"): what is attached to a site or a
 * location (its sites, sensors, gateways, shifts, checklists) leaves one item under the
 * target's own partition, written in the same transaction as the attached item, so a delete
 * counts them with one consistent Query.
 */
export const referencePartition = (customerId: string, entity: typeof ENTITY.site | typeof ENTITY.location, id: string) =>
  `${tenantPrefix(customerId)}#${entity}#${id}#REF`;

/** One entity's history: gsi1 of the audit trail (lambdas/data/entities/audit-entry.ts), newest last. */
export const historyPartition = (customerId: string, entity: EntityType, id: string) =>
  `${tenantPrefix(customerId)}#HISTORY#${entity}#${id}`;

/**
 * Sessions (docs/data-model.md; the entities are lambdas/data/entities/session*.ts): these
 * stay for the tests that read the items directly.
 */
export const userSessionsPartition = (customerId: string, accountId: string) =>
  `${tenantPrefix(customerId)}#${ENTITY.session}#${accountId}`;
export const sessionSortKey = (sessionId: string) => `${ENTITY.session}#${sessionId}`;
export const tokenPartition = (customerId: string, tokenId: string) => `${tenantPrefix(customerId)}#TOKEN#${tokenId}`;
export const TOKEN_SORT_KEY = 'TOKEN';

/** An account's own records (profile, preferences, last selected location) share its user item's partition. */
export const accountKey = (customerId: string, accountId: string) => ({
  pk: entityPartition(customerId, ENTITY.user),
  sk: entitySortKey(ENTITY.user, accountId),
});

/**
 * Security-group memberships (docs/data-model.md "Security groups"): one partition per
 * account, one item per group it belongs to, carrying a copy of the group's site and sensor
 * ids, so what a user may reach is one consistent Query. Written in the same transaction as
 * the group.
 */
export const membershipPartition = (customerId: string, accountId: string) =>
  `${tenantPrefix(customerId)}#SGMEMBER#${accountId}`;
export const membershipSortKey = (groupId: string) => `${ENTITY.securityGroup}#${groupId}`;

/**
 * Devices (docs/data-model.md "Devices and telemetry"). Sensor and gateway ids are the
 * devices' own ids, normalised (domain/devices/device-catalogue.ts), so the ingest finds a device
 * from its topic without a lookup. A device's configuration is the item `SENSOR#<id>`
 * (written by the API); its live state (last reading, battery, signal, online) is the item
 * `SENSOR#<id>#STATE` in the same partition (written only by the ingest), so neither writer
 * overwrites the other, and one Query of the partition lists both.
 */
export type DeviceEntity = typeof ENTITY.sensor | typeof ENTITY.gateway;
export const deviceKey = (customerId: string, entity: DeviceEntity, deviceId: string) => ({
  pk: entityPartition(customerId, entity),
  sk: entitySortKey(entity, deviceId),
});
export const deviceStateKey = (customerId: string, entity: DeviceEntity, deviceId: string) => ({
  pk: entityPartition(customerId, entity),
  sk: `${entitySortKey(entity, deviceId)}#STATE`,
});
/** A device's own records (notes, files, calibrations, commands, equipment) live under its own partition. */
export const devicePartition = (customerId: string, entity: DeviceEntity, deviceId: string) =>
  `${tenantPrefix(customerId)}#${entity}#${deviceId}`;
/**
 * The organisation's device configuration version (docs/decisions/0031-ingest-device-cache-on-the-configuration-version.md): one item
 * whose `version` every write of a sensor, gateway or data logging profile adds 1 to, in the
 * write's own transaction, so the ingest's cache reads this item, not whole partitions, to
 * know whether anything changed.
 */
export const deviceConfigVersionKey = (customerId: string) => ({ pk: `${tenantPrefix(customerId)}#DEVICECONFIG`, sk: 'VERSION' });

/**
 * Scheduled disables and enables of a device (docs/decisions/0038-scheduled-disable-and-enable.md):
 * each change is an item under its device's partition, which gsi1 files under the hour it falls
 * due. That gsi1 partition deliberately does not start with an organisation: the schedule job
 * reads every organisation's due changes with one Query per hour, never a Scan, and each item
 * carries its own customerId. The job's progress is one system item (the data layer's
 * dueChangeProgress entity).
 */
export const scheduledChangeSortKey = (changeId: string) => `SCHEDULEDCHANGE#${changeId}`;
/** A sensor's equipment, under the sensor's own partition. */
export const EQUIPMENT_SORT_KEY = 'EQUIPMENT';

/** Raw readings' partition: keyed once, in readings.ts (outside ElectroDB for their size; docs/decisions). */
export { readingPartition } from './readings';
/** Hourly rollups (min, max, average, count per channel): one partition per sensor, sort key the hour `YYYY-MM-DDTHH`. */
export const rollupPartition = (customerId: string, sensorId: string) =>
  `${tenantPrefix(customerId)}#${ENTITY.rollup}#${sensorId}`;
/** Device messages the ingest could not accept, with the reason, newest last. */
export const deadLetterPartition = (customerId: string) => `${tenantPrefix(customerId)}#${ENTITY.deadLetter}`;
