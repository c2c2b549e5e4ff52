import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { dynamoDocumentClient } from '../shared/clients';
import { backendConfig } from '../shared/config';
import { createLogger } from '../shared/logger';
import { DeviceDirectory } from './directory';
import { ingest, type ReadingObserver } from './ingest';
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

export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const config = backendConfig();
  directory ??= new DeviceDirectory(table());
  return ingest(event.Records, {
    table: table(),
    directory,
    observers: readingObservers,
    logger: createLogger({ service: config.serviceName, handler: 'ingest' }, config.logLevel),
    now: Date.now,
  });
}
