import { randomUUID } from 'node:crypto';
import { latestCalibration, type Calibration, type CalibrationInput } from '@domain/devices/calibration';
import { notFound } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import {
  calibrationKey,
  calibrationPut,
  calibrationsOfSensor,
  createPut,
  queryAll,
  readCalibration,
  toCalibrationRecord,
  type CalibrationRecord,
  type DataTable,
  type GuardedItem,
} from '../data';
import type { Caller } from '../shared/caller';
import type { SiteDocumentFiles } from '../shared/pdf-files';
import type { SensorRecord, SensorStore } from '../data/repositories/sensors';

export type { CalibrationRecord } from '../data';

/** Object keys start with the organisation, as table keys do. */
export const calibrationCertificateKey = (customerId: string, sensorId: string, calibrationId: string) =>
  `${encodeURIComponent(customerId)}/sensors/${sensorId}/calibrations/${calibrationId}.pdf`;

/**
 * A sensor's calibration certificates (SPEC sections 3, 5, 9), one item each under the
 * sensor's own partition; the certificate PDF is in the files bucket. Adding or removing one
 * also records the latest certificate's dates on the sensor, in the same transaction (with the
 * sensor's version and history entry).
 */
export class CalibrationStore {
  constructor(
    private readonly client: DataTable['client'],
    private readonly tableName: string,
    private readonly sensors: SensorStore,
    private readonly files: SiteDocumentFiles,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** Latest issue first. */
  async list(customerId: string, sensorId: string): Promise<CalibrationRecord[]> {
    const records = await queryAll(this.client, calibrationsOfSensor(this.tableName, customerId, sensorId), toCalibrationRecord);
    return records
      .sort((a, b) => b.issueDate.localeCompare(a.issueDate) || b.createdAt.localeCompare(a.createdAt));
  }

  async get(customerId: string, sensorId: string, calibrationId: string): Promise<CalibrationRecord> {
    const record = await readCalibration(this.client, this.tableName, customerId, sensorId, calibrationId);
    if (record === undefined) throw notFound(MESSAGES.calibrationNotFound);
    return record;
  }

  /** Adds a calibration; the certificate is stored first and removed again if the write fails. */
  async create(caller: Caller, customerId: string, sensor: SensorRecord, input: CalibrationInput): Promise<CalibrationRecord> {
    const id = randomUUID();
    let certificate: CalibrationRecord['certificate'];
    if (input.certificate !== undefined) {
      const content = Buffer.from(input.certificate.data, 'base64');
      certificate = { key: calibrationCertificateKey(customerId, sensor.id, id), fileName: input.certificate.fileName, size: content.length };
      await this.files.put(certificate.key, content);
    }
    const record: CalibrationRecord = {
      id,
      sensorId: sensor.id,
      issueDate: input.issueDate,
      ...(input.renewalDate ? { renewalDate: input.renewalDate } : {}),
      ...(input.certificateNumber ? { certificateNumber: input.certificateNumber } : {}),
      ...(input.calibratedBy ? { calibratedBy: input.calibratedBy } : {}),
      ...(certificate ? { certificate } : {}),
      createdAt: this.clock().toISOString(),
      createdBy: caller.email,
    };
    const put: GuardedItem = createPut(calibrationPut(this.tableName, customerId, record));
    try {
      const all = [...(await this.list(customerId, sensor.id)), record];
      await this.sensors.setCalibration(caller, customerId, sensor, datesOf(latestCalibration(all)), [put]);
    } catch (error) {
      if (certificate) await this.files.delete(certificate.key);
      throw error;
    }
    return record;
  }

  /** Deletes a calibration and its certificate; the sensor shows the latest one left. */
  async delete(caller: Caller, customerId: string, sensor: SensorRecord, calibrationId: string): Promise<void> {
    const record = await this.get(customerId, sensor.id, calibrationId);
    const remaining = (await this.list(customerId, sensor.id)).filter((calibration) => calibration.id !== calibrationId);
    await this.sensors.setCalibration(caller, customerId, sensor, datesOf(latestCalibration(remaining)), [{
      item: {
        Delete: {
          ...calibrationKey(this.tableName, customerId, sensor.id, calibrationId),
          ConditionExpression: 'attribute_exists(pk)',
        },
      },
    }]);
    if (record.certificate) await this.files.delete(record.certificate.key);
  }

  /** Every calibration of a deleted sensor goes, with its certificate (after the sensor's own delete). */
  async deleteAll(customerId: string, sensorId: string): Promise<void> {
    for (const record of await this.list(customerId, sensorId)) {
      await this.sensors.deleteCalibration(customerId, sensorId, record.id);
      if (record.certificate) await this.files.delete(record.certificate.key);
    }
  }

  async certificate(record: CalibrationRecord): Promise<Buffer | undefined> {
    return record.certificate ? this.files.get(record.certificate.key) : undefined;
  }
}

function datesOf(calibration: CalibrationRecord | undefined): SensorRecord['calibration'] {
  if (calibration === undefined) return undefined;
  return { issueDate: calibration.issueDate, ...(calibration.renewalDate ? { renewalDate: calibration.renewalDate } : {}) };
}

/** A calibration as the API gives it: where its certificate is kept stays inside. */
export function calibrationView(record: CalibrationRecord): Calibration {
  const { certificate, ...fields } = record;
  return { ...fields, ...(certificate ? { certificate: { fileName: certificate.fileName, size: certificate.size } } : {}) };
}
