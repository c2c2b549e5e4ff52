import type { SQSRecord } from 'aws-lambda';
import { describe, expect, it, vi } from 'vitest';
import { recordingLogger } from '../shared/observability.test-support';
import { DeviceDirectory, type DirectoryReader, type StoredItem } from './directory';
import { ingest } from './ingest';
import type { QueuedPut } from '../data/repositories/ingest';

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
});
