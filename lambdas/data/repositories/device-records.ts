import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { newCommandId as timeOrderedId } from '@domain/devices/device-commands';
import {
  type DeviceFile,
  type DeviceFileKind,
  type DeviceNote,
  type DeviceNoteInput,
  type FileUploadRequest,
} from '@domain/devices/device-records';
import { notFound, type DomainError } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import type { Caller } from '../../shared/caller';
import {
  auditEntryPut,
  claimDeviceNoteName,
  createPut,
  dataTable,
  deviceFileKey,
  deviceFileObjectKey,
  deviceFilesNewestFirst,
  deviceFileUploaded,
  deviceFilePut,
  deviceNoteCountUpdate,
  deviceNoteKeyParams,
  deviceNotePut,
  deviceNotesNewestFirst,
  deviceNoteUpdate,
  deviceOwnRecords,
  existingDelete,
  existsCheck,
  gatewayUpdate,
  nameKeyOf,
  partitionOf,
  queryPage,
  recordDeviceKey,
  releaseDeviceNoteName,
  runTransaction,
  toDeviceFileRecord,
  toDeviceNote,
  versionedDelete,
  versionedUpdate,
  type AuditAction,
  type DeviceFileRecord,
  type GuardedItem,
  type PageRequest,
  ENTITY,
  type DeviceEntity,
} from '..';

/** A pending upload that is never confirmed is forgotten after a day (the table's TTL). */
const PENDING_FILE_TTL_SECONDS = 24 * 60 * 60;

export type { DeviceFileRecord } from '..';

/** A note as stored. */
export type DeviceNoteRecord = DeviceNote;

export const deviceMissing = (entity: DeviceEntity): DomainError =>
  notFound(entity === ENTITY.gateway ? MESSAGES.gatewayNotFound : MESSAGES.sensorNotFound);

const toFile = toDeviceFileRecord;

/** A file as the API shows it: without where its bytes are. */
export function fileView(record: DeviceFileRecord): DeviceFile {
  const { key: _key, ...file } = record;
  return file;
}

/**
 * Notes and files of sensors and gateways (docs/data-model.md "Device notes and files"), in
 * the device's own partition. A note's name is unique on its device (a marker item in the
 * same partition, written in the note's transaction); adding or removing a note ADDs to the
 * device's `noteCount` in the same transaction, on the condition that the device exists.
 * Every change leaves its audit entry in the same transaction.
 */
export class DeviceRecordStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** The device's own partition (a page cursor of its notes or files names it). */
  partition(customerId: string, entity: DeviceEntity, deviceId: string): string {
    return partitionOf(deviceOwnRecords(this.tableName, customerId, entity, deviceId));
  }

  /** A device's configuration item, or undefined. */
  async device(customerId: string, entity: DeviceEntity, deviceId: string): Promise<Record<string, unknown> | undefined> {
    const result = await this.client.send(new GetCommand({ ...recordDeviceKey(this.tableName, customerId, entity, deviceId), ConsistentRead: true }));
    return result.Item && result.Item['type'] === entity ? result.Item : undefined;
  }

  /** One page of a device's notes, newest first. */
  notes(customerId: string, entity: DeviceEntity, deviceId: string, page: PageRequest): Promise<{ items: DeviceNoteRecord[]; nextCursor?: string }> {
    return queryPage(this.client, deviceNotesNewestFirst(this.tableName, customerId, entity, deviceId), page, toDeviceNote);
  }

  async note(customerId: string, entity: DeviceEntity, deviceId: string, noteId: string): Promise<DeviceNoteRecord> {
    const result = await this.client.send(new GetCommand({ ...deviceNoteKeyParams(this.tableName, customerId, entity, deviceId, noteId), ConsistentRead: true }));
    if (result.Item === undefined) throw notFound(MESSAGES.noteNotFound);
    return toDeviceNote(result.Item);
  }

  async addNote(caller: Caller, customerId: string, entity: DeviceEntity, deviceId: string, input: DeviceNoteInput): Promise<DeviceNoteRecord> {
    const now = this.clock();
    const at = now.toISOString();
    const note: DeviceNoteRecord = {
      id: timeOrderedId(now),
      name: input.name,
      note: input.note,
      createdBy: caller.email,
      createdAt: at,
      updatedBy: caller.email,
      updatedAt: at,
      version: 1,
    };
    await runTransaction(this.client, [
      this.noteCount(customerId, entity, deviceId, 1),
      createPut(deviceNotePut(this.tableName, customerId, entity, deviceId, note)),
      claimDeviceNoteName(this.tableName, customerId, entity, deviceId, note.name, note.id),
      this.audit(caller, customerId, ENTITY.deviceNote, note.id, 'create', undefined, { deviceType: entity, deviceId, name: note.name, note: note.note }),
    ]);
    return note;
  }

  async updateNote(caller: Caller, customerId: string, entity: DeviceEntity, deviceId: string, noteId: string, input: DeviceNoteInput): Promise<DeviceNoteRecord> {
    const before = await this.note(customerId, entity, deviceId, noteId);
    if (before.name === input.name && before.note === input.note) return before;
    const after: DeviceNoteRecord = {
      ...before,
      name: input.name,
      note: input.note,
      updatedBy: caller.email,
      updatedAt: this.clock().toISOString(),
      version: before.version + 1,
    };
    const { name, note, updatedBy, updatedAt, version } = after;
    const items: GuardedItem[] = [
      versionedUpdate(deviceNoteUpdate(this.tableName, customerId, entity, deviceId, noteId, { name, note, updatedBy, updatedAt, version }), before.version),
    ];
    if (nameKeyOf(after.name) !== nameKeyOf(before.name)) {
      items.push(
        claimDeviceNoteName(this.tableName, customerId, entity, deviceId, after.name, noteId),
        releaseDeviceNoteName(this.tableName, customerId, entity, deviceId, before.name),
      );
    }
    items.push(this.audit(caller, customerId, ENTITY.deviceNote, noteId, 'update',
      { deviceType: entity, deviceId, name: before.name, note: before.note },
      { deviceType: entity, deviceId, name: after.name, note: after.note }));
    await runTransaction(this.client, items);
    return after;
  }

  async deleteNote(caller: Caller, customerId: string, entity: DeviceEntity, deviceId: string, noteId: string): Promise<void> {
    const before = await this.note(customerId, entity, deviceId, noteId);
    await runTransaction(this.client, [
      versionedDelete(deviceNoteKeyParams(this.tableName, customerId, entity, deviceId, noteId), before.version),
      releaseDeviceNoteName(this.tableName, customerId, entity, deviceId, before.name),
      this.noteCount(customerId, entity, deviceId, -1),
      this.audit(caller, customerId, ENTITY.deviceNote, noteId, 'delete', { deviceType: entity, deviceId, name: before.name, note: before.note }, undefined),
    ]);
  }

  /** One page of a device's uploaded files (optionally of one kind), newest first. */
  files(customerId: string, entity: DeviceEntity, deviceId: string, page: PageRequest, kind?: DeviceFileKind): Promise<{ items: DeviceFileRecord[]; nextCursor?: string }> {
    return queryPage(this.client, deviceFilesNewestFirst(this.tableName, customerId, entity, deviceId, kind), page, toFile);
  }

  async file(customerId: string, entity: DeviceEntity, deviceId: string, fileId: string): Promise<DeviceFileRecord> {
    const result = await this.client.send(new GetCommand({ ...deviceFileKey(this.tableName, customerId, entity, deviceId, fileId), ConsistentRead: true }));
    if (result.Item === undefined) throw notFound(MESSAGES.fileNotFound);
    return toFile(result.Item);
  }

  /** Records a file about to be uploaded (pending until confirmed), on the condition that the device exists. */
  async addPendingFile(caller: Caller, customerId: string, entity: DeviceEntity, deviceId: string, upload: FileUploadRequest): Promise<DeviceFileRecord> {
    const now = this.clock();
    const id = timeOrderedId(now);
    const record: DeviceFileRecord = {
      id,
      fileName: upload.fileName,
      contentType: upload.contentType,
      size: upload.size,
      kind: upload.kind,
      status: 'pending',
      createdBy: caller.email,
      createdAt: now.toISOString(),
      key: deviceFileObjectKey(customerId, entity, deviceId, id),
    };
    await runTransaction(this.client, [
      existsCheck(recordDeviceKey(this.tableName, customerId, entity, deviceId), () => deviceMissing(entity)),
      createPut(deviceFilePut(this.tableName, customerId, entity, deviceId, record, Math.floor(now.getTime() / 1000) + PENDING_FILE_TTL_SECONDS)),
    ]);
    return record;
  }

  /** Marks a pending file uploaded (its bytes were checked by the caller), with its audit entry. */
  async completeFile(caller: Caller, customerId: string, entity: DeviceEntity, deviceId: string, file: DeviceFileRecord): Promise<DeviceFileRecord> {
    const uploadedAt = this.clock().toISOString();
    const after: DeviceFileRecord = { ...file, status: 'uploaded', uploadedAt };
    await runTransaction(this.client, [
      deviceFileUploaded(this.tableName, customerId, entity, deviceId, file.id, uploadedAt),
      this.audit(caller, customerId, ENTITY.deviceFile, file.id, 'create', undefined, this.auditedFile(entity, deviceId, after)),
    ]);
    return after;
  }

  /**
   * Deletes a file's record (the caller removes its bytes after). An image a gateway shows
   * leaves the gateway's images in the same transaction.
   */
  async deleteFile(caller: Caller, customerId: string, entity: DeviceEntity, deviceId: string, file: DeviceFileRecord): Promise<void> {
    const items: GuardedItem[] = [
      existingDelete(deviceFileKey(this.tableName, customerId, entity, deviceId, file.id), () => notFound(MESSAGES.fileNotFound)),
    ];
    if (entity === ENTITY.gateway && file.kind === 'image') {
      const gateway = await this.device(customerId, entity, deviceId);
      const shown = Array.isArray(gateway?.['imageFileIds']) ? (gateway['imageFileIds'] as unknown[]).map(String) : [];
      if (gateway !== undefined && shown.includes(file.id)) {
        const version = Number(gateway['version'] ?? 1);
        items.push(versionedUpdate(gatewayUpdate(this.tableName, customerId, deviceId, {
          imageFileIds: shown.filter((id) => id !== file.id), updatedAt: this.clock().toISOString(), updatedBy: caller.email, version: version + 1,
        }), version));
      }
    }
    items.push(this.audit(caller, customerId, ENTITY.deviceFile, file.id, 'delete', this.auditedFile(entity, deviceId, file), undefined));
    await runTransaction(this.client, items);
  }

  private auditedFile(entity: DeviceEntity, deviceId: string, file: DeviceFileRecord): Record<string, unknown> {
    return { deviceType: entity, deviceId, fileName: file.fileName, contentType: file.contentType, size: file.size, kind: file.kind };
  }

  private noteCount(customerId: string, entity: DeviceEntity, deviceId: string, delta: number): GuardedItem {
    return deviceNoteCountUpdate(this.tableName, customerId, entity, deviceId, delta, () => deviceMissing(entity));
  }

  private audit(
    caller: Caller,
    customerId: string,
    entityType: typeof ENTITY.deviceNote | typeof ENTITY.deviceFile,
    id: string,
    action: AuditAction,
    before: Record<string, unknown> | undefined,
    after: Record<string, unknown> | undefined,
  ): GuardedItem {
    return auditEntryPut(this.tableName, { customerId, caller, entityType, entityId: id, action, before, after, now: this.clock() });
  }
}

export const deviceRecordStore = () => {
  const { client, tableName } = dataTable();
  return new DeviceRecordStore(client, tableName);
};
