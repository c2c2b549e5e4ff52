import type { ZodError } from 'zod';
import {
  deviceMessageEventSchema,
  deviceReadingSchema,
  deviceTimeSchema,
  EARLIEST_DEVICE_TIME_MS,
  gatewayStatusSchema,
  jsonPreview,
  LATEST_DEVICE_TIME_MS,
  MAX_DEVICE_PAYLOAD_DEPTH,
  nestsDeeperThan,
  type DeviceMessageEvent,
  type DeviceReading,
  type GatewayStatus,
} from '@domain/telemetry/telemetry';

/**
 * Reading what arrives on the ingest queue: each SQS record's body is the IoT rule's event
 * (domain/telemetry/telemetry.ts `DeviceMessageEvent`). Nothing here throws: what cannot be read is
 * returned with the reason, for the dead-letter record.
 */

/** The most readings one message may carry (a gateway's buffered batch). */
export const MAX_READINGS_PER_MESSAGE = 500;
/** Dead letters keep at most this much of what was received. */
export const DEAD_LETTER_PAYLOAD_CHARS = 2000;

/** One reading of a readings message: parsed, or refused with the reason. */
export type ReadingEntry =
  | { index: number; ok: true; reading: DeviceReading }
  | { index: number; ok: false; reason: string; raw: unknown };

export type ParsedMessage =
  /** The envelope itself is unreadable: without a customer there is no tenant to file it under. */
  | { kind: 'unreadable'; reason: string; customerId?: string; sourceDeviceId?: string; receivedAt?: number; raw: string }
  /** The envelope is good but the payload as a whole is refused. */
  | { kind: 'refused'; event: DeviceMessageEvent; reason: string }
  | { kind: 'readings'; event: DeviceMessageEvent; entries: ReadingEntry[] }
  | { kind: 'status'; event: DeviceMessageEvent; status: GatewayStatus };

/** A zod error in one line: the first issue's path and message. */
export function describeIssues(error: ZodError): string {
  const issue = error.issues[0];
  if (issue === undefined) return 'invalid';
  const path = issue.path.join('.');
  return path === '' ? issue.message : `${path}: ${issue.message}`;
}

/**
 * What was received, as text for a dead letter (JSON when it was not text already), truncated.
 * Written without JSON.stringify, whose recursion a deeply nested payload overflows.
 */
export function payloadText(payload: unknown): string {
  const text = typeof payload === 'string' ? payload : jsonPreview(payload, DEAD_LETTER_PAYLOAD_CHARS);
  return text.length > DEAD_LETTER_PAYLOAD_CHARS ? `${text.slice(0, DEAD_LETTER_PAYLOAD_CHARS)}…` : text;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function parsePayload(event: DeviceMessageEvent): ParsedMessage {
  const { payload } = event;
  // The local subscriber passes a payload that is not JSON as its text (IoT Core's rule would not parse it either).
  if (!isObject(payload)) return { kind: 'refused', event, reason: 'payload is not a JSON object' };
  // Checked before anything walks it: the schemas and the stores below never meet a deeper one.
  if (nestsDeeperThan(payload, MAX_DEVICE_PAYLOAD_DEPTH)) {
    return { kind: 'refused', event, reason: `payload nests deeper than ${MAX_DEVICE_PAYLOAD_DEPTH} levels` };
  }
  if (event.kind === 'commands/ack') return { kind: 'refused', event, reason: 'command acknowledgements are not for the ingest' };
  if (event.kind === 'status') {
    const status = gatewayStatusSchema.safeParse(payload);
    return status.success ? { kind: 'status', event, status: status.data } : { kind: 'refused', event, reason: describeIssues(status.error) };
  }
  if ('readings' in payload) {
    const list = payload['readings'];
    if (!Array.isArray(list) || list.length === 0 || list.length > MAX_READINGS_PER_MESSAGE) {
      return { kind: 'refused', event, reason: `readings must be a list of 1 to ${MAX_READINGS_PER_MESSAGE} readings` };
    }
    // The envelope is the gateway's own: a bad one refuses the message; a bad reading, only itself.
    if (payload['sentAt'] !== undefined) {
      const sentAt = deviceTimeSchema.safeParse(payload['sentAt']);
      if (!sentAt.success) return { kind: 'refused', event, reason: `sentAt: ${describeIssues(sentAt.error)}` };
    }
    // Each reading of a batch on its own: one bad reading does not refuse its neighbours.
    const entries = list.map((raw: unknown, index): ReadingEntry => {
      const reading = deviceReadingSchema.safeParse(raw);
      return reading.success ? { index, ok: true, reading: reading.data } : { index, ok: false, reason: describeIssues(reading.error), raw };
    });
    return { kind: 'readings', event, entries };
  }
  const reading = deviceReadingSchema.safeParse(payload);
  if (!reading.success) return { kind: 'refused', event, reason: describeIssues(reading.error) };
  return { kind: 'readings', event, entries: [{ index: 0, ok: true, reading: reading.data }] };
}

/** An SQS record's body read as the rule's event, then its payload by kind. */
export function parseMessage(body: string): ParsedMessage {
  let envelope: unknown;
  try {
    envelope = JSON.parse(body);
  } catch {
    return { kind: 'unreadable', reason: 'message is not JSON', raw: payloadText(body) };
  }
  const event = deviceMessageEventSchema.safeParse(envelope);
  if (!event.success) {
    const parts = isObject(envelope) ? envelope : {};
    const text = (key: string) => (typeof parts[key] === 'string' ? parts[key] : undefined);
    const givenAt = parts['receivedAt'];
    const receivedAt = typeof givenAt === 'number' && Number.isSafeInteger(givenAt) && givenAt >= EARLIEST_DEVICE_TIME_MS && givenAt < LATEST_DEVICE_TIME_MS ? givenAt : undefined;
    const customerId = text('customerId');
    return {
      kind: 'unreadable',
      reason: `event: ${describeIssues(event.error)}`,
      ...(customerId !== undefined && /^[^#/+]+$/.test(customerId) ? { customerId } : {}),
      ...(text('sourceDeviceId') !== undefined ? { sourceDeviceId: text('sourceDeviceId') } : {}),
      ...(receivedAt !== undefined ? { receivedAt } : {}),
      raw: payloadText(parts['payload'] ?? envelope),
    };
  }
  return parsePayload(event.data as DeviceMessageEvent);
}
