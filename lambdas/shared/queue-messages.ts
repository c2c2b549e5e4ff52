import { SendMessageBatchCommand } from '@aws-sdk/client-sqs';
import { sqsClient } from './clients/sqs';

/** SQS takes at most 10 messages a batch. */
const SQS_BATCH = 10;

/**
 * Sends messages to a queue in batches of ten; a batch SQS refuses any of fails the call, so the
 * caller (the table stream's function) has its records retried. `what` names the messages in the error.
 */
export async function sendToQueue(queueUrl: string, bodies: readonly string[], what: string): Promise<void> {
  for (let start = 0; start < bodies.length; start += SQS_BATCH) {
    const entries = bodies.slice(start, start + SQS_BATCH).map((body, index) => ({ Id: String(index), MessageBody: body }));
    const result = await sqsClient().send(new SendMessageBatchCommand({ QueueUrl: queueUrl, Entries: entries }));
    if ((result.Failed ?? []).length > 0) throw new Error(`The queue refused ${String(result.Failed?.length)} ${what}`);
  }
}

/** A queue's URL from its environment variable, which the stack sets. */
export function queueUrlOf(variable: string): string {
  const queueUrl = process.env[variable];
  if (queueUrl === undefined || queueUrl === '') throw new Error(`Missing environment variable ${variable}`);
  return queueUrl;
}
