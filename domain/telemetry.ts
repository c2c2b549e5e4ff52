import { z } from 'zod';
import { validationError } from './errors';
import { MESSAGES } from './messages';

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

/** A reading time: ISO 8601 with a zone, or milliseconds since the epoch. Stored as ISO (UTC, ms). */
const readingTime = z.union([
  z.number().int().positive(),
  z.string().refine((text) => /(?:Z|[+-]\d{2}:?\d{2})$/.test(text) && !Number.isNaN(Date.parse(text)), { error: 'time must be ISO 8601 with a zone, or epoch milliseconds' }),
]).transform((value) => new Date(value).toISOString());

/** Channel "1".."4": a number, or null when the channel has no value (probe unplugged). */
export const channelValuesSchema = z.partialRecord(
  z.enum(['1', '2', '3', '4']),
  z.number().finite().nullable(),
).refine((channels) => Object.keys(channels).length > 0, { error: 'at least one channel value' });

/** One reading of one sensor (SPEC section 3: reading, battery level, signal strength, SNR). */
export const deviceReadingSchema = z.object({
  /** The sensor the reading is of (upper-cased); a sensor publishing for itself may omit it. */
  deviceId: z.string().trim().min(1).max(64).regex(/^[A-Za-z0-9]+$/).transform((id) => id.toUpperCase()).optional(),
  time: readingTime,
  channels: channelValuesSchema,
  /** Battery level, percent. */
  battery: z.number().min(0).max(100).optional(),
  /** Signal strength (RSSI), dBm. */
  signal: z.number().min(-150).max(0).optional(),
  /** Signal-to-noise ratio, dB. */
  snr: z.number().min(-30).max(30).optional(),
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
  signal: z.number().min(-150).max(0).optional(),
  firmware: z.string().max(40).optional(),
  uptimeSeconds: z.number().int().nonnegative().optional(),
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
  receivedAt: z.number().int().positive(),
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
