import { calibrationInputSchema, type CalibrationCertificate } from '@domain/devices/calibration';
import { normaliseDeviceId } from '@domain/devices/device-catalogue';
import { equipmentInputSchema } from '@domain/devices/equipment';
import { conflict, notFound, validationError } from '@domain/core/errors';
import type { HistoryEntry } from '@domain/devices/gateway';
import { MESSAGES } from '@domain/core/messages';
import {
  isImmediate,
  isInactiveSensor,
  matchesStatus,
  quickRegisterInputSchema,
  scheduleProblem,
  SENSOR_LIST_STATUSES,
  sensorDisableInputSchema,
  sensorEnableInputSchema,
  sensorInputSchema,
  sensorStatusInputSchema,
  type Sensor,
  type SensorListStatus,
} from '@domain/devices/sensor';
import { API_PREFIX } from '../routes';
import { accessScope, maySeeSensor, type AccessScope } from '../shared/access';
import type { Caller } from '../shared/caller';
import { dynamoDocumentClient, s3Client } from '../shared/clients';
import { backendConfig, requireFilesBucket } from '../shared/config';
import { purgeDeviceRecords } from '../device-records/store';
import { ENTITY, EQUIPMENT_SORT_KEY } from '../shared/keys';
import {
  bodyOf,
  createResourceHandler,
  pathParameter,
  requireCaller,
  targetCustomerId,
  type ActionRequest,
  type ResourceActions,
} from '../shared/http';
import { pageRequestFrom, type PageRequest } from '../shared/pagination';
import { S3SiteDocumentFiles } from '../sites/documents';
import { CalibrationStore, calibrationView } from './calibrations';
import { assertPlacement, assertProfilesExist } from './placement';
import { quickRegister } from './quick-register';
import { SensorInUseError, SensorStore, sensorView, type SensorRecord, type SensorStateRecord } from './store';

const base = `${API_PREFIX}/sensors`;

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

const view = (record: SensorRecord, state: SensorStateRecord | undefined) => sensorView(record, state, new Date());

/** Sensors (SPEC sections 3, 4, 5, 8, 9; issue 5 section 3). */
export const sensorActions: ResourceActions = {
  [`GET ${base}`]: (request) => listed(request, false),
  [`GET ${base}/inactive`]: (request) => listed(request, true),
  [`POST ${base}`]: async (request) => {
    const { caller, customerId, scope } = await readerOf(request);
    const input = bodyOf(request, sensorInputSchema);
    const store = sensors();
    // A known id is refused first, in the words of SPEC section 5 (the write's condition covers a race).
    const existing = await store.find(customerId, input.id);
    if (existing !== undefined) {
      throw conflict(existing.record.siteId === input.siteId ? MESSAGES.sensorAlreadyAdded : MESSAGES.sensorAddedToAnotherSite);
    }
    await assertPlacement(dynamoDocumentClient(), table(), scope, customerId, input);
    await assertProfilesExist(dynamoDocumentClient(), table(), customerId, input.channels.map((channel) => channel.dataLoggingProfileId));
    const record = await store.create(caller, customerId, input);
    return { statusCode: 201, body: view(record, undefined) };
  },
  [`POST ${base}/quickregister`]: async (request) => {
    const { caller, customerId, scope } = await readerOf(request);
    const input = bodyOf(request, quickRegisterInputSchema);
    await assertPlacement(dynamoDocumentClient(), table(), scope, customerId, input);
    await assertProfilesExist(dynamoDocumentClient(), table(), customerId, [input.dataLoggingProfileId]);
    return { statusCode: 200, body: await quickRegister(sensors(), caller, customerId, input, request.logger) };
  },
  [`GET ${base}/{id}`]: async (request) => {
    const { record, state } = await visibleSensor(request);
    return { statusCode: 200, body: view(record, state) };
  },
  [`PUT ${base}/{id}`]: async (request) => {
    const { caller, customerId, scope, record, state } = await visibleSensor(request);
    const input = bodyOf(request, sensorInputSchema);
    // The id is the device's own: it names the sensor and never changes.
    if (input.id !== record.id) throw validationError(MESSAGES.sensorIdFixed, { id: MESSAGES.sensorIdFixed });
    await assertPlacement(dynamoDocumentClient(), table(), scope, customerId, input);
    await assertProfilesExist(dynamoDocumentClient(), table(), customerId, input.channels.map((channel) => channel.dataLoggingProfileId));
    return { statusCode: 200, body: view(await sensors().update(caller, customerId, record, input), state) };
  },
  [`DELETE ${base}/{id}`]: async (request) => {
    const { caller, customerId, record } = await visibleSensor(request);
    const store = sensors();
    try {
      await store.delete(caller, customerId, record);
    } catch (error) {
      // SPEC section 8: the refusal names the sensor; the parts let a browser translate it.
      if (error instanceof SensorInUseError) return { statusCode: 409, body: error.refusal };
      throw error;
    }
    // The sensor is gone: its own records follow (its readings expire with their TTL; it had no notes).
    await calibrations().deleteAll(customerId, record.id);
    await store.deleteDeviceItem(customerId, record.id, EQUIPMENT_SORT_KEY);
    await purgeDeviceRecords(customerId, ENTITY.sensor, record.id, request.logger);
    return { statusCode: 204 };
  },
  [`PUT ${base}/{id}/status`]: async (request) => {
    const { caller, customerId, record, state } = await visibleSensor(request);
    const { deviceStatus } = bodyOf(request, sensorStatusInputSchema);
    return { statusCode: 200, body: view(await sensors().setStatus(caller, customerId, record, deviceStatus), state) };
  },
  [`POST ${base}/{id}/disable`]: async (request) => {
    const { caller, customerId, record, state } = await visibleSensor(request);
    const input = bodyOf(request, sensorDisableInputSchema);
    const now = new Date();
    const problem = scheduleProblem(input, now);
    if (problem !== undefined) throw validationError(problem, { enableOn: problem });
    const store = sensors();
    const after = input.disableAt === undefined || isImmediate(input.disableAt, now)
      ? await store.disableNow(caller, customerId, record, input.reason, input.enableOn)
      : await store.scheduleDisable(caller, customerId, record, input.disableAt, input.reason, input.enableOn);
    return { statusCode: 200, body: view(after, state) };
  },
  [`POST ${base}/{id}/enable`]: async (request) => {
    const { caller, customerId, record, state } = await visibleSensor(request);
    const { enableAt } = bodyOf(request, sensorEnableInputSchema);
    const store = sensors();
    const after = enableAt === undefined || isImmediate(enableAt, new Date())
      ? await store.enableNow(caller, customerId, record)
      : await store.scheduleEnable(caller, customerId, record, enableAt);
    return { statusCode: 200, body: view(after, state) };
  },
  [`DELETE ${base}/{id}/scheduledchanges/{changeId}`]: async (request) => {
    const { caller, customerId, record, state } = await visibleSensor(request);
    const after = await sensors().cancelScheduled(caller, customerId, record, pathParameter(request, 'changeId'));
    return { statusCode: 200, body: view(after, state) };
  },
  [`GET ${base}/{id}/history`]: async (request) => {
    const { customerId, record } = await visibleSensor(request);
    const store = sensors();
    const page = pageRequestFrom(request.query, { attribute: 'gsi1pk', value: store.historyPartition(customerId, record.id) });
    const { items, nextCursor } = await store.history(customerId, record.id, page);
    const entries: HistoryEntry[] = items.map(({ id, at, actor, action, changes }) => ({ id, at, actor, action, changes }));
    return { statusCode: 200, body: { items: entries, ...(nextCursor ? { nextCursor } : {}) } };
  },
  [`GET ${base}/{id}/calibrations`]: async (request) => {
    const { customerId, record } = await visibleSensor(request);
    return { statusCode: 200, body: { items: (await calibrations().list(customerId, record.id)).map(calibrationView) } };
  },
  [`POST ${base}/{id}/calibrations`]: async (request) => {
    const { caller, customerId, record } = await visibleSensor(request);
    const input = bodyOf(request, calibrationInputSchema);
    return { statusCode: 201, body: calibrationView(await calibrations().create(caller, customerId, record, input)) };
  },
  [`DELETE ${base}/{id}/calibrations/{calibrationId}`]: async (request) => {
    const { caller, customerId, record } = await visibleSensor(request);
    await calibrations().delete(caller, customerId, record, pathParameter(request, 'calibrationId'));
    return { statusCode: 204 };
  },
  [`GET ${base}/{id}/calibrations/{calibrationId}/certificate`]: async (request) => {
    const { customerId, record } = await visibleSensor(request);
    const store = calibrations();
    const calibration = await store.get(customerId, record.id, pathParameter(request, 'calibrationId'));
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
  [`GET ${base}/{id}/equipment`]: async (request) => {
    const { customerId, record } = await visibleSensor(request);
    return { statusCode: 200, body: await sensors().equipment(customerId, record.id) };
  },
  [`PUT ${base}/{id}/equipment`]: async (request) => {
    const { caller, customerId, record } = await visibleSensor(request);
    const input = bodyOf(request, equipmentInputSchema);
    return { statusCode: 200, body: await sensors().setEquipment(caller, customerId, record, input) };
  },
};

export const handler = createResourceHandler('sensors', sensorActions);
