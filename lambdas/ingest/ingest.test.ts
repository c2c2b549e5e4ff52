import type { SQSRecord } from 'aws-lambda';
import { describe, expect, it, vi } from 'vitest';
import { recordingLogger } from '../shared/observability.test-support';
import { DeviceDirectory, type DirectoryReader, type StoredItem } from './directory';
import { ingest } from './ingest';
import type { QueuedPut } from '../data/repositories/ingest';
import { newestBatchReadings } from '../data/newest-readings';

const ORG = 'org-1';
const T0 = Date.parse('2026-03-10T10:20:00.000Z');
const GOOD = 'A1B2C3D4';
const BROKEN = 'B1B2C3D4';

const sensorItem = (id: string): StoredItem => ({
  pk: `C#${ORG}#SENSOR`, sk: `SENSOR#${id}`, id, deviceModel: 'CT-100', siteId: 'site-1', disabled: false,
  channels: [{ channel: 1, sensorType: 'temperature', sensorSubType: 'refrigerator' }],
});
const record = (messageId: string, sourceDeviceId: string): SQSRecord => ({
  messageId, receiptHandle: messageId, md5OfBody: '', eventSource: 'aws:sqs', eventSourceARN: 'arn:aws:sqs:eu-west-1:1:ingest', awsRegion: 'eu-west-1',
  attributes: { ApproximateReceiveCount: '1', SentTimestamp: String(T0), SenderId: 'iot', ApproximateFirstReceiveTimestamp: String(T0) },
  messageAttributes: {},
  body: JSON.stringify({ customerId: ORG, sourceDeviceId, kind: 'readings', receivedAt: T0, payload: { time: T0 - 60_000, channels: { '1': 4 } } }),
});

describe('the ingest, record by record', () => {
  it('a record whose handling throws (a bug, not bad input) is the only one reported failed; the others are stored', async () => {
    const reader: DirectoryReader = {
      configVersion: async () => ({ version: 1, disabled: false }),
      loadPartition: async (_customerId, entity) => (entity === 'SENSOR' ? [sensorItem(GOOD), sensorItem(BROKEN)] : []),
      getDevices: async () => [],
      newestReadings: async () => new Map(),
    };
    const directory = new DeviceDirectory(reader, () => T0);
    const lookUp = directory.sensor.bind(directory);
    vi.spyOn(directory, 'sensor').mockImplementation((customerId, id) => {
      if (id === BROKEN) throw new RangeError('Invalid time value');
      return lookUp(customerId, id);
    });
    const written: QueuedPut[] = [];
    const { logger, lines } = recordingLogger('ERROR');

    const result = await ingest([record('m-broken', BROKEN), record('m-good', GOOD)], {
      table: {
        putAll: async (puts) => { written.push(...puts); return new Set<number>(); },
        writeRollup: async () => [],
        writeState: async () => true,
      },
      directory,
      observers: [],
      logger,
      now: () => T0,
    });

    expect(result.batchItemFailures).toEqual([{ itemIdentifier: 'm-broken' }]);
    expect(written.map((put) => put.item['pk'])).toEqual([`C#${ORG}#READING#${GOOD}`]);
    expect(lines.some((line) => line.includes('device message could not be handled') && line.includes('m-broken'))).toBe(true);
  });

  it('after a gateway batch\'s readings, writes one item of its sensors\' newest readings; a late batch adds its own; a sensor publishing for itself none', async () => {
    const GATEWAY = '0011223344556677';
    const OTHER = 'C1B2C3D4';
    const reader: DirectoryReader = {
      configVersion: async () => ({ version: 1, disabled: false }),
      loadPartition: async (_customerId, entity) => {
        if (entity === 'SENSOR') return [GOOD, OTHER].map((id) => ({ ...sensorItem(id), gatewayId: GATEWAY }));
        return entity === 'GATEWAY' ? [{ pk: `C#${ORG}#GATEWAY`, sk: `GATEWAY#${GATEWAY}`, id: GATEWAY, siteId: 'site-1' }] : [];
      },
      getDevices: async () => [],
      newestReadings: async () => new Map(),
    };
    const directory = new DeviceDirectory(reader, () => T0);
    const calls: QueuedPut[][] = [];
    const dependencies = {
      table: { putAll: async (puts: readonly QueuedPut[]) => { calls.push([...puts]); return new Set<number>(); }, writeRollup: async () => [], writeState: async () => true },
      directory, observers: [], logger: recordingLogger('ERROR').logger, now: () => T0,
    };
    const gatewayBatch = (messageId: string, readings: { deviceId: string; time: number; value: number }[]): SQSRecord => ({
      ...record(messageId, GATEWAY),
      body: JSON.stringify({ customerId: ORG, sourceDeviceId: GATEWAY, kind: 'readings', receivedAt: T0, payload: { readings: readings.map(({ deviceId, time, value }) => ({ deviceId, time, channels: { '1': value } })) } }),
    });

    // A batch: two readings of one sensor and one of another, and a sensor's own message.
    await ingest([
      gatewayBatch('m-1', [{ deviceId: GOOD, time: T0 - 120_000, value: 3 }, { deviceId: GOOD, time: T0 - 30_000, value: 4 }, { deviceId: OTHER, time: T0 - 90_000, value: 5 }]),
      record('m-own', GOOD),
    ], dependencies);
    // Then the gateway's buffered older readings.
    await ingest([gatewayBatch('m-2', [{ deviceId: GOOD, time: T0 - 600_000, value: 1 }])], dependencies);

    // The readings first, then the batch item, in a call of its own.
    const [readings, newest, late, lateNewest] = calls;
    expect(readings?.every((put) => String(put.item['pk']).includes('#READING#'))).toBe(true);
    expect(newest?.map((put) => [put.item['pk'], put.records])).toEqual([[`C#${ORG}#NEWEST#${GATEWAY}`, [0]]]);
    const values = newestBatchReadings(newest?.[0]?.item ?? {});
    expect([...values].map(([id, reading]) => [id, reading.time, reading.channels])).toEqual([
      [GOOD, new Date(T0 - 30_000).toISOString(), { '1': 4 }],
      [OTHER, new Date(T0 - 90_000).toISOString(), { '1': 5 }],
    ]);
    expect(late?.every((put) => String(put.item['pk']).includes('#READING#'))).toBe(true);
    // The late batch's item is another item, sorted before the first: nothing is overwritten.
    expect(String(lateNewest?.[0]?.item['sk']) < String(newest?.[0]?.item['sk'])).toBe(true);
    expect(calls).toHaveLength(4);
  });
});
