import { sensorReportSeconds } from '@domain/devices/sensor';
import { joinSensorSignal, sensorSignalOf } from '@domain/reports/sensor-signal';
import { readingRowsBetween } from '../../data/sensor-report-reads';
import type { ReportSource } from './context';
import { eachSensor, sensorReportScope } from './sensor-reports';

/**
 * The Sensor Signal report's source (issue 34 section 2.6): per sensor, its readings of the period
 * (each with its RSSI and SNR); the builder (domain/reports/sensor-signal.ts) does the rest.
 */
export const sensorSignalSource: ReportSource<'sensorSignal'> = async (context, parameters) => {
  const scope = await sensorReportScope(context, parameters);
  const { period } = scope;
  const parts = await eachSensor(context, scope.sensors, async (record) => {
    const readings = await readingRowsBetween(context.client, context.tableName, context.customerId, record.id, { start: period.from, end: period.to });
    return sensorSignalOf({ sensorId: record.id, name: record.name, reportSeconds: sensorReportSeconds(record.deviceModel), readings }, period);
  });
  return { figures: joinSensorSignal(parts, period), timeZone: scope.timeZone, siteNames: scope.siteNames };
};
