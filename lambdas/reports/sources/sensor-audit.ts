import { notFound } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import { buildSensorAudit, sensorAuditWindow } from '@domain/reports/sensor-audit';
import { ENTITY, entityHistoryBetween, queryAll, toAuditEntry } from '../../data';
import { historyEntriesWithNames } from '../../data/record-names';
import { SensorStore } from '../../data/repositories/sensors';
import { reportPeople } from './audit-reads';
import type { ReportSource } from './context';
import { reportSensors, reportSites, reportTimeZone } from './scope';

/**
 * The Sensor Audit's source (issue 34 section 2.11): one sensor, checked as every report's
 * places are (its site of the location, reached by the caller: else missing), and its history
 * entries over the range's days in its site's zone, read as its History tab reads them (with
 * the names their changes need), and the organisation's people to name who made each.
 */
export const sensorAuditSource: ReportSource<'sensorAudit'> = async (context, parameters) => {
  const found = await new SensorStore(context.client, context.tableName).find(context.customerId, parameters.sensorId);
  const siteId = found?.record.siteId;
  if (siteId === undefined) throw notFound(MESSAGES.sensorNotFound);
  const sites = await reportSites(context, parameters.locationId, [siteId]);
  const [sensor] = await reportSensors(context, sites, [parameters.sensorId]);
  if (sensor === undefined) throw notFound(MESSAGES.sensorNotFound);
  const timeZone = reportTimeZone(sites);
  const window = sensorAuditWindow(parameters, timeZone);
  const query = entityHistoryBetween(context.tableName, context.customerId, ENTITY.sensor, sensor.id, new Date(window.from).toISOString(), new Date(window.to).toISOString());
  const [items, people] = await Promise.all([queryAll(context.client, query, toAuditEntry), reportPeople(context)]);
  await context.progress(0.5);
  const entries = await historyEntriesWithNames(context.client, context.tableName, context.customerId, items);
  const figures = buildSensorAudit({
    reader: { language: context.language, dateFormat: parameters.dateFormat, timeZone },
    parameters,
    entries,
    people,
  });
  return { figures, timeZone, siteNames: sites.map((site) => site.name) };
};
