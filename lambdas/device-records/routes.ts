import { normaliseDeviceId } from '@domain/devices/device-catalogue';
import {
  DEVICE_FILE_KINDS,
  DEVICE_RECORD_OWNERS,
  UPLOAD_FORM_SECONDS,
  type DeviceFileKind,
  type DeviceRecordOwner,
  type FileDownload,
  type FileUploadTicket,
} from '@domain/devices/device-records';
import { notFound, validationError } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import { maySeeSite } from '../shared/access';
import { accessibleSiteIds, assertSensorAccess } from '../data/access';
import { pathParameter, requireCaller, targetCustomerId, type ActionRequest } from '../shared/http';
import { ENTITY, type DeviceEntity } from '../data';
import { pageRequestFrom } from '../shared/pagination';
import { defineRoutes, route, type ResourceRoute } from '../shared/routing';
import { deviceMissing, deviceRecordStore, fileView } from '../data/repositories/device-records';
import { deviceFileObjects, uploadMismatch, URL_SECONDS } from './files';
import { DEVICE_RECORD_ROUTES } from '@domain/api/device-records';

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

/** The routes of one kind of device (sensors or gateways): the same work under its own paths. */
function routesFor(owner: DeviceRecordOwner): ResourceRoute[] {
  const entity = ENTITY_OF[owner];
  const contracts = DEVICE_RECORD_ROUTES[owner];
  return [
    route(contracts.listNotes, {
      action: async ({ request }) => {
        const device = await reachableDevice(request, entity);
        const store = deviceRecordStore();
        const page = pageRequestFrom(request.query, { attribute: 'pk', value: store.partition(device.customerId, entity, device.deviceId) });
        const result = await store.notes(device.customerId, entity, device.deviceId, page);
        return { statusCode: 200, body: result };
      },
    }),
    route(contracts.createNote, {
      action: async ({ caller, body, request }) => {
        const device = await reachableDevice(request, entity);
        const note = await deviceRecordStore().addNote(caller, device.customerId, entity, device.deviceId, body);
        return { statusCode: 201, body: note };
      },
    }),
    route(contracts.updateNote, {
      action: async ({ caller, body, params, request }) => {
        const device = await reachableDevice(request, entity);
        const note = await deviceRecordStore().updateNote(caller, device.customerId, entity, device.deviceId,
          params.noteId, body);
        return { statusCode: 200, body: note };
      },
    }),
    route(contracts.deleteNote, {
      action: async ({ caller, params, request }) => {
        const device = await reachableDevice(request, entity);
        await deviceRecordStore().deleteNote(caller, device.customerId, entity, device.deviceId, params.noteId);
        return { statusCode: 204 };
      },
    }),
    route(contracts.listFiles, {
      action: async ({ request }) => {
        const device = await reachableDevice(request, entity);
        const store = deviceRecordStore();
        const page = pageRequestFrom(request.query, { attribute: 'pk', value: store.partition(device.customerId, entity, device.deviceId) });
        const result = await store.files(device.customerId, entity, device.deviceId, page, kindFilter(request.query));
        return { statusCode: 200, body: { items: result.items.map(fileView), ...(result.nextCursor ? { nextCursor: result.nextCursor } : {}) } };
      },
    }),
    route(contracts.startFileUpload, {
      action: async ({ caller, body: upload, request }) => {
        const device = await reachableDevice(request, entity);
        const file = await deviceRecordStore().addPendingFile(caller, device.customerId, entity, device.deviceId, upload);
        const form = await deviceFileObjects().uploadForm(file.key, file.contentType, file.size, UPLOAD_FORM_SECONDS);
        const ticket: FileUploadTicket = {
          file: fileView(file),
          uploadUrl: form.url,
          uploadMethod: 'POST',
          uploadFields: form.fields,
          expiresAt: new Date(Date.now() + UPLOAD_FORM_SECONDS * 1000).toISOString(),
        };
        return { statusCode: 201, body: ticket };
      },
    }),
    route(contracts.completeFileUpload, {
      action: async ({ caller, params, request }) => {
        const device = await reachableDevice(request, entity);
        const store = deviceRecordStore();
        const file = await store.file(device.customerId, entity, device.deviceId, params.fileId);
        if (file.status === 'uploaded') return { statusCode: 200, body: fileView(file) };
        // The browser said what it would send; the stored object must be exactly that.
        const objects = deviceFileObjects();
        const size = await objects.size(file.key);
        if (size !== file.size) {
          if (size !== undefined) await objects.delete(file.key);
          throw uploadMismatch();
        }
        const completed = await store.completeFile(caller, device.customerId, entity, device.deviceId, file);
        return { statusCode: 200, body: fileView(completed) };
      },
    }),
    route(contracts.downloadFile, {
      action: async ({ params, request }) => {
        const device = await reachableDevice(request, entity);
        const file = await deviceRecordStore().file(device.customerId, entity, device.deviceId, params.fileId);
        if (file.status !== 'uploaded') throw notFound(MESSAGES.fileNotUploaded);
        const body: FileDownload = {
          url: await deviceFileObjects().downloadUrl(file.key, file.fileName, file.contentType, URL_SECONDS),
          expiresAt: new Date(Date.now() + URL_SECONDS * 1000).toISOString(),
        };
        return { statusCode: 200, body };
      },
    }),
    route(contracts.deleteFile, {
      action: async ({ caller, params, request }) => {
        const device = await reachableDevice(request, entity);
        const store = deviceRecordStore();
        const file = await store.file(device.customerId, entity, device.deviceId, params.fileId);
        await store.deleteFile(caller, device.customerId, entity, device.deviceId, file);
        // The bucket is versioned: the bytes stay recoverable for 30 days (lib/files.ts).
        await deviceFileObjects().delete(file.key);
        return { statusCode: 204 };
      },
    }),
  ];
}

/** Notes and files of sensors and gateways (issue 5 sections 2 and 3), the same under /sensors/{id} and /gateways/{id}. */
export const deviceRecordRoutes = defineRoutes('deviceRecords', DEVICE_RECORD_OWNERS.flatMap(routesFor));
