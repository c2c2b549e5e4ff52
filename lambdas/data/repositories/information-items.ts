import { randomUUID } from 'node:crypto';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { conflict, notFound } from '@domain/core/errors';
import { fillTemplate } from '@domain/devices/gateway';
import { checklistNamesUsing, shownNames, usesInformationItem } from '@domain/haccp/library-use';
import { MESSAGES } from '@domain/core/messages';
import type { InformationFileUpload, InformationItemInput } from '@domain/haccp/information';
import type { Caller } from '../../shared/caller';
import {
  auditEntryPut,
  checklistsByName,
  queryAll,
  toChecklist,
  informationFileObjectKey,
  informationItemKey,
  informationItemPut,
  informationItemsByName,
  NamedRecordStore,
  runTransaction,
  toInformationItemRecord,
  toInformationItemView,
  versionedPut,
  type InformationItemRecord,
  type PendingInformationFile,
  ENTITY,
} from '..';

export type { InformationItemRecord } from '..';

/** The record without its file (a removed one). */
function withoutFile(record: InformationItemRecord): InformationItemRecord {
  const { fileKey: _key, fileName: _name, contentType: _type, fileSize: _size, fileUploadedAt: _at, ...rest } = record;
  return rest;
}

/**
 * Information items on the single table (the entity is lambdas/data/entities/information-item.ts):
 * a named, versioned, audited record, names unique in the organisation. Its picture or PDF is
 * announced (`startUpload`: the pending file and its object key on the record), PUT by the
 * browser to a presigned URL, then confirmed (`completeUpload`: the pending file becomes the
 * item's file). The audit trail keeps the file's name and type, never its key.
 */
export class InformationItemStore extends NamedRecordStore<InformationItemRecord, InformationItemInput> {
  constructor(client: DynamoDBDocumentClient, tableName: string, clock: () => Date = () => new Date()) {
    super(client, tableName, clock, {
      entityType: ENTITY.informationItem,
      put: informationItemPut,
      key: informationItemKey,
      byName: informationItemsByName,
      decode: toInformationItemRecord,
      messages: { notFound: MESSAGES.informationItemNotFound, nameTaken: MESSAGES.informationItemNameTaken },
      audited: (record) => ({ ...toInformationItemView(record) }),
    });
  }

  /**
   * Refused while a checklist still uses it (as read: a checklist saved meanwhile is checked by
   * the checklists' own reference check), naming the checklists.
   */
  override async delete(caller: Caller, customerId: string, id: string): Promise<void> {
    const checklists = await queryAll(this.client, checklistsByName(this.tableName, customerId), toChecklist);
    const names = checklistNamesUsing(checklists, usesInformationItem(id));
    if (names.length > 0) throw conflict(fillTemplate(MESSAGES.informationItemInUse, { names: shownNames(names) }));
    await super.delete(caller, customerId, id);
  }

  /** A file about to be uploaded: kept on the item as pending, under a new object key. */
  async startUpload(caller: Caller, customerId: string, id: string, upload: InformationFileUpload): Promise<PendingInformationFile> {
    const before = await this.get(customerId, id);
    const pendingFile: PendingInformationFile = { key: informationFileObjectKey(customerId, id, randomUUID()), ...upload };
    await this.write(caller, customerId, before, { ...before, pendingFile }, false);
    return pendingFile;
  }

  /** The pending file becomes the item's file; the replaced file's key is given back (its bytes go). */
  async completeUpload(caller: Caller, customerId: string, before: InformationItemRecord): Promise<{ after: InformationItemRecord; replacedKey?: string }> {
    const pending = before.pendingFile;
    if (pending === undefined) throw notFound(MESSAGES.fileNotUploaded);
    const { pendingFile: _pending, ...rest } = before;
    const after: InformationItemRecord = {
      ...rest, fileKey: pending.key, fileName: pending.fileName, contentType: pending.contentType, fileSize: pending.size, fileUploadedAt: this.clock().toISOString(),
    };
    const written = await this.write(caller, customerId, before, after, true);
    return { after: written, ...(before.fileKey !== undefined ? { replacedKey: before.fileKey } : {}) };
  }

  /** The item without its file; the removed file's key is given back. */
  async removeFile(caller: Caller, customerId: string, id: string): Promise<{ after: InformationItemRecord; removedKey: string }> {
    const before = await this.get(customerId, id);
    if (before.fileKey === undefined) throw notFound(MESSAGES.informationFileNotFound);
    return { after: await this.write(caller, customerId, before, withoutFile(before), true), removedKey: before.fileKey };
  }

  /** One change of the item on the version read; audited when it changes what the API shows. */
  private async write(caller: Caller, customerId: string, before: InformationItemRecord, next: InformationItemRecord, audited: boolean): Promise<InformationItemRecord> {
    const now = this.clock();
    const after: InformationItemRecord = { ...next, updatedAt: now.toISOString(), updatedBy: caller.email, version: before.version + 1 };
    await runTransaction(this.client, [
      versionedPut(informationItemPut(this.tableName, customerId, after), before.version),
      ...(audited
        ? [auditEntryPut(this.tableName, {
          customerId, caller, entityType: ENTITY.informationItem, entityId: before.id, action: 'update',
          before: { ...toInformationItemView(before) }, after: { ...toInformationItemView(after) }, now,
        })]
        : []),
    ]);
    return after;
  }
}
