import type { SQSRecord } from 'aws-lambda';
import { describe, expect, it, vi } from 'vitest';
import { recordingLogger } from '../shared/observability.test-support';
import { DeviceDirectory, type DirectoryReader, type StoredItem } from './directory';
import { ingest } from './ingest';
import type { QueuedPut } from '../data/repositories/ingest';
import { MIN_BATCH_ITEM_READINGS, newestBatchReadings } from '../data/newest-readings';

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
        markUnbatched: async () => undefined,
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

  it('after a gateway batch\'s readings, writes one item of its sensors\' newest readings; a late batch adds its own; a small batch marks its gateway first; a sensor publishing for itself neither', async () => {
    // A gateway of this test's own: the ingest remembers the gateways it marked.
    const GATEWAY = '00112233445566AA';
    const sensors = Array.from({ length: MIN_BATCH_ITEM_READINGS }, (_, index) => `A${String(index).padStart(7, '0')}`);
    const reader: DirectoryReader = {
      configVersion: async () => ({ version: 1, disabled: false }),
      loadPartition: async (_customerId, entity) => {
        if (entity === 'SENSOR') return [{ ...sensorItem(GOOD), gatewayId: GATEWAY, connectionType: 'wifi' }, ...sensors.map((id) => ({ ...sensorItem(id), gatewayId: GATEWAY, connectionType: 'subGhz' }))];
        return entity === 'GATEWAY' ? [{ pk: `C#${ORG}#GATEWAY`, sk: `GATEWAY#${GATEWAY}`, id: GATEWAY, siteId: 'site-1' }] : [];
      },
      getDevices: async () => [],
      newestReadings: async () => new Map(),
    };
    const directory = new DeviceDirectory(reader, () => T0);
    const calls: string[] = [];
    const items: QueuedPut[] = [];
    const dependencies = {
      table: {
        putAll: async (puts: readonly QueuedPut[]) => {
          calls.push(puts.every((put) => String(put.item['pk']).includes('#READING#')) ? 'readings' : 'newest');
          items.push(...puts.filter((put) => String(put.item['pk']).includes('#NEWEST#')));
          return new Set<number>();
        },
        writeRollup: async () => [],
        writeState: async () => true,
        markUnbatched: async (_customerId: string, gatewayId: string) => { calls.push(`mark ${gatewayId}`); },
      },
      directory, observers: [], logger: recordingLogger('ERROR').logger, now: () => T0,
    };
    const gatewayBatch = (messageId: string, readings: { deviceId: string; time: number; value: number }[]): SQSRecord => ({
      ...record(messageId, GATEWAY),
      body: JSON.stringify({ customerId: ORG, sourceDeviceId: GATEWAY, kind: 'readings', receivedAt: T0, payload: { readings: readings.map(({ deviceId, time, value }) => ({ deviceId, time, channels: { '1': value } })) } }),
    });
    const everySensor = (time: number, value: number) => sensors.map((deviceId) => ({ deviceId, time, value }));

    // A full batch (and an older reading of one sensor in it), and a Wi-Fi sensor's own message.
    await ingest([gatewayBatch('m-1', [...everySensor(T0 - 60_000, 4), { deviceId: sensors[0] ?? '', time: T0 - 120_000, value: 3 }]), record('m-own', GOOD)], dependencies);
    // The gateway's buffered older readings, as a full batch.
    await ingest([gatewayBatch('m-2', everySensor(T0 - 600_000, 1))], dependencies);
    // A small batch: no item, its gateway marked before its readings are stored.
    await ingest([gatewayBatch('m-3', [{ deviceId: sensors[1] ?? '', time: T0 - 30_000, value: 6 }])], dependencies);

    // A radio sensor of the gateway publishing for itself: marked too (its reading is in no batch item).
    await ingest([{ ...record('m-radio-own', sensors[2] ?? ''), body: JSON.stringify({ customerId: ORG, sourceDeviceId: sensors[2], kind: 'readings', receivedAt: T0 + 3 * 60 * 60_000, payload: { time: T0 + 3 * 60 * 60_000 - 1000, channels: { '1': 7 } } }) }], dependencies);

    expect(calls).toEqual(['readings', 'newest', 'readings', 'newest', `mark ${GATEWAY}`, 'readings', `mark ${GATEWAY}`, 'readings']);
    const [newest, late] = items;
    expect(newest?.item['pk']).toBe(`C#${ORG}#NEWEST#${GATEWAY}`);
    expect(newest?.records).toEqual([0]);
    const values = newestBatchReadings(newest?.item ?? {});
    expect(values.size).toBe(MIN_BATCH_ITEM_READINGS);
    expect(values.get(sensors[0] ?? '')).toMatchObject({ time: new Date(T0 - 60_000).toISOString(), channels: { '1': 4 } });
    expect(values.has(GOOD)).toBe(false);
    // The late batch's item is another item, sorted before the first: nothing is overwritten.
    expect(String(late?.item['sk']) < String(newest?.item['sk'])).toBe(true);
  });
});
