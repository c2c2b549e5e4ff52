import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { SQSRecord } from 'aws-lambda';
import { floorToHour } from '@domain/telemetry/rollups';
import { READING_RETENTION_DAYS, ROLLUP_RETENTION_DAYS } from '@domain/telemetry/telemetry';
import { DeviceDirectory } from '../../lambdas/ingest/directory';
import { ingest } from '../../lambdas/ingest/ingest';
import { ingestMetrics, type IngestCounters } from '../../lambdas/data/ingest-metrics';
import { TelemetryTable } from '../../lambdas/data/repositories/ingest';
import { readingPartition, rollupPartition } from '../../lambdas/data';
import { createPortalLogger } from '../../lambdas/shared/observability';
import { LOCAL_REGION } from '../../local/identity';
import { freePorts } from '../../local/ports';
import { coalesce } from '../../local/simulator/batching';
import { seededRandom } from '../../local/simulator/random';
import { syntheticFleet } from '../../local/simulator/fleet';
import { Simulation, type SimulatedMessage } from '../../local/simulator/simulation';
import { registerSyntheticFleet } from '../../local/simulator/synthetic-registration';
import { startLocalStack } from '../../local/stack';
import { INGEST_BATCH_SIZE, INGEST_BATCHING_WINDOW_SECONDS, TABLE_CLASS } from '../../lib/cost-settings';
import { AWS_PRICES, HOURS_PER_MONTH, INGEST_FUNCTION } from './aws-prices';

/**
 * `npm run bench` (cost part, issue 12 §6): what one sensor costs a month on AWS, from counts
 * measured by running the real ingest (lambdas/ingest/ingest.ts, its DeviceDirectory and
 * TelemetryTable) over DynamoDB Local, times the price table of test/bench/aws-prices.ts.
 *
 * Nine runs, each its own organisation of SENSORS CT-100 fridges (local/simulator: a reach-in
 * fridge cycling in its band, data logging deviation 0.5 °C): reporting every 1, 5 and 15
 * minutes, on Wi-Fi (each sensor publishes each reading itself, connected all month), behind
 * one gateway (which forwards what it received each minute as one batch, and sends its status
 * every 5 minutes), and on Wi-Fi storing and forwarding ("wifi-sf15": each sensor uploads its
 * own readings as one batch every 15 minutes, and at once on a reading outside 0-5 °C; it
 * connects only to upload, one billed connection minute an upload). `COST_RUNS=wifi-sf15`
 * (a comma-separated list of wifi, gateway, wifi-sf15) runs only those.
 * Each run is an hour of warm-up (first states, the cache) then a measured simulated day, in
 * simulated time: the ingest gets SQS-shaped records whose receive time is the simulated one,
 * grouped as the queue's event source does (lib/cost-settings.ts), and its clock and its
 * cache's clock are simulated too. DynamoDB request units are the ingest's own counts (every
 * call asks for ReturnConsumedCapacity; DynamoDB Local answers as DynamoDB does for items
 * under 1 KB), priced in the table class the stack deploys (lib/cost-settings.ts); storage is
 * the stored items' size (DynamoDB's size rules, plus 100 bytes an item) held for the
 * retention in force, billed by the class and again by point-in-time recovery. Devices
 * publish through Basic Ingest (docs/devices.md "Topics"): no IoT messaging charge, the rule
 * and its action are. SQS, Lambda and log counts come from the run's messages, timed, put on
 * one queue as the event source's pollers take them (`queueFigures`): once for this
 * organisation alone on the queue, once for a fleet of FLEET_SENSORS like it sharing the
 * queue, as every organisation of a deployment does. Figures, not assertions; recorded in
 * docs/performance.md.
 */

const SENSORS = 20;
const INTERVALS_MINUTES = [1, 5, 15] as const;
const ALL_CONNECTIONS = ['wifi', 'gateway', 'wifi-sf15'] as const;
type Connection = (typeof ALL_CONNECTIONS)[number];
const ASKED_RUNS = (process.env['COST_RUNS'] ?? ALL_CONNECTIONS.join(',')).split(',').map((run) => run.trim());
const UNKNOWN_RUNS = ASKED_RUNS.filter((run) => !(ALL_CONNECTIONS as readonly string[]).includes(run));
if (UNKNOWN_RUNS.length > 0) throw new Error(`COST_RUNS: no run named ${UNKNOWN_RUNS.join(', ')} (the runs: ${ALL_CONNECTIONS.join(', ')})`);
const CONNECTIONS = ALL_CONNECTIONS.filter((connection) => ASKED_RUNS.includes(connection));
/** Store and forward ("wifi-sf15"): a Wi-Fi sensor uploads its readings every 15 minutes... */
const UPLOAD_SECONDS = 15 * 60;
/** ...and at once when one is outside 0-5 °C (a refrigerator's food-safety band; the sensor's own threshold, local/simulator/spec.ts `SensorUploadSpec`). */
const ALERT_BAND = { low: 0, high: 5 };
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** The ingest queue's event source (lib/cost-settings.ts, deployed by lib/devices.ts). */
const BATCH_SIZE = INGEST_BATCH_SIZE;
const BATCH_WINDOW_MS = INGEST_BATCHING_WINDOW_SECONDS * 1000;
/** Sensors on the one ingest queue of a deployment, all organisations together: 100 organisations like the run's. */
const FLEET_SENSORS = 2_000;
/** Lambda reads an SQS queue with five long-polling pollers at first; each hands the function its own batches. */
const QUEUE_POLLERS = 5;
/** A ReceiveMessage returns at most 10 messages, and a DeleteMessageBatch deletes at most 10. */
const SQS_MESSAGES_PER_REQUEST = 10;
/** A long poll answers as soon as one message is there: only messages this close together come back in one ReceiveMessage. */
const RECEIVE_TURNAROUND_MS = 20;
const DYNAMODB_PRICES = AWS_PRICES.dynamodb.tableClasses[TABLE_CLASS];
/** IoT → SQS → Lambda delivery: the broker's receive time is a little before the ingest's clock. */
const DELIVERY_MS = 1_000;
/** CloudWatch Logs per invocation: the runtime's START/END/REPORT lines (~350 B) and one EMF line of the ingest's metrics (~550 B). Estimated, not measured. */
const LOG_BYTES_PER_INVOCATION = 900;
const GB = 1024 ** 3;

/** DynamoDB's size of an attribute value (https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/CapacityUnitCalculations.html). */
function valueSize(value: unknown): number {
  if (typeof value === 'string') return Buffer.byteLength(value, 'utf8');
  if (typeof value === 'number') {
    const digits = String(Math.abs(value)).replace(/[.-]|e.*$/g, '').replace(/^0+/, '').length || 1;
    return Math.ceil(digits / 2) + 1;
  }
  if (typeof value === 'boolean' || value === null || value === undefined) return 1;
  if (Array.isArray(value)) return 3 + value.reduce((sum: number, element) => sum + 1 + valueSize(element), 0);
  if (typeof value === 'object') return 3 + Object.entries(value).reduce((sum, [name, element]) => sum + 1 + Buffer.byteLength(name, 'utf8') + valueSize(element), 0);
  return 0;
}
const itemSize = (item: Record<string, unknown>) => Object.entries(item).reduce((sum, [name, value]) => sum + Buffer.byteLength(name, 'utf8') + valueSize(value), 0);

/** An SQS record as the ingest queue delivers the IoT rule's event. */
function sqsRecord(customerId: string, message: SimulatedMessage, index: number): { record: SQSRecord; bytes: number } {
  const body = JSON.stringify({ customerId, sourceDeviceId: message.publisherId, kind: message.kind, receivedAt: message.at, payload: message.payload });
  return {
    bytes: Buffer.byteLength(JSON.stringify(message.payload)),
    record: {
      messageId: `m-${customerId}-${index}`, receiptHandle: `r-${index}`, body, md5OfBody: '', eventSource: 'aws:sqs',
      eventSourceARN: 'arn:aws:sqs:us-east-1:1:ingest', awsRegion: 'us-east-1', messageAttributes: {},
      attributes: { ApproximateReceiveCount: '1', SentTimestamp: String(message.at), SenderId: 'iot', ApproximateFirstReceiveTimestamp: String(message.at) },
    },
  };
}

/** On Wi-Fi each sensor publishes each of its readings itself; a gateway's batches are split back into them. */
function asWifi(messages: readonly SimulatedMessage[]): SimulatedMessage[] {
  return messages.flatMap((message): SimulatedMessage[] => {
    if (message.kind !== 'readings') return [];
    const readings = 'readings' in message.payload ? message.payload.readings : [message.payload];
    return readings.map(({ deviceId, ...reading }) => ({ publisherId: deviceId ?? message.publisherId, kind: 'readings', at: Date.parse(reading.time) + 500, payload: reading }));
  });
}

/** Messages grouped into the batches the event source hands the function: up to 100, within 5 seconds of the first. */
function batchesOf(messages: readonly SimulatedMessage[]): SimulatedMessage[][] {
  const sorted = [...messages].sort((a, b) => a.at - b.at);
  const batches: SimulatedMessage[][] = [];
  let current: SimulatedMessage[] = [];
  for (const message of sorted) {
    const first = current[0];
    if (first !== undefined && (current.length >= BATCH_SIZE || message.at - first.at >= BATCH_WINDOW_MS)) {
      batches.push(current);
      current = [];
    }
    current.push(message);
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

/** What the ingest queue and function do with a day of messages. */
interface QueueFigures {
  messages: number;
  batches: number;
  /** ReceiveMessage requests that returned messages (the pollers' empty long polls are the queue's, whatever the fleet: about 0.65 million a month, $0.26). */
  receives: number;
  /** DeleteMessageBatch requests (up to 10 messages each). */
  deletes: number;
  /** Billed Lambda milliseconds, each batch rounded up to the millisecond. */
  billedMs: number;
}

/**
 * The day's messages (arrival times in the day, ms) of `copies` organisations like the run's,
 * each shifted by a random phase within `phaseMs` (their sensors are not in step), on one
 * queue: each message taken by one of the event source's pollers, each poller's batches closed
 * at INGEST_BATCH_SIZE messages or INGEST_BATCHING_WINDOW_SECONDS after their first; a long
 * poll returns what has arrived within RECEIVE_TURNAROUND_MS (at most 10); a batch is deleted
 * 10 messages a request; the function bills `msPerMessage` (the run's mean, per-batch work
 * included, so fuller batches are not flattered) per message.
 */
function queueFigures(arrivals: readonly number[], copies: number, phaseMs: number, msPerMessage: number, seed: string): QueueFigures {
  const random = seededRandom(seed);
  const pollers: number[][] = Array.from({ length: QUEUE_POLLERS }, () => []);
  for (let copy = 0; copy < copies; copy += 1) {
    const offset = copy === 0 ? 0 : random.between(0, phaseMs);
    for (const at of arrivals) pollers[Math.floor(random.next() * QUEUE_POLLERS)]?.push((((at + offset) % DAY) + DAY) % DAY);
  }
  const figures: QueueFigures = { messages: 0, batches: 0, receives: 0, deletes: 0, billedMs: 0 };
  for (const times of pollers) {
    times.sort((a, b) => a - b);
    let index = 0;
    while (index < times.length) {
      const first = times[index] ?? 0;
      let size = 0;
      let receiveStart = -Infinity;
      let inReceive = 0;
      while (index < times.length && size < BATCH_SIZE && (times[index] ?? 0) - first < BATCH_WINDOW_MS) {
        const at = times[index] ?? 0;
        if (at - receiveStart >= RECEIVE_TURNAROUND_MS || inReceive >= SQS_MESSAGES_PER_REQUEST) {
          figures.receives += 1;
          receiveStart = at;
          inReceive = 0;
        }
        inReceive += 1;
        size += 1;
        index += 1;
      }
      figures.messages += size;
      figures.batches += 1;
      figures.deletes += Math.ceil(size / SQS_MESSAGES_PER_REQUEST);
      figures.billedMs += Math.max(1, Math.ceil(msPerMessage * size));
    }
  }
  return figures;
}

interface RunFigures {
  interval: number;
  connection: Connection;
  readings: number;
  counters: IngestCounters;
  messages: number;
  messageUnits: number;
  batches: number;
  ingestMs: number;
  readingBytes: number;
  rollupBytes: number;
  maxReadingBytes: number;
  /** When each measured message reached the queue, ms into the measured day. */
  arrivals: number[];
}

const dataDir = mkdtempSync(join(tmpdir(), 'coldchain-bench-cost-'));
// No demo organisation: the runs make their own.
const local = await startLocalStack({ ports: await freePorts(), dataDir, seed: false });
try {
  process.env['LOG_LEVEL'] = 'ERROR';
  const documents = DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint: local.urls.dynamodb, region: LOCAL_REGION, credentials: local.credentials }),
    { marshallOptions: { removeUndefinedValues: true } },
  );
  const { tableName } = local;
  const logger = createPortalLogger();
  const partitionItems = async (pk: string) => {
    const items: Record<string, unknown>[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await documents.send(new QueryCommand({ TableName: tableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk }, ...(startKey ? { ExclusiveStartKey: startKey } : {}) }));
      items.push(...((page.Items ?? []) as Record<string, unknown>[]));
      startKey = page.LastEvaluatedKey;
    } while (startKey !== undefined);
    return items;
  };

  const runs: RunFigures[] = [];
  // The measured day ends an hour ago, so every reading is in the past of the real clock too.
  const measuredFrom = floorToHour(Date.now()) - DAY - HOUR;
  const warmUpFrom = measuredFrom - HOUR;
  for (const interval of INTERVALS_MINUTES) {
    for (const connection of CONNECTIONS) {
      const customerId = `bench-cost-${interval}m-${connection}`;
      const fleet = syntheticFleet({ count: SENSORS, perGateway: SENSORS, reportSeconds: interval * 60, seed: customerId, idPrefix: 'C' });
      await registerSyntheticFleet(documents, tableName, fleet, {
        mode: 'batch',
        // No profile item: each channel then takes the default deviation (0.5 °C), as the standard profile sets.
        placement: { customerId, siteId: 'bench-site', locationId: 'bench-location', dataLoggingProfileId: 'bench-profile' },
      });
      let clock = warmUpFrom;
      const directory = new DeviceDirectory(new TelemetryTable(documents, tableName), () => clock);
      const table = new TelemetryTable(documents, tableName);
      // Store and forward: the same sensors, each on Wi-Fi with its upload interval (the gateway stays registered, unused: a sensor's own readings are accepted either way).
      const simulated = connection === 'wifi-sf15'
        ? { ...fleet, gateways: [], sensors: fleet.sensors.map(({ gatewayId: _relay, ...sensor }) => ({ ...sensor, upload: { everySeconds: UPLOAD_SECONDS, alertBands: { '1': ALERT_BAND } } })) }
        : fleet;
      const simulation = new Simulation(simulated, { seed: customerId, start: warmUpFrom });
      const figures: RunFigures = {
        interval, connection, readings: 0, counters: ingestMetrics.snapshot(), messages: 0, messageUnits: 0, batches: 0, ingestMs: 0, readingBytes: 0, rollupBytes: 0, maxReadingBytes: 0, arrivals: [],
      };
      let recordIndex = 0;
      for (let minute = warmUpFrom + MINUTE; minute <= measuredFrom + DAY; minute += MINUTE) {
        if (minute === measuredFrom + MINUTE) {
          ingestMetrics.reset();
          Object.assign(figures, { messages: 0, messageUnits: 0, batches: 0, ingestMs: 0 });
        }
        const produced = coalesce(simulation.runUntil(minute)).filter((message) => message.kind !== 'commands/ack');
        const messages = connection === 'wifi' ? asWifi(produced) : produced;
        for (const batch of batchesOf(messages)) {
          const records = batch.map((message) => sqsRecord(customerId, message, recordIndex++));
          clock = Math.max(...batch.map((message) => message.at)) + DELIVERY_MS;
          const started = process.hrtime.bigint();
          const result = await ingest(records.map((entry) => entry.record), { table, directory, observers: [], logger, now: () => clock });
          figures.ingestMs += Number(process.hrtime.bigint() - started) / 1e6;
          if (result.batchItemFailures.length > 0) throw new Error(`${customerId}: the ingest failed ${result.batchItemFailures.length} records`);
          figures.batches += 1;
          figures.messages += records.length;
          if (minute >= measuredFrom + MINUTE) figures.arrivals.push(...batch.map((message) => message.at - measuredFrom));
          figures.messageUnits += records.reduce((sum, entry) => sum + Math.max(1, Math.ceil(entry.bytes / AWS_PRICES.iotCore.messageIncrementBytes)), 0);
        }
      }
      figures.counters = ingestMetrics.snapshot();
      figures.readings = figures.counters.readingsStored;
      // What one sensor's day left in the table: its reading and rollup items, sized as DynamoDB sizes them.
      const sensorId = fleet.sensors[0]?.id ?? '';
      const readingItems = (await partitionItems(readingPartition(customerId, sensorId))).filter((item) => Date.parse(String(item['sk'])) >= measuredFrom);
      const rollupItems = await partitionItems(rollupPartition(customerId, sensorId));
      const sizes = readingItems.map(itemSize);
      figures.readingBytes = sizes.reduce((sum, size) => sum + size, 0) / Math.max(1, sizes.length);
      figures.maxReadingBytes = Math.max(0, ...sizes);
      figures.rollupBytes = rollupItems.map(itemSize).reduce((sum, size) => sum + size, 0) / Math.max(1, rollupItems.length);
      runs.push(figures);
      console.log(`  measured ${customerId}: ${figures.readings} readings, ${figures.messages} messages in ${figures.batches} batches`);
    }
  }

  // Per sensor and month, from the measured day.
  const month = HOURS_PER_MONTH / 24;
  const usd = (value: number) => `$${value.toFixed(4)}`;
  const lines: string[] = [];
  const queues = [
    { name: `a queue shared by ${FLEET_SENSORS.toLocaleString('en')} sensors (${FLEET_SENSORS / SENSORS} organisations like the run's)`, sensors: FLEET_SENSORS },
    { name: `this organisation of ${SENSORS} alone on the queue`, sensors: SENSORS },
  ];
  const rowsOf = (queueSensors: number) => runs.map((run) => {
    const { counters } = run;
    const perSensorMonth = (perDay: number, sensors = SENSORS) => (perDay / sensors) * month;
    const readingsPerSensorDay = run.readings / SENSORS;
    const writeUnits = perSensorMonth(counters.writeCapacityUnits);
    const readUnits = perSensorMonth(counters.readCapacityUnits);
    // Held at steady state: a reading item per reading for 400 days, the rollup items a day makes for 3 years (each + 100 bytes of
    // overhead). Rollup items a day: the writes counted (one item per write, or fewer when an item is written twice: never less).
    const rollupItemsPerSensorDay = counters.rollupWrites / SENSORS;
    const storedBytes = readingsPerSensorDay * READING_RETENTION_DAYS * (run.readingBytes + 100) + rollupItemsPerSensorDay * ROLLUP_RETENTION_DAYS * (run.rollupBytes + 100);
    const messages = perSensorMonth(run.messages);
    const messageUnits = perSensorMonth(run.messageUnits);
    const msPerMessage = run.ingestMs / Math.max(1, run.messages);
    const period = run.connection === 'wifi-sf15' ? UPLOAD_SECONDS * 1000 : Math.max(1, run.interval) * MINUTE;
    const queue = queueFigures(run.arrivals, queueSensors / SENSORS, period, msPerMessage, `${run.interval}-${run.connection}-${queueSensors}`);
    const perQueueSensorMonth = (perDay: number) => perSensorMonth(perDay, queueSensors);
    const batches = perQueueSensorMonth(queue.batches);
    // A Wi-Fi sensor keeps its own MQTT connection; a gateway's is shared by its sensors; a storing and forwarding one connects to
    // upload (IoT Core meters connection by the minute: one billed minute an upload, its commands waiting in its persistent session).
    const connectionMinutes = (connection: Connection) => (connection === 'wifi-sf15' ? messages : HOURS_PER_MONTH * 60 / (connection === 'wifi' ? 1 : SENSORS));
    const cost = {
      dynamoWrites: (writeUnits / 1e6) * DYNAMODB_PRICES.perMillionWriteUnits,
      dynamoReads: (readUnits / 1e6) * DYNAMODB_PRICES.perMillionReadUnits,
      dynamoStorage: (storedBytes / GB) * (DYNAMODB_PRICES.perGbMonth + AWS_PRICES.dynamodb.pitrPerGbMonth),
      // Basic Ingest: a device's publish to $aws/rules/... is not a billed message (docs/devices.md "Topics").
      iotMessages: 0,
      iotConnectivity: (connectionMinutes(run.connection) / 1e6) * AWS_PRICES.iotCore.perMillionConnectionMinutes,
      iotRules: (messages / 1e6) * (AWS_PRICES.iotCore.perMillionRulesTriggered + AWS_PRICES.iotCore.perMillionActionsExecuted),
      // One SendMessage per message (the rule's action), and the event source's receives and deletes.
      sqs: ((messages + perQueueSensorMonth(queue.receives) + perQueueSensorMonth(queue.deletes)) / 1e6) * AWS_PRICES.sqs.perMillionRequests,
      lambda: (batches / 1e6) * AWS_PRICES.lambda.perMillionRequests
        + (perQueueSensorMonth(queue.billedMs) / 1000) * (INGEST_FUNCTION.memoryMb / 1024) * AWS_PRICES.lambda.perGbSecondArm,
      logs: ((batches * LOG_BYTES_PER_INVOCATION) / GB) * AWS_PRICES.cloudwatchLogs.perGbIngested,
    };
    const total = Object.values(cost).reduce((sum, value) => sum + value, 0);
    const plainTopics = (messageUnits / 1e6) * AWS_PRICES.iotCore.perMillionMessages;
    return { run, cost, total, queue, plainTopics, writeUnitsPerReading: counters.writeCapacityUnits / run.readings, readUnitsPerReading: counters.readCapacityUnits / run.readings, msPerMessage, storedBytes, counters };
  });
  const tables = queues.map((queue) => ({ ...queue, rows: rowsOf(queue.sensors) }));

  lines.push(`
What one sensor costs a month (${AWS_PRICES.region}, on demand, prices ${AWS_PRICES.checked}; a month = ${HOURS_PER_MONTH} hours)
${SENSORS} CT-100 fridges per run (deviation 0.5 °C); gateway runs: all ${SENSORS} behind one gateway (one batch a minute, status every 5 minutes), its messages and state shared by them.
wifi-sf15: Wi-Fi storing and forwarding, each sensor's own readings in one batch every ${UPLOAD_SECONDS / 60} minutes, at once outside ${ALERT_BAND.low}-${ALERT_BAND.high} °C; connected one billed minute an upload.
Measured over one simulated day after an hour's warm-up, the real ingest on DynamoDB Local; ingest function ${INGEST_FUNCTION.architecture}, ${INGEST_FUNCTION.memoryMb} MB.
Table class ${TABLE_CLASS}; storage includes point-in-time recovery. Devices publish through IoT Core Basic Ingest (no messaging charge).
Ingest queue: batches of up to ${BATCH_SIZE} messages or ${INGEST_BATCHING_WINDOW_SECONDS} s, taken by ${QUEUE_POLLERS} pollers.
`);
  const header = ['every', 'via', 'WU/reading', 'RU/reading', 'DDB write', 'DDB read', 'DDB storage', 'IoT msgs', 'IoT conn', 'IoT rules', 'SQS', 'Lambda', 'Logs*', 'total/month'];
  for (const table of tables) {
    lines.push(`On ${table.name}:`);
    lines.push(header.map((cell, index) => (index < 2 ? cell.padEnd(index === 1 ? 10 : 8) : cell.padStart(11))).join(' '));
    for (const { run, cost, total, writeUnitsPerReading, readUnitsPerReading } of table.rows) {
      lines.push([
        `${run.interval} min`.padEnd(8), run.connection.padEnd(10), writeUnitsPerReading.toFixed(3).padStart(11), readUnitsPerReading.toFixed(4).padStart(11),
        ...[cost.dynamoWrites, cost.dynamoReads, cost.dynamoStorage, cost.iotMessages, cost.iotConnectivity, cost.iotRules, cost.sqs, cost.lambda, cost.logs, total].map((value) => usd(value).padStart(11)),
      ].join(' '));
    }
    lines.push('');
  }
  lines.push(`* CloudWatch Logs: estimated at ~${LOG_BYTES_PER_INVOCATION} bytes an invocation (REPORT lines and the EMF metrics line), not measured.`);
  lines.push('\nCounts per sensor-day (measured) and what drives them:');
  for (const { run, counters, msPerMessage, storedBytes, plainTopics } of tables[0]?.rows ?? []) {
    const per = (value: number) => (value / SENSORS).toFixed(1);
    lines.push(`  ${`${run.interval} min ${run.connection}`.padEnd(17)} readings ${per(run.readings).padStart(6)}  messages ${per(run.messages).padStart(6)}  ingest ${msPerMessage.toFixed(2)} ms a message  `
      + `state writes ${per(counters.stateWrites).padStart(5)} (skipped ${per(counters.stateWritesSkipped)})  rollups ${per(counters.rollupWrites)}  write units ${per(counters.writeCapacityUnits)}  read units ${per(counters.readCapacityUnits)}  `
      + `reading item ${run.readingBytes.toFixed(0)} B (max ${run.maxReadingBytes} B), rollup item ${run.rollupBytes.toFixed(0)} B, held ${(storedBytes / 1024 ** 2).toFixed(1)} MB  `
      + `(plain topics instead of Basic Ingest: +${usd(plainTopics)} a month)`);
  }
  lines.push('\nThe queue, per 1,000 messages (SendMessage is one per message besides):');
  for (const table of tables) {
    for (const { run, queue } of table.rows) {
      const per1000 = (value: number) => ((value / Math.max(1, queue.messages)) * 1000).toFixed(0).padStart(5);
      lines.push(`  ${`${run.interval} min ${run.connection}`.padEnd(17)} ${table.sensors.toLocaleString('en').padStart(6)} sensors: ${(queue.messages / Math.max(1, queue.batches)).toFixed(1).padStart(5)} messages a batch, batches ${per1000(queue.batches)}, ReceiveMessage ${per1000(queue.receives)}, DeleteMessageBatch ${per1000(queue.deletes)}`);
    }
  }
  const worstWrite = Math.max(...runs.map((run) => run.counters.writeCapacityUnits / run.readings));
  lines.push('\nTargets: at most $0.02 per sensor-month at 5 minutes:');
  for (const table of tables) {
    const fiveMinutes = table.rows.filter((row) => row.run.interval === 5);
    lines.push(`  on ${table.name}: ${fiveMinutes.map((row) => `${row.run.connection} ${usd(row.total)} (${row.total <= 0.02 ? 'met' : 'NOT met'})`).join(', ')}`);
  }
  lines.push(`         at most 1.2 write units per reading at 1, 5 and 15 minutes: worst ${worstWrite.toFixed(3)} (${worstWrite <= 1.2 ? 'met' : 'NOT met'})`);
  console.log(lines.join('\n'));
  documents.destroy();
} finally {
  await local.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
