import { sensorReportSeconds } from '@domain/devices/sensor';
import { joinSensorHealth, sensorHealthOf } from '@domain/reports/sensor-health-summary';
import { onlineWindowMs } from '@domain/reports/sensor-readings';
import { AlarmStore } from '../../data/repositories/alarms';
import { readingRowsBetween } from '../../data/sensor-report-reads';
import type { ReportSource } from './context';
import { eachSensor, sensorReportScope } from './sensor-reports';

/**
 * The Sensor Health Summary's source (issue 34 section 2.5): per sensor, its readings of the
 * period and of the online window before it (whether it was online as the period began), and its
 * alarms that began in the period; the builder (domain/reports/sensor-health-summary.ts) does the rest.
 */
export const sensorHealthSummarySource: ReportSource<'sensorHealthSummary'> = async (context, parameters) => {
  const scope = await sensorReportScope(context, parameters);
  const { period } = scope;
  const alarms = new AlarmStore(context.client, context.tableName);
  const parts = await eachSensor(context, scope.sensors, async (record) => {
    const reportSeconds = sensorReportSeconds(record.deviceModel);
    const [readings, sensorAlarms] = await Promise.all([
      readingRowsBetween(context.client, context.tableName, context.customerId, record.id, { start: period.from - onlineWindowMs(reportSeconds), end: period.to }),
      alarms.all(context.customerId, { kind: 'device', deviceKind: 'sensor', deviceId: record.id }, (alarm) => {
        const startedAt = Date.parse(alarm.startedAt);
        return startedAt >= period.from && startedAt < period.to;
      }),
    ]);
    return sensorHealthOf({ sensorId: record.id, name: record.name, site: scope.siteNameOf(record), reportSeconds, readings, alarms: sensorAlarms }, period);
  });
  return { figures: joinSensorHealth(parts), timeZone: scope.timeZone, siteNames: scope.siteNames };
};
