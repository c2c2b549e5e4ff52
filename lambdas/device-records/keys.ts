import { deviceNoteKeyParams, deviceNoteNameKeyParams } from '../data';
import type { DeviceEntity } from '../shared/keys';

/** The data layer's entities build a request for a table; only the key is wanted here. */
const ITEM_ONLY = 'item-only';

/**
 * A device's notes and files live in the device's own partition (`C#<cid>#SENSOR#<id>`,
 * `C#<cid>#GATEWAY#<id>`), beside its other records; one Query lists them.
 */
export const NOTE_PREFIX = 'NOTE#';
export const NOTE_NAME_PREFIX = 'NOTENAME#';
export const FILE_PREFIX = 'FILE#';

export const deviceNoteKey = (customerId: string, entity: DeviceEntity, deviceId: string, noteId: string) =>
  deviceNoteKeyParams(ITEM_ONLY, customerId, entity, deviceId, noteId).Key as { pk: string; sk: string };

/** The marker that keeps a note's name unique on its device (case and spaces aside). */
export const deviceNoteNameKey = (customerId: string, entity: DeviceEntity, deviceId: string, name: string) =>
  deviceNoteNameKeyParams(ITEM_ONLY, customerId, entity, deviceId, name).Key as { pk: string; sk: string };

// A device's file key and object key are the data layer's device file entity's (lambdas/data/entities/device-file.ts).
