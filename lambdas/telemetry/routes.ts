import { ORGANISATION_READERS } from '@domain/identity/roles';
import { normaliseDeviceId } from '@domain/devices/device-catalogue';
import { forbidden, notFound } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import { deadLetterSchema, graphDataSchema, graphQueryFrom, readingRowSchema, timeRangeFrom } from '@domain/telemetry/telemetry';
import { sensorConfigOf, type SensorConfig } from '../data';
import { assertSensorAccess, readAccess } from '../data/access';
import { dynamoDocumentClient } from '../data/client';
import { backendConfig } from '../shared/config';
import { requireCaller, targetCustomerId, type ActionRequest } from '../shared/http';
import { deadLetterPartition, readingPartition } from '../data/keys';
import { pageRequestFrom } from '../shared/pagination';
import { graphData } from './graph';
import { TelemetryStore } from '../data/repositories/telemetry';
import { defineRoutes, route, USER_ADMINISTRATORS } from '../shared/routing';

const store = () => new TelemetryStore(dynamoDocumentClient(), backendConfig().tableName);

/**
 * A sensor the caller reaches (security groups through the access layer); one they do not,
 * like one that does not exist, answers 404.
 */
async function reachableSensor(request: ActionRequest, id: string): Promise<{ customerId: string; sensor: SensorConfig }> {
  const customerId = targetCustomerId(request);
  const sensorId = normaliseDeviceId(id);
  const item = await store().sensor(customerId, sensorId);
  if (item === undefined) throw notFound(MESSAGES.sensorNotFound);
  const sensor = sensorConfigOf(sensorId, item);
  await assertSensorAccess(requireCaller(request), customerId, { sensorId, siteId: sensor.siteId }, { notFoundMessage: MESSAGES.sensorNotFound });
  return { customerId, sensor };
}

/** Device data (SPEC section 7 "graph data"; issue 5 section 4): the graph, the readings table, dead letters. */
export const telemetryRoutes = defineRoutes('telemetry', [
  route({
    method: 'GET', path: '/graphdata', roles: ORGANISATION_READERS, summary: 'Graph data of a sensor: queryId (the sensor id), startDate and endDate (ISO or epoch ms; default the last 24 hours), dataformat auto|raw|hourly; raw readings for short ranges, hourly rollups (merged into n-hour buckets past 2,000 hours) for long ones', response: graphDataSchema,
    action: async ({ request }) => {
      const query = graphQueryFrom(request.query, Date.now());
      const { customerId, sensor } = await reachableSensor(request, query.sensorId);
      return { statusCode: 200, body: await graphData(store(), customerId, sensor, query) };
    },
  }),
  route({
    method: 'GET', path: '/sensors/{id}/readings', roles: ORGANISATION_READERS, summary: "A sensor's stored readings between startDate and endDate (default the last 24 hours), newest first", response: readingRowSchema, paginated: true,
    action: async ({ params, request }) => {
      const { start, end } = timeRangeFrom(request.query, Date.now());
      const { customerId, sensor } = await reachableSensor(request, params.id);
      const page = pageRequestFrom(request.query, { attribute: 'pk', value: readingPartition(customerId, sensor.id) });
      return { statusCode: 200, body: await store().readingsPage(customerId, sensor.id, start, end, page) };
    },
  }),
  route({
    method: 'GET', path: '/devices/deadletters', roles: USER_ADMINISTRATORS, summary: "Device messages the ingest refused in the last 30 days, with the reason, newest first", response: deadLetterSchema, paginated: true,
    action: async ({ caller, request }) => {
      const customerId = targetCustomerId(request);
      // A refused message names its device and carries its payload, whatever the site: only a
      // caller who reaches every site sees them (not an administrator of some locations only).
      const { scope } = await readAccess(caller, customerId);
      if (scope.kind !== 'all') throw forbidden(MESSAGES.deadLettersNeedEverySite);
      const page = pageRequestFrom(request.query, { attribute: 'pk', value: deadLetterPartition(customerId) });
      return { statusCode: 200, body: await store().deadLetters(customerId, page) };
    },
  }),
]);

