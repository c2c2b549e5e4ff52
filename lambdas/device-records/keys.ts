import { devicePartition, normaliseUnique, type DeviceEntity } from '../shared/keys';

/**
 * A device's notes and files live in the device's own partition (`C#<cid>#SENSOR#<id>`,
 * `C#<cid>#GATEWAY#<id>`), beside its other records; one Query lists them.
 */
export const NOTE_PREFIX = 'NOTE#';
export const NOTE_NAME_PREFIX = 'NOTENAME#';
export const FILE_PREFIX = 'FILE#';

export const deviceNoteKey = (customerId: string, entity: DeviceEntity, deviceId: string, noteId: string) => ({
  pk: devicePartition(customerId, entity, deviceId),
  sk: `${NOTE_PREFIX}${noteId}`,
});

/** The marker that keeps a note's name unique on its device (case and spaces aside). */
export const deviceNoteNameKey = (customerId: string, entity: DeviceEntity, deviceId: string, name: string) => ({
  pk: devicePartition(customerId, entity, deviceId),
  sk: `${NOTE_NAME_PREFIX}${encodeURIComponent(normaliseUnique(name))}`,
});

// A device's file key and object key are the data layer's device file entity's (lambdas/data/entities/device-file.ts).
