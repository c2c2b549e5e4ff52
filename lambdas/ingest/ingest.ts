import type { SQSBatchResponse, SQSRecord } from 'aws-lambda';
import { channelRange } from '@domain/devices/device-catalogue';
import { hourKey } from '@domain/telemetry/rollups';
import {
  DEVICE_CLOCK_SKEW_MS,
  EARLIEST_DEVICE_TIME_MS,
  LATEST_DEVICE_TIME_MS,
  READING_RETENTION_DAYS,
  type DeviceMessageEvent,
  type DeviceReading,
  type GatewayStatus,
} from '@domain/telemetry/telemetry';
import { gatewayStateWriteNeeded, stateWriteReason, type DeviceLiveState } from '@domain/telemetry/telemetry-state';
import type { Logger } from '../shared/logger';
import { describeError } from '../shared/logger';
import type { DeviceDirectory, DeviceEntry, SensorConfig } from './directory';
import { ingestMetrics } from './metrics';
import { parseMessage, payloadText, type ParsedMessage } from './parse';
import { deadLetterItem, readingItem, type DeadLetterFields, type QueuedPut, type ReadingItemFields, type TelemetryTable } from './store';

/**
 * The ingest (docs/decisions.md "Device data"): one batch of device messages from the
 * ingest queue in, readings stored once each, live states, rollups and dead letters
 * written, and the outcome per SQS record out (a partial batch response). A message that
 * cannot be accepted is filed as a dead letter with the reason and counts as handled; only
 * a failed write reports its record, so SQS delivers it again (all writes are idempotent)
 * and, after the queue's maxReceiveCount, moves it to the queue's dead-letter queue.
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
  table: Pick<TelemetryTable, 'putAll' | 'writeRollup' | 'writeState'>;
  directory: DeviceDirectory;
  observers: readonly ReadingObserver[];
  logger: Logger;
  now: () => number;
}

/** A reading time more than this ahead of its arrival is refused: it would freeze the live state in the future. */
export const FUTURE_TOLERANCE_MS = DEVICE_CLOCK_SKEW_MS;

interface AcceptedReading {
  records: number[];
  customerId: string;
  sensorId: string;
  entry: DeviceEntry<SensorConfig>;
  fields: ReadingItemFields;
  receivedAt: number;
}

interface GatewayContact {
  records: number[];
  customerId: string;
  gatewayId: string;
  receivedAt: number;
  status?: GatewayStatus;
}

/** Why a reading of this sensor is refused, or undefined when it is fine. */
export function readingProblem(sensor: SensorConfig, reading: DeviceReading, receivedAt: number): string | undefined {
  const time = Date.parse(reading.time);
  if (time > receivedAt + FUTURE_TOLERANCE_MS) return `reading time ${reading.time} is in the future`;
  if (time < receivedAt - READING_RETENTION_DAYS * 24 * 60 * 60 * 1000) return `reading time ${reading.time} is older than the ${READING_RETENTION_DAYS}-day retention`;
  for (const [channel, value] of Object.entries(reading.channels)) {
    const config = sensor.channels.find((candidate) => candidate.channel === channel);
    if (config === undefined) return `channel ${channel} is not a channel of sensor ${sensor.id}`;
    if (value === null || value === undefined) continue;
    const range = channelRange(config.sensorType, config.sensorSubType);
    if (value < range.min || value > range.max) {
      return `channel ${channel} value ${value} is outside the ${config.sensorType} range ${range.min} to ${range.max}`;
    }
  }
  return undefined;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The live state after a reading (what was known, with the reading's values on top). */
function stateAfter(previous: DeviceLiveState | undefined, reading: ReadingItemFields, receivedAt: number): DeviceLiveState {
  return {
    ...previous,
    lastCommunicated: iso(receivedAt),
    lastReadingAt: reading.time,
    reading: { ...reading.channels },
    ...(reading.battery !== undefined ? { battery: reading.battery } : {}),
    ...(reading.signal !== undefined ? { signal: reading.signal } : {}),
    ...(reading.snr !== undefined ? { snr: reading.snr } : {}),
  };
}

/** The record's own receive time when its event has none (the message was unreadable). */
function fallbackReceivedAt(record: SQSRecord, now: number): number {
  const sent = Number(record.attributes?.SentTimestamp);
  return Number.isSafeInteger(sent) && sent >= EARLIEST_DEVICE_TIME_MS && sent < LATEST_DEVICE_TIME_MS ? sent : now;
}

export async function ingest(records: readonly SQSRecord[], dependencies: IngestDependencies): Promise<SQSBatchResponse> {
  const { table, directory, logger } = dependencies;
  const now = dependencies.now();
  const failed = new Set<number>();
  const deadLetters: QueuedPut[] = [];
  ingestMetrics.messages += records.length;

  const fileDeadLetter = (index: number, customerId: string, fields: Omit<DeadLetterFields, 'messageId'>) => {
    deadLetters.push({ item: deadLetterItem(customerId, { ...fields, messageId: records[index]?.messageId ?? String(index) }), records: [index] });
  };
  const refuse = (index: number, event: DeviceMessageEvent, part: string, reason: string, payload: unknown, sensorId?: string) =>
    fileDeadLetter(index, event.customerId, {
      receivedAt: iso(event.receivedAt), part, reason, kind: event.kind, sourceDeviceId: event.sourceDeviceId,
      ...(sensorId !== undefined ? { sensorId } : {}), payload: payloadText(payload),
    });

  /**
   * Runs one record's step; should it throw (a bug: bad input is refused, never thrown),
   * only that record is reported failed, so no other message's readings are lost with it.
   */
  const forRecord = (index: number, step: () => void) => {
    try {
      step();
    } catch (error) {
      logger.error('device message could not be handled', { messageId: records[index]?.messageId, ...describeError(error) });
      failed.add(index);
    }
  };

  // 1. Read every message; note, per organisation, the devices the batch needs.
  const messages: { index: number; message: ParsedMessage }[] = [];
  records.forEach((record, index) => forRecord(index, () => messages.push({ index, message: parseMessage(record.body) })));
  const needs = new Map<string, { sensors: Set<string>; gateways: Set<string>; records: number[] }>();
  const need = (customerId: string) => {
    let found = needs.get(customerId);
    if (found === undefined) needs.set(customerId, (found = { sensors: new Set(), gateways: new Set(), records: [] }));
    return found;
  };
  for (const { index, message } of messages) forRecord(index, () => {
    if (message.kind === 'unreadable') {
      const record = records[index];
      if (message.customerId === undefined || record === undefined) {
        logger.warn('device message dropped: no organisation to file it under', { messageId: record?.messageId, reason: message.reason });
        return;
      }
      fileDeadLetter(index, message.customerId, {
        receivedAt: iso(message.receivedAt ?? fallbackReceivedAt(record, now)), part: 'message', reason: message.reason,
        kind: 'unknown', sourceDeviceId: message.sourceDeviceId ?? 'unknown', payload: message.raw,
      });
    } else if (message.kind === 'refused') {
      refuse(index, message.event, 'message', message.reason, message.event.payload);
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

  // 2. The devices' configuration and state, from the cache (a read only for what it lacks).
  const unavailable = new Set<string>();
  await Promise.all([...needs.entries()].map(async ([customerId, wanted]) => {
    try {
      await directory.prepare(customerId, wanted);
    } catch (error) {
      logger.error('device configuration could not be read', { customerId, ...describeError(error) });
      unavailable.add(customerId);
      wanted.records.forEach((index) => failed.add(index));
    }
  }));

  // 3. Check each reading against its sensor; readings of one sensor and time are kept once.
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
  for (const { index, message } of messages) forRecord(index, () => {
    if (message.kind !== 'readings' && message.kind !== 'status') return;
    const { event } = message;
    if (unavailable.has(event.customerId)) return;
    if (message.kind === 'status') {
      if (directory.gateway(event.customerId, event.sourceDeviceId) === undefined) {
        refuse(index, event, 'message', `gateway ${event.sourceDeviceId} is not registered in this organisation`, event.payload);
      } else {
        contact(index, event, message.status);
      }
      return;
    }
    // A gateway that published was heard from, whatever its readings turn out to be.
    if (directory.gateway(event.customerId, event.sourceDeviceId) !== undefined) contact(index, event);
    for (const entry of message.entries) {
      const part = String(entry.index);
      if (!entry.ok) {
        refuse(index, event, part, entry.reason, entry.raw);
        continue;
      }
      const { reading } = entry;
      const sensorId = reading.deviceId ?? event.sourceDeviceId;
      if (sensorId !== event.sourceDeviceId && directory.gateway(event.customerId, event.sourceDeviceId) === undefined) {
        refuse(index, event, part, `device ${event.sourceDeviceId} may publish only its own readings: it is not a gateway of this organisation`, reading, sensorId);
        continue;
      }
      const sensor = directory.sensor(event.customerId, sensorId);
      if (sensor === undefined) {
        refuse(index, event, part, `sensor ${sensorId} is not registered in this organisation`, reading, sensorId);
        continue;
      }
      // A gateway relays only the sensors attached to it (the sensor's configured gateway), not any of its organisation's.
      if (sensorId !== event.sourceDeviceId && sensor.config.gatewayId?.toUpperCase() !== event.sourceDeviceId) {
        refuse(index, event, part, `sensor ${sensorId} is not attached to gateway ${event.sourceDeviceId}`, reading, sensorId);
        continue;
      }
      const problem = readingProblem(sensor.config, reading, event.receivedAt);
      if (problem !== undefined) {
        refuse(index, event, part, problem, reading, sensorId);
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

  // 4. Readings and dead letters, batched 25 per request.
  const readingPuts: QueuedPut[] = [...accepted.values()].map((reading) => ({ item: readingItem(reading.customerId, reading.sensorId, reading.fields), records: reading.records }));
  const writeFailures = await table.putAll([...readingPuts, ...deadLetters]);
  writeFailures.forEach((index) => failed.add(index));
  const isWritten = (put: QueuedPut) => !put.records.some((index) => writeFailures.has(index));
  ingestMetrics.readingsStored += readingPuts.filter(isWritten).length;
  ingestMetrics.deadLetters += deadLetters.filter(isWritten).length;

  // 5. Per sensor: finished hours' rollups, then its live state.
  const bySensor = new Map<string, AcceptedReading[]>();
  for (const reading of accepted.values()) {
    if (reading.records.some((index) => failed.has(index))) continue;
    const key = `${reading.customerId}|${reading.sensorId}`;
    bySensor.set(key, [...(bySensor.get(key) ?? []), reading]);
  }
  const stored: { reading: StoredReading; records: number[] }[] = [];
  await Promise.all([...bySensor.values()].map(async (readings) => {
    const first = readings[0];
    if (first === undefined) return;
    const { customerId, sensorId, entry } = first;
    try {
      stored.push(...(await settleSensor(customerId, sensorId, entry, readings, table, now)));
    } catch (error) {
      logger.error('sensor state or rollup could not be written', { customerId, sensorId, ...describeError(error) });
      entry.state.stale = true;
      readings.forEach((reading) => reading.records.forEach((index) => failed.add(index)));
    }
  }));

  // 6. Gateways heard from: their live state (heartbeat-throttled), from relayed readings or status.
  await Promise.all([...contacts.values()].map(async (heard) => {
    if (heard.records.every((index) => failed.has(index))) return;
    const entry = directory.gateway(heard.customerId, heard.gatewayId);
    if (entry === undefined) return;
    try {
      await settleGateway(heard, entry, table);
    } catch (error) {
      logger.error('gateway state could not be written', { customerId: heard.customerId, gatewayId: heard.gatewayId, ...describeError(error) });
      entry.state.stale = true;
      heard.records.forEach((index) => failed.add(index));
    }
  }));

  // 7. What comes after storage (alarm evaluation, in a later issue).
  const delivered = stored.filter((entry) => !entry.records.some((index) => failed.has(index)));
  if (delivered.length > 0) {
    delivered.sort((a, b) => a.reading.reading.time.localeCompare(b.reading.reading.time));
    for (const observer of dependencies.observers) {
      try {
        await observer(delivered.map((entry) => entry.reading));
      } catch (error) {
        logger.error('a reading observer failed', describeError(error));
        delivered.forEach((entry) => entry.records.forEach((index) => failed.add(index)));
      }
    }
  }

  return {
    batchItemFailures: [...failed].sort((a, b) => a - b).flatMap((index) => {
      const record = records[index];
      return record === undefined ? [] : [{ itemIdentifier: record.messageId }];
    }),
  };
}

/**
 * One sensor's readings of the batch, stored: (re)computes the rollups of finished hours
 * they touch (the hour the sensor just left, and any earlier hour a late reading landed
 * in), then writes its live state if the newest reading changed something material.
 */
async function settleSensor(
  customerId: string,
  sensorId: string,
  entry: DeviceEntry<SensorConfig>,
  readings: AcceptedReading[],
  table: IngestDependencies['table'],
  now: number,
): Promise<{ reading: StoredReading; records: number[] }[]> {
  const ordered = [...readings].sort((a, b) => a.fields.time.localeCompare(b.fields.time));
  const newest = ordered.at(-1);
  if (newest === undefined) return [];
  const before = entry.state.seen;
  const newestBefore = before?.lastReadingAt;
  const newestAfter = newestBefore !== undefined && newestBefore > newest.fields.time ? newestBefore : newest.fields.time;
  const currentHour = hourKey(newestAfter);
  const finished = new Set(ordered.map((reading) => hourKey(reading.fields.time)).filter((hour) => hour < currentHour));
  if (newestBefore !== undefined && hourKey(newestBefore) < currentHour) finished.add(hourKey(newestBefore));
  for (const hour of [...finished].sort()) await table.writeRollup(customerId, sensorId, hour, new Date(now));

  const results: { reading: StoredReading; records: number[] }[] = [];
  let running = before;
  for (const reading of ordered) {
    const late = running?.lastReadingAt !== undefined && reading.fields.time <= running.lastReadingAt;
    results.push({ reading: { customerId, sensor: entry.config, reading: reading.fields, previousState: running, late }, records: reading.records });
    if (!late) running = stateAfter(running, reading.fields, reading.receivedAt);
  }

  if (running !== before && running !== undefined) {
    const next: DeviceLiveState = { ...running, lastCommunicated: iso(Math.max(...ordered.map((reading) => reading.receivedAt))) };
    const reason = stateWriteReason({ stored: entry.state.stored, next, deviations: entry.config.deviations, reportSeconds: entry.config.reportSeconds });
    if (reason === undefined) {
      ingestMetrics.stateWritesSkipped += 1;
    } else if (await table.writeState(customerId, 'SENSOR', sensorId, next)) {
      entry.state.stored = next;
    } else {
      // Another container stored a newer reading: read the state again before deciding next time.
      entry.state.stale = true;
    }
    entry.state.seen = next;
  }
  return results;
}

async function settleGateway(heard: GatewayContact, entry: DeviceEntry<unknown>, table: IngestDependencies['table']): Promise<void> {
  const seen = entry.state.seen;
  const lastCommunicated = iso(heard.receivedAt);
  if (seen !== undefined && seen.lastCommunicated >= lastCommunicated) return;
  const next: DeviceLiveState = {
    ...seen,
    lastCommunicated,
    ...(heard.status?.signal !== undefined ? { signal: heard.status.signal } : {}),
    ...(heard.status?.firmware !== undefined ? { firmware: heard.status.firmware } : {}),
  };
  if (!gatewayStateWriteNeeded(entry.state.stored, next)) {
    ingestMetrics.stateWritesSkipped += 1;
  } else if (await table.writeState(heard.customerId, 'GATEWAY', heard.gatewayId, next)) {
    entry.state.stored = next;
  } else {
    entry.state.stale = true;
  }
  entry.state.seen = next;
}
