import { Entity, type EntityItem } from 'electrodb';
import { SERVICE } from '../key-parts';
import type { KeyParams, PutParams } from '../writes';

/**
 * A generated file's fingerprint (its SHA-256), in a partition of its own so POST
 * /reports/verify finds it from the hash alone, whoever asks: it names the organisation and the
 * run, and what the file's header already says (report, organisation, who, when).
 */
export const reportFingerprint = new Entity({
  model: { entity: 'reportFingerprint', version: '1', service: SERVICE },
  attributes: {
    sha256: { type: 'string', required: true },
    customerId: { type: 'string', required: true },
    runId: { type: 'string', required: true },
    reportId: { type: 'string', required: true },
    organisationName: { type: 'string', required: true },
    requestedByName: { type: 'string', required: true },
    generatedAt: { type: 'string', required: true },
    format: { type: 'string', required: true },
    fileName: { type: 'string', required: true },
    type: { type: 'string', default: 'ReportFingerprint' },
  },
  indexes: {
    bySha256: {
      pk: { field: 'pk', composite: ['sha256'], template: 'REPORTFILE#${sha256}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'REPORTFILE', casing: 'none' },
    },
  },
});
export type ReportFingerprintItem = EntityItem<typeof reportFingerprint>;

export const reportFingerprintKey = (tableName: string, sha256: string): KeyParams =>
  reportFingerprint.get({ sha256 }).params<KeyParams>({ table: tableName });

export const reportFingerprintPut = (tableName: string, item: ReportFingerprintItem): PutParams =>
  reportFingerprint.put(item).params<PutParams>({ table: tableName });
