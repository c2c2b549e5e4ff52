import type { SQSBatchResponse, SQSRecord } from 'aws-lambda';
import {
  gatewayStateAfter,
  isLateReading,
  publicationProblem,
  readingProblem,
  rollupBlocksDue,
  sensorStateAfter,
} from '@domain/telemetry/reading-rules';
import { EARLIEST_DEVICE_TIME_MS, LATEST_DEVICE_TIME_MS, type DeviceMessageEvent, type GatewayStatus } from '@domain/telemetry/telemetry';
import { gatewayStateWriteNeeded, stateWriteReason, type DeviceLiveState, type NewestReading } from '@domain/telemetry/telemetry-state';
import { describeError, type Logger } from '../shared/observability';
import type { IngestAlarms } from './alarms';
import type { DeviceDirectory, DeviceEntry, GatewayConfig, SensorConfig } from './directory';
import { ingestMetrics } from '../data/ingest-metrics';
import { parseMessage, payloadText, type ParsedMessage } from './parse';
import { deadLetterItem, MIN_BATCH_ITEM_READINGS, newestBatchItem, readingItem, UNBATCHED_MARK_MS, type BatchReading, type DeadLetterFields, type QueuedPut, type ReadingItemFields, type TelemetryTable } from '../data/repositories/ingest';

/**
 * The ingest (docs/decisions/0028-ingest-outcomes-and-retries.md): one batch of device messages from the
 * ingest queue in, readings stored once each, each gateway batch's newest readings (for the
 * sensor list), live states, rollups and dead letters written, and the outcome per SQS record
 * out (a partial batch response). A message that
 * cannot be accepted is filed as a dead letter with the reason and counts as handled; only
 * a failed write reports its record, so SQS delivers it again (all writes are idempotent)
 * and, after the queue's maxReceiveCount, moves it to the queue's dead-letter queue.
 *
 * `ingest` runs the steps below in order; the rules each step applies (what is refused, what
 * a state becomes, which rollups are due, whether a state is worth writing) are pure
 * functions of domain/telemetry/reading-rules.ts and telemetry-state.ts.
 */

/** What the alarm engine gets for each stored reading, without another read. */
export interface StoredReading {
  customerId: string;
  /** The sensor's configuration as cached (its item under `sensor.item`). */
  sensor: SensorConfig;
  reading: ReadingItemFields;
  /** The sensor's state before this reading (undefined for its first ever). */
  previousState: DeviceLiveState | undefined;
  /** Not newer than the newest reading known before it (late or out of order): it did not move the state. */
  late: boolean;
}

/**
 * Called with each batch's stored readings, after they and the states are written. An
 * observer that throws makes the batch's records come back, so observers must be idempotent.
 */
export type ReadingObserver = (readings: readonly StoredReading[]) => Promise<void>;

export interface IngestDependencies {
  table: Pick<TelemetryTable, 'putAll' | 'writeRollup' | 'writeState' | 'markUnbatched'>;
  directory: DeviceDirectory;
  observers: readonly ReadingObserver[];
  /** The alarm engine's step (absent: no alarms evaluated, as in tests of storage alone). */
  alarms?: IngestAlarms;
  logger: Logger;
  now: () => number;
}

export async function ingest(records: readonly SQSRecord[], dependencies: IngestDependencies): Promise<SQSBatchResponse> {
  const { table, directory, logger } = dependencies;
  const now = dependencies.now();
  const batch = new BatchOutcome(records, logger);
  ingestMetrics.messages += records.length;

  const messages = parseRecords(batch);
  const needs = devicesNeeded(batch, messages, now);
  const unavailable = await resolveDevices(batch, directory, needs);
  const { accepted, contacts } = applyReadingRules(batch, directory, messages, unavailable);
  const gatewayBatches = gatewayBatchesOf(accepted);
  await markUnbatchedGateways(batch, table, gatewayBatches);
  await storeReadingsAndDeadLetters(batch, table, accepted);
  await storeNewestBatches(batch, table, gatewayBatches);
  const stored = await settleSensors(batch, table, accepted, now);
  await settleGateways(batch, table, directory, contacts);
  if (dependencies.alarms !== undefined) await evaluateAlarms(batch, dependencies.alarms, stored, contacts);
  await notifyObservers(batch, dependencies.observers, stored);
  return batch.response();
}

// The batch's outcome ----------------------------------------------------------------------

/** A reading accepted for storage, with the SQS records that carried it. */
interface AcceptedReading {
  records: number[];
  customerId: string;
  sensorId: string;
  entry: DeviceEntry<SensorConfig>;
  fields: ReadingItemFields;
  receivedAt: number;
}

/** A gateway heard from in the batch: its newest message's time, and its newest status. */
interface GatewayContact {
  records: number[];
  customerId: string;
  gatewayId: string;
  receivedAt: number;
  status?: GatewayStatus;
}

interface ParsedRecord {
  index: number;
  message: ParsedMessage;
}

/** Per organisation, the devices a batch needs from the cache, and the records that need them. */
type DeviceNeeds = Map<string, { sensors: Set<string>; gateways: Set<string>; records: number[] }>;

const iso = (ms: number) => new Date(ms).toISOString();

/** The records that failed and the dead letters to file, kept as the steps go. */
class BatchOutcome {
  readonly failed = new Set<number>();
  readonly deadLetters: QueuedPut[] = [];

  constructor(readonly records: readonly SQSRecord[], readonly logger: Logger) {}

  /**
   * Runs one record's step; should it throw (a bug: bad input is refused, never thrown),
   * only that record is reported failed, so no other message's readings are lost with it.
   */
  forRecord(index: number, step: () => void): void {
    try {
      step();
    } catch (error) {
      this.logger.error('device message could not be handled', { messageId: this.records[index]?.messageId, ...describeError(error) });
      this.failed.add(index);
    }
  }

  fileDeadLetter(index: number, customerId: string, fields: Omit<DeadLetterFields, 'messageId'>): void {
    this.deadLetters.push({ item: deadLetterItem(customerId, { ...fields, messageId: this.records[index]?.messageId ?? String(index) }), records: [index] });
  }

  /** Files a refused message (part `message`) or reading (its index in the batch) with the reason. */
  refuse(index: number, event: DeviceMessageEvent, part: string, reason: string, payload: unknown, sensorId?: string): void {
    this.fileDeadLetter(index, event.customerId, {
      receivedAt: iso(event.receivedAt), part, reason, kind: event.kind, sourceDeviceId: event.sourceDeviceId,
      ...(sensorId !== undefined ? { sensorId } : {}), payload: payloadText(payload),
    });
  }

  failAll(records: Iterable<number>): void {
    for (const index of records) this.failed.add(index);
  }

  anyFailed(records: readonly number[]): boolean {
    return records.some((index) => this.failed.has(index));
  }

  response(): SQSBatchResponse {
    return {
      batchItemFailures: [...this.failed].sort((a, b) => a - b).flatMap((index) => {
        const record = this.records[index];
        return record === undefined ? [] : [{ itemIdentifier: record.messageId }];
      }),
    };
  }
}

/** The record's own receive time when its event has none (the message was unreadable). */
function fallbackReceivedAt(record: SQSRecord, now: number): number {
  const sent = Number(record.attributes?.SentTimestamp);
  return Number.isSafeInteger(sent) && sent >= EARLIEST_DEVICE_TIME_MS && sent < LATEST_DEVICE_TIME_MS ? sent : now;
}

/** The dead letter's reason for a message of a disabled organisation's device. */
export const ORGANISATION_DISABLED_REASON = 'organisation is disabled';

// 1. Parse ---------------------------------------------------------------------------------

/** Every record's message, read and checked against the message schemas. */
function parseRecords(batch: BatchOutcome): ParsedRecord[] {
  const messages: ParsedRecord[] = [];
  batch.records.forEach((record, index) => batch.forRecord(index, () => messages.push({ index, message: parseMessage(record.body) })));
  return messages;
}

// 2. The devices the batch needs -----------------------------------------------------------

/**
 * Files the messages refused whole (unreadable, or against the schema) and notes, per
 * organisation, the sensors and gateways the others name.
 */
function devicesNeeded(batch: BatchOutcome, messages: readonly ParsedRecord[], now: number): DeviceNeeds {
  const needs: DeviceNeeds = new Map();
  const need = (customerId: string) => {
    let found = needs.get(customerId);
    if (found === undefined) needs.set(customerId, (found = { sensors: new Set(), gateways: new Set(), records: [] }));
    return found;
  };
  for (const { index, message } of messages) batch.forRecord(index, () => {
    if (message.kind === 'unreadable') {
      const record = batch.records[index];
      if (message.customerId === undefined || record === undefined) {
        batch.logger.warn('device message dropped: no organisation to file it under', { messageId: record?.messageId, reason: message.reason });
        return;
      }
      batch.fileDeadLetter(index, message.customerId, {
        receivedAt: iso(message.receivedAt ?? fallbackReceivedAt(record, now)), part: 'message', reason: message.reason,
        kind: 'unknown', sourceDeviceId: message.sourceDeviceId ?? 'unknown', payload: message.raw,
      });
    } else if (message.kind === 'refused') {
      batch.refuse(index, message.event, 'message', message.reason, message.event.payload);
    } else if (message.kind === 'status') {
      const wanted = need(message.event.customerId);
      wanted.gateways.add(message.event.sourceDeviceId);
      wanted.records.push(index);
    } else {
      const wanted = need(message.event.customerId);
      wanted.records.push(index);
      for (const entry of message.entries) {
        if (!entry.ok) continue;
        const sensorId = entry.reading.deviceId ?? message.event.sourceDeviceId;
        wanted.sensors.add(sensorId);
        if (sensorId !== message.event.sourceDeviceId) wanted.gateways.add(message.event.sourceDeviceId);
      }
    }
  });
  return needs;
}

// 3. Resolve the devices -------------------------------------------------------------------

/**
 * The devices' configuration and state, from the cache (a read only for what it lacks).
 * Returns the organisations whose devices could not be read: their records fail, and come back.
 */
async function resolveDevices(batch: BatchOutcome, directory: DeviceDirectory, needs: DeviceNeeds): Promise<Set<string>> {
  const unavailable = new Set<string>();
  await Promise.all([...needs.entries()].map(async ([customerId, wanted]) => {
    try {
      await directory.prepare(customerId, wanted);
    } catch (error) {
      batch.logger.error('device configuration could not be read', { customerId, ...describeError(error) });
      unavailable.add(customerId);
      batch.failAll(wanted.records);
    }
  }));
  return unavailable;
}

// 4. Apply the reading rules ---------------------------------------------------------------

/**
 * Checks each reading against its publisher and its sensor (domain/telemetry/reading-rules.ts),
 * filing the refused ones; keeps readings of one sensor and time once; notes the gateways heard from.
 */
function applyReadingRules(
  batch: BatchOutcome,
  directory: DeviceDirectory,
  messages: readonly ParsedRecord[],
  unavailable: ReadonlySet<string>,
): { accepted: Map<string, AcceptedReading>; contacts: Map<string, GatewayContact> } {
  const accepted = new Map<string, AcceptedReading>();
  const contacts = new Map<string, GatewayContact>();
  const contact = (index: number, event: DeviceMessageEvent, status?: GatewayStatus) => {
    const key = `${event.customerId}|${event.sourceDeviceId}`;
    const known = contacts.get(key);
    if (known === undefined) {
      contacts.set(key, { records: [index], customerId: event.customerId, gatewayId: event.sourceDeviceId, receivedAt: event.receivedAt, ...(status ? { status } : {}) });
      return;
    }
    known.records.push(index);
    known.receivedAt = Math.max(known.receivedAt, event.receivedAt);
    if (status !== undefined && (known.status === undefined || status.time > known.status.time)) known.status = status;
  };
  for (const { index, message } of messages) batch.forRecord(index, () => {
    if (message.kind !== 'readings' && message.kind !== 'status') return;
    const { event } = message;
    if (unavailable.has(event.customerId)) return;
    // A disabled organisation's devices are not heard (issue 16): each message is filed with the reason, nothing else.
    if (directory.organisationDisabled(event.customerId)) {
      batch.refuse(index, event, 'message', ORGANISATION_DISABLED_REASON, event.payload);
      return;
    }
    const publisherIsGateway = directory.gateway(event.customerId, event.sourceDeviceId) !== undefined;
    if (message.kind === 'status') {
      if (publisherIsGateway) contact(index, event, message.status);
      else batch.refuse(index, event, 'message', `gateway ${event.sourceDeviceId} is not registered in this organisation`, event.payload);
      return;
    }
    // A gateway that published was heard from, whatever its readings turn out to be.
    if (publisherIsGateway) contact(index, event);
    for (const entry of message.entries) {
      const part = String(entry.index);
      if (!entry.ok) {
        batch.refuse(index, event, part, entry.reason, entry.raw);
        continue;
      }
      const { reading } = entry;
      const sensorId = reading.deviceId ?? event.sourceDeviceId;
      // The sensor is looked up only for a publisher that may name it (as before: no read of another's sensor).
      const sensor = sensorId !== event.sourceDeviceId && !publisherIsGateway ? undefined : directory.sensor(event.customerId, sensorId);
      const problem = publicationProblem({ sourceDeviceId: event.sourceDeviceId, sensorId, publisherIsGateway, sensor: sensor?.config })
        ?? (sensor === undefined ? undefined : readingProblem(sensor.config, reading, event.receivedAt));
      if (problem !== undefined || sensor === undefined) {
        batch.refuse(index, event, part, problem ?? `sensor ${sensorId} is not registered in this organisation`, reading, sensorId);
        continue;
      }
      const key = `${event.customerId}|${sensorId}|${reading.time}`;
      const duplicate = accepted.get(key);
      if (duplicate !== undefined) {
        ingestMetrics.duplicates += 1;
        if (!duplicate.records.includes(index)) duplicate.records.push(index);
        continue;
      }
      const channels = Object.fromEntries(Object.entries(reading.channels).filter(([, value]) => value !== undefined)) as Record<string, number | null>;
      accepted.set(key, {
        records: [index], customerId: event.customerId, sensorId, entry: sensor, receivedAt: event.receivedAt,
        fields: {
          time: reading.time, channels,
          ...(reading.battery !== undefined ? { battery: reading.battery } : {}),
          ...(reading.signal !== undefined ? { signal: reading.signal } : {}),
          ...(reading.snr !== undefined ? { snr: reading.snr } : {}),
          receivedAt: iso(event.receivedAt), sourceDeviceId: event.sourceDeviceId,
          ...(sensor.config.disabled ? { disabled: true } : {}),
        },
      });
    }
  });
  return { accepted, contacts };
}

// 5. Store readings and dead letters -------------------------------------------------------

/** Readings and dead letters, batched 25 per request; what is not written fails its records. */
async function storeReadingsAndDeadLetters(batch: BatchOutcome, table: IngestDependencies['table'], accepted: ReadonlyMap<string, AcceptedReading>): Promise<void> {
  // A record already failed (its gateway could not be marked) comes back whole: none of its readings is stored now.
  const readingPuts: QueuedPut[] = [...accepted.values()].filter((reading) => !batch.anyFailed(reading.records))
    .map((reading) => ({ item: readingItem(reading.customerId, reading.sensorId, reading.fields), records: reading.records }));
  const writeFailures = await table.putAll([...readingPuts, ...batch.deadLetters]);
  batch.failAll(writeFailures);
  const isWritten = (put: QueuedPut) => !put.records.some((index) => writeFailures.has(index));
  ingestMetrics.readingsStored += readingPuts.filter(isWritten).length;
  ingestMetrics.deadLetters += batch.deadLetters.filter(isWritten).length;
}

/**
 * The readings a gateway relayed in this batch; and, apart, those that sensors attached to a
 * gateway (not configured as Wi-Fi) published for themselves: the list takes those sensors'
 * newest readings from the gateway's batch items, so their own readings mark the gateway.
 */
interface GatewayBatch {
  customerId: string;
  gatewayId: string;
  readings: AcceptedReading[];
  /** Readings its sensors published for themselves: never in a batch item. */
  ownReadings: boolean;
}

function gatewayBatchesOf(accepted: ReadonlyMap<string, AcceptedReading>): GatewayBatch[] {
  const byGateway = new Map<string, GatewayBatch>();
  for (const reading of accepted.values()) {
    const { customerId, sensorId, fields, entry } = reading;
    const ownReadings = fields.sourceDeviceId === sensorId;
    const gatewayId = ownReadings ? entry.config.gatewayId?.toUpperCase() : fields.sourceDeviceId;
    if (gatewayId === undefined || gatewayId === '' || (ownReadings && entry.config.item['connectionType'] === 'wifi')) continue;
    const key = `${customerId}|${gatewayId}|${String(ownReadings)}`;
    let group = byGateway.get(key);
    if (group === undefined) byGateway.set(key, (group = { customerId, gatewayId, readings: [], ownReadings }));
    group.readings.push(reading);
  }
  return [...byGateway.values()];
}

const withoutItem = (group: GatewayBatch) => group.ownReadings || group.readings.length < MIN_BATCH_ITEM_READINGS;

const recordsOf = (readings: readonly AcceptedReading[]) => [...new Set(readings.flatMap((reading) => reading.records))].sort((a, b) => a - b);

/** Per organisation and gateway, until when the mark this container wrote holds (kept across cache reloads). */
const unbatchedMarks = new Map<string, number>();
/** Beyond this many gateways the container forgets its marks (and writes them again): memory stays bounded. */
const MAX_REMEMBERED_MARKS = 10_000;

/**
 * A gateway batch too small for its own batch item (`MIN_BATCH_ITEM_READINGS`), or readings its
 * sensors published for themselves, mark the gateway before the readings are stored, so the
 * sensor list never takes an older value from the gateway's batch items
 * (docs/decisions/0081-newest-readings-for-the-sensor-list.md): one write a gateway and container
 * per half of `UNBATCHED_MARK_MS`. A failed mark fails the batch's records.
 */
async function markUnbatchedGateways(batch: BatchOutcome, table: IngestDependencies['table'], batches: readonly GatewayBatch[]): Promise<void> {
  await Promise.all(batches.filter(withoutItem).map(async (group) => {
    const key = `${group.customerId}|${group.gatewayId}`;
    const receivedAt = Math.max(...group.readings.map((reading) => reading.receivedAt));
    const markedUntil = unbatchedMarks.get(key);
    if (markedUntil !== undefined && markedUntil >= receivedAt + UNBATCHED_MARK_MS / 2) return;
    try {
      await table.markUnbatched(group.customerId, group.gatewayId, receivedAt);
      if (unbatchedMarks.size >= MAX_REMEMBERED_MARKS) unbatchedMarks.clear();
      unbatchedMarks.set(key, Math.max(markedUntil ?? 0, receivedAt + UNBATCHED_MARK_MS));
    } catch (error) {
      batch.logger.error('gateway batch could not be marked', { customerId: group.customerId, gatewayId: group.gatewayId, ...describeError(error) });
      batch.failAll(recordsOf(group.readings));
    }
  }));
}

/**
 * Per gateway batch of at least `MIN_BATCH_ITEM_READINGS`, one item holding each of its sensors'
 * newest reading, for the sensor list (docs/decisions/0081-newest-readings-for-the-sensor-list.md):
 * written after the readings, only for those stored, so it never shows a reading that is not.
 * What is not written fails its records: they come back, and the readings and this item are
 * written again.
 */
async function storeNewestBatches(batch: BatchOutcome, table: IngestDependencies['table'], batches: readonly GatewayBatch[]): Promise<void> {
  const puts: QueuedPut[] = [];
  for (const group of batches) {
    if (withoutItem(group)) continue;
    const stored = group.readings.filter((reading) => !batch.anyFailed(reading.records));
    const records = recordsOf(stored);
    // The first record's message id tells this batch's item from another with the same newest time (a retry writes the same).
    const messageId = batch.records[records[0] ?? 0]?.messageId ?? '';
    const item = newestBatchItem(group.customerId, group.gatewayId, messageId, stored.map((reading): BatchReading => ({ sensorId: reading.sensorId, fields: reading.fields })));
    if (item !== undefined) puts.push({ item, records });
  }
  if (puts.length === 0) return;
  batch.failAll(await table.putAll(puts));
}

// 6. Rollups and live state, per sensor ----------------------------------------------------

type Delivery = { reading: StoredReading; records: number[] };

/** Per sensor whose readings were stored: its due rollups, then its live state. */
async function settleSensors(batch: BatchOutcome, table: IngestDependencies['table'], accepted: ReadonlyMap<string, AcceptedReading>, now: number): Promise<Delivery[]> {
  const bySensor = new Map<string, AcceptedReading[]>();
  for (const reading of accepted.values()) {
    if (batch.anyFailed(reading.records)) continue;
    const key = `${reading.customerId}|${reading.sensorId}`;
    bySensor.set(key, [...(bySensor.get(key) ?? []), reading]);
  }
  const stored: Delivery[] = [];
  await Promise.all([...bySensor.values()].map(async (readings) => {
    const first = readings[0];
    if (first === undefined) return;
    const { customerId, sensorId, entry } = first;
    try {
      const ordered = [...readings].sort((a, b) => a.fields.time.localeCompare(b.fields.time));
      await writeDueRollups(table, customerId, sensorId, entry, ordered, now);
      stored.push(...(await updateSensorState(table, customerId, sensorId, entry, ordered)));
    } catch (error) {
      batch.logger.error('sensor state or rollup could not be written', { customerId, sensorId, ...describeError(error) });
      entry.state.stale = true;
      readings.forEach((reading) => batch.failAll(reading.records));
    }
  }));
  return stored;
}

/** (Re)computes the rollup blocks (ROLLUP_BLOCK_HOURS each) the sensor's new readings finished, or a late reading changed. */
async function writeDueRollups(table: IngestDependencies['table'], customerId: string, sensorId: string, entry: DeviceEntry<SensorConfig>, ordered: readonly AcceptedReading[], now: number): Promise<void> {
  const blocks = rollupBlocksDue(ordered.map((reading) => reading.fields.time), entry.state.seen?.lastReadingAt);
  for (const block of blocks) await table.writeRollup(customerId, sensorId, block, new Date(now));
}

/**
 * Each reading with the state before it (for the observers); then the sensor's state item,
 * written only for an event or what the newest reading does not carry (`stateWriteReason`):
 * readers put the newest reading on top of it.
 */
async function updateSensorState(table: IngestDependencies['table'], customerId: string, sensorId: string, entry: DeviceEntry<SensorConfig>, ordered: readonly AcceptedReading[]): Promise<Delivery[]> {
  const before = entry.state.seen;
  const deliveries: Delivery[] = [];
  let running = before;
  let newest: AcceptedReading | undefined;
  for (const reading of ordered) {
    const late = isLateReading(running, reading.fields.time);
    deliveries.push({ reading: { customerId, sensor: entry.config, reading: reading.fields, previousState: running, late }, records: reading.records });
    if (!late) {
      running = sensorStateAfter(running, reading.fields, reading.receivedAt);
      newest = reading;
    }
  }
  if (running === before || running === undefined || newest === undefined) return deliveries;

  const next: DeviceLiveState = { ...running, lastCommunicated: iso(Math.max(...ordered.map((reading) => reading.receivedAt))) };
  const { time, channels, battery, signal, snr, receivedAt } = newest.fields;
  const stored: NewestReading = { time, channels, receivedAt, ...(battery !== undefined ? { battery } : {}), ...(signal !== undefined ? { signal } : {}), ...(snr !== undefined ? { snr } : {}) };
  const reason = stateWriteReason({
    stored: entry.state.stored, previous: before, next, newest: stored, deviations: entry.config.deviations, reportSeconds: entry.config.reportSeconds,
  });
  if (reason === undefined) {
    ingestMetrics.stateWritesSkipped += 1;
  } else if (await table.writeState(customerId, 'SENSOR', sensorId, next)) {
    entry.state.stored = next;
  } else {
    // Another container stored a newer reading: read the state again before deciding next time.
    entry.state.stale = true;
  }
  entry.state.seen = next;
  return deliveries;
}

// 7. Gateways heard from -------------------------------------------------------------------

/** Each gateway heard from (relayed readings or a status): its live state, heartbeat-throttled. */
async function settleGateways(batch: BatchOutcome, table: IngestDependencies['table'], directory: DeviceDirectory, contacts: ReadonlyMap<string, GatewayContact>): Promise<void> {
  await Promise.all([...contacts.values()].map(async (heard) => {
    if (heard.records.every((index) => batch.failed.has(index))) return;
    const entry = directory.gateway(heard.customerId, heard.gatewayId);
    if (entry === undefined) return;
    try {
      await updateGatewayState(table, heard, entry);
    } catch (error) {
      batch.logger.error('gateway state could not be written', { customerId: heard.customerId, gatewayId: heard.gatewayId, ...describeError(error) });
      entry.state.stale = true;
      batch.failAll(heard.records);
    }
  }));
}

async function updateGatewayState(table: IngestDependencies['table'], heard: GatewayContact, entry: DeviceEntry<GatewayConfig>): Promise<void> {
  const next = gatewayStateAfter(entry.state.seen, heard.receivedAt, heard.status);
  if (next === undefined) return;
  if (!gatewayStateWriteNeeded(entry.state.stored, next)) {
    ingestMetrics.stateWritesSkipped += 1;
  } else if (await table.writeState(heard.customerId, 'GATEWAY', heard.gatewayId, next)) {
    entry.state.stored = next;
  } else {
    entry.state.stale = true;
  }
  entry.state.seen = next;
}

// 8. Alarms -------------------------------------------------------------------------------

/**
 * Each sensor's stored readings (whose records all stand) and each gateway heard from go to the
 * alarm engine (lambdas/ingest/alarms.ts). A device whose evaluation fails fails its records:
 * they come back, and the engine decides the same again.
 */
async function evaluateAlarms(batch: BatchOutcome, alarms: IngestAlarms, stored: readonly Delivery[], contacts: ReadonlyMap<string, GatewayContact>): Promise<void> {
  const bySensor = new Map<string, Delivery[]>();
  for (const delivery of stored) {
    if (batch.anyFailed(delivery.records)) continue;
    const key = `${delivery.reading.customerId}|${delivery.reading.sensor.id}`;
    bySensor.set(key, [...(bySensor.get(key) ?? []), delivery]);
  }
  const sensors = [...bySensor.values()].map(async (deliveries) => {
    // Deliveries come in time order, each with the state before it: the first's is the state before the batch.
    const first = deliveries[0];
    if (first === undefined) return;
    const { customerId, sensor, previousState } = first.reading;
    const newestBefore = previousState?.lastReadingAt === undefined ? undefined : Date.parse(previousState.lastReadingAt);
    try {
      await alarms.sensor({
        customerId, sensorId: sensor.id, newestBefore,
        readings: deliveries.map(({ reading: { reading } }) => ({
          time: Date.parse(reading.time), channels: reading.channels, ...(reading.battery === undefined ? {} : { battery: reading.battery }),
        })),
      });
    } catch (error) {
      batch.logger.error('alarms could not be evaluated', { customerId, sensorId: sensor.id, ...describeError(error) });
      deliveries.forEach((delivery) => batch.failAll(delivery.records));
    }
  });
  const gateways = [...contacts.values()].map(async (heard) => {
    if (heard.records.every((index) => batch.failed.has(index))) return;
    try {
      await alarms.gateway({ customerId: heard.customerId, gatewayId: heard.gatewayId, heardAt: heard.receivedAt });
    } catch (error) {
      batch.logger.error('gateway alarms could not be evaluated', { customerId: heard.customerId, gatewayId: heard.gatewayId, ...describeError(error) });
      batch.failAll(heard.records);
    }
  });
  await Promise.all([...sensors, ...gateways]);
}

// 9. Observers -----------------------------------------------------------------------------

/** What comes after storage (alarm evaluation, in a later issue), given the readings whose records all stand. */
async function notifyObservers(batch: BatchOutcome, observers: readonly ReadingObserver[], stored: readonly Delivery[]): Promise<void> {
  const delivered = stored.filter((entry) => !batch.anyFailed(entry.records));
  if (delivered.length === 0) return;
  const inTimeOrder = [...delivered].sort((a, b) => a.reading.reading.time.localeCompare(b.reading.reading.time));
  for (const observer of observers) {
    try {
      await observer(inTimeOrder.map((entry) => entry.reading));
    } catch (error) {
      batch.logger.error('a reading observer failed', describeError(error));
      inTimeOrder.forEach((entry) => batch.failAll(entry.records));
    }
  }
}
