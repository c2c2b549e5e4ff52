import { ORGANISATION_READERS } from '../identity/roles';
import { deadLetterSchema, graphDataSchema, readingRowSchema } from '../telemetry/telemetry';
import { contract, USER_ADMINISTRATORS } from './contract';

/** The contracts of lambdas/telemetry/routes.ts (docs/adding-a-route.md). */
export const TELEMETRY_ROUTES = {
  get: contract({
    method: 'GET', path: '/graphdata', roles: ORGANISATION_READERS, summary: 'Graph data of a sensor: queryId (the sensor id), startDate and endDate (ISO or epoch ms; default the last 24 hours), dataformat auto|raw|hourly; raw readings for short ranges, hourly rollups (merged into n-hour buckets past 2,000 hours) for long ones', response: graphDataSchema,
  }),
  getSensorsReadings: contract({
    method: 'GET', path: '/sensors/{id}/readings', roles: ORGANISATION_READERS, summary: "A sensor's stored readings between startDate and endDate (default the last 24 hours), newest first", response: readingRowSchema, paginated: true,
  }),
  getDevicesDeadletters: contract({
    method: 'GET', path: '/devices/deadletters', roles: USER_ADMINISTRATORS, summary: "Device messages the ingest refused in the last 30 days, with the reason, newest first", response: deadLetterSchema, paginated: true,
  }),
} as const;
