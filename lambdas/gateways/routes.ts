import { normaliseDeviceId } from '@domain/devices/device-catalogue';
import { isSensorOnline } from '@domain/devices/sensor';
import { ERROR_CODE_HEADER, notFound, validationError } from '@domain/core/errors';
import { type Gateway, GATEWAY_STATUS_SECONDS, type GatewayData, type GatewayInput, type GatewaySensorState, gatewayStatusOf } from '@domain/devices/gateway';
import { MESSAGES } from '@domain/core/messages';
import { isDeviceOnline } from '@domain/telemetry/telemetry-state';
import { sensorLiveStates, toSensorState, unknownLocation, ENTITY, locationKey, sensorStateKey } from '../data';
import { seesOwnLocation, viewerOf, type Viewer } from '../data/viewer';
import { filterSensors, maySeeSite, sensorsLimitedOn } from '../shared/access';
import { assertNotificationGroupsInCorporateView, assertProfilesInCorporateView } from '../data/access';
import { dynamoDocumentClient } from '../data/client';
import { historyEntriesWithNames } from '../data/record-names';
import { backendConfig } from '../shared/config';
import { pathParameter, requireCaller, targetCustomerId, type ActionRequest, type ActionResult } from '../shared/http';
import { readByIds } from '../data/unique-claims';
import { pageRequestFrom } from '../shared/pagination';
import { listReferences, readSite } from '../data';
import { purgeDeviceRecords } from '../data/device-purge';
import { GatewayInUseError, GatewayStore, gatewayListPartition, unknownSite, type GatewayRecord, type GatewayStateRecord } from '../data/repositories/gateways';
import { defineRoutes, route } from '../shared/routing';
import { GATEWAY_ROUTES } from '@domain/api/gateways';

const table = () => backendConfig().tableName;
const gateways = () => new GatewayStore(dynamoDocumentClient(), table());

const viewer = (request: ActionRequest): Promise<Viewer> =>
  viewerOf(requireCaller(request), targetCustomerId(request));

/** A gateway is seen by whoever reaches its site (the shared access layer, security groups). */
const seesGateway = (view: Viewer, gateway: Pick<GatewayRecord, 'siteId'>) => maySeeSite(view.siteAccess, gateway.siteId);

function gatewayView(record: GatewayRecord, state: GatewayStateRecord, now: Date): Gateway {
  return {
    ...record,
    status: gatewayStatusOf(record.isActive),
    state: { ...state, online: isDeviceOnline(state.lastCommunicated, GATEWAY_STATUS_SECONDS, now) },
  };
}

/**
 * The gateways with the sensor counts the viewer may see: when a security group lists only
 * some sensors of a gateway's site, its count is of those (one Query of its sensors), so a
 * count never tells of sensors the viewer cannot reach.
 */
async function withVisibleCounts(view: Viewer, records: readonly GatewayRecord[]): Promise<GatewayRecord[]> {
  const store = gateways();
  return Promise.all(records.map(async (gateway) => {
    if (!sensorsLimitedOn(view.scope, gateway.siteId)) return gateway;
    const sensors = await store.sensors(view.customerId, gateway.id);
    const sensorCount = filterSensors(sensors, (sensor) => ({ sensorId: sensor.id, siteId: sensor.siteId }), view.scope).length;
    return { ...gateway, sensorCount };
  }));
}

/** The gateway a path names, when the viewer reaches it; any other answers 404, as a missing one does. */
async function visibleGateway(view: Viewer, request: ActionRequest): Promise<GatewayRecord> {
  const gateway = await gateways().find(view.customerId, normaliseDeviceId(pathParameter(request, 'id')));
  if (gateway === undefined || !seesGateway(view, gateway)) throw notFound(MESSAGES.gatewayNotFound);
  return gateway;
}

/**
 * Where a gateway may be put: each location one of the organisation's that the viewer sees;
 * the site one the viewer reaches (its locations and the security groups) and a site of one
 * of the chosen locations.
 */
async function assertPlacement(view: Viewer, input: GatewayInput, unchanged?: GatewayRecord): Promise<void> {
  const added = input.locationIds.filter((locationId) => !unchanged?.locationIds.includes(locationId));
  if (!added.every((locationId) => seesOwnLocation(view, locationId))) throw unknownLocation();
  // The new locations in one BatchGet, beside the site's read.
  const [found, site] = await Promise.all([
    readByIds(dynamoDocumentClient(), table(), view.customerId, locationKey, added),
    readSite(dynamoDocumentClient(), table(), view.customerId, input.siteId),
  ]);
  if (added.some((locationId) => !found.has(locationId))) throw unknownLocation();
  const reachable = site !== undefined && maySeeSite(view.siteAccess, site.id) &&
    (unchanged?.siteId === site.id || site.locationIds.some((locationId) => seesOwnLocation(view, locationId)));
  if (!reachable) throw unknownSite();
  if (!site.locationIds.some((locationId) => input.locationIds.includes(locationId))) {
    throw validationError(MESSAGES.gatewaySiteNotInLocations, { siteId: MESSAGES.gatewaySiteNotInLocations });
  }
}

/** The viewer's gateways of one status: by name a page at a time, or all of one site or location. */
async function listGateways(request: ActionRequest, isActive: boolean): Promise<ActionResult> {
  const view = await viewer(request);
  const store = gateways();
  const { siteId, locationId } = request.query;
  let records: GatewayRecord[];
  let nextCursor: string | undefined;
  if (siteId || locationId) {
    // A site's or a location's gateways are its references: a consistent Query of a small partition.
    const target = siteId ? { entity: ENTITY.site, id: siteId } : { entity: ENTITY.location, id: locationId ?? '' };
    const references = await listReferences(dynamoDocumentClient(), table(), view.customerId, target, 'GATEWAY');
    records = (await store.findMany(view.customerId, references.map((reference) => reference.id)))
      .filter((gateway) => gateway.isActive === isActive && (!siteId || gateway.siteId === siteId) && (!locationId || gateway.locationIds.includes(locationId)))
      .sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }));
  } else {
    const page = pageRequestFrom(request.query, { attribute: 'gsi1pk', value: gatewayListPartition(view.customerId, isActive) });
    ({ items: records, nextCursor } = await store.list(view.customerId, isActive, page));
  }
  const visible = await withVisibleCounts(view, records.filter((gateway) => seesGateway(view, gateway)));
  const states = await store.states(view.customerId, visible.map((gateway) => gateway.id));
  const now = new Date();
  return {
    statusCode: 200,
    body: { items: visible.map((gateway) => gatewayView(gateway, states.get(gateway.id) ?? {}, now)), ...(nextCursor ? { nextCursor } : {}) },
  };
}

/** The notification group a gateway names: under a corporate view, one of its location's only. */
const groupIdsOf = (gateway: { notificationGroupId?: string | undefined }) => (gateway.notificationGroupId === undefined ? [] : [gateway.notificationGroupId]);

/** The alarm profile a gateway names: under a corporate view, one it reads only (in use on its sites, or nowhere). */
const profileIdsOf = (gateway: { alarmProfileId?: string | undefined }) => ({ alarm: gateway.alarmProfileId ? [gateway.alarmProfileId] : [], dataLogging: [] });

const numberOrUndefined = (value: unknown) => (typeof value === 'number' ? value : undefined);

/** Gateways (SPEC sections 2, 3, 5, 8): list, inactive, add, get, update, delete, sensors, history, data. */
export const gatewayRoutes = defineRoutes('gateways', [
  route(GATEWAY_ROUTES.list, {
    action: ({ request }) => listGateways(request, true),
  }),
  route(GATEWAY_ROUTES.getInactive, {
    action: ({ request }) => listGateways(request, false),
  }),
  route(GATEWAY_ROUTES.create, {
    action: async ({ caller, body: input, request }) => {
      const view = await viewer(request);
      await assertPlacement(view, input);
      await assertNotificationGroupsInCorporateView(caller, view.customerId, groupIdsOf(input));
      await assertProfilesInCorporateView(caller, view.customerId, profileIdsOf(input));
      const record = await gateways().create(caller, view.customerId, input);
      return { statusCode: 201, body: gatewayView(record, {}, new Date()) };
    },
  }),
  route(GATEWAY_ROUTES.get, {
    action: async ({ request }) => {
      const view = await viewer(request);
      const [gateway] = await withVisibleCounts(view, [await visibleGateway(view, request)]);
      if (gateway === undefined) throw notFound(MESSAGES.gatewayNotFound);
      const states = await gateways().states(view.customerId, [gateway.id]);
      return { statusCode: 200, body: gatewayView(gateway, states.get(gateway.id) ?? {}, new Date()) };
    },
  }),
  route(GATEWAY_ROUTES.update, {
    action: async ({ caller, body: input, request }) => {
      const view = await viewer(request);
      const before = await visibleGateway(view, request);
      await assertPlacement(view, input, before);
      await assertNotificationGroupsInCorporateView(caller, view.customerId, groupIdsOf(input), groupIdsOf(before));
      await assertProfilesInCorporateView(caller, view.customerId, profileIdsOf(input), profileIdsOf(before));
      const store = gateways();
      const record = await store.update(caller, view.customerId, before, input);
      const states = await store.states(view.customerId, [record.id]);
      return { statusCode: 200, body: gatewayView(record, states.get(record.id) ?? {}, new Date()) };
    },
  }),
  route(GATEWAY_ROUTES.remove, {
    action: async ({ caller, request }) => {
      const view = await viewer(request);
      const gateway = await visibleGateway(view, request);
      try {
        await gateways().delete(caller, view.customerId, gateway);
      } catch (error) {
        // SPEC section 8: the refusal names the gateway and its sensor count; the parts let a browser translate it.
        if (error instanceof GatewayInUseError) return { statusCode: 409, body: error.refusal, headers: { [ERROR_CODE_HEADER]: 'gatewayDeleteRefused' } };
        throw error;
      }
      await purgeDeviceRecords(view.customerId, ENTITY.gateway, gateway.id, request.logger);
      return { statusCode: 204 };
    },
  }),
  route(GATEWAY_ROUTES.getSensors, {
    action: async ({ request }) => {
      const view = await viewer(request);
      const gateway = await visibleGateway(view, request);
      const sensors = await gateways().sensors(view.customerId, gateway.id);
      const items = filterSensors(sensors, (sensor) => ({ sensorId: sensor.id, siteId: sensor.siteId }), view.scope)
        // The list's own fields: the channels and labels are the Data tab's.
        .map(({ channels: _channels, openLabel: _open, closeLabel: _close, ...sensor }) => sensor);
      return { statusCode: 200, body: { items } };
    },
  }),
  route(GATEWAY_ROUTES.getHistory, {
    action: async ({ request }) => {
      const view = await viewer(request);
      const gateway = await visibleGateway(view, request);
      const store = gateways();
      const page = pageRequestFrom(request.query, { attribute: 'gsi1pk', value: store.historyPartition(view.customerId, gateway.id) });
      const result = await store.history(view.customerId, gateway.id, page);
      const items = await historyEntriesWithNames(dynamoDocumentClient(), table(), view.customerId, result.items);
      return { statusCode: 200, body: { items, ...(result.nextCursor ? { nextCursor: result.nextCursor } : {}) } };
    },
  }),
  route(GATEWAY_ROUTES.getData, {
    action: async ({ request }) => {
      const view = await viewer(request);
      const gateway = await visibleGateway(view, request);
      const store = gateways();
      const [states, allSensors] = await Promise.all([store.states(view.customerId, [gateway.id]), store.sensors(view.customerId, gateway.id)]);
      const sensors = filterSensors(allSensors, (sensor) => ({ sensorId: sensor.id, siteId: sensor.siteId }), view.scope);
      const stateItems = await readByIds(dynamoDocumentClient(), table(), view.customerId, sensorStateKey, sensors.map((sensor) => sensor.id));
      // Each state item with the sensor's newest reading on top (docs/decisions/0055-a-reading-costs-one-write.md).
      const sensorStates = await sensorLiveStates(dynamoDocumentClient(), table(), view.customerId,
        new Map(sensors.map((sensor) => [sensor.id, stateItems.has(sensor.id) ? toSensorState(stateItems.get(sensor.id) ?? {}) : undefined])));
      const now = new Date();
      const gatewayState = states.get(gateway.id) ?? {};
      const body: GatewayData = {
        gateway: { id: gateway.id, name: gateway.name, ...gatewayState, online: isDeviceOnline(gatewayState.lastCommunicated, GATEWAY_STATUS_SECONDS, now) },
        sensors: sensors.map((sensor): GatewaySensorState => {
          const state: Record<string, unknown> = { ...sensorStates.get(sensor.id) };
          const lastCommunicated = typeof state['lastCommunicated'] === 'string' ? state['lastCommunicated'] : undefined;
          const lastReadingAt = typeof state['lastReadingAt'] === 'string' ? state['lastReadingAt'] : undefined;
          const reading = state['reading'];
          return {
            id: sensor.id,
            name: sensor.name,
            ...(sensor.deviceModel !== undefined ? { deviceModel: sensor.deviceModel } : {}),
            channels: sensor.channels,
            ...(sensor.openLabel !== undefined ? { openLabel: sensor.openLabel } : {}),
            ...(sensor.closeLabel !== undefined ? { closeLabel: sensor.closeLabel } : {}),
            ...(lastCommunicated ? { lastCommunicated } : {}),
            ...(lastReadingAt ? { lastReadingAt } : {}),
            ...(reading && typeof reading === 'object' ? { reading: reading as Record<string, number | null> } : {}),
            ...(numberOrUndefined(state['battery']) === undefined ? {} : { battery: state['battery'] as number }),
            ...(numberOrUndefined(state['signal']) === undefined ? {} : { signal: state['signal'] as number }),
            ...(numberOrUndefined(state['snr']) === undefined ? {} : { snr: state['snr'] as number }),
            // The sensor's own newest reading against its report interval (issue 17 section 1).
            online: isSensorOnline({ deviceModel: sensor.deviceModel ?? '', lastReadingAt }, now),
          };
        }),
      };
      return { statusCode: 200, body };
    },
  }),
]);

