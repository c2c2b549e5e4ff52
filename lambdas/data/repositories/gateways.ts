import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { conflict, validationError } from '@domain/core/errors';
import { gatewayDeleteRefusal, gatewayIdOf, type GatewayDeleteRefusal, type GatewayInput } from '@domain/devices/gateway';
import { MESSAGES } from '@domain/core/messages';
import {
  alarmProfileUseMoves,
  checkedNotificationGroupUseMoves,
  defaultNotificationGroupOf,
  attachReference,
  auditEntryPut,
  claimUnique,
  createPut,
  deletedDeviceTimerPut,
  detachReference,
  deviceConfigVersionBump,
  deviceFileKey,
  entityHistoryNewestFirst,
  entityHistoryPartition,
  GATEWAY_FIELDS,
  gatewayKey,
  gatewayPut,
  gatewayUpdate,
  gatewaysByName,
  gatewayStateKey,
  queryAll,
  queryPage,
  readByIds,
  releaseUnique,
  renameReference,
  runTransaction,
  sensorsByGateway,
  toGatewayRecord,
  toAuditEntry,
  toGatewayState,
  toSensorRecord,
  unknownLocation,
  unknownSite,
  type AuditAction,
  type AuditEntry,
  type GatewayField,
  type SensorRecord,
  type GatewayRecord,
  type GatewayStateRecord,
  type GuardedItem,
  type PageRequest,
  type Reference,
  type ReferenceTarget,
  versionedUpdate,
  ENTITY,
} from '..';
import type { Caller } from '../../shared/caller';
import { deviceDeletes } from '../device-config';

// The gateway's keys, item, decoders and the sensors' counter on it live in the data layer (lambdas/data/entities/gateway.ts).
export {
  gatewayItem, gatewayListPartition, gatewaySensorCountUpdate, gatewaySensorsPartition, toGatewayRecord, unknownGateway, unknownSite,
  type GatewayRecord, type GatewayStateRecord,
} from '..';

/** A sensor configuration item, as far as the gateway's tabs read it. */
export interface SensorOnGateway {
  id: string;
  name: string;
  deviceModel?: string;
  siteId?: string;
  isActive?: boolean;
  /** Its channels and contact labels, so the Data tab reads its values as the sensor's own pages do. */
  channels: Pick<SensorRecord['channels'][number], 'channel' | 'sensorType' | 'sensorSubType'>[];
  openLabel?: string;
  closeLabel?: string;
}

/** The refusal of a delete, with the parts a browser needs to say it in its language. */
export class GatewayInUseError extends Error {
  constructor(readonly refusal: GatewayDeleteRefusal) {
    super(refusal.message);
    this.name = 'GatewayInUseError';
  }
}

/** The fields of a validated input as stored: empty optional ones left out. */
function fieldsOf(input: GatewayInput): Pick<GatewayRecord, GatewayField> {
  return {
    name: input.name,
    model: input.model,
    macId: input.macId,
    eui: input.eui,
    locationIds: input.locationIds,
    siteId: input.siteId,
    ...(input.alarmProfileId ? { alarmProfileId: input.alarmProfileId } : {}),
    ...(input.notificationGroupId ? { notificationGroupId: input.notificationGroupId } : {}),
    notes: input.notes,
    imageFileIds: input.imageFileIds,
    ...(input.position ? { position: input.position } : {}),
    isActive: input.isActive,
  };
}

/** What the audit trail keeps of a gateway: its own fields, not the counters others keep. */
function audited(record: GatewayRecord): Record<string, unknown> {
  const { sensorCount: _sensors, noteCount: _notes, ...fields } = record;
  return fields;
}

/**
 * Gateways on the single table (docs/data-model.md "Gateways"). The id is the EUI, so the
 * configuration item's own key refuses a second gateway with that EUI; a marker does the same
 * for the MAC id. A gateway is attached to its site and each of its locations by references,
 * written in its own transactions with its audit entry, its alarm profile's gateway count
 * and the organisation's device configuration version (the ingest's cache watches it). Updates SET only the fields of the
 * form (never a whole-item Put), so the counters other stores ADD are never overwritten.
 */
export class GatewayStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async find(customerId: string, id: string): Promise<GatewayRecord | undefined> {
    const result = await this.client.send(new GetCommand({ ...gatewayKey(this.tableName, customerId, id), ConsistentRead: true }));
    return result.Item && result.Item['type'] === ENTITY.gateway ? toGatewayRecord(result.Item) : undefined;
  }

  async findMany(customerId: string, ids: readonly string[]): Promise<GatewayRecord[]> {
    const found = await readByIds(this.client, this.tableName, customerId, gatewayKey, ids);
    return [...found.values()].filter((item) => item['type'] === ENTITY.gateway).map(toGatewayRecord);
  }

  /** One page of the active (or inactive) gateways, by name. */
  list(customerId: string, isActive: boolean, page: PageRequest): Promise<{ items: GatewayRecord[]; nextCursor?: string }> {
    return queryPage(this.client, gatewaysByName(this.tableName, customerId, isActive), page, toGatewayRecord);
  }

  /** The live state items of these gateways, by id (the ingest writes them). */
  async states(customerId: string, ids: readonly string[]): Promise<Map<string, GatewayStateRecord>> {
    const found = await readByIds(this.client, this.tableName, customerId, gatewayStateKey, ids);
    return new Map([...found].map(([id, item]) => [id, toGatewayState(item)]));
  }

  /** The sensor configuration items on a gateway (gsi2, written by the sensors store). */
  async sensors(customerId: string, gatewayId: string): Promise<SensorOnGateway[]> {
    const records = await queryAll(this.client, sensorsByGateway(this.tableName, customerId, gatewayId), toSensorRecord);
    return records
      .filter((record) => record.gatewayId === gatewayId)
      .map((record) => ({
        id: record.id,
        name: record.name,
        ...(record.deviceModel !== undefined ? { deviceModel: record.deviceModel } : {}),
        ...(record.siteId !== undefined ? { siteId: record.siteId } : {}),
        isActive: record.deviceStatus !== 'inactive' && !record.disabled,
        channels: record.channels.map(({ channel, sensorType, sensorSubType }) => ({ channel, sensorType, sensorSubType })),
        ...(record.openLabel !== undefined ? { openLabel: record.openLabel } : {}),
        ...(record.closeLabel !== undefined ? { closeLabel: record.closeLabel } : {}),
      }))
      .sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }));
  }

  /** One page of a gateway's audit trail, newest first. */
  history(customerId: string, id: string, page: PageRequest): Promise<{ items: AuditEntry[]; nextCursor?: string }> {
    return queryPage(this.client, entityHistoryNewestFirst(this.tableName, customerId, ENTITY.gateway, id), page, toAuditEntry);
  }

  historyPartition(customerId: string, id: string): string {
    return entityHistoryPartition(customerId, ENTITY.gateway, id);
  }

  async create(caller: Caller, customerId: string, input: GatewayInput): Promise<GatewayRecord> {
    // A gateway naming no notification group gets its site's default group (docs/decisions/0067-notification-groups.md).
    const notificationGroupId = input.notificationGroupId ?? await defaultNotificationGroupOf(this.client, this.tableName, customerId, input.siteId);
    const now = this.clock().toISOString();
    const record: GatewayRecord = {
      ...fieldsOf({ ...input, ...(notificationGroupId === undefined ? {} : { notificationGroupId }) }),
      id: gatewayIdOf(input.eui),
      sensorCount: 0,
      noteCount: 0,
      createdAt: now,
      updatedAt: now,
      createdBy: caller.email,
      updatedBy: caller.email,
      version: 1,
    };
    // A new gateway has no files yet, so it cannot show uploaded images.
    if (record.imageFileIds.length > 0) throw validationError(MESSAGES.gatewayImageUnknown, { imageFileIds: MESSAGES.gatewayImageUnknown });
    const items: GuardedItem[] = [
      createPut(gatewayPut(this.tableName, customerId, record), () => conflict(MESSAGES.gatewayAlreadyAdded)),
      this.claimMac(customerId, record.macId, record.id),
      ...this.attach(customerId, { entity: ENTITY.site, id: record.siteId }, record),
      ...record.locationIds.flatMap((locationId) => this.attach(customerId, { entity: ENTITY.location, id: locationId }, record)),
      ...this.alarmProfileUse(customerId, undefined, record),
      ...(await this.notificationGroupUse(customerId, undefined, record)),
      deviceConfigVersionBump(this.tableName, customerId),
      this.audit(caller, customerId, record.id, 'create', undefined, record),
    ];
    await runTransaction(this.client, items);
    return record;
  }

  /** Replaces the form's fields (PUT): an optional one left out is cleared. The EUI (the id) stays. */
  async update(caller: Caller, customerId: string, before: GatewayRecord, input: GatewayInput): Promise<GatewayRecord> {
    if (input.eui !== before.eui) throw validationError(MESSAGES.gatewayEuiFixed, { eui: MESSAGES.gatewayEuiFixed });
    const fields = fieldsOf(input);
    const changed = GATEWAY_FIELDS.filter((field) => JSON.stringify(before[field]) !== JSON.stringify(fields[field]));
    if (changed.length === 0) return before;
    const id = before.id;
    // The form's fields come from `fields` only, so a cleared optional one is gone.
    const kept = Object.fromEntries(Object.entries(before).filter(([field]) => !(GATEWAY_FIELDS as readonly string[]).includes(field)));
    const after = {
      ...kept,
      ...fields,
      updatedAt: this.clock().toISOString(),
      updatedBy: caller.email,
      version: before.version + 1,
    } as GatewayRecord;
    // The entity sets the gsi1 keys a new name or activity moves.
    const items: GuardedItem[] = [
      versionedUpdate(gatewayUpdate(this.tableName, customerId, id, {
        ...Object.fromEntries(changed.map((field) => [field, fields[field]])),
        updatedAt: after.updatedAt,
        updatedBy: after.updatedBy,
        version: after.version,
      }), before.version),
    ];
    if (after.macId !== before.macId) items.push(this.claimMac(customerId, after.macId, id), this.releaseMac(customerId, before.macId));
    items.push(...this.moveReferences(customerId, before, after));
    items.push(...this.imagesExist(customerId, id, after.imageFileIds.filter((fileId) => !before.imageFileIds.includes(fileId))));
    items.push(...this.alarmProfileUse(customerId, before, after));
    items.push(...(await this.notificationGroupUse(customerId, before, after)));
    items.push(deviceConfigVersionBump(this.tableName, customerId));
    items.push(this.audit(caller, customerId, id, 'update', before, after));
    await runTransaction(this.client, items);
    return after;
  }

  /**
   * Deletes a gateway, refused while it has sensors or notes (SPEC section 8). The delete is
   * conditioned on both counters being 0, so a sensor or a note added meanwhile stops it too.
   */
  async delete(caller: Caller, customerId: string, before: GatewayRecord): Promise<void> {
    const refusal = gatewayDeleteRefusal(before);
    if (refusal !== undefined) throw new GatewayInUseError(refusal);
    const items: GuardedItem[] = [
      ...deviceDeletes(this.tableName, customerId, ENTITY.gateway, before, ['sensorCount', 'noteCount']),
      this.releaseMac(customerId, before.macId),
      ...detachReference(this.tableName, customerId, { entity: ENTITY.site, id: before.siteId }, 'GATEWAY', before.id),
      ...before.locationIds.flatMap((locationId) => detachReference(this.tableName, customerId, { entity: ENTITY.location, id: locationId }, 'GATEWAY', before.id)),
      ...this.alarmProfileUse(customerId, before, undefined),
      ...(await this.notificationGroupUse(customerId, before, undefined)),
      deletedDeviceTimerPut(this.tableName, { customerId, deviceType: 'GATEWAY', deviceId: before.id }, this.clock().getTime()),
      deviceConfigVersionBump(this.tableName, customerId),
      this.audit(caller, customerId, before.id, 'delete', before, undefined),
    ];
    try {
      await runTransaction(this.client, items);
    } catch (error) {
      // A sensor or a note may have arrived since the read: say so rather than "changed by someone else".
      const now = await this.find(customerId, before.id);
      const refusalNow = now === undefined ? undefined : gatewayDeleteRefusal(now);
      if (refusalNow !== undefined) throw new GatewayInUseError(refusalNow);
      throw error;
    }
  }

  private moveReferences(customerId: string, before: GatewayRecord, after: GatewayRecord): GuardedItem[] {
    const items: GuardedItem[] = [];
    const renamed = after.name !== before.name;
    const site = (id: string): ReferenceTarget => ({ entity: ENTITY.site, id });
    const location = (id: string): ReferenceTarget => ({ entity: ENTITY.location, id });
    if (after.siteId !== before.siteId) {
      items.push(...detachReference(this.tableName, customerId, site(before.siteId), 'GATEWAY', before.id));
      items.push(...this.attach(customerId, site(after.siteId), after));
    } else if (renamed) {
      items.push(renameReference(this.tableName, customerId, site(after.siteId), this.reference(after)));
    }
    for (const locationId of after.locationIds) {
      if (!before.locationIds.includes(locationId)) items.push(...this.attach(customerId, location(locationId), after));
      else if (renamed) items.push(renameReference(this.tableName, customerId, location(locationId), this.reference(after)));
    }
    for (const locationId of before.locationIds) {
      if (!after.locationIds.includes(locationId)) items.push(...detachReference(this.tableName, customerId, location(locationId), 'GATEWAY', before.id));
    }
    return items;
  }

  /** Each newly shown image must be an uploaded image file of this gateway, still there when the update lands. */
  private imagesExist(customerId: string, gatewayId: string, fileIds: readonly string[]): GuardedItem[] {
    return fileIds.map((fileId) => ({
      item: {
        ConditionCheck: {
          TableName: this.tableName,
          Key: deviceFileKey(this.tableName, customerId, ENTITY.gateway, gatewayId, fileId).Key,
          ConditionExpression: 'attribute_exists(pk) AND #kind = :image AND #status = :uploaded',
          ExpressionAttributeNames: { '#kind': 'kind', '#status': 'status' },
          ExpressionAttributeValues: { ':image': 'image', ':uploaded': 'uploaded' },
        },
      },
      onConditionFailed: () => validationError(MESSAGES.gatewayImageUnknown, { imageFileIds: MESSAGES.gatewayImageUnknown }),
    }));
  }

  /** The alarm profile's gateway count follows the gateway: the profile it names must exist (a missing one is refused). */
  private alarmProfileUse(customerId: string, before: GatewayRecord | undefined, after: GatewayRecord | undefined): GuardedItem[] {
    return alarmProfileUseMoves(this.tableName, customerId, 'gateway', before?.alarmProfileId, after?.alarmProfileId);
  }

  /** The notification group's gateway count follows the gateway: the group it names must exist (a missing one is refused). */
  private notificationGroupUse(customerId: string, before: GatewayRecord | undefined, after: GatewayRecord | undefined): Promise<GuardedItem[]> {
    const idsOf = (gateway: GatewayRecord | undefined) => (gateway?.notificationGroupId === undefined ? [] : [gateway.notificationGroupId]);
    return checkedNotificationGroupUseMoves(this.client, this.tableName, customerId, 'gateway', idsOf(before), idsOf(after));
  }

  private reference(gateway: Pick<GatewayRecord, 'id' | 'name'>): Reference {
    return { kind: 'GATEWAY', id: gateway.id, name: gateway.name };
  }

  private attach(customerId: string, target: ReferenceTarget, gateway: GatewayRecord): GuardedItem[] {
    return attachReference(this.tableName, customerId, target, this.reference(gateway), target.entity === ENTITY.site ? unknownSite : unknownLocation);
  }

  private claimMac(customerId: string, macId: string, ownerId: string): GuardedItem {
    return claimUnique(this.tableName, { customerId, entityType: ENTITY.gateway, field: 'macId', value: macId }, ownerId, MESSAGES.gatewayAlreadyAdded);
  }

  private releaseMac(customerId: string, macId: string): GuardedItem {
    return releaseUnique(this.tableName, { customerId, entityType: ENTITY.gateway, field: 'macId', value: macId });
  }

  private audit(caller: Caller, customerId: string, id: string, action: AuditAction, before: GatewayRecord | undefined, after: GatewayRecord | undefined): GuardedItem {
    return auditEntryPut(this.tableName, {
      customerId, caller, entityType: ENTITY.gateway, entityId: id, action,
      before: before ? audited(before) : undefined, after: after ? audited(after) : undefined, now: this.clock(),
    });
  }
}
