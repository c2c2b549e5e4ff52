import type { DeliveryProvider } from '@domain/notifications/delivery';
import { composer } from '../lambdas/notifier/compose';
import { awsProviders } from '../lambdas/notifier/providers';
import { sendDelivery, type ChannelProviders, type SenderDependencies } from '../lambdas/notifier/send';
import { onTableChanges, type QueuedDelivery } from '../lambdas/notifier/stream';
import { describeError, logger } from '../lambdas/shared/observability';
import { stormWindowMs } from '../lambdas/shared/config';
import { startTableStream, type TableStream } from './table-stream';
import type { DataTable } from '../lambdas/data/table';

/**
 * The notifier, locally (ARCHITECTURE.md "Events, timers and messages"): the table stream's
 * reader calls the code the stream function runs on AWS, and the queued deliveries go to one
 * in-process queue per provider, whose sender is the code the channel queues' functions run.
 * The providers are the AWS SDK clients pointed at the local stand-ins, so every message lands
 * in the outbox. A sender that throws (the table, not the provider) is tried again after a
 * pause, a few times, as SQS redelivers a message before its dead-letter queue.
 */

export interface LocalNotifierOptions {
  endpoint: string;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  tableName: string;
  client: DataTable['client'];
  push: ChannelProviders['push'];
}

export interface LocalNotifier {
  /** Resolves once every change written before the call was read and every delivery it queued was sent (or settled). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

const SEND_ATTEMPTS = 5;
const SENDERS_PER_PROVIDER = 4;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A provider's queue: a few senders at a time, each message tried again after a pause when its sender throws. */
class ProviderQueue {
  private readonly waiting: QueuedDelivery[] = [];
  private running = 0;
  private readonly drained: Array<() => void> = [];

  constructor(private readonly send: (delivery: QueuedDelivery) => Promise<void>) {}

  push(deliveries: readonly QueuedDelivery[]): void {
    this.waiting.push(...deliveries);
    this.pump();
  }

  idle(): Promise<void> {
    if (this.running === 0 && this.waiting.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.drained.push(resolve));
  }

  private pump(): void {
    while (this.running < SENDERS_PER_PROVIDER && this.waiting.length > 0) {
      const delivery = this.waiting.shift();
      if (delivery === undefined) break;
      this.running += 1;
      void this.attempt(delivery).finally(() => {
        this.running -= 1;
        this.pump();
        if (this.running === 0 && this.waiting.length === 0) this.drained.splice(0).forEach((resolve) => resolve());
      });
    }
  }

  private async attempt(delivery: QueuedDelivery): Promise<void> {
    for (let attempt = 1; attempt <= SEND_ATTEMPTS; attempt += 1) {
      try {
        await this.send(delivery);
        return;
      } catch (error) {
        logger.error('local notifier could not send a delivery', { alarmId: delivery.alarmId, stepKey: delivery.stepKey, channel: delivery.channel, attempt, ...describeError(error) });
        if (attempt < SEND_ATTEMPTS) await pause(500 * 2 ** attempt);
      }
    }
  }
}

export async function startLocalNotifier(options: LocalNotifierOptions): Promise<LocalNotifier> {
  const { client, tableName } = options;
  const senderDeps: SenderDependencies = {
    client, tableName, now: () => Date.now(), stormWindowMs: stormWindowMs(), providers: awsProviders(options.push), compose: composer({ client, tableName }),
  };
  const queues = new Map<DeliveryProvider, ProviderQueue>();
  const queueOf = (provider: DeliveryProvider) => {
    let queue = queues.get(provider);
    if (queue === undefined) {
      queue = new ProviderQueue(async (delivery) => {
        await sendDelivery(senderDeps, delivery);
      });
      queues.set(provider, queue);
    }
    return queue;
  };
  const streamDeps = {
    client, tableName, now: () => Date.now(), stormWindowMs: stormWindowMs(), logger,
    dispatch: async (deliveries: readonly QueuedDelivery[]) => {
      for (const delivery of deliveries) queueOf(delivery.provider).push([delivery]);
    },
  };
  const stream: TableStream = await startTableStream({
    endpoint: options.endpoint, region: options.region, credentials: options.credentials, tableName,
    onChanges: (changes) => onTableChanges(streamDeps, changes),
    onError: (error) => logger.error('local table stream failed a read', { ...describeError(error) }),
  });
  return {
    async idle() {
      // A send writes the delivery again (the stream sees it), and a plan queues deliveries: settle both, twice.
      for (let round = 0; round < 3; round += 1) {
        await stream.caughtUp();
        await Promise.all([...queues.values()].map((queue) => queue.idle()));
      }
    },
    stop: async () => {
      await stream.stop();
      await Promise.all([...queues.values()].map((queue) => queue.idle()));
    },
  };
}
