import { randomUUID } from 'node:crypto';
import { QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { conflict, validationError } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import { shiftReferencesOf, withScheduleIds, type Shift, type ShiftRequest } from '@domain/haccp/shift';
import type { Caller } from '../../shared/caller';
import {
  accountKeyParams,
  attachReference,
  checklistsOfShift,
  detachReference,
  NamedRecordStore,
  readByIds,
  renameReference,
  shiftKey,
  shiftPut,
  shiftsByName,
  toShift,
  unknownSite,
  type GuardedItem,
  type Reference,
  type ReferenceTarget,
  ENTITY,
  siteKey,
  locationKey,
  notificationGroupKey,
} from '..';

/** What a create or update stores: the form's fields, every schedule with its id. */
export type ShiftFields = Omit<Shift, 'id' | 'createdAt' | 'updatedAt' | 'createdBy' | 'updatedBy' | 'version'>;

/** The stored fields of a request; a schedule sent without an id gets a new one. */
export const shiftFieldsOf = (request: ShiftRequest): ShiftFields => withScheduleIds(request, randomUUID);

const siteTarget = (siteId: string): ReferenceTarget => ({ entity: ENTITY.site, id: siteId });
const referenceOf = (record: Shift): Reference => ({ kind: 'SHIFT', id: record.id, name: record.name });
const locationIdsOf = (site: Record<string, unknown> | undefined): unknown[] => (Array.isArray(site?.['locationIds']) ? site['locationIds'] as unknown[] : []);

/**
 * HACCP shifts on the single table (docs/data-model.md "HACCP shifts"; the entity is
 * lambdas/data/entities/shift.ts): a named, versioned, audited record whose name is unique on
 * its site (SPEC section 8 "shift name per site"), attached to its site (the site's delete
 * counts its shifts) in the same transaction as each change.
 */
export class ShiftStore extends NamedRecordStore<Shift, ShiftFields> {
  constructor(client: DynamoDBDocumentClient, tableName: string, clock: () => Date = () => new Date()) {
    super(client, tableName, clock, {
      entityType: ENTITY.shift,
      put: shiftPut,
      key: shiftKey,
      byName: shiftsByName,
      decode: toShift,
      messages: { notFound: MESSAGES.shiftNotFound, nameTaken: MESSAGES.shiftNameTaken },
      // The site's id cannot contain "/" (a UUID), so no two sites' names meet.
      uniqueName: (record) => `${record.siteId}/${record.name}`,
    });
  }

  /**
   * The site and the location must be the organisation's (the site on the location), every
   * notification group a HACCP group of it, every assigned user a user of it (a superadmin
   * account is none).
   */
  protected override async checkInput(customerId: string, input: ShiftFields): Promise<void> {
    const { notificationGroupIds, assignedUserIds } = shiftReferencesOf(input);
    const [sites, locations, groups, accounts] = await Promise.all([
      readByIds(this.client, this.tableName, customerId, siteKey, [input.siteId]),
      readByIds(this.client, this.tableName, customerId, locationKey, [input.locationId]),
      readByIds(this.client, this.tableName, customerId, notificationGroupKey, notificationGroupIds),
      readByIds(this.client, this.tableName, customerId, accountKeyParams, assignedUserIds),
    ]);
    if (!sites.has(input.siteId)) throw unknownSite();
    if (!locations.has(input.locationId)) throw validationError(MESSAGES.siteLocationNotFound, { locationId: MESSAGES.siteLocationNotFound });
    if (!locationIdsOf(sites.get(input.siteId)).includes(input.locationId)) {
      throw validationError(MESSAGES.shiftSiteNotOnLocation, { siteId: MESSAGES.shiftSiteNotOnLocation });
    }
    if (notificationGroupIds.some((id) => !groups.has(id))) throw validationError(MESSAGES.notificationGroupUnknown, { schedules: MESSAGES.notificationGroupUnknown });
    if (notificationGroupIds.some((id) => groups.get(id)?.['groupType'] !== 'haccp')) {
      throw validationError(MESSAGES.shiftNotificationGroupNotHaccp, { schedules: MESSAGES.shiftNotificationGroupNotHaccp });
    }
    if (assignedUserIds.some((id) => !accounts.has(id) || accounts.get(id)?.['role'] === 'superadmin')) {
      throw validationError(MESSAGES.notificationUserUnknown, { schedules: MESSAGES.notificationUserUnknown });
    }
  }

  /**
   * SPEC section 8: a shift is not deleted while checklists are linked to it (their `shiftId`,
   * read on the checklists' by-shift index; a checklist's write checks that its shift exists).
   */
  override async delete(caller: Caller, customerId: string, id: string): Promise<void> {
    const linked = await this.client.send(new QueryCommand({ ...checklistsOfShift(this.tableName, customerId, id), Limit: 1 }));
    if ((linked.Items ?? []).length > 0) throw conflict(MESSAGES.shiftHasChecklists);
    await super.delete(caller, customerId, id);
  }

  protected override alsoWrittenOnCreate(customerId: string, record: Shift): GuardedItem[] {
    return attachReference(this.tableName, customerId, siteTarget(record.siteId), referenceOf(record), unknownSite);
  }

  protected override alsoWrittenOnUpdate(customerId: string, before: Shift, after: Shift): GuardedItem[] {
    if (before.siteId !== after.siteId) {
      return [
        ...detachReference(this.tableName, customerId, siteTarget(before.siteId), 'SHIFT', before.id),
        ...attachReference(this.tableName, customerId, siteTarget(after.siteId), referenceOf(after), unknownSite),
      ];
    }
    return before.name === after.name ? [] : [renameReference(this.tableName, customerId, siteTarget(after.siteId), referenceOf(after))];
  }

  protected override alsoWrittenOnDelete(customerId: string, before: Shift): GuardedItem[] {
    return detachReference(this.tableName, customerId, siteTarget(before.siteId), 'SHIFT', before.id);
  }
}
