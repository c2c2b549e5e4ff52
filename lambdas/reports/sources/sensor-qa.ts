import { sensorReportSeconds } from '@domain/devices/sensor';
import { joinSensorQa, sensorQaOf, type SensorLogging } from '@domain/reports/sensor-qa';
import type { DataLoggingProfileRecord } from '../../data/entities/data-logging-profile';
import type { SensorRecord } from '../../data/repositories/sensors';
import { readDataLoggingProfiles, readingRowsBetween, readSensorCalibrations } from '../../data/sensor-report-reads';
import type { ReportSource } from './context';
import { eachSensor, sensorReportScope } from './sensor-reports';

/**
 * The Sensor QA report's source (issue 34 section 2.8): per sensor, its readings of the period
 * (each with its arrival), how it logs (its channels' data logging profiles), its calibration
 * certificates; the builder (domain/reports/sensor-qa.ts) does the rest.
 */

/**
 * How a sensor logs: one reading carries every channel, so the shortest interval of its channels'
 * enabled profiles, with that profile's schedule. With none enabled the sensor reports as its
 * model does (a disabled profile "leaves the sensor's own reporting as is"), at all hours.
 */
export function loggingOf(record: Pick<SensorRecord, 'channels' | 'deviceModel'>, profiles: ReadonlyMap<string, DataLoggingProfileRecord>): SensorLogging {
  const enabled = record.channels
    .map((channel) => profiles.get(channel.dataLoggingProfileId))
    .filter((profile): profile is DataLoggingProfileRecord => profile !== undefined && profile.enabled && profile.intervalMinutes > 0)
    .sort((a, b) => a.intervalMinutes - b.intervalMinutes);
  const [shortest] = enabled;
  return shortest !== undefined
    ? { intervalMinutes: shortest.intervalMinutes, schedule: shortest.schedule }
    : { intervalMinutes: sensorReportSeconds(record.deviceModel) / 60, schedule: { kind: 'always' } };
}

export const sensorQaSource: ReportSource<'sensorQa'> = async (context, parameters) => {
  const scope = await sensorReportScope(context, parameters);
  const { period } = scope;
  const profiles = await readDataLoggingProfiles(context.client, context.tableName, context.customerId, scope.sensors.flatMap((record) => record.channels.map((channel) => channel.dataLoggingProfileId)));
  const parts = await eachSensor(context, scope.sensors, async (record) => {
    const [readings, calibrations] = await Promise.all([
      readingRowsBetween(context.client, context.tableName, context.customerId, record.id, { start: period.from, end: period.to }),
      readSensorCalibrations(context.client, context.tableName, context.customerId, record.id),
    ]);
    return sensorQaOf({
      sensorId: record.id,
      name: record.name,
      channels: record.channels.map((channel) => String(channel.channel)),
      logging: loggingOf(record, profiles),
      reportSeconds: sensorReportSeconds(record.deviceModel),
      readings,
      calibrations,
    }, period, scope.timeZone);
  });
  return { figures: joinSensorQa(parts), timeZone: scope.timeZone, siteNames: scope.siteNames };
};
