import { Duration, Validations } from 'aws-cdk-lib';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { REPORT_QUEUE_VARIABLE } from '../lambdas/data/report-run-changes';
import type { Data } from './data';
import type { Files } from './files';
import { PortalFunction } from './function';
import { acknowledgeHouseFunction } from './nag';

export interface ReportsProps {
  readonly data: Data;
  readonly files: Files;
  /** The table stream's function, which hands queued runs to the report queue. */
  readonly streamFunction: PortalFunction;
}

/** A run reads a month of fifty sensors and writes its file: Lambda's longest. */
const RUNNER_TIMEOUT = Duration.minutes(15);
const MAX_RECEIVE_COUNT = 3;
/** Runs are built a few at a time: each reads many partitions of the table. */
const RUNNER_MAX_CONCURRENCY = 5;

/**
 * The report runner (issue 34 section 3; ARCHITECTURE.md "Reports, schedules and audits"): a
 * report run written `queued` reaches the table stream's function, which sends it to the report
 * queue; the runner (512 MB, 15 minutes) builds it, keeps the file in the files bucket under the
 * organisation's `reports/` prefix and records it ready or failed. A message the runner failed 3
 * times stays in the dead-letter queue 14 days.
 */
export class Reports extends Construct {
  public readonly queue: Queue;
  public readonly deadLetterQueue: Queue;
  public readonly runner: PortalFunction;

  constructor(scope: Construct, id: string, props: ReportsProps) {
    super(scope, id);
    this.runner = new PortalFunction(this, 'Runner', {
      entry: 'lambdas/reports/runner-handler.ts',
      description: 'Reports: builds queued report runs (PDF, CSV) into the files bucket',
      environment: { SERVICE_NAME: 'portal', LOG_LEVEL: 'INFO' },
      timeout: RUNNER_TIMEOUT,
    });
    props.data.grantTo(this.runner, 'readWrite');
    acknowledgeHouseFunction(this.runner);
    props.files.grantTo(this.runner);

    this.deadLetterQueue = new Queue(this, 'DeadLetters', { encryption: QueueEncryption.SQS_MANAGED, enforceSSL: true, retentionPeriod: Duration.days(14) });
    Validations.of(this.deadLetterQueue).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason: `This is the dead-letter queue of the report queue: runs the runner failed ${String(MAX_RECEIVE_COUNT)} times stay here 14 days to be looked at.`,
    });
    this.queue = new Queue(this, 'Queue', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      // AWS: at least six times the function's timeout, so a run being built is not handed out twice.
      visibilityTimeout: Duration.seconds(RUNNER_TIMEOUT.toSeconds() * 6),
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: MAX_RECEIVE_COUNT },
    });
    this.runner.addEventSource(new SqsEventSource(this.queue, { batchSize: 1, maxConcurrency: RUNNER_MAX_CONCURRENCY, reportBatchItemFailures: true }));
    this.queue.grantSendMessages(props.streamFunction);
    props.streamFunction.addEnvironment(REPORT_QUEUE_VARIABLE, this.queue.queueUrl);
  }
}
