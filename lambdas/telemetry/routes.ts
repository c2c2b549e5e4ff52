import { normaliseDeviceId } from '@domain/devices/device-catalogue';
import { forbidden, notFound } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import { graphQueryFrom, timeRangeFrom } from '@domain/telemetry/telemetry';
import { sensorConfigOf, type SensorConfig, deadLetterPartition, readingPartition } from '../data';
import { assertSensorAccess, readAccess } from '../data/access';
import { dynamoDocumentClient } from '../data/client';
import { backendConfig } from '../shared/config';
import { requireCaller, targetCustomerId, type ActionRequest } from '../shared/http';
import { pageRequestFrom } from '../shared/pagination';
import { graphData } from './graph';
import { TelemetryStore } from '../data/repositories/telemetry';
import { defineRoutes, route } from '../shared/routing';
import { TELEMETRY_ROUTES } from '@domain/api/telemetry';

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
  route(TELEMETRY_ROUTES.get, {
    action: async ({ request }) => {
      const query = graphQueryFrom(request.query, Date.now());
      const { customerId, sensor } = await reachableSensor(request, query.sensorId);
      return { statusCode: 200, body: await graphData(store(), customerId, sensor, query) };
    },
  }),
  route(TELEMETRY_ROUTES.getSensorsReadings, {
    action: async ({ params, request }) => {
      const { start, end } = timeRangeFrom(request.query, Date.now());
      const { customerId, sensor } = await reachableSensor(request, params.id);
      const page = pageRequestFrom(request.query, { attribute: 'pk', value: readingPartition(customerId, sensor.id) });
      return { statusCode: 200, body: await store().readingsPage(customerId, sensor.id, start, end, page) };
    },
  }),
  route(TELEMETRY_ROUTES.getDevicesDeadletters, {
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

