import { normaliseDeviceId } from '@domain/devices/device-catalogue';
import {
  DEVICE_FILE_KINDS,
  DEVICE_RECORD_OWNERS,
  deviceNoteInputSchema,
  fileUploadRequestSchema,
  type DeviceFileKind,
  type DeviceRecordOwner,
  type FileDownload,
  type FileUploadTicket,
} from '@domain/devices/device-records';
import { notFound, validationError } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import { API_PREFIX } from '../routes';
import { accessibleSiteIds, assertSensorAccess, maySeeSite } from '../shared/access';
import {
  bodyOf,
  createResourceHandler,
  pathParameter,
  requireCaller,
  targetCustomerId,
  type Action,
  type ActionRequest,
  type ResourceActions,
} from '../shared/http';
import { ENTITY, type DeviceEntity } from '../shared/keys';
import { pageRequestFrom } from '../shared/pagination';
import { deviceFileObjects, deviceMissing, deviceRecordStore, fileView, uploadMismatch, URL_SECONDS } from './store';

const ENTITY_OF: Record<DeviceRecordOwner, DeviceEntity> = { sensors: ENTITY.sensor, gateways: ENTITY.gateway };

/** The device a request is about, once it is known to exist and the caller reaches it. */
interface DeviceTarget {
  customerId: string;
  entity: DeviceEntity;
  deviceId: string;
}

/**
 * The device must exist and the caller must reach it through the access layer: a sensor
 * through its site and the sensors its security groups list, a gateway through its site.
 * Anything else answers 404, as a missing device does.
 */
async function reachableDevice(request: ActionRequest, entity: DeviceEntity): Promise<DeviceTarget> {
  const caller = requireCaller(request);
  const customerId = targetCustomerId(request);
  const deviceId = normaliseDeviceId(pathParameter(request, 'id'));
  const device = await deviceRecordStore().device(customerId, entity, deviceId);
  if (device === undefined) throw deviceMissing(entity);
  const siteId = typeof device['siteId'] === 'string' ? device['siteId'] : undefined;
  if (entity === ENTITY.sensor) {
    await assertSensorAccess(caller, customerId, { sensorId: deviceId, siteId }, { notFoundMessage: MESSAGES.sensorNotFound });
  } else if (!maySeeSite(await accessibleSiteIds(caller, customerId), siteId)) {
    throw notFound(MESSAGES.gatewayNotFound);
  }
  return { customerId, entity, deviceId };
}

function kindFilter(query: Record<string, string>): DeviceFileKind | undefined {
  const kind = query['kind'];
  if (kind === undefined || kind === '') return undefined;
  if (!(DEVICE_FILE_KINDS as readonly string[]).includes(kind)) throw validationError(MESSAGES.fileKindInvalid);
  return kind as DeviceFileKind;
}

/** The actions of one kind of device (sensors or gateways): the same work under its own paths. */
function actionsFor(owner: DeviceRecordOwner): ResourceActions {
  const entity = ENTITY_OF[owner];
  const base = `${API_PREFIX}/${owner}/{id}`;
  const notes: Record<string, Action> = {
    [`GET ${base}/notes`]: async (request) => {
      const device = await reachableDevice(request, entity);
      const store = deviceRecordStore();
      const page = pageRequestFrom(request.query, { attribute: 'pk', value: store.partition(device.customerId, entity, device.deviceId) });
      const result = await store.notes(device.customerId, entity, device.deviceId, page);
      return { statusCode: 200, body: result };
    },
    [`POST ${base}/notes`]: async (request) => {
      const device = await reachableDevice(request, entity);
      const note = await deviceRecordStore().addNote(requireCaller(request), device.customerId, entity, device.deviceId, bodyOf(request, deviceNoteInputSchema));
      return { statusCode: 201, body: note };
    },
    [`PUT ${base}/notes/{noteId}`]: async (request) => {
      const device = await reachableDevice(request, entity);
      const note = await deviceRecordStore().updateNote(requireCaller(request), device.customerId, entity, device.deviceId,
        pathParameter(request, 'noteId'), bodyOf(request, deviceNoteInputSchema));
      return { statusCode: 200, body: note };
    },
    [`DELETE ${base}/notes/{noteId}`]: async (request) => {
      const device = await reachableDevice(request, entity);
      await deviceRecordStore().deleteNote(requireCaller(request), device.customerId, entity, device.deviceId, pathParameter(request, 'noteId'));
      return { statusCode: 204 };
    },
  };
  const files: Record<string, Action> = {
    [`GET ${base}/files`]: async (request) => {
      const device = await reachableDevice(request, entity);
      const store = deviceRecordStore();
      const page = pageRequestFrom(request.query, { attribute: 'pk', value: store.partition(device.customerId, entity, device.deviceId) });
      const result = await store.files(device.customerId, entity, device.deviceId, page, kindFilter(request.query));
      return { statusCode: 200, body: { items: result.items.map(fileView), ...(result.nextCursor ? { nextCursor: result.nextCursor } : {}) } };
    },
    [`POST ${base}/files`]: async (request) => {
      const device = await reachableDevice(request, entity);
      const upload = bodyOf(request, fileUploadRequestSchema);
      const file = await deviceRecordStore().addPendingFile(requireCaller(request), device.customerId, entity, device.deviceId, upload);
      const ticket: FileUploadTicket = {
        file: fileView(file),
        uploadUrl: await deviceFileObjects().uploadUrl(file.key, file.contentType, URL_SECONDS),
        uploadMethod: 'PUT',
        uploadHeaders: { 'Content-Type': file.contentType },
        expiresAt: new Date(Date.now() + URL_SECONDS * 1000).toISOString(),
      };
      return { statusCode: 201, body: ticket };
    },
    [`PUT ${base}/files/{fileId}/complete`]: async (request) => {
      const device = await reachableDevice(request, entity);
      const store = deviceRecordStore();
      const file = await store.file(device.customerId, entity, device.deviceId, pathParameter(request, 'fileId'));
      if (file.status === 'uploaded') return { statusCode: 200, body: fileView(file) };
      // The browser said what it would send; the stored object must be exactly that.
      const objects = deviceFileObjects();
      const size = await objects.size(file.key);
      if (size !== file.size) {
        if (size !== undefined) await objects.delete(file.key);
        throw uploadMismatch();
      }
      const completed = await store.completeFile(requireCaller(request), device.customerId, entity, device.deviceId, file);
      return { statusCode: 200, body: fileView(completed) };
    },
    [`GET ${base}/files/{fileId}/download`]: async (request) => {
      const device = await reachableDevice(request, entity);
      const file = await deviceRecordStore().file(device.customerId, entity, device.deviceId, pathParameter(request, 'fileId'));
      if (file.status !== 'uploaded') throw notFound(MESSAGES.fileNotUploaded);
      const body: FileDownload = {
        url: await deviceFileObjects().downloadUrl(file.key, file.fileName, file.contentType, URL_SECONDS),
        expiresAt: new Date(Date.now() + URL_SECONDS * 1000).toISOString(),
      };
      return { statusCode: 200, body };
    },
    [`DELETE ${base}/files/{fileId}`]: async (request) => {
      const device = await reachableDevice(request, entity);
      const store = deviceRecordStore();
      const file = await store.file(device.customerId, entity, device.deviceId, pathParameter(request, 'fileId'));
      await store.deleteFile(requireCaller(request), device.customerId, entity, device.deviceId, file);
      // The bucket is versioned: the bytes stay recoverable for 30 days (lib/files.ts).
      await deviceFileObjects().delete(file.key);
      return { statusCode: 204 };
    },
  };
  return { ...notes, ...files };
}

/** Notes and files of sensors and gateways (issue 5 sections 2 and 3). */
export const deviceRecordActions: ResourceActions = Object.assign({}, ...DEVICE_RECORD_OWNERS.map(actionsFor)) as ResourceActions;

export const handler = createResourceHandler('deviceRecords', deviceRecordActions);
