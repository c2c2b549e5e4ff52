import type { ReportParameters } from '@domain/reports/catalogue';
import { reportPeriod, type ReportPeriod } from '@domain/reports/sensor-readings';
import type { SensorRecord } from '../../data/repositories/sensors';
import type { SiteRecord } from '../../data/repositories/sites';
import type { ReportReadContext } from './context';
import { reportSensors, reportSites, reportTimeZone } from './scope';

/**
 * What the sources of the sensor reports (Sensor Health Summary, Sensor Signal, Sensor QA) share:
 * the places checked against the caller before anything else is read, the period, and the
 * sensor-at-a-time loop that tells the run's progress (one sensor's readings held at once).
 */

export interface SensorReportScope {
  readonly sites: readonly SiteRecord[];
  readonly sensors: readonly SensorRecord[];
  readonly timeZone: string;
  readonly siteNames: readonly string[];
  /** The range's site days up to now, as instants. */
  readonly period: ReportPeriod;
  /** A sensor's site's name (the report's sites hold every sensor's). */
  siteNameOf(sensor: SensorRecord): string;
}

type DatedSensorParameters = ReportParameters<'sensorHealthSummary' | 'sensorSignal' | 'sensorQa'>;

export async function sensorReportScope(context: ReportReadContext, parameters: Pick<DatedSensorParameters, 'locationId' | 'siteIds' | 'sensorIds' | 'from' | 'to'>): Promise<SensorReportScope> {
  const sites = await reportSites(context, parameters.locationId, parameters.siteIds);
  const sensors = await reportSensors(context, sites, parameters.sensorIds);
  const timeZone = reportTimeZone(sites);
  const names = new Map(sites.map((site) => [site.id, site.name]));
  return {
    sites,
    sensors,
    timeZone,
    siteNames: sites.map((site) => site.name),
    period: reportPeriod(parameters.from, parameters.to, timeZone, context.now),
    siteNameOf: (sensor) => (sensor.siteId === undefined ? '' : names.get(sensor.siteId) ?? ''),
  };
}

/** Each sensor's part, one sensor at a time, the progress told after each. */
export async function eachSensor<Part>(context: ReportReadContext, sensors: readonly SensorRecord[], build: (sensor: SensorRecord) => Promise<Part>): Promise<Part[]> {
  const parts: Part[] = [];
  for (const [index, sensor] of sensors.entries()) {
    parts.push(await build(sensor));
    await context.progress((index + 1) / sensors.length);
  }
  return parts;
}
