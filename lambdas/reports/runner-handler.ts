import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { dynamoDocumentClient } from '../data/client';
import { s3Client } from '../shared/clients/s3';
import { backendConfig, requireFilesBucket } from '../shared/config';
import { invocationLogger, observedHandler } from '../shared/observability';
import { S3ReportFiles } from './files';
import { reportRunOfMessage } from '../data/report-run-changes';
import { sesReportMailer } from './ready-email';
import { runQueuedReport } from './runner';

/**
 * The report runner on AWS (lib/reports.ts): the report queue hands it one queued run at a time;
 * it builds it (runner.ts) or records it failed with the reason. A message that is not a run is
 * dropped; an error of the table or the bucket returns the message to the queue (then, after a
 * few receipts, to its dead-letter queue), and a redelivered run that was claimed is left alone.
 */
export const handler = observedHandler('reportRunner', async (event: SQSEvent, context): Promise<SQSBatchResponse> => {
  const logger = invocationLogger(context, { handler: 'reportRunner' });
  const deps = { client: dynamoDocumentClient(), tableName: backendConfig().tableName, files: new S3ReportFiles(s3Client(), requireFilesBucket()), now: () => Date.now(), logger, mail: sesReportMailer };
  const failures: { itemIdentifier: string }[] = [];
  for (const record of event.Records) {
    const run = reportRunOfMessage(record.body);
    if (run === undefined) continue;
    try {
      await runQueuedReport(deps, run.customerId, run.runId);
    } catch {
      failures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures: failures };
});
