import type { NamedReference } from '@domain/core/readable-changes';
import { buildSensorDetails, type SensorDetailsSensor } from '@domain/reports/sensor-details';
import { calibrationsOfSensor, deviceNotesNewestFirst, ENTITY, queryAll, toCalibrationRecord, toDeviceNote } from '../../data';
import { readRecordNames } from '../../data/record-names';
import { SensorEquipment } from '../../data/repositories/sensor-equipment';
import type { SensorRecord } from '../../data/repositories/sensors';
import type { ReportReadContext, ReportSource } from './context';
import { reportSensors, reportSites, reportTimeZone } from './scope';

/**
 * The Sensor Details' source (issue 34 section 2.10): the named sensors, checked as every
 * report's places are, each with its calibration certificates, equipment and notes (its own
 * partition's items), and the names of the records it names (location, site, department,
 * division, profiles, notification groups) in one batch get.
 */

/** The records a sensor names by id, for their names. */
function referencesOf(sensor: SensorRecord): NamedReference[] {
  const one = (kind: NamedReference['kind'], id: string | undefined): NamedReference[] => (id === undefined || id === '' ? [] : [{ kind, id }]);
  return [
    ...one('location', sensor.locationId),
    ...one('site', sensor.siteId),
    ...one('department', sensor.departmentId),
    ...one('division', sensor.divisionId),
    ...one('alarmProfile', sensor.alarmProfileId),
    ...(sensor.channels ?? []).flatMap((channel) => one('dataLoggingProfile', channel.dataLoggingProfileId)),
    ...(sensor.notificationGroupIds ?? []).flatMap((id) => one('notificationGroup', id)),
  ];
}

/** A sensor's own records beside its configuration: calibrations, equipment, notes. */
async function detailsOf(context: ReportReadContext, sensor: SensorRecord): Promise<SensorDetailsSensor> {
  const { client, tableName, customerId } = context;
  const [calibrations, equipment, notes] = await Promise.all([
    queryAll(client, calibrationsOfSensor(tableName, customerId, sensor.id), toCalibrationRecord),
    new SensorEquipment(client, tableName).get(customerId, sensor.id),
    queryAll(client, deviceNotesNewestFirst(tableName, customerId, ENTITY.sensor, sensor.id), toDeviceNote),
  ]);
  return {
    id: sensor.id,
    name: sensor.name,
    ...(sensor.deviceModel === undefined ? {} : { deviceModel: sensor.deviceModel }),
    ...(sensor.locationId === undefined ? {} : { locationId: sensor.locationId }),
    ...(sensor.siteId === undefined ? {} : { siteId: sensor.siteId }),
    ...(sensor.departmentId === undefined ? {} : { departmentId: sensor.departmentId }),
    ...(sensor.divisionId === undefined ? {} : { divisionId: sensor.divisionId }),
    ...(sensor.alarmProfileId === undefined ? {} : { alarmProfileId: sensor.alarmProfileId }),
    notificationGroupIds: sensor.notificationGroupIds ?? [],
    channels: sensor.channels ?? [],
    calibrations,
    equipment,
    noteNames: notes.map((note) => note.name),
  };
}

export const sensorDetailsSource: ReportSource<'sensorDetails'> = async (context, parameters) => {
  const sites = await reportSites(context, parameters.locationId, parameters.siteIds);
  const sensors = await reportSensors(context, sites, parameters.sensorIds);
  const names = await readRecordNames(context.client, context.tableName, context.customerId, sensors.flatMap(referencesOf));
  const details: SensorDetailsSensor[] = [];
  // One sensor at a time: each reads three small partitions; the run's progress follows.
  for (const [index, sensor] of sensors.entries()) {
    details.push(await detailsOf(context, sensor));
    await context.progress((index + 1) / sensors.length);
  }
  const figures = buildSensorDetails({ language: context.language, dateFormat: parameters.dateFormat, sensors: details, names });
  return { figures, timeZone: reportTimeZone(sites), siteNames: sites.map((site) => site.name) };
};
