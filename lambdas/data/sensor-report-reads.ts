import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ReadingRow } from '@domain/telemetry/telemetry';
import { batchGet } from './batch';
import { calibrationsOfSensor, toCalibrationRecord, type CalibrationRecord } from './entities/calibration';
import { dataLoggingProfileKey, toDataLoggingProfileRecord, type DataLoggingProfileRecord } from './entities/data-logging-profile';
import { queryAll } from './queries';
import { readingPagesBetween } from './readings';

/**
 * What the sensor reports (issue 34 sections 2.5, 2.6, 2.8; lambdas/reports/sources) read of a
 * sensor besides its record: its whole reading rows over a period (battery, signal, SNR and
 * arrival with the values), its channels' data logging profiles, its calibration certificates.
 */

/**
 * One sensor's reading rows in [start, end), oldest first, every page (`readingRowOf`: the row the
 * API answers with), gathered from the pages `readings.ts` reads. A report reads one sensor at a
 * time, so one sensor's period is held at once.
 */
export async function readingRowsBetween(
  client: DynamoDBDocumentClient,
  tableName: string,
  customerId: string,
  sensorId: string,
  range: { start: number; end: number },
): Promise<ReadingRow[]> {
  const rows: ReadingRow[] = [];
  if (range.end <= range.start) return rows;
  for await (const page of readingPagesBetween(client, tableName, customerId, sensorId, range)) rows.push(...page);
  return rows;
}

/** These data logging profiles, by id (a profile in use is never deleted; one missing is absent). */
export async function readDataLoggingProfiles(client: DynamoDBDocumentClient, tableName: string, customerId: string, ids: Iterable<string>): Promise<Map<string, DataLoggingProfileRecord>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const items = await batchGet(client, tableName, unique.map((id) => dataLoggingProfileKey(tableName, customerId, id).Key), { consistent: false });
  return new Map(items.map(toDataLoggingProfileRecord).map((profile) => [profile.id, profile]));
}

/** A sensor's calibration certificates, any order (a sensor keeps a few). */
export const readSensorCalibrations = (client: DynamoDBDocumentClient, tableName: string, customerId: string, sensorId: string): Promise<CalibrationRecord[]> =>
  queryAll(client, calibrationsOfSensor(tableName, customerId, sensorId), toCalibrationRecord);
