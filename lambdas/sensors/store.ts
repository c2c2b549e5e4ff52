import { randomUUID } from 'node:crypto';
import { BatchGetCommand, DeleteCommand, GetCommand, QueryCommand, type BatchGetCommandOutput, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { conflict, notFound, type DomainError } from '@domain/core/errors';
import {
  applyScheduled,
  cancelScheduled,
  disableNow,
  enableNow,
  scheduleDisable,
  scheduleEnable,
  type DisableChange,
} from '@domain/devices/sensor-scheduling';
import { DEVICE_ID_CHARACTERS } from '@domain/devices/device-catalogue';
import { EQUIPMENT_TYPES, REFRIGERANTS, type Equipment, type EquipmentInput } from '@domain/devices/equipment';
import { MESSAGES } from '@domain/core/messages';
import {
  isSensorOnline,
  sensorDeleteRefusal,
  type DeviceStatus,
  type ScheduledSensorChange,
  type Sensor,
  type SensorDeleteRefusal,
  type SensorDisable,
  type SensorInput,
  type SensorLiveState,
} from '@domain/devices/sensor';
import { gatewaySensorCountUpdate, gatewaySensorsPartition, unknownSite } from '../gateways/store';
import { unknownLocation } from '../locations/store';
import { auditItem, auditPut, type AuditAction, type AuditEntry } from '../shared/audit';
import type { Caller } from '../shared/caller';
import {
  byNamePartition,
  byNameSortKey,
  deviceKey,
  devicePartition,
  deviceStateKey,
  dueChangesPartition,
  dueChangesSortKey,
  ENTITY,
  entityPartition,
  entitySortKey,
  EQUIPMENT_SORT_KEY,
  historyPartition,
  scheduledChangeSortKey,
} from '../shared/keys';
import { encodeCursor, queryPage, type PageRequest } from '../shared/pagination';
import { attachReference, attachReferences, detachReference, renameReference, type Reference, type ReferenceTarget } from '../shared/references';
import { deviceConfigChanged, deviceDeletes } from '../shared/device-config';
import { runTransaction, type GuardedItem } from '../shared/transactions';
import { versionedUpdate } from '../shared/update-expression';
import { dataLoggingProfileUseUpdate } from '../data-logging-profiles/store';

/**
 * At most this many sensors are added in one transaction (`createMany`): four items each (the
 * sensor, its two references, its audit entry) and the shared counts and the organisation's
 * device configuration version once, within DynamoDB's 100 items a transaction.
 */
export const SENSORS_PER_TRANSACTION = 20;

/** The fields of SPEC section 3 a sensor keeps as given (validated by `sensorInputSchema`). */
export const SENSOR_FIELDS = [
  'name', 'description', 'deviceModel', 'monitoringType', 'locationId', 'siteId', 'gatewayId', 'alarmProfileId',
  'deviceAlarmProfileId', 'notificationGroupIds', 'inactivityNotificationGroupIds', 'channels', 'connectionType',
  'externalSensorType', 'departmentId', 'divisionId', 'openLabel', 'closeLabel', 'deviceStatus',
] as const;
type SensorField = (typeof SENSOR_FIELDS)[number];

/** What the store keeps of a scheduled change beyond what the API shows: who asked, to credit them in the history. */
export interface StoredScheduledChange extends ScheduledSensorChange {
  requestedByUserId: string;
  requestedByRole: Caller['role'];
}

/** A sensor that may not be deleted yet (it has notes): the refusal the API answers with, 409. */
export class SensorInUseError extends Error {
  constructor(readonly refusal: SensorDeleteRefusal) {
    super(refusal.message);
    this.name = 'SensorInUseError';
  }
}

/** A sensor's configuration item, as the store reads and writes it (the live state is apart). */
export type SensorRecord = Pick<SensorInput, SensorField> & {
  id: string;
  registeredOn: string;
  lastReset?: string;
  disabled: boolean;
  disable?: SensorDisable;
  scheduledChanges: StoredScheduledChange[];
  calibration?: { issueDate: string; renewalDate?: string };
  /** Kept by the notes store (ADD); a sensor with notes is not deleted. */
  noteCount: number;
  createdAt: string;
  updatedAt: string;
  createdBy: string;
  updatedBy: string;
  version: number;
};

/** The live state the ingest keeps, as read. */
export type SensorStateRecord = Omit<SensorLiveState, 'online'>;

/** Fields this store writes on the configuration item; everything else on it (counters) belongs to others. */
type OwnedField = SensorField | 'disabled' | 'disable' | 'scheduledChanges' | 'calibration';

export interface SensorListFilters {
  siteId?: string;
  locationId?: string;
  gatewayId?: string;
  /** Keeps the sensors this returns true for (status filters, the access layer). */
  keep?: (sensor: Sensor) => boolean;
}

const sensorTarget = (entity: typeof ENTITY.site | typeof ENTITY.location, id: string): ReferenceTarget => ({ entity, id });

/**
 * Sensors on the single table (docs/data-model.md "Sensors"). The configuration item is
 * `SENSOR#<id>` in the organisation's sensor partition, created only if absent (the id is the
 * device's own, so "already added" is that condition); the ingest keeps the live state beside
 * it (`SENSOR#<id>#STATE`), so one Query lists both. Each write, in one transaction: the item
 * (updated field by field, never replaced, since others ADD counters on it), its references on
 * its site and location, its gateway's sensor count, its data logging profiles' use counts,
 * the organisation's device configuration version (the ingest's cache watches it), and its
 * audit entry (the history); updates and deletes are conditioned on the version read.
 */
export class SensorStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** The partition of an organisation's sensors (configuration and live state items). */
  partition(customerId: string): string {
    return entityPartition(customerId, ENTITY.sensor);
  }

  /** A sensor's configuration and live state: one consistent Query of exactly those two items. */
  async find(customerId: string, id: string): Promise<{ record: SensorRecord; state: SensorStateRecord | undefined } | undefined> {
    // Device ids are letters and digits: anything else (a `#` in a path) names no sensor.
    if (!DEVICE_ID_CHARACTERS.test(id)) return undefined;
    const key = deviceKey(customerId, ENTITY.sensor, id);
    const result = await this.client.send(new QueryCommand({
      TableName: this.tableName,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :config AND :state',
      ExpressionAttributeValues: { ':pk': key.pk, ':config': key.sk, ':state': deviceStateKey(customerId, ENTITY.sensor, id).sk },
      ConsistentRead: true,
    }));
    const items = result.Items ?? [];
    const config = items.find((item) => item['sk'] === key.sk);
    if (config === undefined) return undefined;
    const state = items.find((item) => item['sk'] !== key.sk);
    return { record: toSensorRecord(config), state: state ? toStateRecord(state) : undefined };
  }

  async get(customerId: string, id: string): Promise<{ record: SensorRecord; state: SensorStateRecord | undefined }> {
    const found = await this.find(customerId, id);
    if (found === undefined) throw notFound(MESSAGES.sensorNotFound);
    return found;
  }

  /**
   * A page of sensors with their live state, by id: one Query of the organisation's sensor
   * partition returns each configuration item followed by its state item. Filters apply as
   * the page is read, and the next page starts after the last sensor given (with its state).
   */
  async listPage(customerId: string, page: PageRequest, filters: SensorListFilters = {}): Promise<{ items: Sensor[]; nextCursor?: string }> {
    const now = this.clock();
    const pk = this.partition(customerId);
    const kept: Sensor[] = [];
    let startKey = page.startKey;
    let pending: { record: SensorRecord; key: Record<string, unknown> } | undefined;
    let lastKey: Record<string, unknown> | undefined;
    const consider = (record: SensorRecord, state: SensorStateRecord | undefined, key: Record<string, unknown>) => {
      if (filters.siteId !== undefined && record.siteId !== filters.siteId) return;
      if (filters.locationId !== undefined && record.locationId !== filters.locationId) return;
      if (filters.gatewayId !== undefined && record.gatewayId !== filters.gatewayId) return;
      const view = sensorView(record, state, now);
      if (filters.keep && !filters.keep(view)) return;
      kept.push(view);
      lastKey = key;
    };
    let exhausted = false;
    for (;;) {
      const wanted = page.limit - kept.length;
      const result = await this.client.send(new QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': pk },
        // Two items per sensor, one more to see the last one's state, and room for filtered ones.
        Limit: Math.min(Math.max(2 * wanted + 1, 25), 2000),
        ...(startKey ? { ExclusiveStartKey: startKey } : {}),
      }));
      let full = false;
      for (const item of result.Items ?? []) {
        const sk = String(item['sk']);
        const itemKey = { pk: item['pk'], sk: item['sk'] };
        if (sk.endsWith('#STATE')) {
          if (pending !== undefined && sk === `${entitySortKey(ENTITY.sensor, pending.record.id)}#STATE`) {
            consider(pending.record, toStateRecord(item), itemKey);
          }
          pending = undefined;
        } else if (/^SENSOR#[A-Z0-9]+$/.test(sk)) {
          if (pending !== undefined) consider(pending.record, undefined, pending.key);
          pending = undefined;
          if (kept.length >= page.limit) {
            full = true;
            break;
          }
          pending = { record: toSensorRecord(item), key: itemKey };
        }
      }
      if (full) break;
      startKey = result.LastEvaluatedKey;
      if (startKey === undefined) {
        if (pending !== undefined) consider(pending.record, undefined, pending.key);
        exhausted = true;
        break;
      }
    }
    if (exhausted || lastKey === undefined) return { items: kept };
    const nextCursor = encodeCursor(lastKey);
    return { items: kept, ...(nextCursor ? { nextCursor } : {}) };
  }

  /** Adds a sensor (the placement checks are the caller's: site access, site on location, gateway on site). */
  async create(caller: Caller, customerId: string, input: SensorInput): Promise<SensorRecord> {
    const record = newSensorRecord(caller, input, this.clock().toISOString());
    const items: GuardedItem[] = [
      {
        item: { Put: { TableName: this.tableName, Item: sensorItem(customerId, record), ConditionExpression: 'attribute_not_exists(pk)' } },
        onConditionFailed: () => conflict(MESSAGES.sensorAlreadyAdded),
      },
      ...this.attach(customerId, record),
      gatewaySensorCountUpdate(this.tableName, customerId, record.gatewayId, 1),
      ...this.profileUse(customerId, undefined, record),
      deviceConfigChanged(this.tableName, customerId),
      this.audit(caller, customerId, record.id, 'create', undefined, record),
    ];
    try {
      await runTransaction(this.client, items);
    } catch (error) {
      if (error instanceof Error && error.message === MESSAGES.sensorAlreadyAdded) throw await this.alreadyAdded(customerId, record);
      throw error;
    }
    return record;
  }

  /**
   * Adds sensors of one placement (site, location, gateway) together, all or none, in one
   * transaction (Quick Register): each one's item, references and audit entry, and the counts
   * they share (the site's and location's references, the gateway's sensors, the profiles'
   * uses) added once for all, so the batch neither writes nor contends on them per sensor.
   * Any refusal (an id already added) cancels the whole batch; the caller then adds them one
   * by one with `create`, which says which one and why.
   */
  async createMany(caller: Caller, customerId: string, inputs: readonly SensorInput[]): Promise<SensorRecord[]> {
    const first = inputs[0];
    if (first === undefined) return [];
    if (inputs.length > SENSORS_PER_TRANSACTION) throw new Error(`At most ${SENSORS_PER_TRANSACTION} sensors are added in one transaction`);
    if (inputs.some((input) => input.siteId !== first.siteId || input.locationId !== first.locationId || input.gatewayId !== first.gatewayId)) {
      throw new Error('Sensors added together share their site, location and gateway');
    }
    const now = this.clock().toISOString();
    const records = inputs.map((input) => newSensorRecord(caller, input, now));
    const references = records.map((record) => this.reference(record));
    const profileUses = new Map<string, number>();
    for (const channel of records.flatMap((record) => record.channels)) {
      profileUses.set(channel.dataLoggingProfileId, (profileUses.get(channel.dataLoggingProfileId) ?? 0) + 1);
    }
    await runTransaction(this.client, [
      ...records.map((record): GuardedItem => ({
        item: { Put: { TableName: this.tableName, Item: sensorItem(customerId, record), ConditionExpression: 'attribute_not_exists(pk)' } },
        onConditionFailed: () => conflict(MESSAGES.sensorAlreadyAdded),
      })),
      ...attachReferences(this.tableName, customerId, sensorTarget(ENTITY.site, first.siteId), references, unknownSite),
      ...attachReferences(this.tableName, customerId, sensorTarget(ENTITY.location, first.locationId), references, unknownLocation),
      gatewaySensorCountUpdate(this.tableName, customerId, first.gatewayId, records.length),
      ...[...profileUses].map(([profileId, uses]) => dataLoggingProfileUseUpdate(this.tableName, customerId, profileId, uses)),
      deviceConfigChanged(this.tableName, customerId),
      ...records.map((record) => this.audit(caller, customerId, record.id, 'create', undefined, record)),
    ]);
    return records;
  }

  /** The site of each of these ids that is already a sensor of the organisation (a consistent batch read). */
  async existingSites(customerId: string, ids: readonly string[]): Promise<Map<string, string>> {
    const sites = new Map<string, string>();
    const unique = [...new Set(ids)].filter((id) => DEVICE_ID_CHARACTERS.test(id));
    for (let start = 0; start < unique.length; start += 100) {
      let keys: Record<string, unknown>[] | undefined = unique.slice(start, start + 100).map((id) => deviceKey(customerId, ENTITY.sensor, id));
      for (let attempt = 0; keys !== undefined && keys.length > 0; attempt += 1) {
        // Keys DynamoDB leaves unprocessed (throttling) are asked again after a short pause.
        if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 25 * 2 ** Math.min(attempt, 6)));
        const result: BatchGetCommandOutput = await this.client.send(new BatchGetCommand({
          RequestItems: { [this.tableName]: { Keys: keys, ConsistentRead: true, ProjectionExpression: 'id, siteId' } },
        }));
        for (const item of result.Responses?.[this.tableName] ?? []) sites.set(String(item['id']), String(item['siteId']));
        keys = result.UnprocessedKeys?.[this.tableName]?.Keys;
      }
    }
    return sites;
  }

  /** Which refusal an existing id gets: on the same site, or on another (SPEC section 5). */
  private async alreadyAdded(customerId: string, record: SensorRecord): Promise<DomainError> {
    const existing = await this.find(customerId, record.id);
    if (existing !== undefined && existing.record.siteId !== record.siteId) return conflict(MESSAGES.sensorAddedToAnotherSite);
    return conflict(MESSAGES.sensorAlreadyAdded);
  }

  /** Replaces every field of section 3 (PUT): one left out is cleared. The id, registration and disable state stay. */
  async update(caller: Caller, customerId: string, before: SensorRecord, input: SensorInput): Promise<SensorRecord> {
    return this.change(caller, customerId, before, fieldsOf(input), SENSOR_FIELDS);
  }

  /** Sets the device status (Active, Inactive, In transit). */
  async setStatus(caller: Caller, customerId: string, before: SensorRecord, deviceStatus: DeviceStatus): Promise<SensorRecord> {
    return this.change(caller, customerId, before, { deviceStatus }, ['deviceStatus']);
  }

  /** Disables now: readings are still stored (flagged `disabled` by the ingest); the changes asked for replace those pending. */
  async disableNow(caller: Caller, customerId: string, before: SensorRecord, reason: string, enableOn: string | undefined): Promise<SensorRecord> {
    const enable = enableOn === undefined ? undefined : this.scheduled(caller, 'enable', enableOn);
    return this.applyRule(caller, customerId, before, disableNow(before, { now: this.clock().toISOString(), by: caller.email, reason, ...(enable ? { enable } : {}) }));
  }

  /** Schedules a disable (and the enable after it, if asked): they replace the changes pending. */
  async scheduleDisable(caller: Caller, customerId: string, before: SensorRecord, at: string, reason: string, enableOn: string | undefined): Promise<SensorRecord> {
    const disable = { ...this.scheduled(caller, 'disable', at), reason };
    const enable = enableOn === undefined ? undefined : this.scheduled(caller, 'enable', enableOn);
    return this.applyRule(caller, customerId, before, scheduleDisable(before, { disable, ...(enable ? { enable } : {}) }));
  }

  /** Enables now; every pending change is dropped (the history keeps the disable). */
  async enableNow(caller: Caller, customerId: string, before: SensorRecord): Promise<SensorRecord> {
    return this.applyRule(caller, customerId, before, enableNow(before));
  }

  /** Schedules an enable, after a pending disable if there is one; it replaces a pending enable. */
  async scheduleEnable(caller: Caller, customerId: string, before: SensorRecord, at: string): Promise<SensorRecord> {
    return this.applyRule(caller, customerId, before, scheduleEnable(before, this.scheduled(caller, 'enable', at)));
  }

  /** Cancels one pending change. */
  async cancelScheduled(caller: Caller, customerId: string, before: SensorRecord, changeId: string): Promise<SensorRecord> {
    return this.applyRule(caller, customerId, before, cancelScheduled(before, changeId));
  }

  /**
   * Applies a due change (the schedule job). Idempotent: a change no longer pending (applied,
   * cancelled or replaced) only has its due item removed. The history credits whoever asked.
   */
  async applyScheduled(customerId: string, sensorId: string, changeId: string): Promise<'applied' | 'stale'> {
    const found = await this.find(customerId, sensorId);
    const applied = found === undefined ? 'stale' : applyScheduled(found.record, changeId, this.clock().toISOString());
    if (found === undefined || applied === 'stale') {
      await runTransaction(this.client, [this.dueItemDelete(customerId, sensorId, changeId)]);
      return 'stale';
    }
    const { change, next } = applied;
    const requester: Caller = {
      userId: change.requestedByUserId, email: change.requestedBy, role: change.requestedByRole,
      customerId, accountId: change.requestedByUserId, isPortalLogin: false, tokenId: 'schedule',
    };
    await this.applyRule(requester, customerId, found.record, next);
    return 'applied';
  }

  /** Writes what a disable/enable rule answered: the fields it names, cleared when undefined. */
  private applyRule(caller: Caller, customerId: string, before: SensorRecord, next: DisableChange<StoredScheduledChange>): Promise<SensorRecord> {
    return this.change(caller, customerId, before, next, Object.keys(next) as OwnedField[]);
  }

  /** Records the latest calibration's dates on the sensor, with the calibration's own writes. */
  async setCalibration(
    caller: Caller,
    customerId: string,
    before: SensorRecord,
    calibration: SensorRecord['calibration'],
    withItems: GuardedItem[],
  ): Promise<SensorRecord> {
    return this.change(caller, customerId, before, { calibration }, ['calibration'], withItems);
  }

  /**
   * Deletes a sensor, refused while it has notes (SPEC section 8); its live state goes with it.
   * The delete is conditioned on no notes, so a note added meanwhile stops it too.
   */
  async delete(caller: Caller, customerId: string, before: SensorRecord): Promise<void> {
    const refusal = sensorDeleteRefusal(before);
    if (refusal !== undefined) throw new SensorInUseError(refusal);
    const items: GuardedItem[] = [
      ...deviceDeletes(this.tableName, customerId, ENTITY.sensor, before, ['noteCount']),
      ...this.detach(customerId, before),
      gatewaySensorCountUpdate(this.tableName, customerId, before.gatewayId, -1),
      ...this.profileUse(customerId, before, undefined),
      ...before.scheduledChanges.map((change) => this.dueItemDelete(customerId, before.id, change.id)),
      deviceConfigChanged(this.tableName, customerId),
      this.audit(caller, customerId, before.id, 'delete', before, undefined),
    ];
    try {
      await runTransaction(this.client, items);
    } catch (error) {
      // A note may have arrived since the read: say so rather than "changed by someone else".
      const now = await this.find(customerId, before.id);
      const refusalNow = now === undefined ? undefined : sensorDeleteRefusal(now.record);
      if (refusalNow !== undefined) throw new SensorInUseError(refusalNow);
      throw error;
    }
  }

  /** The equipment the sensor watches (an empty record until it is saved). */
  async equipment(customerId: string, sensorId: string): Promise<Equipment> {
    const result = await this.client.send(new GetCommand({
      TableName: this.tableName, Key: this.equipmentKey(customerId, sensorId), ConsistentRead: true,
    }));
    return result.Item ? toEquipment(result.Item) : {};
  }

  /** Saves the equipment (every field replaced), with the sensor's history entry; the sensor must still be there. */
  async setEquipment(caller: Caller, customerId: string, sensor: SensorRecord, input: EquipmentInput): Promise<Equipment> {
    const before = await this.equipment(customerId, sensor.id);
    const fields = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as EquipmentInput;
    const after: Equipment = { ...fields, updatedAt: this.clock().toISOString(), updatedBy: caller.email };
    const shown = ({ updatedAt: _at, updatedBy: _by, ...equipment }: Equipment) => equipment;
    await runTransaction(this.client, [
      {
        item: {
          ConditionCheck: {
            TableName: this.tableName, Key: deviceKey(customerId, ENTITY.sensor, sensor.id), ConditionExpression: 'attribute_exists(pk)',
          },
        },
        onConditionFailed: () => notFound(MESSAGES.sensorNotFound),
      },
      { item: { Put: { TableName: this.tableName, Item: equipmentItem(this.equipmentKey(customerId, sensor.id), after) } } },
      {
        item: {
          Put: {
            TableName: this.tableName,
            Item: auditItem(customerId, caller, ENTITY.sensor, sensor.id, 'update', { equipment: shown(before) }, { equipment: shown(after) }, this.clock()),
          },
        },
      },
    ]);
    return after;
  }

  /** Removes one of a deleted sensor's own items (its equipment, a calibration). */
  async deleteDeviceItem(customerId: string, sensorId: string, sk: string): Promise<void> {
    await this.client.send(new DeleteCommand({ TableName: this.tableName, Key: { pk: devicePartition(customerId, ENTITY.sensor, sensorId), sk } }));
  }

  private equipmentKey(customerId: string, sensorId: string) {
    return { pk: devicePartition(customerId, ENTITY.sensor, sensorId), sk: EQUIPMENT_SORT_KEY };
  }

  /** One page of a sensor's audit trail, newest first. */
  async history(customerId: string, id: string, page: PageRequest): Promise<{ items: AuditEntry[]; nextCursor?: string }> {
    return queryPage<AuditEntry>(this.client, {
      TableName: this.tableName,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': historyPartition(customerId, ENTITY.sensor, id) },
      ScanIndexForward: false,
    }, page);
  }

  historyPartition(customerId: string, id: string): string {
    return historyPartition(customerId, ENTITY.sensor, id);
  }

  /**
   * The one way the configuration item changes: the given owned fields (SET, or REMOVE when
   * undefined), the keys that follow them, and every item the change brings (references,
   * counts, due items, audit), in one transaction conditioned on the version read.
   */
  private async change(
    caller: Caller,
    customerId: string,
    before: SensorRecord,
    changes: Partial<SensorRecord>,
    fields: readonly OwnedField[],
    withItems: GuardedItem[] = [],
  ): Promise<SensorRecord> {
    const changed = fields.filter((field) => JSON.stringify(before[field]) !== JSON.stringify(changes[field]));
    if (changed.length === 0 && withItems.length === 0) return before;
    // The owned fields come from `changes` only, so a cleared one is gone.
    const kept = Object.entries(before).filter(([field]) => !(fields as readonly string[]).includes(field));
    const given = fields.filter((field) => changes[field] !== undefined).map((field) => [field, changes[field]]);
    const next = {
      ...Object.fromEntries([...kept, ...given]),
      updatedAt: this.clock().toISOString(),
      updatedBy: caller.email,
      version: before.version + 1,
    } as SensorRecord;
    const update = versionedUpdate(this.tableName, deviceKey(customerId, ENTITY.sensor, before.id), {
      ...Object.fromEntries(changed.map((field) => [field, changes[field]])),
      gsi1sk: byNameSortKey(next.name, next.id),
      gsi2pk: gatewaySensorsPartition(customerId, next.gatewayId),
      updatedAt: next.updatedAt,
      updatedBy: next.updatedBy,
      version: next.version,
    }, before.version);
    const items: GuardedItem[] = [
      { item: update },
      ...this.moves(customerId, before, next),
      ...this.profileUse(customerId, before, next),
      ...this.dueItems(customerId, before, next),
      ...withItems,
      deviceConfigChanged(this.tableName, customerId),
      this.audit(caller, customerId, before.id, 'update', before, next),
    ];
    await runTransaction(this.client, items);
    return next;
  }

  /** References and the gateway's count follow a move; a rename renames the references. */
  private moves(customerId: string, before: SensorRecord, after: SensorRecord): GuardedItem[] {
    const items: GuardedItem[] = [];
    for (const [entity, field] of [[ENTITY.site, 'siteId'], [ENTITY.location, 'locationId']] as const) {
      if (before[field] !== after[field]) {
        items.push(...detachReference(this.tableName, customerId, sensorTarget(entity, before[field]), 'SENSOR', before.id));
        items.push(...attachReference(this.tableName, customerId, sensorTarget(entity, after[field]), this.reference(after), entity === ENTITY.site ? unknownSite : unknownLocation));
      } else if (before.name !== after.name) {
        items.push(renameReference(this.tableName, customerId, sensorTarget(entity, after[field]), this.reference(after)));
      }
    }
    if (before.gatewayId !== after.gatewayId) {
      items.push(gatewaySensorCountUpdate(this.tableName, customerId, before.gatewayId, -1));
      items.push(gatewaySensorCountUpdate(this.tableName, customerId, after.gatewayId, 1));
    }
    return items;
  }

  private attach(customerId: string, record: SensorRecord): GuardedItem[] {
    return [
      ...attachReference(this.tableName, customerId, sensorTarget(ENTITY.site, record.siteId), this.reference(record), unknownSite),
      ...attachReference(this.tableName, customerId, sensorTarget(ENTITY.location, record.locationId), this.reference(record), unknownLocation),
    ];
  }

  private detach(customerId: string, record: SensorRecord): GuardedItem[] {
    return [
      ...detachReference(this.tableName, customerId, sensorTarget(ENTITY.site, record.siteId), 'SENSOR', record.id),
      ...detachReference(this.tableName, customerId, sensorTarget(ENTITY.location, record.locationId), 'SENSOR', record.id),
    ];
  }

  private reference(record: Pick<SensorRecord, 'id' | 'name'>): Reference {
    return { kind: 'SENSOR', id: record.id, name: record.name };
  }

  /** The data logging profiles' use counts (channels using each) follow the sensor's channels. */
  private profileUse(customerId: string, before: SensorRecord | undefined, after: SensorRecord | undefined): GuardedItem[] {
    const uses = new Map<string, number>();
    for (const channel of before?.channels ?? []) uses.set(channel.dataLoggingProfileId, (uses.get(channel.dataLoggingProfileId) ?? 0) - 1);
    for (const channel of after?.channels ?? []) uses.set(channel.dataLoggingProfileId, (uses.get(channel.dataLoggingProfileId) ?? 0) + 1);
    return [...uses].filter(([, delta]) => delta !== 0).map(([profileId, delta]) => dataLoggingProfileUseUpdate(this.tableName, customerId, profileId, delta));
  }

  /** Due items follow the pending changes: new ones written, dropped ones deleted. */
  private dueItems(customerId: string, before: SensorRecord, after: SensorRecord): GuardedItem[] {
    const beforeIds = new Set(before.scheduledChanges.map((change) => change.id));
    const afterIds = new Set(after.scheduledChanges.map((change) => change.id));
    return [
      ...after.scheduledChanges.filter((change) => !beforeIds.has(change.id)).map((change) => ({
        item: { Put: { TableName: this.tableName, Item: dueChangeItem(customerId, after.id, change) } },
      })),
      ...before.scheduledChanges.filter((change) => !afterIds.has(change.id)).map((change) => this.dueItemDelete(customerId, before.id, change.id)),
    ];
  }

  private dueItemDelete(customerId: string, sensorId: string, changeId: string): GuardedItem {
    return {
      item: {
        Delete: {
          TableName: this.tableName,
          Key: { pk: devicePartition(customerId, ENTITY.sensor, sensorId), sk: scheduledChangeSortKey(changeId) },
        },
      },
    };
  }

  private scheduled(caller: Caller, action: 'disable' | 'enable', at: string): StoredScheduledChange {
    return {
      id: randomUUID(), action, at, requestedBy: caller.email, requestedAt: this.clock().toISOString(),
      requestedByUserId: caller.userId, requestedByRole: caller.role,
    };
  }

  private audit(caller: Caller, customerId: string, id: string, action: AuditAction, before: SensorRecord | undefined, after: SensorRecord | undefined): GuardedItem {
    return auditPut(this.tableName, customerId, caller, ENTITY.sensor, id, action, before ? auditable(before) : undefined, after ? auditable(after) : undefined, this.clock());
  }
}

/** The audit trail records what a person would read: requesters' ids and counters are bookkeeping. */
function auditable(record: SensorRecord): Record<string, unknown> {
  const { noteCount: _notes, scheduledChanges, ...fields } = record;
  return { ...fields, scheduledChanges: scheduledChanges.map(publicChange) };
}

function publicChange(change: StoredScheduledChange): ScheduledSensorChange {
  const { requestedByUserId: _user, requestedByRole: _role, ...shown } = change;
  return shown;
}

/** The stored item of a sensor (also what the demo seed and tests write). */
export function sensorItem(customerId: string, record: SensorRecord): Record<string, unknown> {
  return {
    ...deviceKey(customerId, ENTITY.sensor, record.id),
    gsi1pk: byNamePartition(customerId, ENTITY.sensor),
    gsi1sk: byNameSortKey(record.name, record.id),
    gsi2pk: gatewaySensorsPartition(customerId, record.gatewayId),
    gsi2sk: entitySortKey(ENTITY.sensor, record.id),
    type: ENTITY.sensor,
    customerId,
    ...record,
  };
}

/** A scheduled change's due item: under the sensor's partition, filed by gsi1 under its hour. */
export function dueChangeItem(customerId: string, sensorId: string, change: ScheduledSensorChange): Record<string, unknown> {
  return {
    pk: devicePartition(customerId, ENTITY.sensor, sensorId),
    sk: scheduledChangeSortKey(change.id),
    gsi1pk: dueChangesPartition(change.at),
    gsi1sk: dueChangesSortKey(change.at, customerId, sensorId, change.id),
    type: 'ScheduledDeviceChange',
    customerId,
    deviceEntity: ENTITY.sensor,
    deviceId: sensorId,
    changeId: change.id,
    action: change.action,
    at: change.at,
  };
}

/** A sensor as first registered. */
function newSensorRecord(caller: Caller, input: SensorInput, now: string): SensorRecord {
  return {
    ...fieldsOf(input),
    id: input.id,
    registeredOn: now,
    disabled: false,
    scheduledChanges: [],
    noteCount: 0,
    createdAt: now,
    updatedAt: now,
    createdBy: caller.email,
    updatedBy: caller.email,
    version: 1,
  };
}

function fieldsOf(input: SensorInput): Pick<SensorRecord, SensorField> {
  const fields: Record<string, unknown> = {};
  for (const field of SENSOR_FIELDS) if (input[field] !== undefined) fields[field] = input[field];
  return fields as Pick<SensorRecord, SensorField>;
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : []);
const numberOr = (value: unknown, fallback: number) => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

export function toSensorRecord(item: Record<string, unknown>): SensorRecord {
  const record: Record<string, unknown> = {};
  for (const field of SENSOR_FIELDS) if (item[field] !== undefined) record[field] = item[field];
  for (const field of ['lastReset', 'disable', 'calibration'] as const) if (item[field] !== undefined) record[field] = item[field];
  const createdAt = String(item['createdAt'] ?? '');
  return {
    ...record,
    id: String(item['id']),
    name: String(item['name'] ?? item['id']),
    notificationGroupIds: strings(item['notificationGroupIds']),
    inactivityNotificationGroupIds: strings(item['inactivityNotificationGroupIds']),
    channels: Array.isArray(item['channels']) ? item['channels'] : [],
    deviceStatus: (text(item['deviceStatus']) ?? 'active') as DeviceStatus,
    registeredOn: String(item['registeredOn'] ?? createdAt),
    disabled: item['disabled'] === true,
    scheduledChanges: (Array.isArray(item['scheduledChanges']) ? item['scheduledChanges'] as StoredScheduledChange[] : [])
      .sort((a, b) => a.at.localeCompare(b.at)),
    noteCount: numberOr(item['noteCount'], 0),
    createdAt,
    updatedAt: String(item['updatedAt'] ?? createdAt),
    createdBy: String(item['createdBy'] ?? ''),
    updatedBy: String(item['updatedBy'] ?? item['createdBy'] ?? ''),
    version: numberOr(item['version'], 1),
  } as SensorRecord;
}

function toStateRecord(item: Record<string, unknown>): SensorStateRecord {
  const state: SensorStateRecord = {};
  const reading = item['reading'];
  if (typeof reading === 'object' && reading !== null && !Array.isArray(reading)) {
    state.reading = Object.fromEntries(Object.entries(reading).map(([channel, value]) => [channel, typeof value === 'number' ? value : null]));
  }
  for (const field of ['battery', 'signal', 'snr'] as const) if (typeof item[field] === 'number') state[field] = item[field];
  for (const field of ['lastCommunicated', 'lastReadingAt'] as const) if (typeof item[field] === 'string') state[field] = item[field];
  return state;
}

/** A sensor as the API gives it: its fields, and its live state with `online` computed now. */
export function sensorView(record: SensorRecord, state: SensorStateRecord | undefined, now: Date): Sensor {
  const { scheduledChanges, ...fields } = record;
  return {
    ...fields,
    scheduledChanges: scheduledChanges.map(publicChange),
    live: { ...(state ?? {}), online: isSensorOnline({ deviceModel: record.deviceModel, lastCommunicated: state?.lastCommunicated }, now) },
  };
}

/** `type` names the item's kind on the table, so the equipment's type is kept as `equipmentType`. */
function equipmentItem(key: { pk: string; sk: string }, equipment: Equipment): Record<string, unknown> {
  const { type, ...fields } = equipment;
  return { ...key, type: 'Equipment', ...(type ? { equipmentType: type } : {}), ...fields };
}

function toEquipment(item: Record<string, unknown>): Equipment {
  const equipment: Equipment = {};
  const type = text(item['equipmentType']);
  if (type !== undefined && (EQUIPMENT_TYPES as readonly string[]).includes(type)) equipment.type = type as Equipment['type'];
  const refrigerant = text(item['refrigerant']);
  if (refrigerant !== undefined && (REFRIGERANTS as readonly string[]).includes(refrigerant)) equipment.refrigerant = refrigerant as Equipment['refrigerant'];
  for (const field of ['make', 'model', 'updatedAt', 'updatedBy'] as const) {
    const value = text(item[field]);
    if (value !== undefined) equipment[field] = value;
  }
  return equipment;
}
