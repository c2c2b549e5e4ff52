import { type CalibrationCertificate } from '@domain/devices/calibration';
import { normaliseDeviceId } from '@domain/devices/device-catalogue';
import { conflict, ERROR_CODE_HEADER, notFound, validationError } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import { maySeeSensor, type AccessScope, type DeviceProfiles } from '../shared/access';
import { accessScope, assertNotificationGroupsInCorporateView, assertProfilesInCorporateView } from '../data/access';
import { isImmediate, isInactiveSensor, matchesStatus, scheduleProblem, type Sensor, SENSOR_LIST_STATUSES, type SensorListStatus } from '@domain/devices/sensor';
import type { Caller } from '../shared/caller';
import { s3Client } from '../shared/clients/s3';
import { dynamoDocumentClient } from '../data/client';
import { historyEntriesWithNames } from '../data/record-names';
import { backendConfig, requireFilesBucket } from '../shared/config';
import { purgeDeviceRecords } from '../data/device-purge';
import { ENTITY } from '../data';
import { pathParameter, requireCaller, targetCustomerId, type ActionRequest } from '../shared/http';
import { pageRequestFrom, type PageRequest } from '../shared/pagination';
import { S3SiteDocumentFiles } from '../shared/pdf-files';
import { CalibrationStore, calibrationView } from './calibrations';
import { assertPlacement, assertProfilesExist } from './placement';
import { quickRegister } from './quick-register';
import { SensorInUseError, SensorStore, sensorView, type SensorRecord, type SensorStateRecord } from '../data/repositories/sensors';
import { defineRoutes, route } from '../shared/routing';
import { SENSOR_ROUTES } from '@domain/api/sensors';

/** The sensor list may be read whole in one call (1,000 sensors: issue 5's benchmark). */
export const SENSOR_PAGE_MAX = 1000;
const SENSOR_PAGE_DEFAULT = 100;

const table = () => backendConfig().tableName;
const sensors = () => new SensorStore(dynamoDocumentClient(), table());
const calibrations = () => new CalibrationStore(
  dynamoDocumentClient(), table(), sensors(), new S3SiteDocumentFiles(s3Client(), requireFilesBucket()),
);

interface Reader {
  caller: Caller;
  customerId: string;
  scope: AccessScope;
}

async function readerOf(request: ActionRequest): Promise<Reader> {
  const caller = requireCaller(request);
  const customerId = targetCustomerId(request);
  return { caller, customerId, scope: await accessScope(caller, customerId) };
}

/** A sensor the caller reaches through the access layer; any other answers 404, as a missing one does. */
async function visibleSensor(request: ActionRequest): Promise<Reader & { record: SensorRecord; state: SensorStateRecord | undefined }> {
  const reader = await readerOf(request);
  const found = await sensors().find(reader.customerId, normaliseDeviceId(pathParameter(request, 'id')));
  if (found === undefined || !maySeeSensor(reader.scope, { sensorId: found.record.id, siteId: found.record.siteId })) {
    throw notFound(MESSAGES.sensorNotFound);
  }
  return { ...reader, ...found };
}

/** `limit` (up to 1,000) and `cursor`, the cursor within the organisation's sensor partition. */
function sensorPageRequest(query: Record<string, string>, partition: string): PageRequest {
  const { limit, ...rest } = query;
  const page = pageRequestFrom(rest, { attribute: 'pk', value: partition });
  if (limit === undefined) return { ...page, limit: SENSOR_PAGE_DEFAULT };
  const parsed = Number(limit);
  if (!Number.isInteger(parsed) || parsed < 1) throw validationError(MESSAGES.invalidCursor);
  return { ...page, limit: Math.min(parsed, SENSOR_PAGE_MAX) };
}

function statusFilter(query: Record<string, string>): SensorListStatus | undefined {
  const status = query['status'];
  if (status === undefined || status === '') return undefined;
  if (!(SENSOR_LIST_STATUSES as readonly string[]).includes(status)) throw validationError(MESSAGES.deviceStatusInvalid);
  return status as SensorListStatus;
}

async function listed(request: ActionRequest, onlyInactive: boolean) {
  const reader = await readerOf(request);
  const store = sensors();
  const status = statusFilter(request.query);
  const filter = (name: string) => (request.query[name] ? { [name]: request.query[name] } : {});
  const result = await store.listPage(reader.customerId, sensorPageRequest(request.query, store.partition(reader.customerId)), {
    ...filter('siteId'),
    ...filter('locationId'),
    ...(request.query['gatewayId'] ? { gatewayId: normaliseDeviceId(request.query['gatewayId']) } : {}),
    keep: (sensor: Sensor) => maySeeSensor(reader.scope, { sensorId: sensor.id, siteId: sensor.siteId })
      && (!onlyInactive || isInactiveSensor(sensor))
      && (status === undefined || matchesStatus(sensor, status)),
  });
  return { statusCode: 200, body: result };
}

/** The notification groups a sensor names (alarms and inactivity): under a corporate view, its location's only. */
const groupIdsOf = (sensor: { notificationGroupIds: readonly string[]; inactivityNotificationGroupIds: readonly string[] }) =>
  [...sensor.notificationGroupIds, ...sensor.inactivityNotificationGroupIds];

/** The profiles a sensor names: under a corporate view, those it reads only (in use on its sites, or nowhere). */
const profileIdsOf = (sensor: { alarmProfileId?: string | undefined; deviceAlarmProfileId?: string | undefined; channels: ReadonlyArray<{ dataLoggingProfileId: string }> }): DeviceProfiles => ({
  alarm: [sensor.alarmProfileId, sensor.deviceAlarmProfileId].filter((id): id is string => id !== undefined && id !== ''),
  dataLogging: sensor.channels.map((channel) => channel.dataLoggingProfileId),
});

const view = (record: SensorRecord, state: SensorStateRecord | undefined) => sensorView(record, state, new Date());

/** Sensors (SPEC sections 3, 4, 5, 8, 9; issue 5 section 3). */
export const sensorRoutes = defineRoutes('sensors', [
  route(SENSOR_ROUTES.list, {
    action: ({ request }) => listed(request, false),
  }),
  route(SENSOR_ROUTES.getInactive, {
    action: ({ request }) => listed(request, true),
  }),
  route(SENSOR_ROUTES.create, {
    action: async ({ body: input, request }) => {
      const { caller, customerId, scope } = await readerOf(request);
      const store = sensors();
      // A known id is refused first, in the words of SPEC section 5 (the write's condition covers a race).
      const existing = await store.find(customerId, input.id);
      if (existing !== undefined) {
        throw conflict(existing.record.siteId === input.siteId ? MESSAGES.sensorAlreadyAdded : MESSAGES.sensorAddedToAnotherSite);
      }
      await assertPlacement(dynamoDocumentClient(), table(), scope, customerId, input);
      await assertProfilesExist(dynamoDocumentClient(), table(), customerId, input.channels.map((channel) => channel.dataLoggingProfileId));
      await assertNotificationGroupsInCorporateView(caller, customerId, groupIdsOf(input));
      await assertProfilesInCorporateView(caller, customerId, profileIdsOf(input));
      const record = await store.create(caller, customerId, input);
      return { statusCode: 201, body: view(record, undefined) };
    },
  }),
  route(SENSOR_ROUTES.postQuickregister, {
    action: async ({ body: input, request }) => {
      const { caller, customerId, scope } = await readerOf(request);
      await assertPlacement(dynamoDocumentClient(), table(), scope, customerId, input);
      await assertProfilesExist(dynamoDocumentClient(), table(), customerId, [input.dataLoggingProfileId]);
      await assertProfilesInCorporateView(caller, customerId, { alarm: [], dataLogging: [input.dataLoggingProfileId] });
      return { statusCode: 200, body: await quickRegister(sensors(), caller, customerId, input, request.logger) };
    },
  }),
  route(SENSOR_ROUTES.get, {
    action: async ({ request }) => {
      const { record, state } = await visibleSensor(request);
      return { statusCode: 200, body: view(record, state) };
    },
  }),
  route(SENSOR_ROUTES.update, {
    action: async ({ body: input, request }) => {
      const { caller, customerId, scope, record, state } = await visibleSensor(request);
      // The id is the device's own: it names the sensor and never changes.
      if (input.id !== record.id) throw validationError(MESSAGES.sensorIdFixed, { id: MESSAGES.sensorIdFixed });
      await assertPlacement(dynamoDocumentClient(), table(), scope, customerId, input);
      await assertProfilesExist(dynamoDocumentClient(), table(), customerId, input.channels.map((channel) => channel.dataLoggingProfileId));
      await assertNotificationGroupsInCorporateView(caller, customerId, groupIdsOf(input), groupIdsOf(record));
      await assertProfilesInCorporateView(caller, customerId, profileIdsOf(input), profileIdsOf(record));
      return { statusCode: 200, body: view(await sensors().update(caller, customerId, record, input), state) };
    },
  }),
  route(SENSOR_ROUTES.remove, {
    action: async ({ request }) => {
      const { caller, customerId, record } = await visibleSensor(request);
      const store = sensors();
      try {
        await store.delete(caller, customerId, record);
      } catch (error) {
        // SPEC section 8: the refusal names the sensor; the parts let a browser translate it.
        if (error instanceof SensorInUseError) return { statusCode: 409, body: error.refusal, headers: { [ERROR_CODE_HEADER]: 'sensorHasNotes' } };
        throw error;
      }
      // The sensor is gone: its own records follow (its readings expire with their TTL; it had no notes).
      await calibrations().deleteAll(customerId, record.id);
      await store.deleteEquipment(customerId, record.id);
      await purgeDeviceRecords(customerId, ENTITY.sensor, record.id, request.logger);
      return { statusCode: 204 };
    },
  }),
  route(SENSOR_ROUTES.putStatus, {
    action: async ({ body, request }) => {
      const { caller, customerId, record, state } = await visibleSensor(request);
      const { deviceStatus } = body;
      return { statusCode: 200, body: view(await sensors().setStatus(caller, customerId, record, deviceStatus), state) };
    },
  }),
  route(SENSOR_ROUTES.postDisable, {
    action: async ({ body: input, request }) => {
      const { caller, customerId, record, state } = await visibleSensor(request);
      const now = new Date();
      const problem = scheduleProblem(input, now);
      if (problem !== undefined) throw validationError(problem, { enableOn: problem });
      const store = sensors();
      const after = input.disableAt === undefined || isImmediate(input.disableAt, now)
        ? await store.disableNow(caller, customerId, record, input.reason, input.enableOn)
        : await store.scheduleDisable(caller, customerId, record, input.disableAt, input.reason, input.enableOn);
      return { statusCode: 200, body: view(after, state) };
    },
  }),
  route(SENSOR_ROUTES.postEnable, {
    action: async ({ body, request }) => {
      const { caller, customerId, record, state } = await visibleSensor(request);
      const { enableAt } = body;
      const store = sensors();
      const after = enableAt === undefined || isImmediate(enableAt, new Date())
        ? await store.enableNow(caller, customerId, record)
        : await store.scheduleEnable(caller, customerId, record, enableAt);
      return { statusCode: 200, body: view(after, state) };
    },
  }),
  route(SENSOR_ROUTES.deleteScheduledchangesById, {
    action: async ({ params, request }) => {
      const { caller, customerId, record, state } = await visibleSensor(request);
      const after = await sensors().cancelScheduled(caller, customerId, record, params.changeId);
      return { statusCode: 200, body: view(after, state) };
    },
  }),
  route(SENSOR_ROUTES.getHistory, {
    action: async ({ request }) => {
      const { customerId, record } = await visibleSensor(request);
      const store = sensors();
      const page = pageRequestFrom(request.query, { attribute: 'gsi1pk', value: store.historyPartition(customerId, record.id) });
      const { items, nextCursor } = await store.history(customerId, record.id, page);
      const entries = await historyEntriesWithNames(dynamoDocumentClient(), table(), customerId, items);
      return { statusCode: 200, body: { items: entries, ...(nextCursor ? { nextCursor } : {}) } };
    },
  }),
  route(SENSOR_ROUTES.getCalibrations, {
    action: async ({ request }) => {
      const { customerId, record } = await visibleSensor(request);
      return { statusCode: 200, body: { items: (await calibrations().list(customerId, record.id)).map(calibrationView) } };
    },
  }),
  route(SENSOR_ROUTES.postCalibrations, {
    action: async ({ body: input, request }) => {
      const { caller, customerId, record } = await visibleSensor(request);
      return { statusCode: 201, body: calibrationView(await calibrations().create(caller, customerId, record, input)) };
    },
  }),
  route(SENSOR_ROUTES.deleteCalibrationsById, {
    action: async ({ params, request }) => {
      const { caller, customerId, record } = await visibleSensor(request);
      await calibrations().delete(caller, customerId, record, params.calibrationId);
      return { statusCode: 204 };
    },
  }),
  route(SENSOR_ROUTES.getCalibrationsCertificate, {
    action: async ({ params, request }) => {
      const { customerId, record } = await visibleSensor(request);
      const store = calibrations();
      const calibration = await store.get(customerId, record.id, params.calibrationId);
      const content = await store.certificate(calibration);
      if (calibration.certificate === undefined || content === undefined) throw notFound(MESSAGES.certificateNotUploaded);
      const body: CalibrationCertificate = {
        fileName: calibration.certificate.fileName,
        size: calibration.certificate.size,
        contentType: 'application/pdf',
        data: content.toString('base64'),
      };
      return { statusCode: 200, body };
    },
  }),
  route(SENSOR_ROUTES.getEquipment, {
    action: async ({ request }) => {
      const { customerId, record } = await visibleSensor(request);
      return { statusCode: 200, body: await sensors().equipment(customerId, record.id) };
    },
  }),
  route(SENSOR_ROUTES.putEquipment, {
    action: async ({ body: input, request }) => {
      const { caller, customerId, record } = await visibleSensor(request);
      return { statusCode: 200, body: await sensors().setEquipment(caller, customerId, record, input) };
    },
  }),
]);

