import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { DataLoggingProfileInput } from '@domain/devices/data-logging-profile';
import { MESSAGES } from '@domain/core/messages';
import {
  DATA_LOGGING_PROFILE_FIELDS,
  dataLoggingProfileDeleteWhenUnused,
  dataLoggingProfileKey,
  dataLoggingProfilePut,
  dataLoggingProfilesByName,
  dataLoggingProfileUpdate,
  deviceConfigVersionBump,
  NamedRecordStore,
  toDataLoggingProfileRecord,
  type DataLoggingProfileRecord,
  type GuardedItem,
  ENTITY,
} from '..';

export type { DataLoggingProfileRecord } from '..';
// Tests still import these from here (they now live in the data layer).
export { dataLoggingProfileUseUpdate, unknownDataLoggingProfile } from '..';

/** What the audit trail keeps of a profile: its own fields, not the count others keep. */
function audited(record: DataLoggingProfileRecord): Record<string, unknown> {
  const { useCount: _uses, ...fields } = record;
  return fields;
}

/**
 * Data logging profiles on the single table (docs/data-model.md "Data logging profiles"; the
 * entity is lambdas/data/entities/data-logging-profile.ts): a named, versioned, audited record
 * whose update writes only the form's fields (never `useCount`, which the sensors store keeps),
 * whose delete is refused while sensor channels use it, and whose every change moves the
 * organisation's device configuration version (the ingest's cache watches it) in the same
 * transaction.
 */
export class DataLoggingProfileStore extends NamedRecordStore<DataLoggingProfileRecord, DataLoggingProfileInput> {
  constructor(client: DynamoDBDocumentClient, tableName: string, clock: () => Date = () => new Date()) {
    super(client, tableName, clock, {
      entityType: ENTITY.dataLoggingProfile,
      put: dataLoggingProfilePut,
      key: dataLoggingProfileKey,
      byName: dataLoggingProfilesByName,
      decode: toDataLoggingProfileRecord,
      messages: { notFound: MESSAGES.dataLoggingProfileNotFound, nameTaken: MESSAGES.dataLoggingProfileNameTaken },
      initial: () => ({ useCount: 0 }),
      audited,
      changedFields: { fields: DATA_LOGGING_PROFILE_FIELDS, update: dataLoggingProfileUpdate },
      // Also when a channel starts to use it meanwhile: the delete's condition.
      inUse: { isInUse: (profile) => profile.useCount > 0, deleteWhenUnused: dataLoggingProfileDeleteWhenUnused, message: MESSAGES.dataLoggingProfileInUse },
    });
  }

  protected override alsoWrittenOnCreate(customerId: string): GuardedItem[] {
    return [deviceConfigVersionBump(this.tableName, customerId)];
  }

  protected override alsoWrittenOnUpdate(customerId: string): GuardedItem[] {
    return [deviceConfigVersionBump(this.tableName, customerId)];
  }

  protected override alsoWrittenOnDelete(customerId: string): GuardedItem[] {
    return [deviceConfigVersionBump(this.tableName, customerId)];
  }
}
