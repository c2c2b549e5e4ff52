import type { QueryParams } from '../queries';
import { deviceFile, type RecordDeviceType } from './device-file';
import { deviceNote } from './device-note';
import { deviceNoteName } from './device-note-name';

/** ElectroDB builds a request for a table; where only a key part is wanted, any name does. */
const ITEM_ONLY = 'item-only';

/** The sort key prefix of an entity's items in a device's partition (`NOTE#`, `NOTENAME#`, `FILE#`), from its index. */
const prefixOf = (params: QueryParams): string => String(params.ExpressionAttributeValues?.[':sk1']);
const anyDevice = { customerId: '-', deviceType: 'SENSOR', deviceId: '-' };
const NOTE_PREFIX = prefixOf(deviceNote.query.byDevice(anyDevice).params<QueryParams>({ table: ITEM_ONLY }));
const NOTE_NAME_PREFIX = prefixOf(deviceNoteName.query.byDevice(anyDevice).params<QueryParams>({ table: ITEM_ONLY }));
const FILE_PREFIX = prefixOf(deviceFile.query.byDevice(anyDevice).params<QueryParams>({ table: ITEM_ONLY }));

/**
 * Access pattern: everything in a device's own partition, read consistently (what a deleted
 * device leaves behind is picked from it with `isNoteOrFile`). One Query, as the store always sent.
 */
export function deviceOwnRecords(tableName: string, customerId: string, deviceType: RecordDeviceType, deviceId: string): QueryParams {
  const built = deviceNote.query.byDevice({ customerId, deviceType, deviceId }).params<QueryParams>({ table: tableName });
  return { TableName: tableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': built.ExpressionAttributeValues?.[':pk'] }, ConsistentRead: true };
}

/** Whether an item of a device's partition is one of its notes, note name markers or files. */
export const isNoteOrFile = (item: Record<string, unknown>): boolean =>
  [NOTE_PREFIX, NOTE_NAME_PREFIX, FILE_PREFIX].some((prefix) => String(item['sk']).startsWith(prefix));

/** Whether an item of a device's partition is a file (whose bytes are in the files bucket). */
export const isDeviceFileItem = (item: Record<string, unknown>): boolean => String(item['sk']).startsWith(FILE_PREFIX);
