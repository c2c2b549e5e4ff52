import { randomUUID } from 'node:crypto';
import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { conflict, DomainError, notFound } from '@domain/core/errors';
import type { Caller } from '../shared/caller';
import type { EntityType } from './entities/audit-entry';
import { auditEntryPut, type AuditAction } from './entities/audit-entry';
import { claimUnique, releaseUnique } from './entities/unique-marker';
import { nameKeyOf } from './key-parts';
import { partitionOf, queryAll, queryPage, type PageRequest, type QueryParams } from './queries';
import { runTransaction, type GuardedItem } from './transaction';
import { createPut, versionedDelete, versionedPut, versionedUpdate, type KeyParams, type PutParams, type UpdateParams } from './writes';

/** What every named record carries besides its own fields (`namedRecordAttributes`). */
export interface NamedRecordFields {
  id: string;
  name: string;
  createdAt: string;
  updatedAt: string;
  createdBy: string;
  updatedBy: string;
  version: number;
}

/**
 * What makes one kind of named record: its entity's request builders and decoder, the spec's
 * messages, and what is particular to it. `R` is the API's shape, `I` the body a create or
 * update takes (its fields are copied onto the record).
 */
export interface NamedRecordDefinition<R extends NamedRecordFields & I, I extends { name: string }> {
  /** The entity type of its name markers and audit entries (`ENTITY.securityGroup`). */
  entityType: EntityType;
  put: (tableName: string, customerId: string, record: R) => PutParams;
  key: (tableName: string, customerId: string, id: string) => KeyParams;
  byName: (tableName: string, customerId: string) => QueryParams;
  decode: (item: Record<string, unknown>) => R;
  messages: { notFound: string; nameTaken: string };
  /**
   * The value a name is unique as (default: the name, unique in the organisation); a name
   * unique only within a part of it gives that part too (a shift's site and name).
   */
  uniqueName?: (record: R) => string;
  /** Fields a new record starts with that the input does not set (a use count others keep). */
  initial?: () => Omit<R, keyof I | keyof NamedRecordFields>;
  /** What the audit trail keeps of a record (default: all of it). */
  audited?: (record: R) => Record<string, unknown>;
  /**
   * An update writes only the input's changed fields (`versionedUpdate`) and nothing when none
   * changed, so counters others keep on the item are never overwritten; without it, an update
   * puts the whole record again on the version read (`versionedPut`).
   */
  changedFields?: {
    fields: readonly (keyof I & string)[];
    update: (tableName: string, customerId: string, id: string, changes: Record<string, unknown>) => UpdateParams;
  };
  /** A delete refused while others use the record: as read, and by the delete's own condition. */
  inUse?: {
    isInUse: (record: R) => boolean;
    /** The delete, conditioned on the version read and on nothing using the record. */
    deleteWhenUnused: (tableName: string, customerId: string, id: string, expectedVersion: number) => GuardedItem;
    /** The refusal; a template's values (how many use it) filled from the record as read. */
    message: string | ((record: R) => string);
  };
}

/** A delete's refusal while the record is in use, a template's values filled from the record. */
const inUseRefusal = <R>(message: string | ((record: R) => string), record: R) => conflict(typeof message === 'string' ? message : message(record));

/**
 * A named, versioned, audited record of an organisation (docs/adding-an-entity.md): names
 * unique in the organisation (a marker claimed in the write's transaction, released on a
 * rename or delete), updates and deletes on the version read, every change's audit entry in
 * the same transaction, lists by name. A store extends it: what is particular to its entity
 * as a `NamedRecordDefinition`, its reference checks and further items of each change's
 * transaction (memberships, the device configuration version) by overriding the hooks below.
 */
export class NamedRecordStore<R extends NamedRecordFields & I, I extends { name: string }> {
  constructor(
    protected readonly client: DynamoDBDocumentClient,
    protected readonly tableName: string,
    protected readonly clock: () => Date,
    private readonly definition: NamedRecordDefinition<R, I>,
  ) {}

  /** The gsi1 partition a list reads; a cursor must belong to it. */
  listPartition(customerId: string): string {
    return partitionOf(this.definition.byName(this.tableName, customerId));
  }

  list(customerId: string, page: PageRequest): Promise<{ items: R[]; nextCursor?: string }> {
    return queryPage(this.client, this.definition.byName(this.tableName, customerId), page, this.definition.decode);
  }

  /** Every record of the organisation, by name (only for kinds an organisation keeps few of). */
  all(customerId: string): Promise<R[]> {
    return queryAll(this.client, this.definition.byName(this.tableName, customerId), this.definition.decode);
  }

  /** The record read consistently (what an update or delete is conditioned on), or its "not found". */
  async get(customerId: string, id: string): Promise<R> {
    const result = await this.client.send(new GetCommand({ ...this.definition.key(this.tableName, customerId, id), ConsistentRead: true }));
    if (result.Item === undefined) throw notFound(this.definition.messages.notFound);
    return this.definition.decode(result.Item);
  }

  async create(caller: Caller, customerId: string, input: I): Promise<R> {
    const { definition } = this;
    await this.checkInput(customerId, input, undefined);
    const now = this.clock();
    const at = now.toISOString();
    // The input's fields, what the definition starts with, and the bookkeeping: R by construction.
    const record = {
      id: randomUUID(), ...input, ...definition.initial?.(), createdAt: at, updatedAt: at, createdBy: caller.email, updatedBy: caller.email, version: 1,
    } as R;
    await runTransaction(this.client, [
      createPut(definition.put(this.tableName, customerId, record)),
      this.claimName(customerId, record),
      this.audit(caller, customerId, record.id, 'create', undefined, record, now),
      ...this.alsoWrittenOnCreate(customerId, record),
    ]);
    return record;
  }

  async update(caller: Caller, customerId: string, id: string, input: I): Promise<R> {
    const { definition } = this;
    const before = await this.get(customerId, id);
    await this.checkInput(customerId, input, before);
    const changed = definition.changedFields?.fields.filter((field) => JSON.stringify(before[field]) !== JSON.stringify(input[field]));
    if (changed?.length === 0) return before;
    const now = this.clock();
    const after: R = { ...before, ...input, updatedAt: now.toISOString(), updatedBy: caller.email, version: before.version + 1 };
    const items: GuardedItem[] = [
      // Optimistic lock: a concurrent change of the same record makes this one fail.
      definition.changedFields === undefined || changed === undefined
        ? versionedPut(definition.put(this.tableName, customerId, after), before.version)
        : versionedUpdate(definition.changedFields.update(this.tableName, customerId, id, {
          ...Object.fromEntries(changed.map((field) => [field, input[field]])),
          // The by-name index key follows the name as written, also when only its case changed.
          name: after.name,
          updatedAt: after.updatedAt,
          updatedBy: after.updatedBy,
          version: after.version,
        }), before.version),
      this.audit(caller, customerId, id, 'update', before, after, now),
    ];
    if (nameKeyOf(this.uniqueNameOf(after)) !== nameKeyOf(this.uniqueNameOf(before))) {
      items.push(this.claimName(customerId, after), this.releaseName(customerId, before));
    }
    items.push(...this.alsoWrittenOnUpdate(customerId, before, after));
    await runTransaction(this.client, items);
    return after;
  }

  async delete(caller: Caller, customerId: string, id: string): Promise<void> {
    const { definition } = this;
    const { inUse } = definition;
    const before = await this.get(customerId, id);
    if (inUse?.isInUse(before)) throw inUseRefusal(inUse.message, before);
    const items = [
      inUse === undefined
        ? versionedDelete(definition.key(this.tableName, customerId, id), before.version)
        : inUse.deleteWhenUnused(this.tableName, customerId, id, before.version),
      this.releaseName(customerId, before),
      this.audit(caller, customerId, id, 'delete', before, undefined, this.clock()),
      ...this.alsoWrittenOnDelete(customerId, before),
    ];
    try {
      await runTransaction(this.client, items);
    } catch (error) {
      // The delete's condition does not say which part failed: in use since the read, or changed.
      if (inUse !== undefined && error instanceof DomainError && error.kind === 'conflict') {
        const current = await this.get(customerId, id).catch(() => undefined);
        if (current !== undefined && inUse.isInUse(current)) throw inUseRefusal(inUse.message, current);
      }
      throw error;
    }
  }

  /** Checks, before anything is written, what a create (`before` undefined) or an update names (references exist). */
  protected checkInput(_customerId: string, _input: I, _before: R | undefined): Promise<void> {
    return Promise.resolve();
  }

  /** Further items of a create's transaction, after the record, its name marker and its audit entry. */
  protected alsoWrittenOnCreate(_customerId: string, _record: R): GuardedItem[] {
    return [];
  }

  /** Further items of an update's transaction, after the record, its audit entry and its name markers. */
  protected alsoWrittenOnUpdate(_customerId: string, _before: R, _after: R): GuardedItem[] {
    return [];
  }

  /** Further items of a delete's transaction, after the delete, the name's release and the audit entry. */
  protected alsoWrittenOnDelete(_customerId: string, _before: R): GuardedItem[] {
    return [];
  }

  private claimName(customerId: string, record: R): GuardedItem {
    const { entityType, messages } = this.definition;
    return claimUnique(this.tableName, { customerId, entityType, field: 'name', value: this.uniqueNameOf(record) }, record.id, messages.nameTaken);
  }

  private uniqueNameOf(record: R): string {
    return this.definition.uniqueName?.(record) ?? record.name;
  }

  private releaseName(customerId: string, record: R): GuardedItem {
    return releaseUnique(this.tableName, { customerId, entityType: this.definition.entityType, field: 'name', value: this.uniqueNameOf(record) });
  }

  private audit(caller: Caller, customerId: string, id: string, action: AuditAction, before: R | undefined, after: R | undefined, now: Date): GuardedItem {
    const audited = this.definition.audited ?? ((record: R) => ({ ...record }));
    return auditEntryPut(this.tableName, {
      customerId, caller, entityType: this.definition.entityType, entityId: id, action,
      before: before ? audited(before) : undefined, after: after ? audited(after) : undefined, now,
    });
  }
}
