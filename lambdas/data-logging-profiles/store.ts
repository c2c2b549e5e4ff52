import { randomUUID } from 'node:crypto';
import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { DataLoggingProfileInput } from '@domain/devices/data-logging-profile';
import { conflict, DomainError, notFound } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import {
  auditEntryPut,
  claimUnique,
  createPut,
  DATA_LOGGING_PROFILE_FIELDS,
  dataLoggingProfileDeleteWhenUnused,
  dataLoggingProfileKey,
  dataLoggingProfilePut,
  dataLoggingProfilesByName,
  dataLoggingProfileUpdate,
  deviceConfigVersionBump,
  nameKeyOf,
  partitionOf,
  queryPage,
  releaseUnique,
  runTransaction,
  toDataLoggingProfileRecord,
  versionedUpdate,
  type AuditAction,
  type DataLoggingProfileRecord,
  type GuardedItem,
  type PageRequest,
} from '../data';
import type { Caller } from '../shared/caller';
import { ENTITY } from '../shared/keys';

export type { DataLoggingProfileRecord } from '../data';
// Tests still import these from here (they now live in the data layer).
export { dataLoggingProfileUseUpdate, unknownDataLoggingProfile } from '../data';

/** What the audit trail keeps of a profile: its own fields, not the count others keep. */
function audited(record: DataLoggingProfileRecord): Record<string, unknown> {
  const { useCount: _uses, ...fields } = record;
  return fields;
}

/**
 * Data logging profiles on the single table (docs/data-model.md "Data logging profiles"; the
 * entity is lambdas/data/entities/data-logging-profile.ts): a name marker in the write
 * transaction, updates conditioned on the version read, a delete conditioned on nothing using
 * the profile, and every change's audit entry and the organisation's device configuration
 * version (the ingest's cache watches it) in the same transaction.
 */
export class DataLoggingProfileStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** The gsi1 partition a list reads; a cursor must belong to it. */
  listPartition(customerId: string): string {
    return partitionOf(dataLoggingProfilesByName(this.tableName, customerId));
  }

  list(customerId: string, page: PageRequest): Promise<{ items: DataLoggingProfileRecord[]; nextCursor?: string }> {
    return queryPage(this.client, dataLoggingProfilesByName(this.tableName, customerId), page, toDataLoggingProfileRecord);
  }

  async get(customerId: string, id: string): Promise<DataLoggingProfileRecord> {
    const result = await this.client.send(new GetCommand({ ...dataLoggingProfileKey(this.tableName, customerId, id), ConsistentRead: true }));
    if (result.Item === undefined) throw notFound(MESSAGES.dataLoggingProfileNotFound);
    return toDataLoggingProfileRecord(result.Item);
  }

  async create(caller: Caller, customerId: string, input: DataLoggingProfileInput): Promise<DataLoggingProfileRecord> {
    const now = this.clock().toISOString();
    const record: DataLoggingProfileRecord = {
      ...input,
      id: randomUUID(),
      useCount: 0,
      createdAt: now,
      updatedAt: now,
      createdBy: caller.email,
      updatedBy: caller.email,
      version: 1,
    };
    await runTransaction(this.client, [
      createPut(dataLoggingProfilePut(this.tableName, customerId, record)),
      this.claimName(customerId, record.name, record.id),
      deviceConfigVersionBump(this.tableName, customerId),
      this.audit(caller, customerId, record.id, 'create', undefined, record),
    ]);
    return record;
  }

  async update(caller: Caller, customerId: string, id: string, input: DataLoggingProfileInput): Promise<DataLoggingProfileRecord> {
    const before = await this.get(customerId, id);
    const changed = DATA_LOGGING_PROFILE_FIELDS.filter((field) => JSON.stringify(before[field]) !== JSON.stringify(input[field]));
    if (changed.length === 0) return before;
    const after: DataLoggingProfileRecord = { ...before, ...input, updatedAt: this.clock().toISOString(), updatedBy: caller.email, version: before.version + 1 };
    const update = dataLoggingProfileUpdate(this.tableName, customerId, id, {
      ...Object.fromEntries(changed.map((field) => [field, input[field]])),
      // The by-name index key follows the name as written, also when only its case changed.
      name: after.name,
      updatedAt: after.updatedAt,
      updatedBy: after.updatedBy,
      version: after.version,
    });
    const items: GuardedItem[] = [versionedUpdate(update, before.version)];
    if (nameKeyOf(after.name) !== nameKeyOf(before.name)) {
      items.push(this.claimName(customerId, after.name, id), this.releaseName(customerId, before.name));
    }
    items.push(deviceConfigVersionBump(this.tableName, customerId));
    items.push(this.audit(caller, customerId, id, 'update', before, after));
    await runTransaction(this.client, items);
    return after;
  }

  /** Deletes a profile, refused while sensor channels use it (also when one starts to meanwhile). */
  async delete(caller: Caller, customerId: string, id: string): Promise<void> {
    const before = await this.get(customerId, id);
    if (before.useCount > 0) throw conflict(MESSAGES.dataLoggingProfileInUse);
    try {
      await runTransaction(this.client, [
        dataLoggingProfileDeleteWhenUnused(this.tableName, customerId, id, before.version),
        this.releaseName(customerId, before.name),
        deviceConfigVersionBump(this.tableName, customerId),
        this.audit(caller, customerId, id, 'delete', before, undefined),
      ]);
    } catch (error) {
      if (error instanceof DomainError && error.kind === 'conflict') {
        const now = await this.get(customerId, id).catch(() => undefined);
        if (now !== undefined && now.useCount > 0) throw conflict(MESSAGES.dataLoggingProfileInUse);
      }
      throw error;
    }
  }

  private claimName(customerId: string, name: string, ownerId: string): GuardedItem {
    return claimUnique(this.tableName, { customerId, entityType: ENTITY.dataLoggingProfile, field: 'name', value: name }, ownerId, MESSAGES.dataLoggingProfileNameTaken);
  }

  private releaseName(customerId: string, name: string): GuardedItem {
    return releaseUnique(this.tableName, { customerId, entityType: ENTITY.dataLoggingProfile, field: 'name', value: name });
  }

  private audit(caller: Caller, customerId: string, id: string, action: AuditAction, before: DataLoggingProfileRecord | undefined, after: DataLoggingProfileRecord | undefined): GuardedItem {
    return auditEntryPut(this.tableName, {
      customerId, caller, entityType: ENTITY.dataLoggingProfile, entityId: id, action,
      before: before ? audited(before) : undefined, after: after ? audited(after) : undefined, now: this.clock(),
    });
  }
}
