import { randomUUID } from 'node:crypto';
import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { DataLoggingProfile, DataLoggingProfileInput } from '@domain/devices/data-logging-profile';
import { conflict, DomainError, notFound, validationError } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import { auditPut, type AuditAction } from '../shared/audit';
import type { Caller } from '../shared/caller';
import {
  byNamePartition,
  byNameSortKey,
  ENTITY,
  entityPartition,
  entitySortKey,
  normaliseUnique,
} from '../shared/keys';
import { claimUnique, releaseUnique } from '../shared/named-records';
import { queryByNamePage, type PageRequest } from '../shared/pagination';
import { deviceConfigChanged } from '../shared/device-config';
import { runTransaction, type GuardedItem } from '../shared/transactions';
import { versionedUpdate } from '../shared/update-expression';

/** The fields the profile form sets; the store writes only these (never `useCount`, which the sensors store keeps). */
const PROFILE_FIELDS = ['name', 'description', 'enabled', 'valueToLog', 'intervalMinutes', 'calculationWindowMinutes', 'deviation', 'schedule'] as const;

export type DataLoggingProfileRecord = DataLoggingProfile;

const profileKey = (customerId: string, id: string) => ({
  pk: entityPartition(customerId, ENTITY.dataLoggingProfile),
  sk: entitySortKey(ENTITY.dataLoggingProfile, id),
});

export const unknownDataLoggingProfile = () => validationError(MESSAGES.dataLoggingProfileUnknown);

/**
 * The write the sensors store adds to its transactions when a sensor channel starts (`delta`
 * 1) or stops (-1) using a profile: the profile's `useCount`, on the condition that the
 * profile exists. A profile's delete is conditioned on it being 0.
 */
export function dataLoggingProfileUseUpdate(tableName: string, customerId: string, profileId: string, delta: number): GuardedItem {
  return {
    item: {
      Update: {
        TableName: tableName,
        Key: profileKey(customerId, profileId),
        UpdateExpression: 'ADD useCount :delta',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':delta': delta },
      },
    },
    onConditionFailed: unknownDataLoggingProfile,
  };
}

function toRecord(item: Record<string, unknown>): DataLoggingProfileRecord {
  const schedule = item['schedule'] as DataLoggingProfile['schedule'] | undefined;
  return {
    id: String(item['id']),
    name: String(item['name'] ?? ''),
    description: String(item['description'] ?? ''),
    enabled: item['enabled'] !== false,
    valueToLog: (item['valueToLog'] ?? 'average') as DataLoggingProfile['valueToLog'],
    intervalMinutes: Number(item['intervalMinutes'] ?? 15),
    calculationWindowMinutes: Number(item['calculationWindowMinutes'] ?? item['intervalMinutes'] ?? 15),
    deviation: Number(item['deviation'] ?? 0),
    schedule: schedule ?? { kind: 'always' },
    useCount: Math.max(0, Number(item['useCount'] ?? 0)),
    createdAt: String(item['createdAt'] ?? ''),
    updatedAt: String(item['updatedAt'] ?? item['createdAt'] ?? ''),
    createdBy: String(item['createdBy'] ?? ''),
    updatedBy: String(item['updatedBy'] ?? item['createdBy'] ?? ''),
    version: Number(item['version'] ?? 1),
  };
}

/** What the audit trail keeps of a profile: its own fields, not the count others keep. */
function audited(record: DataLoggingProfileRecord): Record<string, unknown> {
  const { useCount: _uses, ...fields } = record;
  return fields;
}

/**
 * Data logging profiles on the single table (docs/data-model.md "Data logging profiles"):
 * one partition per organisation, gsi1 by name, a name marker in the write transaction,
 * updates conditioned on the version read, a delete conditioned on nothing using the
 * profile, and every change's audit entry and the organisation's device configuration
 * version (the ingest's cache watches it) in the same transaction.
 */
export class DataLoggingProfileStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  listPartition(customerId: string): string {
    return byNamePartition(customerId, ENTITY.dataLoggingProfile);
  }

  list(customerId: string, page: PageRequest): Promise<{ items: DataLoggingProfileRecord[]; nextCursor?: string }> {
    return queryByNamePage(this.client, this.tableName, this.listPartition(customerId), page, toRecord);
  }

  async get(customerId: string, id: string): Promise<DataLoggingProfileRecord> {
    const result = await this.client.send(new GetCommand({ TableName: this.tableName, Key: profileKey(customerId, id), ConsistentRead: true }));
    if (result.Item === undefined) throw notFound(MESSAGES.dataLoggingProfileNotFound);
    return toRecord(result.Item);
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
      {
        item: {
          Put: {
            TableName: this.tableName,
            Item: {
              ...profileKey(customerId, record.id),
              gsi1pk: this.listPartition(customerId),
              gsi1sk: byNameSortKey(record.name, record.id),
              type: ENTITY.dataLoggingProfile,
              ...record,
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
      },
      this.claimName(customerId, record.name, record.id),
      deviceConfigChanged(this.tableName, customerId),
      this.audit(caller, customerId, record.id, 'create', undefined, record),
    ]);
    return record;
  }

  async update(caller: Caller, customerId: string, id: string, input: DataLoggingProfileInput): Promise<DataLoggingProfileRecord> {
    const before = await this.get(customerId, id);
    const changed = PROFILE_FIELDS.filter((field) => JSON.stringify(before[field]) !== JSON.stringify(input[field]));
    if (changed.length === 0) return before;
    const after: DataLoggingProfileRecord = { ...before, ...input, updatedAt: this.clock().toISOString(), updatedBy: caller.email, version: before.version + 1 };
    const update = versionedUpdate(this.tableName, profileKey(customerId, id), {
      ...Object.fromEntries(changed.map((field) => [field, input[field]])),
      gsi1sk: byNameSortKey(after.name, id),
      updatedAt: after.updatedAt,
      updatedBy: after.updatedBy,
      version: after.version,
    }, before.version);
    const items: GuardedItem[] = [
      { item: update },
    ];
    if (normaliseUnique(after.name) !== normaliseUnique(before.name)) {
      items.push(this.claimName(customerId, after.name, id), this.releaseName(customerId, before.name));
    }
    items.push(deviceConfigChanged(this.tableName, customerId));
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
        {
          item: {
            Delete: {
              TableName: this.tableName,
              Key: profileKey(customerId, id),
              ConditionExpression: '#version = :expected AND (attribute_not_exists(useCount) OR useCount <= :zero)',
              ExpressionAttributeNames: { '#version': 'version' },
              ExpressionAttributeValues: { ':expected': before.version, ':zero': 0 },
            },
          },
        },
        this.releaseName(customerId, before.name),
        deviceConfigChanged(this.tableName, customerId),
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
    return {
      item: claimUnique(this.tableName, customerId, ENTITY.dataLoggingProfile, 'name', name, ownerId),
      onConditionFailed: () => conflict(MESSAGES.dataLoggingProfileNameTaken),
    };
  }

  private releaseName(customerId: string, name: string): GuardedItem {
    return { item: releaseUnique(this.tableName, customerId, ENTITY.dataLoggingProfile, 'name', name) };
  }

  private audit(caller: Caller, customerId: string, id: string, action: AuditAction, before: DataLoggingProfileRecord | undefined, after: DataLoggingProfileRecord | undefined): GuardedItem {
    return auditPut(this.tableName, customerId, caller, ENTITY.dataLoggingProfile, id, action, before ? audited(before) : undefined, after ? audited(after) : undefined, this.clock());
  }
}
