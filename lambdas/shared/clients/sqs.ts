import { SQSClient } from '@aws-sdk/client-sqs';

let queueClient: SQSClient | undefined;

/** The notification channels' queues (the stream hands queued deliveries to their senders). */
export function sqsClient(): SQSClient {
  queueClient ??= new SQSClient({});
  return queueClient;
}
