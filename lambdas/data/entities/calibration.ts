import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { Entity, type EntityItem } from 'electrodb';
import type { Calibration } from '@domain/devices/calibration';
import { customerIdAttribute } from '../attributes';
import { SERVICE } from '../key-parts';
import { partitionOf, type QueryParams } from '../queries';
import type { KeyParams, PutParams } from '../writes';

/** A calibration as stored: its certificate's object key in the files bucket, if it has one. */
export interface CalibrationRecord extends Omit<Calibration, 'certificate'> {
  certificate?: { key: string; fileName: string; size: number };
}

/**
 * A sensor's calibration certificate (SPEC sections 3, 5, 9; docs/data-model.md "Devices and
 * telemetry"): one item each under the sensor's own partition, `CALIBRATION#<id>` (`bySensor`).
 */
export const calibration = new Entity({
  model: { entity: 'calibration', version: '1', service: SERVICE },
  attributes: {
    customerId: customerIdAttribute,
    sensorId: { type: 'string', required: true },
    id: { type: 'string', required: true },
    issueDate: { type: 'string' },
    renewalDate: { type: 'string' },
    certificateNumber: { type: 'string' },
    calibratedBy: { type: 'string' },
    // Where the PDF is kept (key, fileName, size), as the store wrote it.
    certificate: { type: 'any' },
    createdAt: { type: 'string' },
    createdBy: { type: 'string' },
    type: { type: 'string', default: 'Calibration' },
  },
  indexes: {
    bySensor: {
      pk: { field: 'pk', composite: ['customerId', 'sensorId'], template: 'C#${customerId}#SENSOR#${sensorId}', casing: 'none' },
      sk: { field: 'sk', composite: ['id'], template: 'CALIBRATION#${id}', casing: 'none' },
    },
  },
});
export type CalibrationItem = EntityItem<typeof calibration>;

export const calibrationKey = (tableName: string, customerId: string, sensorId: string, id: string): KeyParams =>
  calibration.get({ customerId, sensorId, id }).params<KeyParams>({ table: tableName });

export const calibrationPut = (tableName: string, customerId: string, record: CalibrationRecord): PutParams =>
  calibration.put({ customerId, ...record }).params<PutParams>({ table: tableName });

/**
 * Access pattern: a sensor's calibrations, read consistently. The partition and the prefix come
 * from the entity; the expression is the one the store always sent.
 */
export function calibrationsOfSensor(tableName: string, customerId: string, sensorId: string): QueryParams {
  const built = calibration.query.bySensor({ customerId, sensorId }).params<QueryParams>({ table: tableName });
  return {
    TableName: tableName,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :calibration)',
    ExpressionAttributeValues: { ':pk': partitionOf(built), ':calibration': String(built.ExpressionAttributeValues?.[':sk1']) },
    ConsistentRead: true,
  };
}

/** The one decoder of a calibration item: each field picked. */
export function toCalibrationRecord(item: Record<string, unknown>): CalibrationRecord {
  const optional = (field: string) => (typeof item[field] === 'string' ? { [field]: item[field] } : {});
  const certificate = item['certificate'] as CalibrationRecord['certificate'] | undefined;
  return {
    id: String(item['id']),
    sensorId: String(item['sensorId']),
    issueDate: String(item['issueDate']),
    ...optional('renewalDate'),
    ...optional('certificateNumber'),
    ...optional('calibratedBy'),
    ...(certificate ? { certificate } : {}),
    createdAt: String(item['createdAt'] ?? ''),
    createdBy: String(item['createdBy'] ?? ''),
  };
}

/** One calibration of a sensor, read consistently (absent: undefined). */
export async function readCalibration(client: DynamoDBDocumentClient, tableName: string, customerId: string, sensorId: string, id: string): Promise<CalibrationRecord | undefined> {
  const result = await client.send(new GetCommand({ ...calibrationKey(tableName, customerId, sensorId, id), ConsistentRead: true }));
  return result.Item === undefined ? undefined : toCalibrationRecord(result.Item);
}
