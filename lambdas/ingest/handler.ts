import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { dynamoDocumentClient } from '../shared/clients';
import { backendConfig } from '../shared/config';
import { invocationLogger, observedHandler, recordIngestBatch } from '../shared/observability';
import { DeviceDirectory } from './directory';
import { ingest, type ReadingObserver } from './ingest';
import { ingestMetrics } from './metrics';
import { TelemetryTable } from './store';

export { ingestMetrics } from './metrics';
export type { StoredReading, ReadingObserver } from './ingest';

/**
 * The ingest function (IoT rule → SQS queue → here, with partial batch responses): see
 * lambdas/ingest/ingest.ts. The device cache lives as long as the container.
 */

/**
 * Called with every batch's stored readings after they are written (the alarm engine
 * registers itself here). Empty until alarms exist.
 */
export const readingObservers: ReadingObserver[] = [];

let directory: DeviceDirectory | undefined;

const table = () => new TelemetryTable(dynamoDocumentClient(), backendConfig().tableName);

/** Forgets the cached device configuration and states (tests; the local stack between runs). */
export function resetIngestCache(): void {
  directory = undefined;
}

/**
 * The batch's metrics come from the ingest's own counters (lambdas/ingest/metrics.ts), read
 * before and after: one invocation runs at a time on Lambda, which is where metrics are on.
 */
export const handler = observedHandler('ingest', async (event: SQSEvent, context): Promise<SQSBatchResponse> => {
  directory ??= new DeviceDirectory(table());
  const before = ingestMetrics.snapshot();
  const response = await ingest(event.Records, {
    table: table(),
    directory,
    observers: readingObservers,
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
