import { z } from 'zod';

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
export const channelValuesSchema = z.record(
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

/** SPEC section 9: the graph's default window. */
export const DEFAULT_GRAPH_WINDOW_MS = 24 * 60 * 60 * 1000;
/** A graph never returns more points than this per channel (ISSUE 5: a 30-day graph in at most 2,000 points). */
export const MAX_GRAPH_POINTS = 2000;
/** How long raw readings are kept (TTL); hourly rollups are kept for ROLLUP_RETENTION_DAYS. */
export const READING_RETENTION_DAYS = 400;
export const ROLLUP_RETENTION_DAYS = 3 * 365;
