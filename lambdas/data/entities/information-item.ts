import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { Entity, type EntityItem } from 'electrodb';
import type { InformationItem } from '@domain/haccp/information';
import { customerIdAttribute, namedRecordAttributes, namedRecordIndexes, text } from '../attributes';
import { SERVICE } from '../key-parts';
import type { QueryParams } from '../queries';
import type { KeyParams, PutParams } from '../writes';

/** A file the browser was given an upload URL for, not confirmed yet. */
export interface PendingInformationFile {
  key: string;
  fileName: string;
  contentType: string;
  size: number;
}

/** An information item as stored: what the API shows, where its file's bytes are, and an upload under way. */
export interface InformationItemRecord extends InformationItem {
  /** The file's object key in the files bucket (never returned). */
  fileKey?: string;
  pendingFile?: PendingInformationFile;
}

/** An information item (docs/data-model.md "HACCP library"): by id, and by name on gsi1 (`byName`). */
export const informationItem = new Entity({
  model: { entity: 'informationItem', version: '1', service: SERVICE },
  attributes: {
    customerId: customerIdAttribute,
    ...namedRecordAttributes,
    text: { type: 'string' },
    fileKey: { type: 'string' },
    fileName: { type: 'string' },
    contentType: { type: 'string' },
    fileSize: { type: 'number' },
    fileUploadedAt: { type: 'string' },
    pendingFile: {
      type: 'map',
      properties: {
        key: { type: 'string', required: true },
        fileName: { type: 'string', required: true },
        contentType: { type: 'string', required: true },
        size: { type: 'number', required: true },
      },
    },
    type: { type: 'string', default: 'INFORMATIONITEM' },
  },
  indexes: namedRecordIndexes('INFORMATIONITEM'),
});
export type InformationItemEntityItem = EntityItem<typeof informationItem>;

export const informationItemPut = (tableName: string, customerId: string, record: InformationItemRecord): PutParams =>
  informationItem.put({ customerId, ...record }).params<PutParams>({ table: tableName });

export const informationItemKey = (tableName: string, customerId: string, id: string): KeyParams =>
  informationItem.get({ customerId, id }).params<KeyParams>({ table: tableName });

export const informationItemsByName = (tableName: string, customerId: string) =>
  informationItem.query.byName({ customerId }).params<QueryParams>({ table: tableName });

/** Object keys start with the organisation, as table keys do. */
export const informationFileObjectKey = (customerId: string, itemId: string, uploadId: string): string =>
  `${encodeURIComponent(customerId)}/information/${itemId}/${uploadId}`;

/** An information item as stored, read consistently (what a checklist instance shows with its question), or undefined. */
export async function readInformationItem(client: DynamoDBDocumentClient, tableName: string, customerId: string, id: string): Promise<InformationItemRecord | undefined> {
  const result = await client.send(new GetCommand({ ...informationItemKey(tableName, customerId, id), ConsistentRead: true }));
  return result.Item === undefined ? undefined : toInformationItemRecord(result.Item);
}

/** The one decoder of an item: each field picked (no keys, no `__edb_e__`). */
export function toInformationItemRecord(item: Record<string, unknown>): InformationItemRecord {
  const pending = item['pendingFile'] as Record<string, unknown> | undefined;
  return {
    id: String(item['id']),
    name: String(item['name']),
    text: text(item['text']),
    ...(typeof item['fileKey'] === 'string' ? { fileKey: item['fileKey'] } : {}),
    ...(typeof item['fileName'] === 'string' ? { fileName: item['fileName'] } : {}),
    ...(typeof item['contentType'] === 'string' ? { contentType: item['contentType'] } : {}),
    ...(typeof item['fileSize'] === 'number' ? { fileSize: item['fileSize'] } : {}),
    ...(typeof item['fileUploadedAt'] === 'string' ? { fileUploadedAt: item['fileUploadedAt'] } : {}),
    ...(pending !== undefined && typeof pending['key'] === 'string'
      ? { pendingFile: { key: pending['key'], fileName: text(pending['fileName']), contentType: text(pending['contentType']), size: Number(pending['size'] ?? 0) } }
      : {}),
    createdAt: String(item['createdAt']),
    updatedAt: String(item['updatedAt']),
    createdBy: String(item['createdBy']),
    updatedBy: String(item['updatedBy']),
    version: Number(item['version']),
  };
}

/** An information item as the API shows it: without where its bytes are, nor an upload under way. */
export function toInformationItemView(record: InformationItemRecord): InformationItem {
  const { fileKey: _fileKey, pendingFile: _pending, ...view } = record;
  return view;
}
