import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { newCommandId as timeOrderedId } from '@domain/devices/device-commands';
import {
  PRESIGNED_URL_SECONDS,
  type DeviceFile,
  type DeviceFileKind,
  type DeviceNote,
  type DeviceNoteInput,
  type FileUploadRequest,
} from '@domain/devices/device-records';
import { conflict, notFound, validationError, type DomainError } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import { auditPut, type AuditAction } from '../shared/audit';
import type { Caller } from '../shared/caller';
import { dynamoDocumentClient, s3Client } from '../shared/clients';
import { backendConfig, requireFilesBucket } from '../shared/config';
import { deviceKey, devicePartition, ENTITY, normaliseUnique, type DeviceEntity } from '../shared/keys';
import type { Logger } from '../shared/observability';
import { queryAll, queryPage, type PageRequest } from '../shared/pagination';
import { runTransaction, type GuardedItem } from '../shared/transactions';
import { batchWrite, deviceFileKey, deviceFileObjectKey, deviceFilePut, toDeviceFileRecord, type DeviceFileRecord } from '../data';
import { deviceNoteKey, deviceNoteNameKey, FILE_PREFIX, NOTE_NAME_PREFIX, NOTE_PREFIX } from './keys';
import { S3DeviceFileObjects, type DeviceFileObjects } from './objects';

/** A pending upload that is never confirmed is forgotten after a day (the table's TTL). */
const PENDING_FILE_TTL_SECONDS = 24 * 60 * 60;

export type { DeviceFileRecord } from '../data';

/** A note as stored. */
export type DeviceNoteRecord = DeviceNote;

/**
 * The write another store adds to its transactions, or this one to its own, when a note is
 * added (`delta` 1) to or removed (-1) from a device: the device's `noteCount`, on the
 * condition that the device exists. A device's delete is conditioned on it being 0.
 */
export function deviceNoteCountUpdate(tableName: string, customerId: string, entity: DeviceEntity, deviceId: string, delta: number): GuardedItem {
  return {
    item: {
      Update: {
        TableName: tableName,
        Key: deviceKey(customerId, entity, deviceId),
        UpdateExpression: 'ADD noteCount :delta',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':delta': delta },
      },
    },
    onConditionFailed: () => deviceMissing(entity),
  };
}

export const deviceMissing = (entity: DeviceEntity): DomainError =>
  notFound(entity === ENTITY.gateway ? MESSAGES.gatewayNotFound : MESSAGES.sensorNotFound);

function toNote(item: Record<string, unknown>): DeviceNoteRecord {
  return {
    id: String(item['id']),
    name: String(item['name'] ?? ''),
    note: String(item['note'] ?? ''),
    createdBy: String(item['createdBy'] ?? ''),
    createdAt: String(item['createdAt'] ?? ''),
    updatedBy: String(item['updatedBy'] ?? item['createdBy'] ?? ''),
    updatedAt: String(item['updatedAt'] ?? item['createdAt'] ?? ''),
    version: Number(item['version'] ?? 1),
  };
}

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

  partition(customerId: string, entity: DeviceEntity, deviceId: string): string {
    return devicePartition(customerId, entity, deviceId);
  }

  /** A device's configuration item, or undefined. */
  async device(customerId: string, entity: DeviceEntity, deviceId: string): Promise<Record<string, unknown> | undefined> {
    const result = await this.client.send(new GetCommand({ TableName: this.tableName, Key: deviceKey(customerId, entity, deviceId), ConsistentRead: true }));
    return result.Item && result.Item['type'] === entity ? result.Item : undefined;
  }

  /** One page of a device's notes, newest first. */
  async notes(customerId: string, entity: DeviceEntity, deviceId: string, page: PageRequest): Promise<{ items: DeviceNoteRecord[]; nextCursor?: string }> {
    const result = await queryPage<Record<string, unknown>>(this.client, {
      TableName: this.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': devicePartition(customerId, entity, deviceId), ':prefix': NOTE_PREFIX },
      ScanIndexForward: false,
      ConsistentRead: true,
    }, page);
    return { items: result.items.map(toNote), ...(result.nextCursor ? { nextCursor: result.nextCursor } : {}) };
  }

  async note(customerId: string, entity: DeviceEntity, deviceId: string, noteId: string): Promise<DeviceNoteRecord> {
    const result = await this.client.send(new GetCommand({ TableName: this.tableName, Key: deviceNoteKey(customerId, entity, deviceId, noteId), ConsistentRead: true }));
    if (result.Item === undefined) throw notFound(MESSAGES.noteNotFound);
    return toNote(result.Item);
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
      deviceNoteCountUpdate(this.tableName, customerId, entity, deviceId, 1),
      {
        item: {
          Put: {
            TableName: this.tableName,
            Item: { ...deviceNoteKey(customerId, entity, deviceId, note.id), type: ENTITY.deviceNote, deviceType: entity, deviceId, ...note },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
      },
      this.claimNoteName(customerId, entity, deviceId, note.name, note.id),
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
    const items: GuardedItem[] = [
      {
        item: {
          Update: {
            TableName: this.tableName,
            Key: deviceNoteKey(customerId, entity, deviceId, noteId),
            UpdateExpression: 'SET #name = :name, #note = :note, updatedBy = :updatedBy, updatedAt = :updatedAt, #version = :version',
            ConditionExpression: '#version = :expected',
            ExpressionAttributeNames: { '#name': 'name', '#note': 'note', '#version': 'version' },
            ExpressionAttributeValues: {
              ':name': after.name, ':note': after.note, ':updatedBy': after.updatedBy, ':updatedAt': after.updatedAt,
              ':version': after.version, ':expected': before.version,
            },
          },
        },
      },
    ];
    if (normaliseUnique(after.name) !== normaliseUnique(before.name)) {
      items.push(this.claimNoteName(customerId, entity, deviceId, after.name, noteId), this.releaseNoteName(customerId, entity, deviceId, before.name));
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
      {
        item: {
          Delete: {
            TableName: this.tableName,
            Key: deviceNoteKey(customerId, entity, deviceId, noteId),
            ConditionExpression: '#version = :expected',
            ExpressionAttributeNames: { '#version': 'version' },
            ExpressionAttributeValues: { ':expected': before.version },
          },
        },
      },
      this.releaseNoteName(customerId, entity, deviceId, before.name),
      deviceNoteCountUpdate(this.tableName, customerId, entity, deviceId, -1),
      this.audit(caller, customerId, ENTITY.deviceNote, noteId, 'delete', { deviceType: entity, deviceId, name: before.name, note: before.note }, undefined),
    ]);
  }

  /** One page of a device's uploaded files (optionally of one kind), newest first. */
  async files(customerId: string, entity: DeviceEntity, deviceId: string, page: PageRequest, kind?: DeviceFileKind): Promise<{ items: DeviceFileRecord[]; nextCursor?: string }> {
    const result = await queryPage<Record<string, unknown>>(this.client, {
      TableName: this.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      FilterExpression: kind ? '#status = :uploaded AND #kind = :kind' : '#status = :uploaded',
      ExpressionAttributeNames: { '#status': 'status', ...(kind ? { '#kind': 'kind' } : {}) },
      ExpressionAttributeValues: { ':pk': devicePartition(customerId, entity, deviceId), ':prefix': FILE_PREFIX, ':uploaded': 'uploaded', ...(kind ? { ':kind': kind } : {}) },
      ScanIndexForward: false,
      ConsistentRead: true,
    }, page);
    return { items: result.items.map(toFile), ...(result.nextCursor ? { nextCursor: result.nextCursor } : {}) };
  }

  async file(customerId: string, entity: DeviceEntity, deviceId: string, fileId: string): Promise<DeviceFileRecord> {
    const result = await this.client.send(new GetCommand({ TableName: this.tableName, Key: deviceFileKey(this.tableName, customerId, entity, deviceId, fileId).Key, ConsistentRead: true }));
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
      {
        item: { ConditionCheck: { TableName: this.tableName, Key: deviceKey(customerId, entity, deviceId), ConditionExpression: 'attribute_exists(pk)' } },
        onConditionFailed: () => deviceMissing(entity),
      },
      {
        item: {
          Put: {
            TableName: this.tableName,
            Item: deviceFilePut(this.tableName, customerId, entity, deviceId, record, Math.floor(now.getTime() / 1000) + PENDING_FILE_TTL_SECONDS).Item,
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
      },
    ]);
    return record;
  }

  /** Marks a pending file uploaded (its bytes were checked by the caller), with its audit entry. */
  async completeFile(caller: Caller, customerId: string, entity: DeviceEntity, deviceId: string, file: DeviceFileRecord): Promise<DeviceFileRecord> {
    const uploadedAt = this.clock().toISOString();
    const after: DeviceFileRecord = { ...file, status: 'uploaded', uploadedAt };
    await runTransaction(this.client, [
      {
        item: {
          Update: {
            TableName: this.tableName,
            Key: deviceFileKey(this.tableName, customerId, entity, deviceId, file.id).Key,
            UpdateExpression: 'SET #status = :uploaded, uploadedAt = :at REMOVE #ttl',
            ConditionExpression: '#status = :pending',
            ExpressionAttributeNames: { '#status': 'status', '#ttl': 'ttl' },
            ExpressionAttributeValues: { ':uploaded': 'uploaded', ':pending': 'pending', ':at': uploadedAt },
          },
        },
      },
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
      {
        item: {
          Delete: {
            TableName: this.tableName,
            Key: deviceFileKey(this.tableName, customerId, entity, deviceId, file.id).Key,
            ConditionExpression: 'attribute_exists(pk)',
          },
        },
        onConditionFailed: () => notFound(MESSAGES.fileNotFound),
      },
    ];
    if (entity === ENTITY.gateway && file.kind === 'image') {
      const gateway = await this.device(customerId, entity, deviceId);
      const shown = Array.isArray(gateway?.['imageFileIds']) ? (gateway['imageFileIds'] as unknown[]).map(String) : [];
      if (gateway !== undefined && shown.includes(file.id)) {
        items.push({
          item: {
            Update: {
              TableName: this.tableName,
              Key: deviceKey(customerId, entity, deviceId),
              UpdateExpression: 'SET imageFileIds = :images, updatedAt = :at, updatedBy = :by, #version = :next',
              ConditionExpression: '#version = :expected',
              ExpressionAttributeNames: { '#version': 'version' },
              ExpressionAttributeValues: {
                ':images': shown.filter((id) => id !== file.id), ':at': this.clock().toISOString(), ':by': caller.email,
                ':next': Number(gateway['version'] ?? 1) + 1, ':expected': Number(gateway['version'] ?? 1),
              },
            },
          },
        });
      }
    }
    items.push(this.audit(caller, customerId, ENTITY.deviceFile, file.id, 'delete', this.auditedFile(entity, deviceId, file), undefined));
    await runTransaction(this.client, items);
  }

  /** Every note, name marker and file item of a device (what a deleted device leaves behind). */
  async everything(customerId: string, entity: DeviceEntity, deviceId: string): Promise<Record<string, unknown>[]> {
    const items = await queryAll<Record<string, unknown>>(this.client, {
      TableName: this.tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': devicePartition(customerId, entity, deviceId) },
      ConsistentRead: true,
    });
    return items.filter((item) => [NOTE_PREFIX, NOTE_NAME_PREFIX, FILE_PREFIX].some((prefix) => String(item['sk']).startsWith(prefix)));
  }

  /** Removes items by key (the data layer's batch write: 25 a call, what was not processed asked again). */
  async removeItems(items: readonly Record<string, unknown>[]): Promise<void> {
    await batchWrite(this.client, this.tableName, items.map((item) => ({ DeleteRequest: { Key: { pk: item['pk'], sk: item['sk'] } } })));
  }

  private auditedFile(entity: DeviceEntity, deviceId: string, file: DeviceFileRecord): Record<string, unknown> {
    return { deviceType: entity, deviceId, fileName: file.fileName, contentType: file.contentType, size: file.size, kind: file.kind };
  }

  private claimNoteName(customerId: string, entity: DeviceEntity, deviceId: string, name: string, noteId: string): GuardedItem {
    return {
      item: {
        Put: {
          TableName: this.tableName,
          Item: { ...deviceNoteNameKey(customerId, entity, deviceId, name), type: 'NOTENAME', ownerId: noteId },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      onConditionFailed: () => conflict(MESSAGES.noteNameTaken),
    };
  }

  private releaseNoteName(customerId: string, entity: DeviceEntity, deviceId: string, name: string): GuardedItem {
    return { item: { Delete: { TableName: this.tableName, Key: deviceNoteNameKey(customerId, entity, deviceId, name) } } };
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
    return auditPut(this.tableName, customerId, caller, entityType, id, action, before, after, this.clock());
  }
}

export const deviceRecordStore = () => new DeviceRecordStore(dynamoDocumentClient(), backendConfig().tableName);
export const deviceFileObjects = (): DeviceFileObjects => new S3DeviceFileObjects(s3Client(), requireFilesBucket());

/** How long presigned URLs work. */
export const URL_SECONDS = PRESIGNED_URL_SECONDS;

/**
 * What a deleted device leaves: its notes' name markers (notes themselves stop a delete),
 * and its files, records and bytes. Called after the device's delete; a failure is logged
 * and leaves only unreachable items, which a device added again with the same id would
 * list, so it is retried once.
 */
export async function purgeDeviceRecords(customerId: string, entity: DeviceEntity, deviceId: string, logger: Logger): Promise<void> {
  const store = deviceRecordStore();
  for (let attempt = 1; attempt <= 2; attempt += 1) {
    try {
      const items = await store.everything(customerId, entity, deviceId);
      const keys = items.filter((item) => String(item['sk']).startsWith(FILE_PREFIX) && typeof item['key'] === 'string').map((item) => String(item['key']));
      if (keys.length > 0) {
        const objects = deviceFileObjects();
        for (const key of keys) await objects.delete(key);
      }
      await store.removeItems(items);
      return;
    } catch (error) {
      logger.warn('device records not purged', { entity, deviceId, attempt, error: error instanceof Error ? error.message : String(error) });
    }
  }
}

/** Refuses a file upload confirmation whose bytes do not match what was announced. */
export const uploadMismatch = () => validationError(MESSAGES.fileUploadMismatch);
