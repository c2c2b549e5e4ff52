/**
 * The data layer (docs/data-model.md "Entities", docs/adding-an-entity.md): the entities of
 * the single table, their access patterns and transaction items, one transaction runner, one
 * batch get and one batch write. Resource stores import this and `domain/`, nothing else.
 */
export { dataTable, type DataTable } from './table';
export { ENTITIES, portalService } from './service';
export { runTransaction, refusedWith, TRANSACTION_ATTEMPTS, type GuardedItem, type TransactItem, type TransactItems } from './transaction';
export { batchGet, batchWrite, BATCH_ATTEMPTS, BATCH_GET_MAX, BATCH_WRITE_MAX, type BatchOptions, type ItemKey, type WriteRequest } from './batch';
export { createPut, versionedPut, versionedDelete, existingDelete, existsCheck, plainPut, plainDelete, counterAdd, type PutParams, type KeyParams } from './writes';
export { versionedUpdate, setAndClear, type UpdateParams } from './writes';
export { partitionOf, queryPage, queryAll, type PageRequest, type QueryParams } from './queries';
export { readByIds } from './exists';
export { NamedRecordStore, type NamedRecordDefinition, type NamedRecordFields } from './named-records';
export { newestReading, newestReadings, sensorLiveStates, toNewestReading, NEWEST_READING_QUERIES, type NewestReadingOptions } from './readings';
export { readingItem, readingRowOf, READING_ATTRIBUTE, READING_VALUES_PROJECTION, type ReadingItemFields } from './readings';
export { AccountStore } from './accounts';
export { endAllSessions, endSessions, epochSeconds, isLive, liveSessionsOf } from './sessions';
export { nameKeyOf } from './key-parts';
export * from './entities/account';
export * from './entities/alarm';
export * from './entities/alarm-profile';
export * from './entities/account-dashboard-preferences';
export * from './entities/account-grid-settings';
export * from './entities/account-preferences';
export * from './entities/audit-entry';
export * from './entities/calibration';
export * from './entities/data-logging-profile';
export * from './entities/device-command';
export * from './entities/device-config-version';
export * from './entities/device-file';
export * from './entities/device-note';
export * from './entities/device-note-name';
export * from './entities/device-records';
export * from './entities/due-change-progress';
export * from './entities/equipment';
export * from './entities/gateway';
export * from './entities/gateway-state';
export * from './entities/organisation';
export * from './entities/location';
export * from './entities/location-share';
export * from './entities/named-item';
export * from './entities/reference';
export * from './entities/site';
export * from './entities/security-group';
export * from './entities/security-group-membership';
export * from './entities/seed-marker';
export * from './entities/scheduled-change';
export * from './entities/sensor';
export * from './entities/sensor-config';
export * from './entities/sensor-state';
export * from './entities/session';
export * from './entities/session-lock';
export * from './entities/session-token';
export * from './entities/translation-overrides';
export * from './entities/unique-marker';
export * from './entities/user-view';
export * from './entities/verification-code';
