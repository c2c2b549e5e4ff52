import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { AlarmEngine } from '../alarm-engine/engine';
import { dynamoDocumentClient } from '../data/client';
import { backendConfig } from '../shared/config';
import { invocationLogger, observedHandler, recordIngestBatch } from '../shared/observability';
import { IngestAlarms } from './alarms';
import { DeviceDirectory } from './directory';
import { ingest, type ReadingObserver } from './ingest';
import { countAlarmEngine, ingestMetrics } from '../data/ingest-metrics';
import { TelemetryTable } from '../data/repositories/ingest';

export { ingestMetrics } from '../data/ingest-metrics';
export type { StoredReading, ReadingObserver } from './ingest';

/**
 * The ingest function (IoT rule → SQS queue → here, with partial batch responses): see
 * lambdas/ingest/ingest.ts. The device cache lives as long as the container.
 */

/**
 * Called with every batch's stored readings after they are written and their alarms
 * evaluated (the alarm engine is a step of its own: lambdas/ingest/alarms.ts).
 */
export const readingObservers: ReadingObserver[] = [];

let directory: DeviceDirectory | undefined;
let alarms: IngestAlarms | undefined;

const table = () => new TelemetryTable(dynamoDocumentClient(), backendConfig().tableName);

/** Forgets the cached device configuration and states (tests; the local stack between runs). */
export function resetIngestCache(): void {
  directory = undefined;
  alarms = undefined;
}

/**
 * The batch's metrics come from the ingest's own counters (lambdas/data/ingest-metrics.ts), read
 * before and after: one invocation runs at a time on Lambda, which is where metrics are on.
 */
export const handler = observedHandler('ingest', async (event: SQSEvent, context): Promise<SQSBatchResponse> => {
  directory ??= new DeviceDirectory(table());
  // The engine's state of each device lives in the directory's entries, so the two go together;
  // what it reads and writes counts with the ingest's own calls (the batch's metrics, the benchmark).
  alarms ??= new IngestAlarms(new AlarmEngine({ client: dynamoDocumentClient(), tableName: backendConfig().tableName, now: Date.now, onConsumed: countAlarmEngine }), directory);
  const before = ingestMetrics.snapshot();
  const response = await ingest(event.Records, {
    table: table(),
    directory,
    observers: readingObservers,
    alarms,
    logger: invocationLogger(context, { handler: 'ingest' }),
    now: Date.now,
  });
  const after = ingestMetrics.snapshot();
  recordIngestBatch({
    readingsStored: after.readingsStored - before.readingsStored,
    deadLetters: after.deadLetters - before.deadLetters,
    writeUnits: after.writeCapacityUnits - before.writeCapacityUnits,
  });
  return response;
});
