import { randomUUID } from 'node:crypto';
import { DeleteCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
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
import { liveStateWithReading, type NewestReading } from '@domain/telemetry/telemetry-state';
import type { Equipment, EquipmentInput } from '@domain/devices/equipment';
import { MESSAGES } from '@domain/core/messages';
import {
  isSensorOnline,
  sensorDeleteRefusal,
  type DeviceStatus,
  type ScheduledSensorChange,
  type Sensor,
  type SensorDeleteRefusal,
  type SensorInput,
} from '@domain/devices/sensor';
import { sensorGroupIdsOf } from '@domain/notifications/notification-group';
import {
  alarmProfileUseMoves,
  alarmProfileUseUpdate,
  checkedNotificationGroupUseMoves,
  defaultNotificationGroupOf,
  notificationGroupUseMoves,
  auditEntryPut,
  batchGet,
  createPut,
  dataLoggingProfileUseUpdate,
  deviceConfigVersionBump,
  entityHistoryNewestFirst,
  entityHistoryPartition,
  equipmentKey,
  calibrationKey,
  gatewaySensorCountUpdate,
  plainDelete,
  deletedDeviceTimerPut,
  plainPut,
  partitionOf,
  queryPage,
  referencesOf,
  runTransaction,
  scheduledChangeKey,
  scheduledChangePut,
  SENSOR_FIELDS,
  sensorKey,
  sensorPartition,
  sensorPut,
  sensorsByGateway,
  sensorLiveStates,
  sensorStateKey,
  sensorUpdate,
  toAuditEntry,
  toSensorRecord,
  toSensorState,
  type AuditAction,
  type AuditEntry,
  type GuardedItem,
  type KeyParams,
  type QueryParams,
  type SensorField,
  type SensorRecord,
  type SensorStateRecord,
  type StoredScheduledChange,
  versionedUpdate,
  ENTITY,
} from '..';
import { unknownLocation, unknownSite } from '..';
import type { Caller } from '../../shared/caller';
import { encodeCursor, type PageRequest } from '../../shared/pagination';
import { attachReference, attachReferences, detachReference, renameReference, type Reference, type ReferenceTarget } from '..';
import { deviceDeletes } from '../device-config';
import { SensorEquipment } from './sensor-equipment';
import { listedNewestReadings } from '../newest-readings';

export { SENSOR_FIELDS, sensorItem, toSensorRecord, dueChangeItem, type SensorRecord, type SensorStateRecord, type StoredScheduledChange } from '..';

/**
 * At most this many sensors are added in one transaction (`createMany`): four items each (the
 * sensor, its two references, its audit entry) and the shared counts and the organisation's
 * device configuration version once, within DynamoDB's 100 items a transaction.
 */
export const SENSORS_PER_TRANSACTION = 20;


/** A sensor that may not be deleted yet (it has notes): the refusal the API answers with, 409. */
export class SensorInUseError extends Error {
  constructor(readonly refusal: SensorDeleteRefusal) {
    super(refusal.message);
    this.name = 'SensorInUseError';
  }
}

/** Fields this store writes on the configuration item; everything else on it (counters) belongs to others. */
type OwnedField = SensorField | 'disabled' | 'disable' | 'scheduledChanges' | 'calibration';

export interface SensorListFilters {
  siteId?: string;
  locationId?: string;
  gatewayId?: string;
  /** Keeps the sensors this returns true for (status filters, the access layer). */
  keep?: (sensor: Sensor) => boolean;
}

/** A keyed read of sensor ids in id order, and the start key after a sensor's sort key `SENSOR#<id>`. */
interface KeyedSource {
  params: QueryParams;
  startKeyOf: (sk: string) => Record<string, unknown>;
}

const sensorTarget = (entity: typeof ENTITY.site | typeof ENTITY.location, id: string): ReferenceTarget => ({ entity, id });

/**
 * Sensors on the single table (docs/data-model.md "Sensors"). The configuration item is
 * `SENSOR#<id>` in the organisation's sensor partition, created only if absent (the id is the
 * device's own, so "already added" is that condition); the ingest keeps the live state beside
 * it (`SENSOR#<id>#STATE`), so one Query lists both. Each write, in one transaction: the item
 * (updated field by field, never replaced, since others ADD counters on it), its references on
 * its site and location, its gateway's sensor count, its data logging profiles' use counts,
 * its alarm profile's sensor count, the organisation's device configuration version (the ingest's cache watches it), and its
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
    return sensorPartition(customerId);
  }

  /** A sensor's configuration and live state: one consistent Query of exactly those two items. */
  async find(customerId: string, id: string): Promise<{ record: SensorRecord; state: SensorStateRecord | undefined } | undefined> {
    // Device ids are letters and digits: anything else (a `#` in a path) names no sensor.
    if (!DEVICE_ID_CHARACTERS.test(id)) return undefined;
    const { Key: key } = sensorKey(this.tableName, customerId, id);
    const result = await this.client.send(new QueryCommand({
      TableName: this.tableName,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :config AND :state',
      ExpressionAttributeValues: { ':pk': key['pk'], ':config': key['sk'], ':state': sensorStateKey(this.tableName, customerId, id).Key['sk'] },
      ConsistentRead: true,
    }));
    const items = result.Items ?? [];
    const config = items.find((item) => item['sk'] === key['sk']);
    if (config === undefined) return undefined;
    const state = items.find((item) => item['sk'] !== key['sk']);
    // The state item with the sensor's newest reading on top (docs/decisions/0055-a-reading-costs-one-write.md).
    const live = await sensorLiveStates(this.client, this.tableName, customerId, new Map([[id, state ? toSensorState(state) : undefined]]));
    return { record: toSensorRecord(config), state: live.get(id) };
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
    const keyed = this.keyedSource(customerId, filters);
    if (keyed !== undefined) return this.keyedPage(customerId, page, filters, keyed);
    const now = this.clock();
    const pk = this.partition(customerId);
    const kept: Sensor[] = [];
    let startKey = page.startKey;
    let pending: { record: SensorRecord; key: Record<string, unknown> } | undefined;
    let lastKey: Record<string, unknown> | undefined;
    // Each page's sensors' newest readings, read with the page: they go on top of the state items.
    const newest = new Map<string, NewestReading>();
    const consider = (record: SensorRecord, stored: SensorStateRecord | undefined, key: Record<string, unknown>) => {
      const state = liveStateWithReading(stored, newest.get(record.id));
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
      // Each sensor's id, gateway and connection as stored (the records are decoded below, once).
      const listed = (result.Items ?? []).filter((item) => /^SENSOR#[A-Z0-9]+$/.test(String(item['sk'])))
        .map((item) => ({ id: String(item['id']), gatewayId: optionalText(item['gatewayId']), connectionType: optionalText(item['connectionType']) }));
      // From the gateways' batch items (docs/decisions/0081-newest-readings-for-the-sensor-list.md), a Query per sensor for the rest.
      for (const [id, reading] of await listedNewestReadings(this.client, this.tableName, customerId, listed, { now })) newest.set(id, reading);
      let full = false;
      for (const item of result.Items ?? []) {
        const sk = String(item['sk']);
        const itemKey = { pk: item['pk'], sk: item['sk'] };
        if (sk.endsWith('#STATE')) {
          if (pending !== undefined && sk === `SENSOR#${pending.record.id}#STATE`) {
            consider(pending.record, toSensorState(item), itemKey);
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

  /**
   * The keyed read of a filtered list, in id order like the partition: a site's or location's
   * references to its sensors (`SENSOR#<id>`), or the gateway's sensors on gsi2; undefined
   * when no filter names one. A page's cursor is the last sensor's own key either way, so it
   * is checked against the sensor partition like an unfiltered one.
   */
  private keyedSource(customerId: string, filters: SensorListFilters): KeyedSource | undefined {
    const byReferences = (entity: typeof ENTITY.site | typeof ENTITY.location, id: string): KeyedSource => {
      // The entity's query of the target's sensors, read as it always was (not consistently).
      const { ConsistentRead: _consistent, ...params } = referencesOf(this.tableName, customerId, { entity, id }, 'SENSOR');
      const pk = partitionOf(params);
      return {
        params,
        startKeyOf: (sk) => ({ pk, sk }),
      };
    };
    if (filters.siteId !== undefined) return byReferences(ENTITY.site, filters.siteId);
    if (filters.locationId !== undefined) return byReferences(ENTITY.location, filters.locationId);
    if (filters.gatewayId !== undefined) {
      const params = sensorsByGateway(this.tableName, customerId, filters.gatewayId);
      const gsi2pk = params.ExpressionAttributeValues?.[':pk'];
      return { params, startKeyOf: (sk) => ({ pk: this.partition(customerId), sk, gsi2pk, gsi2sk: sk }) };
    }
    return undefined;
  }

  /** A page of a keyed read: each page of ids read with its sensors and states (one batch get), filtered as today. */
  private async keyedPage(customerId: string, page: PageRequest, filters: SensorListFilters, source: KeyedSource): Promise<{ items: Sensor[]; nextCursor?: string }> {
    const now = this.clock();
    const kept: Sensor[] = [];
    let lastId: string | undefined;
    let startKey = page.startKey === undefined ? undefined : source.startKeyOf(String(page.startKey['sk']));
    for (;;) {
      const result = await this.client.send(new QueryCommand({
        ...source.params,
        // One more than wanted, to know whether another page follows; room for filtered ones.
        Limit: Math.min(Math.max(page.limit - kept.length + 1, 25), 100),
        ...(startKey ? { ExclusiveStartKey: startKey } : {}),
      }));
      const ids = (result.Items ?? []).map((item) => item['id']).filter((id): id is string => typeof id === 'string');
      const found = await this.readMany(customerId, ids);
      for (const id of ids) {
        if (kept.length >= page.limit) return { items: kept, ...this.cursorAfter(customerId, lastId) };
        const sensor = found.get(id);
        if (sensor === undefined) continue;
        const { record, state } = sensor;
        if (filters.siteId !== undefined && record.siteId !== filters.siteId) continue;
        if (filters.locationId !== undefined && record.locationId !== filters.locationId) continue;
        if (filters.gatewayId !== undefined && record.gatewayId !== filters.gatewayId) continue;
        const view = sensorView(record, state, now);
        if (filters.keep && !filters.keep(view)) continue;
        kept.push(view);
        lastId = id;
      }
      startKey = result.LastEvaluatedKey;
      if (startKey === undefined) return { items: kept };
    }
  }

  private cursorAfter(customerId: string, lastId: string | undefined): { nextCursor?: string } {
    if (lastId === undefined) return {};
    const nextCursor = encodeCursor(sensorKey(this.tableName, customerId, lastId).Key);
    return nextCursor ? { nextCursor } : {};
  }

  /** These sensors' configuration and state items (one consistent batch get), by id; absent ids are left out. */
  private async readMany(customerId: string, ids: readonly string[]): Promise<Map<string, { record: SensorRecord; state: SensorStateRecord | undefined }>> {
    const keys = ids.flatMap((id) => [sensorKey(this.tableName, customerId, id).Key, sensorStateKey(this.tableName, customerId, id).Key]);
    const items = keys.length === 0 ? [] : await batchGet(this.client, this.tableName, keys);
    const bySortKey = new Map(items.map((item) => [String(item['sk']), item]));
    const found = new Map<string, { record: SensorRecord; state: SensorStateRecord | undefined }>();
    for (const id of ids) {
      const config = bySortKey.get(String(sensorKey(this.tableName, customerId, id).Key['sk']));
      if (config === undefined) continue;
      const state = bySortKey.get(String(sensorStateKey(this.tableName, customerId, id).Key['sk']));
      found.set(id, { record: toSensorRecord(config), state: state ? toSensorState(state) : undefined });
    }
    // The state items with each sensor's newest reading on top (docs/decisions/0081-newest-readings-for-the-sensor-list.md).
    const newest = await listedNewestReadings(this.client, this.tableName, customerId, [...found.values()].map(({ record }) => record), { now: this.clock() });
    for (const [id, sensor] of found) sensor.state = liveStateWithReading(sensor.state, newest.get(id));
    return found;
  }

  /** Adds a sensor (the placement checks are the caller's: site access, site on location, gateway on site). */
  async create(caller: Caller, customerId: string, input: SensorInput): Promise<SensorRecord> {
    const [withGroups] = await this.withDefaultGroup(customerId, [input]);
    const record = newSensorRecord(caller, withGroups ?? input, this.clock().toISOString());
    const items: GuardedItem[] = [
      createPut(sensorPut(this.tableName, customerId, record), () => conflict(MESSAGES.sensorAlreadyAdded)),
      ...this.attach(customerId, record),
      gatewaySensorCountUpdate(this.tableName, customerId, record.gatewayId, 1),
      ...this.profileUse(customerId, undefined, record),
      ...this.alarmProfileUse(customerId, undefined, record),
      ...(await this.notificationGroupUse(customerId, undefined, record)),
      deviceConfigVersionBump(this.tableName, customerId),
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
   * Adds sensors of one placement (site, location, gateway) and alarm profile together, all or
   * none, in one transaction (Quick Register): each one's item, references and audit entry, and
   * the counts they share (the site's and location's references, the gateway's sensors, the
   * profiles' uses) added once for all, so the batch neither writes nor contends on them per sensor.
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
    // One alarm profile's count for the batch, so a full one stays within DynamoDB's 100 items.
    if (inputs.some((input) => input.alarmProfileId !== first.alarmProfileId)) throw new Error('Sensors added together share their alarm profile');
    // Their notification groups too: each group's count once for the batch.
    if (inputs.some((input) => JSON.stringify(sensorGroupIdsOf(input)) !== JSON.stringify(sensorGroupIdsOf(first)))) {
      throw new Error('Sensors added together share their notification groups');
    }
    const now = this.clock().toISOString();
    const records = (await this.withDefaultGroup(customerId, inputs)).map((input) => newSensorRecord(caller, input, now));
    const references = records.map((record) => this.reference(record));
    const profileUses = new Map<string, number>();
    for (const channel of records.flatMap((record) => record.channels)) {
      profileUses.set(channel.dataLoggingProfileId, (profileUses.get(channel.dataLoggingProfileId) ?? 0) + 1);
    }
    await runTransaction(this.client, [
      ...records.map((record) => createPut(sensorPut(this.tableName, customerId, record), () => conflict(MESSAGES.sensorAlreadyAdded))),
      ...attachReferences(this.tableName, customerId, sensorTarget(ENTITY.site, first.siteId), references, unknownSite),
      ...attachReferences(this.tableName, customerId, sensorTarget(ENTITY.location, first.locationId), references, unknownLocation),
      gatewaySensorCountUpdate(this.tableName, customerId, first.gatewayId, records.length),
      ...[...profileUses].map(([profileId, uses]) => dataLoggingProfileUseUpdate(this.tableName, customerId, profileId, uses)),
      ...(first.alarmProfileId === undefined ? [] : [alarmProfileUseUpdate(this.tableName, customerId, first.alarmProfileId, 'sensor', records.length)]),
      ...notificationGroupUseMoves(this.tableName, customerId, 'sensor', [], sensorGroupIdsOf(records[0]), records.length),
      deviceConfigVersionBump(this.tableName, customerId),
      ...records.map((record) => this.audit(caller, customerId, record.id, 'create', undefined, record)),
    ]);
    return records;
  }

  /** The site of each of these ids that is already a sensor of the organisation (a consistent batch read). */
  async existingSites(customerId: string, ids: readonly string[]): Promise<Map<string, string>> {
    const unique = [...new Set(ids)].filter((id) => DEVICE_ID_CHARACTERS.test(id));
    const keys = unique.map((id) => sensorKey(this.tableName, customerId, id).Key);
    const items = await batchGet(this.client, this.tableName, keys, { projection: 'id, siteId' });
    return new Map(items.map((item) => [String(item['id']), String(item['siteId'])]));
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
      ...this.alarmProfileUse(customerId, before, undefined),
      ...(await this.notificationGroupUse(customerId, before, undefined)),
      ...before.scheduledChanges.map((change) => this.dueItemDelete(customerId, before.id, change.id)),
      deletedDeviceTimerPut(this.tableName, { customerId, deviceType: 'SENSOR', deviceId: before.id }, this.clock().getTime()),
      deviceConfigVersionBump(this.tableName, customerId),
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

  /** The equipment the sensor watches (an empty record until it is saved): lambdas/data/repositories/sensor-equipment.ts. */
  equipment(customerId: string, sensorId: string): Promise<Equipment> {
    return new SensorEquipment(this.client, this.tableName, this.clock).get(customerId, sensorId);
  }

  /** Saves the equipment (every field replaced), with the sensor's history entry; the sensor must still be there. */
  setEquipment(caller: Caller, customerId: string, sensor: SensorRecord, input: EquipmentInput): Promise<Equipment> {
    return new SensorEquipment(this.client, this.tableName, this.clock).set(caller, customerId, sensor.id, input);
  }

  /** Removes a deleted sensor's equipment. */
  deleteEquipment(customerId: string, sensorId: string): Promise<void> {
    return this.deleteOwnItem(equipmentKey(this.tableName, customerId, sensorId));
  }

  /** Removes one of a deleted sensor's calibrations (its certificate is the caller's). */
  deleteCalibration(customerId: string, sensorId: string, calibrationId: string): Promise<void> {
    return this.deleteOwnItem(calibrationKey(this.tableName, customerId, sensorId, calibrationId));
  }

  private async deleteOwnItem(key: KeyParams): Promise<void> {
    await this.client.send(new DeleteCommand(key));
  }

  /** One page of a sensor's audit trail, newest first. */
  history(customerId: string, id: string, page: PageRequest): Promise<{ items: AuditEntry[]; nextCursor?: string }> {
    return queryPage(this.client, entityHistoryNewestFirst(this.tableName, customerId, ENTITY.sensor, id), page, toAuditEntry);
  }

  historyPartition(customerId: string, id: string): string {
    return entityHistoryPartition(customerId, ENTITY.sensor, id);
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
    // The entity sets the gsi1 and gsi2 keys a new name or gateway moves (REMOVE gsi2pk with the gateway).
    const update = versionedUpdate(sensorUpdate(this.tableName, customerId, before.id, {
      ...Object.fromEntries(changed.map((field) => [field, changes[field]])),
      updatedAt: next.updatedAt,
      updatedBy: next.updatedBy,
      version: next.version,
    }), before.version);
    const items: GuardedItem[] = [
      update,
      ...this.moves(customerId, before, next),
      ...this.profileUse(customerId, before, next),
      ...this.alarmProfileUse(customerId, before, next),
      ...(await this.notificationGroupUse(customerId, before, next)),
      ...this.dueItems(customerId, before, next),
      ...withItems,
      deviceConfigVersionBump(this.tableName, customerId),
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

  /** The alarm profile's sensor count follows the sensor: the profile it names must exist (a missing one is refused). */
  private alarmProfileUse(customerId: string, before: SensorRecord | undefined, after: SensorRecord | undefined): GuardedItem[] {
    return alarmProfileUseMoves(this.tableName, customerId, 'sensor', before?.alarmProfileId, after?.alarmProfileId);
  }

  /**
   * The notification groups' sensor counts follow the sensor (a group named for alarms and for
   * inactivity counted once): each group it names must exist (a missing one is refused).
   */
  private notificationGroupUse(customerId: string, before: SensorRecord | undefined, after: SensorRecord | undefined): Promise<GuardedItem[]> {
    return checkedNotificationGroupUseMoves(this.client, this.tableName, customerId, 'sensor', sensorGroupIdsOf(before), sensorGroupIdsOf(after));
  }

  /**
   * New sensors naming no notification group get their site's default group, for alarms and
   * inactivity (docs/decisions/0067-notification-groups.md). Sensors added together share a site.
   */
  private async withDefaultGroup(customerId: string, inputs: readonly SensorInput[]): Promise<SensorInput[]> {
    const bare = (input: SensorInput) => sensorGroupIdsOf(input).length === 0;
    const first = inputs[0];
    if (first === undefined || !inputs.some(bare)) return [...inputs];
    const groupId = await defaultNotificationGroupOf(this.client, this.tableName, customerId, first.siteId);
    if (groupId === undefined) return [...inputs];
    return inputs.map((input) => (bare(input) ? { ...input, notificationGroupIds: [groupId], inactivityNotificationGroupIds: [groupId] } : input));
  }

  /** Due items follow the pending changes: new ones written, dropped ones deleted. */
  private dueItems(customerId: string, before: SensorRecord, after: SensorRecord): GuardedItem[] {
    const beforeIds = new Set(before.scheduledChanges.map((change) => change.id));
    const afterIds = new Set(after.scheduledChanges.map((change) => change.id));
    return [
      ...after.scheduledChanges.filter((change) => !beforeIds.has(change.id)).map((change) => plainPut(scheduledChangePut(this.tableName, customerId, after.id, change))),
      ...before.scheduledChanges.filter((change) => !afterIds.has(change.id)).map((change) => this.dueItemDelete(customerId, before.id, change.id)),
    ];
  }

  private dueItemDelete(customerId: string, sensorId: string, changeId: string): GuardedItem {
    return plainDelete(scheduledChangeKey(this.tableName, customerId, sensorId, changeId));
  }

  private scheduled(caller: Caller, action: 'disable' | 'enable', at: string): StoredScheduledChange {
    return {
      id: randomUUID(), action, at, requestedBy: caller.email, requestedAt: this.clock().toISOString(),
      requestedByUserId: caller.userId, requestedByRole: caller.role,
    };
  }

  private audit(caller: Caller, customerId: string, id: string, action: AuditAction, before: SensorRecord | undefined, after: SensorRecord | undefined): GuardedItem {
    return auditEntryPut(this.tableName, {
      customerId, caller, entityType: ENTITY.sensor, entityId: id, action,
      before: before ? auditable(before) : undefined, after: after ? auditable(after) : undefined, now: this.clock(),
    });
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

const optionalText = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** A sensor as the API gives it: its fields, and its live state with `online` computed now. */
export function sensorView(record: SensorRecord, state: SensorStateRecord | undefined, now: Date): Sensor {
  const { scheduledChanges, ...fields } = record;
  return {
    ...fields,
    scheduledChanges: scheduledChanges.map(publicChange),
    live: { ...(state ?? {}), online: isSensorOnline({ deviceModel: record.deviceModel, lastReadingAt: state?.lastReadingAt }, now) },
  };
}
