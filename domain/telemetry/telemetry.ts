import * as z from 'zod';
import { validationError } from '../core/errors';
import { MESSAGES } from '../core/messages';

/**
 * Device data (docs/devices.md): the MQTT topic scheme and the JSON payloads devices send,
 * the same on IoT Core and on the local broker.
 *
 * Topics, one set per device (a sensor on Wi-Fi, or a gateway relaying its sensors):
 *   coldchain/<customerId>/<deviceId>/readings       device → portal: readings (one, or a batch)
 *   coldchain/<customerId>/<deviceId>/status         device → portal: a gateway's heartbeat
 *   coldchain/<customerId>/<deviceId>/commands       portal → device: a command to carry out
 *   coldchain/<customerId>/<deviceId>/commands/ack   device → portal: the command's outcome
 * A device may publish only under its own `<customerId>/<deviceId>` (its IoT policy locally
 * and on AWS), so the topic's parts say, trustworthily, who sent a message; the rule adds
 * them to the event the ingest receives.
 */
export const TOPIC_ROOT = 'coldchain';

export type DeviceTopicKind = 'readings' | 'status' | 'commands' | 'commands/ack';

export function deviceTopic(customerId: string, deviceId: string, kind: DeviceTopicKind): string {
  return `${TOPIC_ROOT}/${customerId}/${deviceId}/${kind}`;
}

/** The parts of a device topic, or undefined when it is not one. */
export function parseDeviceTopic(topic: string): { customerId: string; deviceId: string; kind: DeviceTopicKind } | undefined {
  const match = /^coldchain\/([^/+#]+)\/([^/+#]+)\/(readings|status|commands|commands\/ack)$/.exec(topic);
  const [, customerId, deviceId, kind] = match ?? [];
  if (customerId === undefined || deviceId === undefined || kind === undefined) return undefined;
  return { customerId, deviceId, kind: kind as DeviceTopicKind };
}

// Limits on what a device may send (docs/devices.md "Limits") ----------------------------

/** IoT Core's MQTT payload limit (a larger PUBLISH is refused by the broker); the local broker keeps it too. */
export const MAX_DEVICE_PAYLOAD_BYTES = 128 * 1024;
/**
 * The deepest JSON a device message may nest. Our deepest payload is a gateway's batch (4
 * levels: message, readings, reading, channels); an acknowledgement's free-form `response`
 * is stored in the command's item, and DynamoDB refuses documents nested past 32 levels. 16
 * leaves devices room and keeps every stored value far inside that; and it bounds the work
 * anything walking a payload can be made to do.
 */
export const MAX_DEVICE_PAYLOAD_DEPTH = 16;
/** Device times before this are a clock that was never set, or seconds taken for milliseconds. */
export const EARLIEST_DEVICE_TIME_MS = Date.UTC(2000, 0, 1);
/** Device times from this on are a broken clock (and past 8.64e15 ms not a date at all). */
export const LATEST_DEVICE_TIME_MS = Date.UTC(2100, 0, 1);
/** A device time more than this ahead of the broker's receive time is refused: it would freeze the live state in the future. */
export const DEVICE_CLOCK_SKEW_MS = 60 * 60 * 1000;

const DEVICE_TIME_RANGE = `from ${new Date(EARLIEST_DEVICE_TIME_MS).toISOString().slice(0, 10)} to ${new Date(LATEST_DEVICE_TIME_MS).toISOString().slice(0, 10)}`;
/** ISO 8601 text is short: a longer string is not a time. */
const MAX_TIME_TEXT = 40;

/**
 * A device time: epoch milliseconds (an integer) or ISO 8601 text with a zone, between
 * EARLIEST_DEVICE_TIME_MS and LATEST_DEVICE_TIME_MS. Stored as ISO (UTC, ms). Every value is
 * checked before it is turned into a date, so nothing a device sends can make it throw.
 */
const TIME_FORM = 'must be epoch milliseconds (an integer) or ISO 8601 with a zone';
export const deviceTimeSchema = z.union([z.number(), z.string()], { error: TIME_FORM }).transform((value, context): string => {
  const wellFormed = typeof value === 'number'
    ? Number.isSafeInteger(value)
    : value.length <= MAX_TIME_TEXT && /^\d{4}-\d{2}-\d{2}T\S*(?:Z|[+-]\d{2}:?\d{2})$/.test(value);
  if (!wellFormed) {
    context.addIssue({ code: 'custom', message: TIME_FORM });
    return z.NEVER;
  }
  const ms = typeof value === 'number' ? value : Date.parse(value);
  if (!Number.isFinite(ms) || ms < EARLIEST_DEVICE_TIME_MS || ms >= LATEST_DEVICE_TIME_MS) {
    context.addIssue({ code: 'custom', message: `must be a time ${DEVICE_TIME_RANGE}` });
    return z.NEVER;
  }
  return new Date(ms).toISOString();
});
const readingTime = deviceTimeSchema;

/** A number a device sends: finite (JSON's 1e400 parses as Infinity, and is refused, never stored as null). */
const deviceNumber = () => z.number({
  error: (issue) => (issue.input === undefined ? 'is required' : typeof issue.input === 'number' ? 'must be a finite number' : 'must be a number'),
});

/**
 * Whether a JSON value nests deeper than `limit` (a scalar is 0, `{}` or `[]` is 1). Walks
 * with its own stack, never recursion, and stops at the first value past the limit.
 */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    if (typeof next.value !== 'object' || next.value === null) continue;
    const depth = next.depth + 1;
    if (depth > limit) return true;
    for (const child of Object.values(next.value)) {
      if (typeof child === 'object' && child !== null) stack.push({ value: child, depth });
    }
  }
  return false;
}

/**
 * The text of a JSON value, at most `maxChars` long (then cut, with "…"), written with its own
 * stack: a payload nested thousands deep, which JSON.stringify cannot write (its recursion
 * overflows the call stack), comes out as its first `maxChars` characters. Numbers JSON has no
 * text for (Infinity, NaN) are written as they are, so a dead letter shows what was refused.
 */
export function jsonPreview(value: unknown, maxChars: number): string {
  type Task = { text: string } | { value: unknown };
  let out = '';
  const tasks: Task[] = [{ value }];
  for (let task = tasks.pop(); task !== undefined && out.length <= maxChars; task = tasks.pop()) {
    if ('text' in task) {
      out += task.text;
      continue;
    }
    const current = task.value;
    if (typeof current === 'string') out += JSON.stringify(current);
    else if (typeof current === 'number' || typeof current === 'boolean') out += String(current);
    else if (current === null || current === undefined) out += 'null';
    else if (Array.isArray(current)) {
      out += '[';
      tasks.push({ text: ']' });
      for (let index = current.length - 1; index >= 0; index -= 1) {
        tasks.push({ value: current[index] as unknown });
        if (index > 0) tasks.push({ text: ',' });
      }
    } else if (typeof current === 'object') {
      out += '{';
      tasks.push({ text: '}' });
      const entries = Object.entries(current);
      for (let index = entries.length - 1; index >= 0; index -= 1) {
        const [key, child] = entries[index] ?? ['', undefined];
        tasks.push({ value: child });
        tasks.push({ text: `${JSON.stringify(key)}:` });
        if (index > 0) tasks.push({ text: ',' });
      }
    } else out += JSON.stringify(String(current));
  }
  return out.length > maxChars ? `${out.slice(0, maxChars)}…` : out;
}

/** Channel "1".."4": a number, or null when the channel has no value (probe unplugged). */
export const channelValuesSchema = z.partialRecord(
  z.enum(['1', '2', '3', '4']),
  deviceNumber().nullable(),
).refine((channels) => Object.keys(channels).length > 0, { error: 'at least one channel value' });

/** One reading of one sensor (SPEC section 3: reading, battery level, signal strength, SNR). */
export const deviceReadingSchema = z.object({
  /** The sensor the reading is of (upper-cased); a sensor publishing for itself may omit it. */
  deviceId: z.string().trim().min(1).max(64).regex(/^[A-Za-z0-9]+$/).transform((id) => id.toUpperCase()).optional(),
  time: readingTime,
  channels: channelValuesSchema,
  /** Battery level, percent. */
  battery: deviceNumber().min(0).max(100).optional(),
  /** Signal strength (RSSI), dBm. */
  signal: deviceNumber().min(-150).max(0).optional(),
  /** Signal-to-noise ratio, dB. */
  snr: deviceNumber().min(-30).max(30).optional(),
});
export type DeviceReading = z.infer<typeof deviceReadingSchema>;

/** What arrives on a `readings` topic: one reading, or a batch (gateways send batches, also late ones). */
export const readingsMessageSchema = z.union([
  z.object({ readings: z.array(deviceReadingSchema).min(1).max(500), sentAt: readingTime.optional() }),
  deviceReadingSchema.transform((reading) => ({ readings: [reading], sentAt: undefined })),
]);
export type ReadingsMessage = z.infer<typeof readingsMessageSchema>;

/** What arrives on a gateway's `status` topic. */
export const gatewayStatusSchema = z.object({
  time: readingTime,
  signal: deviceNumber().min(-150).max(0).optional(),
  firmware: z.string().max(40).optional(),
  uptimeSeconds: deviceNumber().int().nonnegative().max(Number.MAX_SAFE_INTEGER).optional(),
});
export type GatewayStatus = z.infer<typeof gatewayStatusSchema>;

/**
 * The event the IoT rule hands on (to the ingest queue): the device's JSON payload under
 * `payload`, plus the parts of the topic and the time the broker received it. On AWS the
 * rule's SQL builds it (lambdas/iot-rules.ts); locally the rule subscriber builds the same.
 */
export interface DeviceMessageEvent {
  customerId: string;
  /** The device that published (the topic's device id). */
  sourceDeviceId: string;
  kind: 'readings' | 'status' | 'commands/ack';
  /** Milliseconds since the epoch, when the broker received the message. */
  receivedAt: number;
  payload: unknown;
}

/** The event as the ingest checks it: the rule's parts must be there; the payload is checked by kind. */
export const deviceMessageEventSchema = z.object({
  customerId: z.string().min(1).max(128).regex(/^[^#/+]+$/),
  sourceDeviceId: z.string().trim().min(1).max(64).regex(/^[A-Za-z0-9]+$/).transform((id) => id.toUpperCase()),
  kind: z.enum(['readings', 'status', 'commands/ack']),
  receivedAt: z.number().int().min(EARLIEST_DEVICE_TIME_MS).max(LATEST_DEVICE_TIME_MS),
  payload: z.unknown(),
});

/** SPEC section 9: the graph's default window. */
export const DEFAULT_GRAPH_WINDOW_MS = 24 * 60 * 60 * 1000;
/** A graph never returns more points than this per channel (ISSUE 5: a 30-day graph in at most 2,000 points). */
export const MAX_GRAPH_POINTS = 2000;
/** How long raw readings are kept (TTL); hourly rollups are kept for ROLLUP_RETENTION_DAYS. */
export const READING_RETENTION_DAYS = 400;
export const ROLLUP_RETENTION_DAYS = 3 * 365;
/** Dead letters (device messages the ingest refused, with the reason) are kept this long. */
export const DEAD_LETTER_RETENTION_DAYS = 30;
/** The longest graph range: as far back as hourly rollups are kept. */
export const MAX_GRAPH_RANGE_DAYS = ROLLUP_RETENTION_DAYS;

// The graph data call and the readings table (SPEC section 7 "graph data") ---------------

/** `auto`: raw readings when they fit MAX_GRAPH_POINTS, else hourly rollups; `raw` or `hourly` asks for one. */
export const GRAPH_DATA_FORMATS = ['auto', 'raw', 'hourly'] as const;
export type GraphDataFormat = (typeof GRAPH_DATA_FORMATS)[number];

/** A time of a query string: ISO 8601 (a date, or a date and time) or epoch milliseconds. */
function parseQueryTime(text: string | undefined): number | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const trimmed = text.trim();
  const value = /^\d+$/.test(trimmed) ? Number(trimmed) : /^\d{4}-\d{2}-\d{2}/.test(trimmed) ? Date.parse(trimmed) : Number.NaN;
  if (!Number.isFinite(value)) throw validationError(MESSAGES.timeRangeInvalidDate);
  return value;
}

/**
 * A time range from `startDate` and `endDate` (SPEC "Time range": start not after end, not
 * equal). When both are missing, the last `defaultWindowMs` up to `now`; a missing end is
 * `now`; a missing start is `defaultWindowMs` before the end.
 */
export function timeRangeFrom(
  query: { startDate?: string; endDate?: string },
  now: number,
  defaultWindowMs: number = DEFAULT_GRAPH_WINDOW_MS,
): { start: number; end: number } {
  const end = parseQueryTime(query.endDate) ?? now;
  const start = parseQueryTime(query.startDate) ?? end - defaultWindowMs;
  if (start === end) throw validationError(MESSAGES.timeRangeEqual);
  if (start > end) throw validationError(MESSAGES.timeRangeStartAfterEnd);
  return { start, end };
}

export interface GraphQuery {
  sensorId: string;
  start: number;
  end: number;
  format: GraphDataFormat;
}

/** The graph data call's query string: queryId (the sensor), startDate, endDate (default: the last 24 hours), dataformat. */
export function graphQueryFrom(query: Record<string, string | undefined>, now: number): GraphQuery {
  const sensorId = query['queryId']?.trim();
  if (sensorId === undefined || sensorId === '') throw validationError(MESSAGES.graphQueryIdRequired);
  const format = (query['dataformat'] ?? 'auto').trim().toLowerCase() || 'auto';
  if (!(GRAPH_DATA_FORMATS as readonly string[]).includes(format)) throw validationError(MESSAGES.graphDataFormatInvalid);
  const { start, end } = timeRangeFrom({ startDate: query['startDate'], endDate: query['endDate'] }, now);
  if (end - start > MAX_GRAPH_RANGE_DAYS * 24 * 60 * 60 * 1000) throw validationError(MESSAGES.graphRangeTooLong);
  return { sensorId: sensorId.toUpperCase(), start, end, format: format as GraphDataFormat };
}

/** A point: time, value (the average for rollups), and for rollups the min, max and count of numeric values. */
export const graphPointSchema = z.object({
  t: z.string(),
  v: z.number().nullable(),
  min: z.number().optional(),
  max: z.number().optional(),
  count: z.number().int().optional(),
});

/** What the graph data call returns: per channel of the sensor, at most MAX_GRAPH_POINTS points. */
export const graphDataSchema = z.object({
  sensorId: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  /** `raw`, `hour`, or `<n>h` (hourly rollups merged into buckets of n hours). */
  resolution: z.string().regex(/^(?:raw|hour|\d+h)$/),
  channels: z.array(z.object({
    channel: z.string(),
    sensorType: z.string(),
    sensorSubType: z.string(),
    unit: z.string(),
    points: z.array(graphPointSchema).max(MAX_GRAPH_POINTS),
  })),
});
export type GraphData = z.infer<typeof graphDataSchema>;

/** A stored reading as the data tab's table shows it (newest first). */
export const readingRowSchema = z.object({
  time: z.string(),
  channels: z.record(z.string(), z.number().nullable()),
  battery: z.number().optional(),
  signal: z.number().optional(),
  snr: z.number().optional(),
  receivedAt: z.string(),
  /** The device that sent it: the sensor itself or its gateway. */
  sourceDeviceId: z.string(),
  /** Received while the sensor was disabled: stored, not alarmed on. */
  disabled: z.boolean().optional(),
});
export type ReadingRow = z.infer<typeof readingRowSchema>;

/** A device message the ingest refused, with the reason (administrators' troubleshooting list). */
export const deadLetterSchema = z.object({
  id: z.string(),
  receivedAt: z.string(),
  reason: z.string(),
  kind: z.string(),
  /** The topic's device (who published). */
  sourceDeviceId: z.string(),
  /** The sensor a refused reading named, when it named one. */
  sensorId: z.string().optional(),
  /** The message (or the refused reading), as received, truncated. */
  payload: z.string(),
});
export type DeadLetter = z.infer<typeof deadLetterSchema>;
