import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { SQSRecord } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DeviceDirectory } from '../../lambdas/ingest/directory';
import { ingest } from '../../lambdas/ingest/ingest';
import { TelemetryTable } from '../../lambdas/data/repositories/ingest';
import { readingPartition, deviceConfigVersionKey } from '../../lambdas/data';
import { recordingLogger } from '../../lambdas/shared/observability.test-support';
import { LOCAL_REGION } from '../../local/identity';
import { api, createUser, type TestUser } from '../support/identity';
import { addSensor, createSensorPlace } from '../support/sensors';

const stack = inject('stack');

const documents = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: stack.dynamoEndpoint, region: LOCAL_REGION, credentials: stack.credentials }));
afterAll(() => documents.destroy());

const iso = (ms: number) => new Date(ms).toISOString();
/** The cache's check window, shortened for the test (a minute in the function). */
const CHECK_MS = 5_000;

/**
 * The ingest's configuration cache against the API (docs/decisions/0031-ingest-device-cache-on-the-configuration-version.md): a
 * sensor disabled through the API moves the organisation's device configuration version in
 * the same transaction, and the ingest, which reads that version once per check window,
 * flags the sensor's readings from its next check on. The ingest runs here in the test's
 * process, on the stack's table, with its own clock, so the window can be stepped over
 * rather than waited for (the broker's path to it is ingest.test.ts's).
 */
describe('the ingest sees a sensor changed through the API within its cache window', () => {
  const customerId = `ingest-cfg-${randomUUID().slice(0, 8)}`;
  let admin: TestUser;
  let sensorId: string;
  let clock = Date.now();
  const table = new TelemetryTable(documents, stack.tableName);
  const directory = new DeviceDirectory(table, () => clock, { checkMs: CHECK_MS });
  const { logger } = recordingLogger('ERROR');
  let messages = 0;

  /** One reading of the sensor, received now (the test's clock), through the ingest; returns its stored item. */
  const deliver = async (): Promise<Record<string, unknown> | undefined> => {
    messages += 1;
    const time = iso(clock - 500);
    const record = {
      messageId: `cfg-${messages}`, receiptHandle: `r-${messages}`,
      body: JSON.stringify({ customerId, sourceDeviceId: sensorId, kind: 'readings', receivedAt: clock, payload: { time, channels: { '1': 3.5, '2': 60 } } }),
      attributes: { ApproximateReceiveCount: '1', SentTimestamp: String(clock), SenderId: 'iot', ApproximateFirstReceiveTimestamp: String(clock) },
      messageAttributes: {}, md5OfBody: '', eventSource: 'aws:sqs', eventSourceARN: 'arn:aws:sqs:eu-west-1:1:ingest', awsRegion: 'eu-west-1',
    } satisfies SQSRecord;
    const result = await ingest([record], { table, directory, observers: [], logger, now: () => clock });
    expect(result.batchItemFailures).toEqual([]);
    const stored = await documents.send(new GetCommand({ TableName: stack.tableName, Key: { pk: readingPartition(customerId, sensorId), sk: time }, ConsistentRead: true }));
    return stored.Item;
  };
  const version = async () => {
    const item = (await documents.send(new GetCommand({ ...deviceConfigVersionKey(stack.tableName, customerId), ConsistentRead: true }))).Item;
    return Number(item?.['version'] ?? 0);
  };

  beforeAll(async () => {
    admin = await createUser(stack, 'admin', customerId);
    sensorId = await addSensor(stack, admin, await createSensorPlace(stack, admin));
  });

  it('a disable reaches the ingest at its next check, not before; an enable likewise', async () => {
    // Two gateways, two profiles and the sensor: each write moved the version.
    const registered = await version();
    expect(registered).toBe(5);
    expect((await deliver())?.['d']).toBeUndefined();

    const disabled = await api(stack, admin, 'POST', `/sensors/${sensorId}/disable`, { reason: 'Defrost' });
    expect(disabled.status).toBe(200);
    expect(await version()).toBe(registered + 1);

    // Within the window the cached configuration stands (no read of the partitions per message).
    clock += 1_000;
    expect((await deliver())?.['d']).toBeUndefined();
    // The next check reads the version, sees it moved, reloads: the reading is flagged.
    clock += CHECK_MS;
    expect(await deliver()).toMatchObject({ d: true });

    const enabled = await api(stack, admin, 'POST', `/sensors/${sensorId}/enable`, {});
    expect(enabled.status).toBe(200);
    expect(await version()).toBe(registered + 2);
    clock += CHECK_MS + 1;
    expect((await deliver())?.['d']).toBeUndefined();
  });
});
