import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { validationError } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import { accountIdsOf, type NotificationGroupFields } from '@domain/notifications/notification-group';
import type { Caller } from '../../shared/caller';
import {
  accountKeyParams,
  assignGroupToSiteDevices,
  defaultGroupMarkerMoves,
  NamedRecordStore,
  NOTIFICATION_GROUP_FIELDS,
  notificationGroupDeleteWhenUnused,
  notificationGroupInUseMessage,
  notificationGroupKey,
  notificationGroupPut,
  notificationGroupsByName,
  notificationGroupUpdate,
  readByIds,
  toNotificationGroup,
  type GuardedItem,
  type NotificationGroupRecord,
  ENTITY,
  locationKey,
  siteKey,
} from '..';

export type { NotificationGroupRecord } from '..';

const locationIdsOf = (site: Record<string, unknown> | undefined): unknown[] => (Array.isArray(site?.['locationIds']) ? site['locationIds'] as unknown[] : []);

/** What the audit trail keeps of a group: its own fields, not the counts others keep. */
function audited(record: NotificationGroupRecord): Record<string, unknown> {
  const { sensorCount: _sensors, gatewayCount: _gateways, ...fields } = record;
  return fields;
}

/**
 * Notification groups on the single table (docs/data-model.md "Notification groups"; the
 * entity is lambdas/data/entities/notification-group.ts): a named, versioned, audited record
 * whose update writes only the form's fields (never the counts, which the sensors and gateways
 * stores keep), whose delete is refused while sensors or gateways use it (naming how many;
 * checklists, which will use HACCP groups, do not exist yet, so only devices are counted), and
 * whose default flag holds one marker per site and type in the same transaction.
 */
export class NotificationGroupStore extends NamedRecordStore<NotificationGroupRecord, NotificationGroupFields> {
  constructor(client: DynamoDBDocumentClient, tableName: string, clock: () => Date = () => new Date()) {
    super(client, tableName, clock, {
      entityType: ENTITY.notificationGroup,
      put: notificationGroupPut,
      key: notificationGroupKey,
      byName: notificationGroupsByName,
      decode: toNotificationGroup,
      messages: { notFound: MESSAGES.notificationGroupNotFound, nameTaken: MESSAGES.notificationGroupNameTaken },
      initial: () => ({ sensorCount: 0, gatewayCount: 0 }),
      audited,
      changedFields: { fields: NOTIFICATION_GROUP_FIELDS, update: notificationGroupUpdate },
      // Also when a device starts to use it meanwhile: the delete's condition.
      inUse: {
        isInUse: (group) => group.sensorCount > 0 || group.gatewayCount > 0,
        deleteWhenUnused: notificationGroupDeleteWhenUnused,
        message: notificationGroupInUseMessage,
      },
    });
  }

  /**
   * "Overwrite": a default sensor group given to the existing sensors and gateways of its
   * sites, in place of theirs (lambdas/data/notification-group-assignment.ts).
   */
  async assignToExistingDevices(caller: Caller, customerId: string, group: NotificationGroupRecord): Promise<{ sensors: number; gateways: number }> {
    if (!group.isDefault || group.groupType !== 'sensor') return { sensors: 0, gateways: 0 };
    return assignGroupToSiteDevices(this.client, this.tableName, { caller, customerId, groupId: group.id, siteIds: group.siteIds, now: this.clock });
  }

  /**
   * The location, the sites (each on the location) and every user the schedules name must be
   * the organisation's (a superadmin account is no user of it).
   */
  protected override async checkInput(customerId: string, input: NotificationGroupFields): Promise<void> {
    const accountIds = accountIdsOf(input);
    const [locations, sites, accounts] = await Promise.all([
      readByIds(this.client, this.tableName, customerId, locationKey, [input.locationId]),
      readByIds(this.client, this.tableName, customerId, siteKey, input.siteIds),
      readByIds(this.client, this.tableName, customerId, accountKeyParams, accountIds),
    ]);
    if (!locations.has(input.locationId)) throw validationError(MESSAGES.siteLocationNotFound, { locationId: MESSAGES.siteLocationNotFound });
    if (input.siteIds.some((id) => !sites.has(id))) throw validationError(MESSAGES.unknownSite, { siteIds: MESSAGES.unknownSite });
    if (input.siteIds.some((id) => !locationIdsOf(sites.get(id)).includes(input.locationId))) {
      throw validationError(MESSAGES.notificationGroupSiteNotOnLocation, { siteIds: MESSAGES.notificationGroupSiteNotOnLocation });
    }
    if (accountIds.some((id) => !accounts.has(id) || accounts.get(id)?.['role'] === 'superadmin')) {
      throw validationError(MESSAGES.notificationUserUnknown, { schedules: MESSAGES.notificationUserUnknown });
    }
  }

  protected override alsoWrittenOnCreate(customerId: string, record: NotificationGroupRecord): GuardedItem[] {
    return defaultGroupMarkerMoves(this.tableName, customerId, record.id, undefined, record);
  }

  protected override alsoWrittenOnUpdate(customerId: string, before: NotificationGroupRecord, after: NotificationGroupRecord): GuardedItem[] {
    return defaultGroupMarkerMoves(this.tableName, customerId, after.id, before, after);
  }

  protected override alsoWrittenOnDelete(customerId: string, before: NotificationGroupRecord): GuardedItem[] {
    return defaultGroupMarkerMoves(this.tableName, customerId, before.id, before, undefined);
  }
}
