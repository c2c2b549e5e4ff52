import { notFound } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import { LocationStore } from '../../data/repositories/locations';
import { SensorStore, type SensorRecord } from '../../data/repositories/sensors';
import { SiteStore, type SiteRecord } from '../../data/repositories/sites';
import { maySeeSensor, maySeeSite, siteAccessOf } from '../../shared/access';
import type { ReportReadContext } from './context';

/**
 * The places a report's parameters name, checked against the caller (issue 34 section 3: "a
 * basic user's report covers only their sites ... another organisation's ids answer as
 * missing"): a location, site or sensor of another organisation, one the caller does not reach,
 * or a site not of the location, is refused exactly as a missing one (404), so an id cannot be
 * probed. Sources call these before reading anything else.
 */

const UTC = 'UTC';

/** The location and its named sites, each reached by the caller; in the order asked, each once. */
export async function reportSites(context: ReportReadContext, locationId: string, siteIds: readonly string[]): Promise<SiteRecord[]> {
  const location = await new LocationStore(context.client, context.tableName).find(context.customerId, locationId);
  if (location === undefined) throw notFound(MESSAGES.locationNotFound);
  const access = siteAccessOf(context.scope);
  const store = new SiteStore(context.client, context.tableName);
  const unique = [...new Set(siteIds)];
  const sites = await Promise.all(unique.map((siteId) => store.find(context.customerId, siteId)));
  return sites.map((site) => {
    if (site === undefined || !maySeeSite(access, site.id) || !site.locationIds.includes(locationId)) throw notFound(MESSAGES.siteNotFound);
    return site;
  });
}

/** The named sensors, each on one of `sites` and reached by the caller (a security group may grant some sensors only). */
export async function reportSensors(context: ReportReadContext, sites: readonly SiteRecord[], sensorIds: readonly string[]): Promise<SensorRecord[]> {
  const siteIds = new Set(sites.map((site) => site.id));
  const store = new SensorStore(context.client, context.tableName);
  const unique = [...new Set(sensorIds)];
  const sensors = await Promise.all(unique.map((sensorId) => store.find(context.customerId, sensorId)));
  return sensors.map((found) => {
    const record = found?.record;
    if (record === undefined || record.siteId === undefined || !siteIds.has(record.siteId) || !maySeeSensor(context.scope, { sensorId: record.id, siteId: record.siteId })) {
      throw notFound(MESSAGES.sensorNotFound);
    }
    return record;
  });
}

/** The report's zone: its first site's (a report of several sites in several zones names each day by the first's). */
export const reportTimeZone = (sites: readonly Pick<SiteRecord, 'timezone'>[]): string => sites[0]?.timezone ?? UTC;

/** The places any report's parameters name (location, sites, sensors, one sensor), checked before a run is written. */
export async function checkPlaces(context: ReportReadContext, parameters: Record<string, unknown>): Promise<void> {
  const locationId = parameters['locationId'];
  const siteIds = Array.isArray(parameters['siteIds']) ? parameters['siteIds'].map(String) : undefined;
  if (typeof locationId !== 'string' || siteIds === undefined) return;
  const sites = await reportSites(context, locationId, siteIds);
  const sensorIds = Array.isArray(parameters['sensorIds']) ? parameters['sensorIds'].map(String) : typeof parameters['sensorId'] === 'string' ? [parameters['sensorId']] : [];
  if (sensorIds.length > 0) await reportSensors(context, sites, sensorIds);
}
