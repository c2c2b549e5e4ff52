import { createHash, randomUUID } from 'node:crypto';
import type { Aedes, AedesPublishPacket } from 'aedes';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { MAX_DEVICE_PAYLOAD_BYTES, parseDeviceTopic, type DeviceMessageEvent } from '@domain/telemetry/telemetry';
import { handler as commandAcknowledgementHandler } from '../lambdas/device-commands/acknowledgement-handler';
import { handler as ingestHandler } from '../lambdas/ingest/handler';
import { BASIC_INGEST_PREFIX, IOT_RULES, iotRuleName, LOCAL_STAGE, type IotRuleDefinition, type IotRuleHandlerName } from '../lambdas/iot-rules';

/**
 * The local stand-in for IoT Core's topic rules and the ingest queue (ARCHITECTURE.md "One
 * codebase, two runtimes"). For each rule of lambdas/iot-rules.ts it subscribes, in-process,
 * to the rule's topic filter on the local broker and to everything under its Basic Ingest
 * prefix (`$aws/rules/<rule name in the local stage>/#`: IoT Core hands such a publish to
 * that rule whatever its FROM clause, and the rule sees the topic without the prefix),
 * builds the event the rule's SQL builds (`DeviceMessageEvent`), and delivers it as the
 * rule's target would:
 * - `queue`: as SQS records, batched like an event source mapping (up to `batchSize` records
 *   or a `batchWindowMs` window), to the same handler; records the handler reports in
 *   `batchItemFailures` (or all of a batch that throws) come back with their receive count
 *   raised, up to `maxReceiveCount` deliveries, and then go to a local dead-letter log (the
 *   queue's DLQ on AWS);
 * - `function`: straight to the handler with the event, as the rule's Lambda action does
 *   (retried twice, as Lambda retries an asynchronous invocation).
 *
 * Nothing a device sends can stop it (docs/devices.md "Limits"): the payload is handed on as
 * the text it came in, never parsed and written again (JSON.stringify would overflow on a
 * payload nested thousands deep, and turn 1e400 into null), a payload over IoT Core's 128 KB
 * is not handed on, and the broker's callbacks catch everything: what cannot be delivered
 * goes to the dead-letter log with the reason. The handlers check everything else.
 */

type QueueHandler = (event: SQSEvent) => Promise<SQSBatchResponse | undefined>;
type FunctionHandler = (event: DeviceMessageEvent) => Promise<unknown>;
export type RuleHandler = (event: never) => Promise<unknown>;

/** The handler modules, imported as the rules name them (IOT_RULE_HANDLERS). */
export const RULE_HANDLERS: Record<IotRuleHandlerName, RuleHandler> = {
  ingest: ingestHandler,
  commandAcknowledgements: commandAcknowledgementHandler,
};

export interface RuleSubscriberOptions {
  broker: Aedes;
  rules?: readonly IotRuleDefinition[];
  /** Handlers by name (tests replace them); by default the real ones. */
  handlers?: Partial<Record<IotRuleHandlerName, RuleHandler>>;
  /** Records per SQS batch (the event source mapping's batch size). */
  batchSize?: number;
  /** How long a partial batch waits for more records (the maximum batching window). */
  batchWindowMs?: number;
  /** Deliveries of a record before it goes to the dead-letter log (the queue's maxReceiveCount). */
  maxReceiveCount?: number;
  /** Batches handled at the same time (Lambda's concurrency on the queue). */
  concurrency?: number;
  /** Before a failed record is delivered again (the queue's visibility timeout, shortened). */
  retryDelayMs?: number;
  region?: string;
  /** The stage the rules are named for (their Basic Ingest topics carry the name). */
  stage?: string;
  warn?: (message: string, fields: Record<string, unknown>) => void;
}

/** A message the handler never accepted: what the queue's dead-letter queue would hold. */
export interface DeadLetteredMessage {
  handler: IotRuleHandlerName;
  topic: string;
  body: string;
  receiveCount: number;
  reason: string;
  at: string;
}

export interface RuleSubscriber {
  /** Messages given up on, oldest first. */
  readonly deadLetters: DeadLetteredMessage[];
  /** How many records and events each handler has been given so far (retries included). */
  readonly delivered: Record<IotRuleHandlerName, number>;
  /** Delivers what is buffered now, without waiting for the window, and waits until all is handled. */
  flush(): Promise<void>;
  /** Waits until nothing is buffered, in flight or waiting for a retry. */
  idle(): Promise<void>;
  /** Stops listening, then delivers and waits for what was already received. */
  stop(): Promise<void>;
}

/** The rule SQL's `SELECT * AS payload`: the JSON payload, or its text when it is not JSON (the ingest files it). */
export function payloadOf(payload: Buffer | string): unknown {
  const text = typeof payload === 'string' ? payload : payload.toString('utf8');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Whether a text is JSON (JSON.parse does not recurse: every depth is safe to ask). */
function isJsonText(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The event a rule builds, as the JSON text the queue or the function gets: the topic's parts
 * and the receive time, and the device's payload spliced in as it came when it is JSON (its
 * text as a JSON string otherwise), so it arrives unchanged whatever it holds.
 */
export function ruleEventBody(rule: IotRuleDefinition, topic: string, payload: Buffer | string, receivedAt: number): string | undefined {
  const parts = parseDeviceTopic(topic);
  if (parts === undefined) return undefined;
  const text = typeof payload === 'string' ? payload : payload.toString('utf8');
  const head = JSON.stringify({ customerId: parts.customerId, sourceDeviceId: parts.deviceId, kind: rule.kind, receivedAt });
  return `${head.slice(0, -1)},"payload":${isJsonText(text) ? text : JSON.stringify(text)}}`;
}

/** The event a rule builds for a message on one of its topics (undefined for a topic that is not a device's). */
export function ruleEvent(rule: IotRuleDefinition, topic: string, payload: Buffer | string, receivedAt: number): DeviceMessageEvent | undefined {
  const parts = parseDeviceTopic(topic);
  if (parts === undefined) return undefined;
  return { customerId: parts.customerId, sourceDeviceId: parts.deviceId, kind: rule.kind, receivedAt, payload: payloadOf(payload) };
}

interface QueuedRecord {
  record: SQSRecord;
  topic: string;
  receiveCount: number;
}

export function startRuleSubscriber(options: RuleSubscriberOptions): Promise<RuleSubscriber> {
  const {
    broker,
    rules = IOT_RULES,
    batchSize = 10,
    batchWindowMs = 100,
    maxReceiveCount = 4,
    concurrency = 4,
    retryDelayMs = 200,
    region = process.env['AWS_REGION'] ?? 'eu-west-1',
    stage = LOCAL_STAGE,
    warn = (message, fields) => console.warn(message, fields),
  } = options;
  const handlers: Record<IotRuleHandlerName, RuleHandler> = { ...RULE_HANDLERS, ...options.handlers };
  const deadLetters: DeadLetteredMessage[] = [];
  const delivered: Record<IotRuleHandlerName, number> = { ingest: 0, commandAcknowledgements: 0 };
  const queues = new Map<IotRuleHandlerName, QueuedRecord[]>();
  const windows = new Map<IotRuleHandlerName, NodeJS.Timeout>();
  /** Queues whose oldest waiting record has waited the whole window. */
  const dueWindows = new Set<IotRuleHandlerName>();
  let flushing = 0;
  /** Records waiting for their visibility timeout, with what puts them back. */
  const retries = new Map<NodeJS.Timeout, () => void>();
  let running = 0;
  let pendingWork = 0;
  let idleWaiters: (() => void)[] = [];

  const settle = () => {
    if (pendingWork > 0) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    waiters.forEach((resolve) => resolve());
  };
  /** Files a message in the dead-letter log; the log line has the topic and the reason, never the payload (it may hold secrets). */
  const giveUp = (handler: IotRuleHandlerName, topic: string, body: string, receiveCount: number, reason: string) => {
    deadLetters.push({ handler, topic, body, receiveCount, reason, at: new Date().toISOString() });
    try {
      warn('local rule subscriber: message moved to the dead-letter log', { handler, topic, receiveCount, reason });
    } catch {
      // A logger that throws must not take the message's delivery, or the broker, with it.
    }
  };
  const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

  const enqueue = (handler: IotRuleHandlerName, queued: QueuedRecord) => {
    const queue = queues.get(handler) ?? [];
    queues.set(handler, queue);
    queue.push(queued);
    pendingWork += 1;
    dispatch(handler);
  };

  /** Sends full batches, and a partial one once its window has passed (or on flush), within the concurrency. */
  const dispatch = (handler: IotRuleHandlerName) => {
    const queue = queues.get(handler) ?? [];
    const partialMayGo = () => dueWindows.has(handler) || flushing > 0;
    while (running < concurrency && (queue.length >= batchSize || (queue.length > 0 && partialMayGo()))) {
      const batch = queue.splice(0, batchSize);
      running += 1;
      void deliverBatch(handler, batch).finally(() => {
        running -= 1;
        pendingWork -= batch.length;
        dispatch(handler);
        settle();
      });
    }
    const timer = windows.get(handler);
    if (queue.length === 0) {
      dueWindows.delete(handler);
      if (timer !== undefined) clearTimeout(timer);
      windows.delete(handler);
    } else if (timer === undefined && !dueWindows.has(handler)) {
      windows.set(handler, setTimeout(() => {
        windows.delete(handler);
        dueWindows.add(handler);
        dispatch(handler);
      }, batchWindowMs));
    }
  };

  /** Never rejects: whatever goes wrong is the batch's records' failure, not the process's. */
  const deliverBatch = async (handler: IotRuleHandlerName, batch: QueuedRecord[]) => {
    try {
      await tryDeliverBatch(handler, batch);
    } catch (error) {
      for (const queued of batch) giveUp(handler, queued.topic, queued.record.body, queued.receiveCount, `not delivered: ${reasonOf(error)}`);
    }
  };

  const tryDeliverBatch = async (handler: IotRuleHandlerName, batch: QueuedRecord[]) => {
    const event: SQSEvent = {
      Records: batch.map(({ record, receiveCount }) => ({ ...record, attributes: { ...record.attributes, ApproximateReceiveCount: String(receiveCount) } })),
    };
    delivered[handler] += batch.length;
    let failedIds: Set<string>;
    let reason = 'reported in batchItemFailures';
    try {
      const response = await (handlers[handler] as QueueHandler)(event);
      failedIds = new Set((response?.batchItemFailures ?? []).map((failure) => failure.itemIdentifier));
    } catch (error) {
      // A batch that throws fails whole, as with an SQS event source.
      failedIds = new Set(batch.map(({ record }) => record.messageId));
      reason = reasonOf(error);
    }
    for (const queued of batch) {
      if (!failedIds.has(queued.record.messageId)) continue;
      if (queued.receiveCount >= maxReceiveCount) {
        giveUp(handler, queued.topic, queued.record.body, queued.receiveCount, reason);
        continue;
      }
      // Seen again after a visibility timeout, counted as work until then.
      pendingWork += 1;
      const again = () => {
        retries.delete(timer);
        pendingWork -= 1;
        enqueue(handler, { ...queued, receiveCount: queued.receiveCount + 1 });
      };
      const timer = setTimeout(again, retryDelayMs * queued.receiveCount);
      retries.set(timer, again);
    }
  };

  /** Never rejects, like deliverBatch. */
  const invoke = async (handler: IotRuleHandlerName, topic: string, body: string) => {
    pendingWork += 1;
    try {
      // The event as Lambda gets it: the rule's JSON text, parsed.
      const event = JSON.parse(body) as DeviceMessageEvent;
      for (let attempt = 1; ; attempt += 1) {
        delivered[handler] += 1;
        try {
          await (handlers[handler] as FunctionHandler)(event);
          return;
        } catch (error) {
          if (attempt >= 3) {
            giveUp(handler, topic, body, attempt, reasonOf(error));
            return;
          }
        }
      }
    } catch (error) {
      giveUp(handler, topic, body, 0, `not delivered: ${reasonOf(error)}`);
    } finally {
      pendingWork -= 1;
      settle();
    }
  };

  const listeners = rules.flatMap((rule) => {
    /** What the rule's SQL sees of a topic: a Basic Ingest publish without its prefix. */
    const basicIngestPrefix = `${BASIC_INGEST_PREFIX}${iotRuleName(rule, stage)}/`;
    const ruleTopicOf = (topic: string) => (topic.startsWith(basicIngestPrefix) ? topic.slice(basicIngestPrefix.length) : topic);
    const accept = (packet: AedesPublishPacket) => {
      const size = typeof packet.payload === 'string' ? Buffer.byteLength(packet.payload) : packet.payload.length;
      if (size > MAX_DEVICE_PAYLOAD_BYTES) {
        // The broker refuses such a publish from a device; this is what an in-process publisher gets.
        giveUp(rule.target.handler, packet.topic, '', 0, `payload of ${size} bytes is over the ${MAX_DEVICE_PAYLOAD_BYTES / 1024} KB limit`);
        return;
      }
      const receivedAt = Date.now();
      const body = ruleEventBody(rule, ruleTopicOf(packet.topic), packet.payload, receivedAt);
      if (body === undefined) return;
      if (rule.target.kind === 'function') {
        void invoke(rule.target.handler, packet.topic, body);
        return;
      }
      const now = String(receivedAt);
      enqueue(rule.target.handler, {
        topic: packet.topic,
        receiveCount: 1,
        record: {
          messageId: randomUUID(),
          receiptHandle: randomUUID(),
          body,
          attributes: { ApproximateReceiveCount: '1', SentTimestamp: now, SenderId: 'local-iot-rule', ApproximateFirstReceiveTimestamp: now },
          messageAttributes: {},
          md5OfBody: createHash('md5').update(body).digest('hex'),
          eventSource: 'aws:sqs',
          eventSourceARN: `arn:aws:sqs:${region}:000000000000:${rule.target.handler}-queue`,
          awsRegion: region,
        },
      });
    };
    // The broker's callback: it acknowledges at once and never throws, whatever the message.
    const listener = (packet: AedesPublishPacket, done: () => void) => {
      done();
      try {
        accept(packet);
      } catch (error) {
        try {
          giveUp(rule.target.handler, packet.topic, '', 0, `not handed on: ${reasonOf(error)}`);
        } catch {
          // Nothing is left to do with it; the broker and the process go on.
        }
      }
    };
    return [{ filter: rule.topicFilter, listener }, { filter: `${basicIngestPrefix}#`, listener }];
  });

  const idle = () => new Promise<void>((resolve) => {
    idleWaiters.push(resolve);
    settle();
  });
  const flush = async () => {
    flushing += 1;
    try {
      for (const handler of queues.keys()) dispatch(handler);
      await idle();
    } finally {
      flushing -= 1;
    }
  };

  return Promise.all(listeners.map(({ filter, listener }) => new Promise<void>((resolve) => broker.subscribe(filter, listener, resolve))))
    .then(() => ({
      deadLetters,
      delivered,
      flush,
      idle,
      stop: async () => {
        await Promise.all(listeners.map(({ filter, listener }) => new Promise<void>((resolve) => broker.unsubscribe(filter, listener, resolve))));
        // Retries still waiting are delivered now rather than dropped.
        for (const [timer, again] of [...retries]) {
          clearTimeout(timer);
          again();
        }
        await flush();
      },
    }));
}
