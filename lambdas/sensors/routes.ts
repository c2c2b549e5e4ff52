import { ORGANISATION_READERS, ORGANISATION_WRITERS } from '@domain/identity/roles';
import { historyEntrySchema } from '@domain/core/readable-changes';
import { type CalibrationCertificate, calibrationCertificateSchema, calibrationInputSchema, calibrationListSchema, calibrationSchema } from '@domain/devices/calibration';
import { normaliseDeviceId } from '@domain/devices/device-catalogue';
import { equipmentInputSchema, equipmentSchema } from '@domain/devices/equipment';
import { conflict, ERROR_CODE_HEADER, notFound, validationError } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import { isImmediate, isInactiveSensor, matchesStatus, quickRegisterInputSchema, quickRegisterResultSchema, scheduleProblem, type Sensor, SENSOR_LIST_STATUSES, sensorDisableInputSchema, sensorEnableInputSchema, sensorInputSchema, type SensorListStatus, sensorSchema, sensorStatusInputSchema } from '@domain/devices/sensor';
import { maySeeSensor, type AccessScope, type DeviceProfiles } from '../shared/access';
import { accessScope, assertNotificationGroupsInCorporateView, assertProfilesInCorporateView } from '../data/access';
import type { Caller } from '../shared/caller';
import { s3Client } from '../shared/clients';
import { dynamoDocumentClient } from '../data/client';
import { historyEntriesWithNames } from '../data/record-names';
import { backendConfig, requireFilesBucket } from '../shared/config';
import { purgeDeviceRecords } from '../data/device-purge';
import { ENTITY } from '../data/keys';
import { pathParameter, requireCaller, targetCustomerId, type ActionRequest } from '../shared/http';
import { pageRequestFrom, type PageRequest } from '../shared/pagination';
import { S3SiteDocumentFiles } from '../shared/pdf-files';
import { CalibrationStore, calibrationView } from './calibrations';
import { assertPlacement, assertProfilesExist } from './placement';
import { quickRegister } from './quick-register';
import { SensorInUseError, SensorStore, sensorView, type SensorRecord, type SensorStateRecord } from '../data/repositories/sensors';
import { defineRoutes, route, PDF_UPLOAD_BODY_BYTES } from '../shared/routing';

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
  route({
    method: 'GET', path: '/sensors', roles: ORGANISATION_READERS, summary: 'The sensors I reach with their live state, by id (limit up to 1000); siteId, locationId, gatewayId, status narrow it', response: sensorSchema, paginated: true,
    action: ({ request }) => listed(request, false),
  }),
  route({
    method: 'GET', path: '/sensors/inactive', roles: ORGANISATION_READERS, summary: 'Inactive sensors I reach (status Inactive, or disabled)', response: sensorSchema, paginated: true,
    action: ({ request }) => listed(request, true),
  }),
  route({
    method: 'POST', path: '/sensors', roles: ORGANISATION_WRITERS, summary: "Add a sensor (409 'Sensor already added!' or 'Sensor already added to another site!' for a known id)", body: sensorInputSchema, response: sensorSchema,
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
  route({
    method: 'POST', path: '/sensors/quickregister', roles: ORGANISATION_WRITERS, summary: 'Register up to 200 sensors from a pasted or scanned list onto a site, location and gateway; a result per line', body: quickRegisterInputSchema, response: quickRegisterResultSchema,
    action: async ({ body: input, request }) => {
      const { caller, customerId, scope } = await readerOf(request);
      await assertPlacement(dynamoDocumentClient(), table(), scope, customerId, input);
      await assertProfilesExist(dynamoDocumentClient(), table(), customerId, [input.dataLoggingProfileId]);
      await assertProfilesInCorporateView(caller, customerId, { alarm: [], dataLogging: [input.dataLoggingProfileId] });
      return { statusCode: 200, body: await quickRegister(sensors(), caller, customerId, input, request.logger) };
    },
  }),
  route({
    method: 'GET', path: '/sensors/{id}', roles: ORGANISATION_READERS, summary: 'A sensor, with its live state', response: sensorSchema,
    action: async ({ request }) => {
      const { record, state } = await visibleSensor(request);
      return { statusCode: 200, body: view(record, state) };
    },
  }),
  route({
    method: 'PUT', path: '/sensors/{id}', roles: ORGANISATION_WRITERS, summary: 'Update a sensor (its id stays)', body: sensorInputSchema, response: sensorSchema,
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
  route({
    method: 'DELETE', path: '/sensors/{id}', roles: ORGANISATION_WRITERS, summary: 'Delete a sensor (409 naming it while it has notes: message, sensorName, noteCount); its live state, calibrations, equipment and files go with it, its readings expire',
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
  route({
    method: 'PUT', path: '/sensors/{id}/status', roles: ORGANISATION_WRITERS, summary: 'Set the device status: active, inactive or inTransit', body: sensorStatusInputSchema, response: sensorSchema,
    action: async ({ body, request }) => {
      const { caller, customerId, record, state } = await visibleSensor(request);
      const { deviceStatus } = body;
      return { statusCode: 200, body: view(await sensors().setStatus(caller, customerId, record, deviceStatus), state) };
    },
  }),
  route({
    method: 'POST', path: '/sensors/{id}/disable', roles: ORGANISATION_WRITERS, summary: 'Disable a sensor now, or at disableAt (within one hour); enableOn schedules it back on', body: sensorDisableInputSchema, response: sensorSchema,
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
  route({
    method: 'POST', path: '/sensors/{id}/enable', roles: ORGANISATION_WRITERS, summary: 'Enable a sensor now, or at enableAt (within one hour)', body: sensorEnableInputSchema, response: sensorSchema,
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
  route({
    method: 'DELETE', path: '/sensors/{id}/scheduledchanges/{changeId}', roles: ORGANISATION_WRITERS, summary: 'Cancel a scheduled disable or enable', response: sensorSchema,
    action: async ({ params, request }) => {
      const { caller, customerId, record, state } = await visibleSensor(request);
      const after = await sensors().cancelScheduled(caller, customerId, record, params.changeId);
      return { statusCode: 200, body: view(after, state) };
    },
  }),
  route({
    method: 'GET', path: '/sensors/{id}/history', roles: ORGANISATION_READERS, summary: "A sensor's audit trail, newest first", response: historyEntrySchema, paginated: true,
    action: async ({ request }) => {
      const { customerId, record } = await visibleSensor(request);
      const store = sensors();
      const page = pageRequestFrom(request.query, { attribute: 'gsi1pk', value: store.historyPartition(customerId, record.id) });
      const { items, nextCursor } = await store.history(customerId, record.id, page);
      const entries = await historyEntriesWithNames(dynamoDocumentClient(), table(), customerId, items);
      return { statusCode: 200, body: { items: entries, ...(nextCursor ? { nextCursor } : {}) } };
    },
  }),
  route({
    method: 'GET', path: '/sensors/{id}/calibrations', roles: ORGANISATION_READERS, summary: "A sensor's calibration certificates, latest issue first", response: calibrationListSchema,
    action: async ({ request }) => {
      const { customerId, record } = await visibleSensor(request);
      return { statusCode: 200, body: { items: (await calibrations().list(customerId, record.id)).map(calibrationView) } };
    },
  }),
  route({
    method: 'POST', path: '/sensors/{id}/calibrations', roles: ORGANISATION_WRITERS, summary: 'Add a calibration: issue date, renewal after it, the certificate PDF (base64, at most 2 MB)', body: calibrationInputSchema, maxBodyBytes: PDF_UPLOAD_BODY_BYTES, response: calibrationSchema,
    action: async ({ body: input, request }) => {
      const { caller, customerId, record } = await visibleSensor(request);
      return { statusCode: 201, body: calibrationView(await calibrations().create(caller, customerId, record, input)) };
    },
  }),
  route({
    method: 'DELETE', path: '/sensors/{id}/calibrations/{calibrationId}', roles: ORGANISATION_WRITERS, summary: 'Delete a calibration and its certificate',
    action: async ({ params, request }) => {
      const { caller, customerId, record } = await visibleSensor(request);
      await calibrations().delete(caller, customerId, record, params.calibrationId);
      return { statusCode: 204 };
    },
  }),
  route({
    method: 'GET', path: '/sensors/{id}/calibrations/{calibrationId}/certificate', roles: ORGANISATION_READERS, summary: "A calibration's certificate PDF (base64)", response: calibrationCertificateSchema,
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
  route({
    method: 'GET', path: '/sensors/{id}/equipment', roles: ORGANISATION_READERS, summary: 'The equipment a sensor watches: type, make, model, refrigerant', response: equipmentSchema,
    action: async ({ request }) => {
      const { customerId, record } = await visibleSensor(request);
      return { statusCode: 200, body: await sensors().equipment(customerId, record.id) };
    },
  }),
  route({
    method: 'PUT', path: '/sensors/{id}/equipment', roles: ORGANISATION_WRITERS, summary: 'Save the equipment a sensor watches', body: equipmentInputSchema, response: equipmentSchema,
    action: async ({ body: input, request }) => {
      const { caller, customerId, record } = await visibleSensor(request);
      return { statusCode: 200, body: await sensors().setEquipment(caller, customerId, record, input) };
    },
  }),
]);

