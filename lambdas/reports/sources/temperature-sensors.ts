import type { Alarm } from '@domain/alarms/alarm';
import type { ReportParameters } from '@domain/reports/catalogue';
import { siteDays } from '@domain/reports/site-day';
import type { CelsiusLimits, ReportSensor } from '@domain/reports/temperature-figures';
import { readAlarmProfiles, readingPagesBetween } from '../../data';
import { AlarmStore } from '../../data/repositories/alarms';
import type { SensorRecord } from '../../data/repositories/sensors';
import type { ReportReadContext } from './context';
import { reportSensors, reportSites, reportTimeZone } from './scope';

/**
 * What the temperature reports (Temperature Log, Vaccine) read of each sensor: its temperature
 * channel, every reading of the range (page by page) and its alarms overlapping the range, and
 * its alarm profile's out-of-range limits in °C. Sensors are read one after the other, so a
 * month of fifty sensors holds one sensor's readings at a time while reading.
 */

export interface TemperatureSensor extends ReportSensor {
  readonly limits: CelsiusLimits;
}

type DatedSensorParameters = Pick<ReportParameters<'temperatureLog'>, 'locationId' | 'siteIds' | 'sensorIds' | 'from' | 'to'>;

/** The sensor's first temperature channel ('1' when it names none). */
function temperatureChannel(sensor: SensorRecord): string {
  const channels = (sensor as { channels?: Array<{ channel: number; sensorType: string }> }).channels ?? [];
  return String(channels.find((channel) => channel.sensorType === 'temperature')?.channel ?? 1);
}

const overlaps = (alarm: Alarm, from: number, to: number): boolean =>
  Date.parse(alarm.startedAt) < to && (alarm.clearedAt === undefined || Date.parse(alarm.clearedAt) >= from);

export interface TemperatureSensorsRead {
  readonly timeZone: string;
  readonly siteNames: readonly string[];
  readonly from: number;
  readonly to: number;
  /** The sensors in the order asked, each read when the builder asks for it. */
  readonly sensors: readonly SensorRecord[];
  read(sensor: SensorRecord): Promise<TemperatureSensor>;
}

/** The places checked, the range in the site's days (up to now), and a reader of one sensor at a time. */
export async function temperatureSensors(context: ReportReadContext, parameters: DatedSensorParameters): Promise<TemperatureSensorsRead> {
  const sites = await reportSites(context, parameters.locationId, parameters.siteIds);
  const sensors = await reportSensors(context, sites, parameters.sensorIds);
  const timeZone = reportTimeZone(sites);
  const days = siteDays(parameters.from, parameters.to, timeZone);
  const from = days[0]?.start ?? 0;
  const to = Math.min(days.at(-1)?.end ?? 0, context.now);
  const profiles = await readAlarmProfiles(context.client, context.tableName, context.customerId, sensors.flatMap((sensor) => (sensor.alarmProfileId ? [sensor.alarmProfileId] : [])));
  const alarms = new AlarmStore(context.client, context.tableName);
  return {
    timeZone, siteNames: sites.map((site) => site.name), from, to, sensors,
    async read(sensor) {
      const readings: ReportSensor['readings'][number][] = [];
      if (to > from) for await (const page of readingPagesBetween(context.client, context.tableName, context.customerId, sensor.id, { start: from, end: to }, { valuesOnly: true })) readings.push(...page);
      const sensorAlarms = await alarms.all(context.customerId, { kind: 'device', deviceKind: 'sensor', deviceId: sensor.id }, (alarm) => overlaps(alarm, from, to));
      const profile = sensor.alarmProfileId === undefined ? undefined : profiles.get(sensor.alarmProfileId);
      const outOfRange = profile !== undefined && profile.types.includes('outOfRange') && profile.measurement === 'temperature';
      return {
        sensorId: sensor.id, name: sensor.name, channel: temperatureChannel(sensor), readings, alarms: sensorAlarms,
        limits: outOfRange ? { min: profile.min, max: profile.max } : {},
      };
    },
  };
}
