import * as z from 'zod';
import type { ConnectionType } from './device-catalogue';
import { DATE_TEXT_MAX } from '../core/limits';
import { MESSAGES } from '../core/messages';
import { deviceTimeSchema, deviceTopic } from '../telemetry/telemetry';

/**
 * Device commands (SPEC section 3 "commands", section 5 "Sensor device settings"; issue 5
 * section 3): the settings and troubleshooting actions the portal sends a device over MQTT
 * (docs/devices.md), as data. Each command says which devices it applies to and what its
 * parameters are, with the spec's ranges and messages; the API validates a command with
 * `deviceCommandInputSchema` and the web app builds its form from the same catalogue.
 */

export const DEVICE_KINDS = ['sensor', 'gateway'] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];

/**
 * A command's life: stored `pending`, `sent` once published to the device, then `executed`
 * or `failed` from the device's acknowledgement (or `failed` when it could not be
 * published). `expired` is never stored: a command still `sent` after
 * COMMAND_EXPIRY_HOURS without an answer reads as expired (a late answer still counts).
 */
export const COMMAND_STATUSES = ['pending', 'sent', 'executed', 'failed', 'expired'] as const;
export type CommandStatus = (typeof COMMAND_STATUSES)[number];

/** Sensors sleep up to 24 hours between wake-ups (wake-up interval 1-24 h), so a day and a margin. */
export const COMMAND_EXPIRY_HOURS = 48;
/** Command records are kept this long (DynamoDB TTL). */
export const COMMAND_RETENTION_DAYS = 90;

/** A whole number in a range; a missing or non-numeric value gets the range's message too. */
const wholeNumber = (min: number, max: number, message: string) =>
  z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message });

/** Required text: absent, blank or too long each get their message. */
const requiredText = (max: number, required: string) =>
  z.string({ error: required }).trim().min(1, { error: required }).max(max, { error: MESSAGES.fieldTooLong });

/** A time of a command parameter: ISO 8601 with a zone. */
const commandTime = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(DATE_TEXT_MAX, { error: MESSAGES.commandTimeInvalid })
    .refine((text) => /(?:Z|[+-]\d{2}:?\d{2})$/.test(text) && !Number.isNaN(Date.parse(text)), { error: MESSAGES.commandTimeInvalid })
    .transform((text) => new Date(text).toISOString());

const noParameters = z.object({});

export interface DeviceCommandDefinition {
  /** The devices it applies to. */
  appliesTo: readonly DeviceKind[];
  /** For sensors: only these connection types (Wi-Fi settings mean nothing to a radio sensor). */
  connectionTypes?: readonly ConnectionType[];
  parameters: z.ZodType<Record<string, unknown>>;
  /** Parameters that are secrets: sent to the device, never stored nor returned (shown as REDACTED). */
  secretParameters?: readonly string[];
}

/**
 * The catalogue. Sensor settings carry the SPEC section 5 ranges: priority 0-15; (alarm)
 * index 1-7; (alarm) delay 0-60 min; snooze 0-60 min; AP mode timeout 3-5 min; Wi-Fi timeout
 * 10-60 min; retry count 2-5; wake-up interval 1-24 h; SSID, key and file name required.
 * Gateways get the troubleshooting commands; "command end not before start" is the logs'
 * time range.
 */
export const DEVICE_COMMANDS = {
  setPriority: {
    appliesTo: ['sensor'],
    parameters: z.object({ priority: wholeNumber(0, 15, MESSAGES.commandPriorityRange) }),
  },
  setAlarmIndex: {
    appliesTo: ['sensor'],
    parameters: z.object({ index: wholeNumber(1, 7, MESSAGES.commandIndexRange) }),
  },
  setAlarmDelay: {
    appliesTo: ['sensor'],
    parameters: z.object({ delayMinutes: wholeNumber(0, 60, MESSAGES.commandDelayRange) }),
  },
  setSnooze: {
    appliesTo: ['sensor'],
    parameters: z.object({ snoozeMinutes: wholeNumber(0, 60, MESSAGES.commandSnoozeRange) }),
  },
  setApModeTimeout: {
    appliesTo: ['sensor'],
    connectionTypes: ['wifi'],
    parameters: z.object({ minutes: wholeNumber(3, 5, MESSAGES.commandApModeTimeoutRange) }),
  },
  setWifiTimeout: {
    appliesTo: ['sensor'],
    connectionTypes: ['wifi'],
    parameters: z.object({ minutes: wholeNumber(10, 60, MESSAGES.commandWifiTimeoutRange) }),
  },
  setRetryCount: {
    appliesTo: ['sensor'],
    parameters: z.object({ count: wholeNumber(2, 5, MESSAGES.commandRetryCountRange) }),
  },
  setWakeUpInterval: {
    appliesTo: ['sensor'],
    parameters: z.object({ hours: wholeNumber(1, 24, MESSAGES.commandWakeUpIntervalRange) }),
  },
  setWifi: {
    appliesTo: ['sensor'],
    connectionTypes: ['wifi'],
    // 802.11: an SSID is at most 32 bytes, a WPA passphrase at most 63 characters (64 hex).
    parameters: z.object({ ssid: requiredText(32, MESSAGES.commandSsidRequired), key: requiredText(64, MESSAGES.commandKeyRequired) }),
    secretParameters: ['key'],
  },
  firmwareUpdate: {
    appliesTo: ['sensor', 'gateway'],
    parameters: z.object({ fileName: requiredText(255, MESSAGES.commandFileNameRequired) }),
  },
  reboot: { appliesTo: ['sensor', 'gateway'], parameters: noParameters },
  requestStatus: { appliesTo: ['sensor', 'gateway'], parameters: noParameters },
  ping: { appliesTo: ['gateway'], parameters: noParameters },
  restartRadio: { appliesTo: ['gateway'], parameters: noParameters },
  resetNetwork: { appliesTo: ['gateway'], parameters: noParameters },
  uploadLogs: {
    appliesTo: ['gateway'],
    parameters: z
      .object({ start: commandTime(MESSAGES.commandStartRequired), end: commandTime(MESSAGES.commandEndRequired) })
      .refine((range) => range.end >= range.start, { error: MESSAGES.commandEndBeforeStart, path: ['end'] }),
  },
} as const satisfies Record<string, DeviceCommandDefinition>;

export type DeviceCommandName = keyof typeof DEVICE_COMMANDS;
export const DEVICE_COMMAND_NAMES = Object.keys(DEVICE_COMMANDS) as DeviceCommandName[];

const commandDefinition = (name: DeviceCommandName): DeviceCommandDefinition => DEVICE_COMMANDS[name];

/** The commands a device of this kind (and, for a sensor, this connection type) accepts. */
export function commandsFor(kind: DeviceKind, connectionType?: string): DeviceCommandName[] {
  return DEVICE_COMMAND_NAMES.filter((name) => appliesTo(name, kind, connectionType));
}

export function appliesTo(name: DeviceCommandName, kind: DeviceKind, connectionType?: string): boolean {
  const definition = commandDefinition(name);
  if (!definition.appliesTo.includes(kind)) return false;
  if (kind === 'sensor' && definition.connectionTypes !== undefined) {
    return connectionType !== undefined && (definition.connectionTypes as readonly string[]).includes(connectionType);
  }
  return true;
}

/** What POST /sensors/{id}/commands and /gateways/{id}/commands take: one command of the catalogue. */
export const deviceCommandInputSchema = z.discriminatedUnion(
  'command',
  DEVICE_COMMAND_NAMES.map((name) =>
    z.object({
      command: z.literal(name),
      parameters: z.preprocess((value) => value ?? {}, commandDefinition(name).parameters),
    }),
    // Built from the catalogue; zod types its options as a non-empty tuple.
  ) as unknown as [z.ZodObject<{ command: z.ZodLiteral<DeviceCommandName>; parameters: z.ZodType<Record<string, unknown>> }>],
  { error: MESSAGES.commandUnknown },
);
export type DeviceCommandInput = { command: DeviceCommandName; parameters: Record<string, unknown> };

/** What a secret parameter is stored and shown as. */
export const REDACTED = '********';

/** The parameters as stored and shown: secrets replaced (the device alone gets them). */
export function redactedParameters(name: DeviceCommandName, parameters: Record<string, unknown>): Record<string, unknown> {
  const secrets = commandDefinition(name).secretParameters ?? [];
  return Object.fromEntries(Object.entries(parameters).map(([key, value]) => [key, secrets.includes(key) ? REDACTED : value]));
}

/** A command as stored and listed (GET .../commands). */
export const deviceCommandSchema = z.object({
  id: z.string(),
  deviceKind: z.enum(DEVICE_KINDS),
  deviceId: z.string(),
  command: z.enum(DEVICE_COMMAND_NAMES as [DeviceCommandName, ...DeviceCommandName[]]),
  parameters: z.record(z.string(), z.unknown()),
  status: z.enum(COMMAND_STATUSES),
  /** The gateway that relays it, for a sensor that reaches the portal by radio. */
  relayedBy: z.string().optional(),
  /** The device's answer (text or JSON), or why it could not be sent. */
  response: z.unknown().optional(),
  sentAt: z.string().optional(),
  executedAt: z.string().optional(),
  requestedBy: z.string(),
  createdAt: z.string(),
});
export type DeviceCommand = z.infer<typeof deviceCommandSchema>;

/** The status a user sees: a command sent long ago that never got an answer has expired. */
export function effectiveCommandStatus(command: Pick<DeviceCommand, 'status' | 'sentAt'>, now: Date): CommandStatus {
  if (command.status !== 'sent' || command.sentAt === undefined) return command.status;
  const expiresAt = Date.parse(command.sentAt) + COMMAND_EXPIRY_HOURS * 60 * 60 * 1000;
  return now.getTime() >= expiresAt ? 'expired' : 'sent';
}

/**
 * What the portal publishes on the device's `commands` topic (QoS 1). A command for a sensor
 * that a gateway relays goes to the gateway's topic with the sensor as `targetDeviceId`.
 */
export interface DeviceCommandMessage {
  commandId: string;
  command: DeviceCommandName;
  parameters: Record<string, unknown>;
  issuedAt: string;
  targetDeviceId?: string;
}

/**
 * What a device publishes on its `commands/ack` topic. A gateway answering for a sensor it
 * relays to echoes the command's `targetDeviceId`.
 */
export const commandAcknowledgementSchema = z.object({
  commandId: z.string().trim().min(1).max(64),
  status: z.enum(['executed', 'failed']),
  response: z.union([z.string().max(4000), z.record(z.string(), z.unknown())]).optional(),
  /** Bounded like every device time (a 9e15 is refused, never turned into a date that throws). */
  executedAt: deviceTimeSchema.optional(),
  targetDeviceId: z.string().trim().min(1).max(64).regex(/^[A-Za-z0-9]+$/).transform((id) => id.toUpperCase()).optional(),
});
export type CommandAcknowledgement = z.infer<typeof commandAcknowledgementSchema>;

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A command id that sorts by creation time (a ULID: 48 bits of milliseconds, 80 random
 * bits), so a device's commands list newest first from the sort key alone.
 */
export function newCommandId(now: Date, random: Uint8Array = crypto.getRandomValues(new Uint8Array(10))): string {
  let time = '';
  let ms = now.getTime();
  for (let index = 0; index < 10; index += 1) {
    time = CROCKFORD.charAt(ms % 32) + time;
    ms = Math.floor(ms / 32);
  }
  let bits = 0n;
  for (const byte of random.slice(0, 10)) bits = (bits << 8n) | BigInt(byte);
  let randomPart = '';
  for (let index = 0; index < 16; index += 1) {
    randomPart = CROCKFORD.charAt(Number(bits & 31n)) + randomPart;
    bits >>= 5n;
  }
  return time + randomPart;
}

/** Command ids as they are written: ULIDs (26 Crockford base-32 characters). */
export const COMMAND_ID_PATTERN = /^[0-9A-HJKMNP-TV-Z]{26}$/;

/** What the portal needs to know of a device to send it a command. */
export interface CommandedDevice {
  kind: DeviceKind;
  id: string;
  /** Sensors: how it reaches the portal, and the gateway that relays it when not over Wi-Fi. */
  connectionType?: string;
  gatewayId?: string;
}

/** Where a command goes: the device's own commands topic, or its gateway's for a sensor on radio. */
export interface CommandDestination {
  topic: string;
  /** Set when a gateway relays the command to the sensor. */
  targetDeviceId?: string;
  relayedBy?: string;
}

/**
 * A gateway and a Wi-Fi sensor hold their own MQTT connection; a sensor on radio (Sub-GHz,
 * LoRaWAN, BLE) is reached through its gateway, which gets the command with the sensor as
 * `targetDeviceId`. Undefined when a radio sensor has no gateway to relay it.
 */
export function commandDestination(customerId: string, device: CommandedDevice): CommandDestination | undefined {
  if (device.kind === 'gateway' || device.connectionType === 'wifi') {
    return { topic: deviceTopic(customerId, device.id, 'commands') };
  }
  if (device.gatewayId === undefined || device.gatewayId === '') return undefined;
  return { topic: deviceTopic(customerId, device.gatewayId, 'commands'), targetDeviceId: device.id, relayedBy: device.gatewayId };
}
