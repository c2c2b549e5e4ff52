import { Aedes } from 'aedes';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DeviceMessageEvent } from '@domain/telemetry/telemetry';
import { iotRuleSql, IOT_RULES } from '../lambdas/iot-rules';
import { payloadOf, ruleEvent, startRuleSubscriber, type RuleSubscriber } from './iot-rules';

let broker: Aedes;
let subscriber: RuleSubscriber | undefined;

const publish = (topic: string, payload: string) =>
  new Promise<void>((resolve, reject) => broker.publish({ cmd: 'publish', topic, payload: Buffer.from(payload), qos: 0, retain: false, dup: false }, (error) => (error ? reject(error) : resolve())));
const eventsOf = (event: SQSEvent) => event.Records.map((record) => JSON.parse(record.body) as DeviceMessageEvent);

describe('the local rule subscriber', () => {
  beforeEach(async () => {
    broker = await Aedes.createBroker();
  });

  afterEach(async () => {
    await subscriber?.stop();
    subscriber = undefined;
    await new Promise<void>((resolve) => broker.close(() => resolve()));
  });

  it('builds the event the rule SQL builds: the payload, the topic\'s customer and device, the kind, the receive time', () => {
    const rule = IOT_RULES.find((candidate) => candidate.kind === 'readings');
    if (rule === undefined) throw new Error('no readings rule');
    expect(iotRuleSql(rule)).toContain("topic(2) AS customerId, topic(3) AS sourceDeviceId, 'readings' AS kind, timestamp() AS receivedAt");
    expect(ruleEvent(rule, 'coldchain/org-1/A1B2C3D4/readings', Buffer.from('{"time":1,"channels":{"1":2}}'), 1234)).toEqual({
      customerId: 'org-1', sourceDeviceId: 'A1B2C3D4', kind: 'readings', receivedAt: 1234, payload: { time: 1, channels: { '1': 2 } },
    });
    expect(payloadOf(Buffer.from('not json'))).toBe('not json');
  });

  it('delivers readings and status to the ingest as SQS batches of up to 10 records', async () => {
    const batches: SQSEvent[] = [];
    subscriber = await startRuleSubscriber({
      broker, batchWindowMs: 50,
      handlers: { ingest: async (event: SQSEvent) => { batches.push(event); return { batchItemFailures: [] }; } },
    });
    for (let index = 0; index < 12; index += 1) await publish(`coldchain/org-1/SENSOR${index}/readings`, JSON.stringify({ n: index }));
    await publish('coldchain/org-1/GW1/status', 'plain text');
    await subscriber.idle();

    expect(batches.map((batch) => batch.Records.length)).toEqual([10, 3]);
    const [first] = batches[0]?.Records ?? [];
    expect(first).toMatchObject({ eventSource: 'aws:sqs', attributes: { ApproximateReceiveCount: '1' } });
    expect(first?.eventSourceARN).toMatch(/^arn:aws:sqs:[^:]+:\d+:ingest-queue$/);
    const events = batches.flatMap(eventsOf);
    expect(events[0]).toMatchObject({ customerId: 'org-1', sourceDeviceId: 'SENSOR0', kind: 'readings', payload: { n: 0 } });
    expect(events.at(-1)).toMatchObject({ sourceDeviceId: 'GW1', kind: 'status', payload: 'plain text' });
    expect(typeof events[0]?.receivedAt).toBe('number');
  });

  it('takes Basic Ingest publishes as IoT Core does: the named rule gets the topic without its prefix; other rules and stages get nothing', async () => {
    const batches: SQSEvent[] = [];
    const acknowledgements: DeviceMessageEvent[] = [];
    subscriber = await startRuleSubscriber({
      broker, batchWindowMs: 5,
      handlers: {
        ingest: async (event: SQSEvent) => { batches.push(event); return { batchItemFailures: [] }; },
        commandAcknowledgements: async (event: DeviceMessageEvent) => { acknowledgements.push(event); },
      },
    });
    await publish('$aws/rules/coldchain_local_device_readings/coldchain/org-1/A1B2C3D4/readings', '{"n":1}');
    await publish('$aws/rules/coldchain_local_gateway_status/coldchain/org-1/GW1/status', '{"n":2}');
    await publish('$aws/rules/coldchain_local_device_command_acks/coldchain/org-1/A1B2C3D4/commands/ack', '{"commandId":"c-1","status":"executed"}');
    // Another stage's rule, and a topic that is not a device's behind the right rule: nothing.
    await publish('$aws/rules/coldchain_prod_device_readings/coldchain/org-1/A1B2C3D4/readings', '{"n":3}');
    await publish('$aws/rules/coldchain_local_device_readings/elsewhere/org-1/A1B2C3D4/readings', '{"n":4}');
    await subscriber.idle();

    expect(batches.flatMap(eventsOf).map(({ customerId, sourceDeviceId, kind, payload }) => ({ customerId, sourceDeviceId, kind, payload }))).toEqual([
      { customerId: 'org-1', sourceDeviceId: 'A1B2C3D4', kind: 'readings', payload: { n: 1 } },
      { customerId: 'org-1', sourceDeviceId: 'GW1', kind: 'status', payload: { n: 2 } },
    ]);
    expect(acknowledgements).toEqual([expect.objectContaining({ customerId: 'org-1', sourceDeviceId: 'A1B2C3D4', kind: 'commands/ack' })]);
    expect(subscriber.deadLetters).toEqual([]);
  });

  it('sends records reported in batchItemFailures again with a higher receive count, then to the dead-letter log', async () => {
    const counts: string[] = [];
    const warnings: string[] = [];
    subscriber = await startRuleSubscriber({
      broker, batchWindowMs: 5, retryDelayMs: 5, maxReceiveCount: 3, warn: (message) => warnings.push(message),
      handlers: {
        ingest: async (event: SQSEvent): Promise<SQSBatchResponse> => {
          counts.push(...event.Records.map((record) => `${(JSON.parse(record.body) as DeviceMessageEvent).sourceDeviceId}:${record.attributes.ApproximateReceiveCount}`));
          return { batchItemFailures: event.Records.filter((record) => record.body.includes('BAD')).map((record) => ({ itemIdentifier: record.messageId })) };
        },
      },
    });
    await publish('coldchain/org-1/GOOD/readings', '{}');
    await publish('coldchain/org-1/BAD/readings', '{}');
    await subscriber.idle();

    expect(counts.sort()).toEqual(['BAD:1', 'BAD:2', 'BAD:3', 'GOOD:1']);
    expect(subscriber.deadLetters).toHaveLength(1);
    expect(subscriber.deadLetters[0]).toMatchObject({ handler: 'ingest', topic: 'coldchain/org-1/BAD/readings', receiveCount: 3, reason: 'reported in batchItemFailures' });
    expect(warnings).toHaveLength(1);
  });

  it('a batch whose handler throws fails whole', async () => {
    let calls = 0;
    subscriber = await startRuleSubscriber({
      broker, batchWindowMs: 5, retryDelayMs: 5, maxReceiveCount: 2, warn: () => undefined,
      handlers: { ingest: async () => { calls += 1; throw new Error('table missing'); } },
    });
    await publish('coldchain/org-1/A/readings', '{}');
    await subscriber.idle();
    expect(calls).toBe(2);
    expect(subscriber.deadLetters[0]?.reason).toBe('table missing');
  });

  it('acknowledgements go straight to their function with the event', async () => {
    const acknowledgements: unknown[] = [];
    subscriber = await startRuleSubscriber({
      broker,
      handlers: { commandAcknowledgements: async (event: DeviceMessageEvent) => { acknowledgements.push(event); } },
    });
    await publish('coldchain/org-1/A1B2C3D4/commands/ack', '{"commandId":"c-1","status":"executed"}');
    await subscriber.idle();
    expect(acknowledgements).toEqual([expect.objectContaining({ sourceDeviceId: 'A1B2C3D4', kind: 'commands/ack', payload: { commandId: 'c-1', status: 'executed' } })]);
  });

  describe('nothing a device sends stops it (issue 11 item 5)', () => {
    const deep = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;

    /** A subscriber whose functions only record what reaches them: the queue's bodies and the acknowledgements. */
    async function recordingSubscriber(): Promise<{ running: RuleSubscriber; bodies: string[]; acknowledgements: DeviceMessageEvent[] }> {
      const bodies: string[] = [];
      const acknowledgements: DeviceMessageEvent[] = [];
      const running = await startRuleSubscriber({
        broker, batchWindowMs: 5,
        handlers: {
          ingest: async (event: SQSEvent) => { bodies.push(...event.Records.map((record) => record.body)); return { batchItemFailures: [] }; },
          commandAcknowledgements: async (event: DeviceMessageEvent) => { acknowledgements.push(event); },
        },
      });
      subscriber = running; // stopped after each test
      return { running, bodies, acknowledgements };
    }

    it('hands a payload nested 10,000 deep on as it came, to the queue and to the function, without throwing', async () => {
      const { running, bodies, acknowledgements } = await recordingSubscriber();
      await publish('coldchain/org-1/A1B2C3D4/readings', deep);
      await publish('coldchain/org-1/A1B2C3D4/commands/ack', deep);
      await running.idle();

      expect(bodies).toHaveLength(1);
      expect(bodies[0]?.endsWith(`,"payload":${deep}}`)).toBe(true);
      expect(JSON.parse(bodies[0] ?? '')).toMatchObject({ customerId: 'org-1', sourceDeviceId: 'A1B2C3D4', kind: 'readings' });
      expect(acknowledgements).toHaveLength(1);
      expect(running.deadLetters).toEqual([]);
    });

    it('passes 1e400 on as 1e400 (never as null: JSON.stringify writes Infinity as null, which reads as "no value")', async () => {
      const { running, bodies, acknowledgements } = await recordingSubscriber();
      await publish('coldchain/org-1/A1B2C3D4/readings', '{"time":1773000000000,"channels":{"1":1e400}}');
      await publish('coldchain/org-1/A1B2C3D4/commands/ack', '{"commandId":"c-1","status":"executed","executedAt":1e400}');
      await running.idle();

      expect(bodies[0]).toContain('"payload":{"time":1773000000000,"channels":{"1":1e400}}');
      expect((JSON.parse(bodies[0] ?? '') as { payload: { channels: Record<string, unknown> } }).payload.channels['1']).toBe(Infinity);
      expect((acknowledgements[0]?.payload as Record<string, unknown>)['executedAt']).toBe(Infinity);
    });

    it('does not hand on a payload over 128 KB: it is in the dead-letter log with the reason', async () => {
      let calls = 0;
      const warnings: Record<string, unknown>[] = [];
      subscriber = await startRuleSubscriber({
        broker, batchWindowMs: 5, warn: (_message, fields) => warnings.push(fields),
        handlers: { ingest: async () => { calls += 1; return { batchItemFailures: [] }; } },
      });
      await publish('coldchain/org-1/A1B2C3D4/readings', JSON.stringify({ secret: 'x'.repeat(128 * 1024) }));
      await subscriber.idle();

      expect(calls).toBe(0);
      expect(subscriber.deadLetters).toEqual([expect.objectContaining({ topic: 'coldchain/org-1/A1B2C3D4/readings', reason: 'payload of 131085 bytes is over the 128 KB limit' })]);
      expect(JSON.stringify(warnings)).not.toContain('xxxx');
    });

    it('a handler that throws at once, and a logger that throws, end in the dead-letter log, never in the process', async () => {
      subscriber = await startRuleSubscriber({
        broker, batchWindowMs: 5, retryDelayMs: 5, maxReceiveCount: 1,
        warn: () => { throw new Error('log sink down'); },
        handlers: {
          ingest: (() => { throw new RangeError('Maximum call stack size exceeded'); }) as unknown as (event: SQSEvent) => Promise<SQSBatchResponse>,
          commandAcknowledgements: (() => { throw new RangeError('Invalid time value'); }) as unknown as (event: DeviceMessageEvent) => Promise<void>,
        },
      });
      const escaped: unknown[] = [];
      const record = (reason: unknown) => escaped.push(reason);
      process.on('unhandledRejection', record);
      try {
        await publish('coldchain/org-1/A1B2C3D4/readings', '{}');
        await publish('coldchain/org-1/A1B2C3D4/commands/ack', '{}');
        await subscriber.idle();
        await new Promise((resolve) => setTimeout(resolve, 20));
      } finally {
        process.off('unhandledRejection', record);
      }

      expect(escaped).toEqual([]);
      expect(subscriber.deadLetters.map((letter) => [letter.handler, letter.reason]).sort()).toEqual([
        ['commandAcknowledgements', 'Invalid time value'],
        ['ingest', 'Maximum call stack size exceeded'],
      ]);
    });
  });

  it('flush delivers a partial batch without waiting for the window', async () => {
    const batches: SQSEvent[] = [];
    subscriber = await startRuleSubscriber({ broker, batchWindowMs: 60_000, handlers: { ingest: async (event: SQSEvent) => { batches.push(event); return { batchItemFailures: [] }; } } });
    await publish('coldchain/org-1/A/readings', '{}');
    await subscriber.flush();
    expect(batches).toHaveLength(1);
    expect(subscriber.delivered.ingest).toBe(1);
  });
});
