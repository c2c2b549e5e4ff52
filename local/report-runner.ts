import type { DataTable } from '../lambdas/data/table';
import { S3ReportFiles } from '../lambdas/reports/files';
import { queuedReportRunsOf, type QueuedReportRun } from '../lambdas/data/report-run-changes';
import { sesReportMailer } from '../lambdas/reports/ready-email';
import { runQueuedReport, type RunnerDependencies } from '../lambdas/reports/runner';
import { s3Client } from '../lambdas/shared/clients/s3';
import { requireFilesBucket } from '../lambdas/shared/config';
import { describeError, logger } from '../lambdas/shared/observability';
import { startTableStream, type TableStream } from './table-stream';

/**
 * The report runner, locally (ARCHITECTURE.md "Reports, schedules and audits"): a reader of
 * DynamoDB Local's stream finds the runs written `queued` (as the stream function does on AWS)
 * and builds them one after the other with the code the runner's function runs, into the S3
 * stand-in. One at a time: the machine's cores are the gateway's too.
 */

export interface LocalReportRunnerOptions {
  endpoint: string;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  tableName: string;
  client: DataTable['client'];
}

export interface LocalReportRunner {
  /** Resolves once every run queued before the call was built (or failed). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

export async function startLocalReportRunner(options: LocalReportRunnerOptions): Promise<LocalReportRunner> {
  const deps: RunnerDependencies = {
    client: options.client, tableName: options.tableName, files: new S3ReportFiles(s3Client(), requireFilesBucket()), now: () => Date.now(), logger, mail: sesReportMailer,
  };
  let chain: Promise<void> = Promise.resolve();
  const enqueue = (run: QueuedReportRun) => {
    chain = chain.then(() => runQueuedReport(deps, run.customerId, run.runId)).catch((error: unknown) => {
      logger.error('local report runner could not build a run', { customerId: run.customerId, runId: run.runId, ...describeError(error) });
    });
  };
  const stream: TableStream = await startTableStream({
    endpoint: options.endpoint, region: options.region, credentials: options.credentials, tableName: options.tableName,
    onChanges: async (changes) => {
      for (const run of queuedReportRunsOf(changes)) enqueue(run);
      return {};
    },
    onError: (error) => logger.error('local report runner failed a stream read', { ...describeError(error) }),
  });
  return {
    async idle() {
      await stream.caughtUp();
      await chain;
    },
    stop: async () => {
      await stream.stop();
      await chain;
    },
  };
}
