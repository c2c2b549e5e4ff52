import * as z from 'zod';
import {
  channelAllows,
  CONNECTION_TYPES,
  DEVICE_ID_CHARACTERS,
  EXTERNAL_SENSOR_TYPES,
  gatewayModel,
  normaliseDeviceId,
  SENSOR_TYPES,
  sensorModel,
  type ConnectionType,
  type SensorModel,
} from './device-catalogue';
import { fillTemplate } from './gateway';
import { DATE_TEXT_MAX } from '../core/limits';
import { MESSAGES } from '../core/messages';
import { isDeviceOnline } from '../telemetry/telemetry-state';

/**
 * Sensors (SPEC sections 3, 4, 5, 8 and 9; issue 5 section 3): every field a sensor keeps,
 * the rules of section 5, the states (Active, Inactive, In transit; online is computed from
 * the live state), disabling now or at a scheduled time, Quick Register, and the API's view
 * of a sensor with its live state. One set of schemas for the handlers, the OpenAPI document
 * and the web app, so the browser and the API say the same thing.
 */

export const SENSOR_NAME_MAX = 100;
export const SENSOR_DESCRIPTION_MAX = 250;
/** Open and close state labels (e.g. "Open" / "Closed", "Door open" / "Door shut"). */
export const STATE_LABEL_MAX = 20;
export const DISABLE_REASON_MAX = 250;

/** What a sensor watches over (the monitoring type), which the dashboards and reports group by. */
export const MONITORING_TYPES = [
  'refrigeration', 'freezer', 'hotHolding', 'ambient', 'vaccine', 'foodProbe', 'door', 'oil', 'dishwasher',
] as const;
export type MonitoringType = (typeof MONITORING_TYPES)[number];

/** SPEC section 4: Active, Inactive, In transit (online and offline are computed, not stored). */
export const DEVICE_STATUSES = ['active', 'inactive', 'inTransit'] as const;
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];

/** The labels the form offers for a contact model (the user may change them). */
export const DEFAULT_OPEN_LABEL = 'Open';
export const DEFAULT_CLOSE_LABEL = 'Closed';

/** Names start with a letter or digit; the rest is what names of equipment carry. */
const SENSOR_NAME_PATTERN = /^[\p{L}\p{N}][\p{L}\p{M}\p{N} .,'&()/#+_:-]*$/u;

const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

/** A required choice given as text: missing or blank says `required`. */
const requiredId = (required: string) =>
  z.preprocess(blankToUndefined, z.string({ error: required }).trim().min(1, { error: required }).max(100, { error: required }));

const optionalId = () => z.preprocess(blankToUndefined, z.string().trim().min(1).max(100).optional());

/** A sensor names at most this many notification groups in each list (a change's transaction counts each group's use). */
export const MAX_SENSOR_NOTIFICATION_GROUPS = 5;
const groupIdList = () =>
  z.preprocess((value) => (value === null || value === undefined ? [] : value), z.array(z.string().trim().min(1).max(100)))
    .transform((ids) => [...new Set(ids)])
    .pipe(z.array(z.string()).max(MAX_SENSOR_NOTIFICATION_GROUPS, { error: MESSAGES.listTooLong }));

/** A sensor has at most 4 channels (the largest model's); a sub type is a catalogue code. */
const MAX_CHANNELS = 4;
const SENSOR_SUB_TYPE_MAX = 50;

/** One channel of a sensor: its data logging profile, sensor type and sub type (SPEC "per channel"). */
export const sensorChannelSchema = z.object({
  channel: z.number({ error: MESSAGES.sensorChannelInvalid }).int({ error: MESSAGES.sensorChannelInvalid })
    .min(1, { error: MESSAGES.sensorChannelInvalid }).max(4, { error: MESSAGES.sensorChannelInvalid }),
  dataLoggingProfileId: requiredId(MESSAGES.channelLogProfileRequired),
  sensorType: z.preprocess(blankToUndefined, z.enum(SENSOR_TYPES, { error: MESSAGES.channelSensorTypeRequired })),
  sensorSubType: z.preprocess(blankToUndefined, z.string({ error: MESSAGES.channelSubTypeRequired }).trim().min(1, { error: MESSAGES.channelSubTypeRequired })
    .max(SENSOR_SUB_TYPE_MAX, { error: MESSAGES.channelTypeNotAllowed })),
});
export type SensorChannel = z.infer<typeof sensorChannelSchema>;

/** Every sub type of every sensor type, for forms that list them. */

const sensorFields = z.object({
  /** The device's own id (printed on it, or scanned); stored upper case. */
  id: z.preprocess(blankToUndefined, z.string({ error: MESSAGES.sensorIdRequired }).trim().min(1, { error: MESSAGES.sensorIdRequired })
    .max(64, { error: MESSAGES.sensorIdInvalid }).transform(normaliseDeviceId)),
  name: z.preprocess(blankToUndefined, z.string({ error: MESSAGES.sensorNameRequired }).trim().min(1, { error: MESSAGES.sensorNameRequired })
    .max(SENSOR_NAME_MAX, { error: MESSAGES.sensorNameInvalid }).regex(SENSOR_NAME_PATTERN, { error: MESSAGES.sensorNameInvalid })),
  description: z.preprocess(blankToUndefined, z.string().trim().max(SENSOR_DESCRIPTION_MAX, { error: MESSAGES.descriptionMax250 }).optional()),
  /** A code of the device catalogue (domain/devices/device-catalogue.ts SENSOR_MODELS). */
  deviceModel: requiredId(MESSAGES.sensorModelRequired),
  monitoringType: z.preprocess(blankToUndefined, z.enum(MONITORING_TYPES, { error: MESSAGES.monitoringTypeInvalid }).optional()),
  locationId: requiredId(MESSAGES.sensorLocationRequired),
  siteId: requiredId(MESSAGES.sensorSiteRequired),
  gatewayId: z.preprocess(blankToUndefined, z.string({ error: MESSAGES.sensorGatewayRequired }).trim().min(1, { error: MESSAGES.sensorGatewayRequired })
    .max(64, { error: MESSAGES.gatewayUnknown }).transform(normaliseDeviceId)),
  alarmProfileId: optionalId(),
  deviceAlarmProfileId: optionalId(),
  notificationGroupIds: groupIdList(),
  inactivityNotificationGroupIds: groupIdList(),
  channels: z.array(sensorChannelSchema, { error: MESSAGES.sensorChannelsRequired }).min(1, { error: MESSAGES.sensorChannelsRequired })
    .max(MAX_CHANNELS, { error: MESSAGES.sensorChannelsTooMany }),
  connectionType: z.preprocess(blankToUndefined, z.enum(CONNECTION_TYPES, { error: MESSAGES.connectionTypeRequired })),
  externalSensorType: z.preprocess(blankToUndefined, z.enum(EXTERNAL_SENSOR_TYPES, { error: MESSAGES.externalSensorTypeRequired }).optional()),
  departmentId: optionalId(),
  divisionId: optionalId(),
  openLabel: z.preprocess(blankToUndefined, z.string().trim().max(STATE_LABEL_MAX, { error: MESSAGES.stateLabelMax }).optional()),
  closeLabel: z.preprocess(blankToUndefined, z.string().trim().max(STATE_LABEL_MAX, { error: MESSAGES.stateLabelMax }).optional()),
  deviceStatus: z.preprocess(blankToUndefined, z.enum(DEVICE_STATUSES, { error: MESSAGES.deviceStatusInvalid }).default('active')),
});

/** The problem with a sensor id for a model, or undefined when it is valid (SPEC section 5). */
export function sensorIdProblem(model: SensorModel, id: string): string | undefined {
  const normalised = normaliseDeviceId(id);
  if (normalised === '') return MESSAGES.sensorIdRequired;
  if (!DEVICE_ID_CHARACTERS.test(normalised)) return MESSAGES.sensorIdSpecialCharacters;
  if (!model.idPattern.test(normalised)) return MESSAGES.sensorIdInvalid;
  return undefined;
}

type SensorFieldsOutput = z.infer<typeof sensorFields>;

/** What the model rules read, from a sensor whose other fields may still be wrong (a form being filled). */
interface ModelCheckedFields {
  deviceModel?: unknown;
  id?: unknown;
  connectionType?: unknown;
  channels?: unknown;
  externalSensorType?: unknown;
  openLabel?: unknown;
  closeLabel?: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * The rules that depend on the model (SPEC section 5 "Sensor"), as issues on their fields.
 * They run beside the field rules (not after them), so a form shows every message at once.
 */
function checkAgainstModel(sensor: ModelCheckedFields, context: z.RefinementCtx): void {
  const model = typeof sensor.deviceModel === 'string' ? sensorModel(sensor.deviceModel.trim()) : undefined;
  if (model === undefined) {
    if (typeof sensor.deviceModel === 'string' && sensor.deviceModel.trim() !== '') {
      context.addIssue({ code: 'custom', path: ['deviceModel'], message: MESSAGES.sensorModelInvalid });
    }
    return;
  }
  if (typeof sensor.id === 'string' && sensor.id.trim() !== '') {
    const idProblem = sensorIdProblem(model, sensor.id);
    if (idProblem !== undefined) context.addIssue({ code: 'custom', path: ['id'], message: idProblem });
  }
  if (typeof sensor.connectionType === 'string' && (CONNECTION_TYPES as readonly string[]).includes(sensor.connectionType)
    && !(model.connectionTypes as readonly string[]).includes(sensor.connectionType)) {
    context.addIssue({ code: 'custom', path: ['connectionType'], message: MESSAGES.connectionTypeNotForModel });
  }
  const channels = Array.isArray(sensor.channels) ? sensor.channels : [];
  if (channels.length > model.channels.length) {
    context.addIssue({ code: 'custom', path: ['channels'], message: MESSAGES.sensorChannelsTooMany });
  }
  const seen = new Set<number>();
  channels.forEach((channel: unknown, index) => {
    if (!isRecord(channel) || typeof channel['channel'] !== 'number') return;
    const number = channel['channel'];
    if (seen.has(number)) {
      context.addIssue({ code: 'custom', path: ['channels', index, 'channel'], message: MESSAGES.sensorChannelDuplicate });
    } else if (Number.isInteger(number) && number >= 1 && number <= 4 && number > model.channels.length) {
      context.addIssue({ code: 'custom', path: ['channels', index, 'channel'], message: MESSAGES.sensorChannelInvalid });
    } else if (
      typeof channel['sensorType'] === 'string' && typeof channel['sensorSubType'] === 'string' && channel['sensorSubType'].trim() !== ''
      && number <= model.channels.length && !channelAllows(model, number, channel['sensorType'], channel['sensorSubType'].trim())
    ) {
      context.addIssue({ code: 'custom', path: ['channels', index, 'sensorSubType'], message: MESSAGES.channelTypeNotAllowed });
    }
    seen.add(number);
  });
  const blank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
  if (model.acceptsExternalSensor && blank(sensor.externalSensorType)) {
    context.addIssue({ code: 'custom', path: ['externalSensorType'], message: MESSAGES.externalSensorTypeRequired });
  }
  if (!model.acceptsExternalSensor && !blank(sensor.externalSensorType) && sensor.externalSensorType !== 'none') {
    context.addIssue({ code: 'custom', path: ['externalSensorType'], message: MESSAGES.externalSensorTypeNotForModel });
  }
  if (model.hasContactStates) {
    if (blank(sensor.openLabel)) context.addIssue({ code: 'custom', path: ['openLabel'], message: MESSAGES.openLabelRequired });
    if (blank(sensor.closeLabel)) context.addIssue({ code: 'custom', path: ['closeLabel'], message: MESSAGES.closeLabelRequired });
  }
}

/**
 * A sensor as added or edited (POST /sensors, PUT /sensors/{id}). SPEC section 5: model, id,
 * name, location, site, gateway and connection type required; the id valid for the model and
 * without special characters; at least one channel, each with its data logging profile,
 * sensor type and sub type allowed by the model; the external sensor type for models that take
 * a probe; open and close labels for contact models. Fields a model does not use (labels of a
 * model without contacts, "none" as external type) are dropped; channels come sorted.
 */
export const sensorInputSchema = sensorFields.superRefine(checkAgainstModel, {
  // Also when other fields are wrong, so the form shows the id and channel messages at once.
  when: (payload) => isRecord(payload.value),
}).transform((sensor: SensorFieldsOutput) => {
  const model = sensorModel(sensor.deviceModel);
  const { openLabel, closeLabel, externalSensorType, ...rest } = sensor;
  return {
    ...rest,
    channels: [...sensor.channels].sort((a, b) => a.channel - b.channel),
    ...(model?.acceptsExternalSensor && externalSensorType !== undefined ? { externalSensorType } : {}),
    ...(model?.hasContactStates ? { openLabel, closeLabel } : {}),
  };
});
export type SensorInput = z.infer<typeof sensorInputSchema>;
export type SensorFormValues = z.input<typeof sensorInputSchema>;

/** PUT /sensors/{id}/status: Active, Inactive or In transit. */
export const sensorStatusInputSchema = z.object({
  deviceStatus: z.enum(DEVICE_STATUSES, { error: MESSAGES.deviceStatusInvalid }),
});
export type SensorStatusInput = z.infer<typeof sensorStatusInputSchema>;

/** A date and time with its zone (ISO 8601), kept as UTC ISO. */
const dateTime = (message: string) =>
  z.string({ error: message }).max(DATE_TEXT_MAX, { error: message }).trim()
    .refine((text) => /(?:Z|[+-]\d{2}:?\d{2})$/.test(text) && !Number.isNaN(Date.parse(text)), { error: message })
    .transform((text) => new Date(text).toISOString());

/**
 * POST /sensors/{id}/disable (SPEC sections 3, 4, 9): a reason, and when: now (no `disableAt`)
 * or at a scheduled time; optionally when it comes back on (`enableOn`, after the disable).
 * A scheduled change takes effect within one hour (the job runs every 15 minutes).
 */
export const sensorDisableInputSchema = z.object({
  reason: z.preprocess(blankToUndefined, z.string({ error: MESSAGES.disableReasonRequired }).trim().min(1, { error: MESSAGES.disableReasonRequired })
    .max(DISABLE_REASON_MAX, { error: MESSAGES.descriptionMax250 })),
  disableAt: z.preprocess(blankToUndefined, dateTime(MESSAGES.dateTimeInvalid).optional()),
  enableOn: z.preprocess(blankToUndefined, dateTime(MESSAGES.dateTimeInvalid).optional()),
}).superRefine((input, context) => {
  if (input.disableAt !== undefined && input.enableOn !== undefined && input.enableOn <= input.disableAt) {
    context.addIssue({ code: 'custom', path: ['enableOn'], message: MESSAGES.enableOnBeforeDisable });
  }
});
export type SensorDisableInput = z.infer<typeof sensorDisableInputSchema>;

/** POST /sensors/{id}/enable: now (no `enableAt`) or at a scheduled time. */
export const sensorEnableInputSchema = z.object({
  enableAt: z.preprocess(blankToUndefined, dateTime(MESSAGES.dateTimeInvalid).optional()),
});
export type SensorEnableInput = z.infer<typeof sensorEnableInputSchema>;

/**
 * Whether a change asked for at `requested` is for now: no time, or a time not after `now`
 * (a time a moment in the past, as a form fills it, means now).
 */
export function isImmediate(requested: string | undefined, now: Date): boolean {
  return requested === undefined || Date.parse(requested) <= now.getTime();
}

/** The problem with a time asked for by a disable or enable, or undefined (checked where the clock is known). */
export function scheduleProblem(input: { disableAt?: string | undefined; enableOn?: string | undefined }, now: Date): string | undefined {
  const disableAt = input.disableAt === undefined ? now.getTime() : Math.max(Date.parse(input.disableAt), now.getTime());
  if (input.enableOn !== undefined && Date.parse(input.enableOn) <= disableAt) return MESSAGES.enableOnBeforeDisable;
  return undefined;
}

/**
 * Whether a gateway of the given model can carry a sensor's connection type, or the problem
 * (issue 5: a gateway model relays some connection types, `GATEWAY_MODELS[].relays`). A Wi-Fi
 * sensor publishes for itself, so any gateway of its site will do (SPEC section 5 still names
 * one for every sensor); any other connection type needs a model that relays it. A model the
 * catalogue does not know relays nothing.
 */
export function gatewayRelayProblem(gatewayModelCode: string | undefined, connectionType: ConnectionType): string | undefined {
  if (connectionType === 'wifi') return undefined;
  const relays = gatewayModelCode === undefined ? undefined : gatewayModel(gatewayModelCode)?.relays;
  return relays?.includes(connectionType) ? undefined : MESSAGES.sensorGatewayCannotRelay;
}

/**
 * SPEC section 8: a sensor is not deleted while it has notes. The API fills the template of
 * `MESSAGES.sensorHasNotes` and also returns the parts, so a browser can translate it.
 */
export const sensorDeleteRefusalSchema = z.object({
  message: z.string(),
  sensorName: z.string(),
  noteCount: z.number().int(),
});
export type SensorDeleteRefusal = z.infer<typeof sensorDeleteRefusalSchema>;

export function sensorDeleteRefusal(sensor: { name: string; noteCount: number }): SensorDeleteRefusal | undefined {
  if (sensor.noteCount <= 0) return undefined;
  return { message: fillTemplate(MESSAGES.sensorHasNotes, { name: sensor.name }), sensorName: sensor.name, noteCount: sensor.noteCount };
}

/** A sensor's current disable (SPEC "disable fields: on, by, reason, enable on"). */
export const sensorDisableSchema = z.object({
  disabledOn: z.string(),
  disabledBy: z.string(),
  reason: z.string(),
  /** When the sensor is scheduled to come back on, if it is. */
  enableOn: z.string().optional(),
});
export type SensorDisable = z.infer<typeof sensorDisableSchema>;

/** A change waiting for its time (the schedule job applies it within one hour). */
export const scheduledSensorChangeSchema = z.object({
  id: z.string(),
  action: z.enum(['disable', 'enable']),
  /** When it takes effect (ISO, UTC). */
  at: z.string(),
  /** A disable's reason. */
  reason: z.string().optional(),
  requestedBy: z.string(),
  requestedAt: z.string(),
});
export type ScheduledSensorChange = z.infer<typeof scheduledSensorChangeSchema>;

/** The latest calibration certificate's dates, shown on the sensor. */
export const sensorCalibrationDatesSchema = z.object({
  issueDate: z.string(),
  renewalDate: z.string().optional(),
});

/** The live state the ingest keeps (`SENSOR#<id>#STATE`), merged into the API's view. */
export const sensorLiveStateSchema = z.object({
  /** Channel "1".."4" to its last value (null: the channel had none, e.g. a probe unplugged). */
  reading: z.record(z.string(), z.number().nullable()).optional(),
  battery: z.number().optional(),
  signal: z.number().optional(),
  snr: z.number().optional(),
  lastCommunicated: z.string().optional(),
  /** The time of the newest reading stored. */
  lastReadingAt: z.string().optional(),
  /** Computed when read: its newest reading is within its report interval rule (`isSensorOnline`); pages judge it again as time passes. */
  online: z.boolean(),
});
export type SensorLiveState = z.infer<typeof sensorLiveStateSchema>;

/** A sensor as the API returns it: its fields, its bookkeeping, and its live state. */
export const sensorSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().optional(),
  deviceModel: z.string(),
  monitoringType: z.enum(MONITORING_TYPES).optional(),
  locationId: z.string(),
  siteId: z.string(),
  gatewayId: z.string(),
  alarmProfileId: z.string().optional(),
  deviceAlarmProfileId: z.string().optional(),
  notificationGroupIds: z.array(z.string()),
  inactivityNotificationGroupIds: z.array(z.string()),
  channels: z.array(z.object({ channel: z.number().int(), dataLoggingProfileId: z.string(), sensorType: z.enum(SENSOR_TYPES), sensorSubType: z.string() })),
  connectionType: z.enum(CONNECTION_TYPES),
  externalSensorType: z.enum(EXTERNAL_SENSOR_TYPES).optional(),
  departmentId: z.string().optional(),
  divisionId: z.string().optional(),
  openLabel: z.string().optional(),
  closeLabel: z.string().optional(),
  deviceStatus: z.enum(DEVICE_STATUSES),
  /** When it was first registered (ISO). */
  registeredOn: z.string(),
  /** When the device last reset (reported by the device; absent until it does). */
  lastReset: z.string().optional(),
  /** Disabled sensors' readings are still stored, flagged, and raise no alarms. */
  disabled: z.boolean(),
  disable: sensorDisableSchema.optional(),
  /** Changes waiting for their time, soonest first. */
  scheduledChanges: z.array(scheduledSensorChangeSchema),
  calibration: sensorCalibrationDatesSchema.optional(),
  noteCount: z.number().int(),
  live: sensorLiveStateSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: z.string(),
  updatedBy: z.string(),
  version: z.number().int(),
});
export type Sensor = z.infer<typeof sensorSchema>;
export const sensorPageSchema = z.object({ items: z.array(sensorSchema), nextCursor: z.string().optional() });

/** GET /sensors filters (query string), besides `limit` and `cursor`. */
export const SENSOR_LIST_STATUSES = ['active', 'inactive', 'inTransit', 'disabled', 'online', 'offline'] as const;
export type SensorListStatus = (typeof SENSOR_LIST_STATUSES)[number];

/** Whether a sensor counts as inactive (GET /sensors/inactive): status Inactive, or disabled. */
export function isInactiveSensor(sensor: Pick<Sensor, 'deviceStatus' | 'disabled'>): boolean {
  return sensor.deviceStatus === 'inactive' || sensor.disabled;
}

/** Whether a sensor matches a list's status filter. */
export function matchesStatus(sensor: Pick<Sensor, 'deviceStatus' | 'disabled' | 'live'>, status: SensorListStatus): boolean {
  switch (status) {
    case 'disabled': return sensor.disabled;
    case 'online': return sensor.live.online;
    case 'offline': return !sensor.live.online;
    default: return sensor.deviceStatus === status;
  }
}

/** A sensor whose model the catalogue does not know (any more) is expected every five minutes. */
export const FALLBACK_REPORT_SECONDS = 300;

/** How often a sensor of this model reports: what the online rule and the ingest both go by. */
export function sensorReportSeconds(deviceModel: string | undefined): number {
  return (deviceModel === undefined ? undefined : sensorModel(deviceModel)?.defaultReportSeconds) ?? FALLBACK_REPORT_SECONDS;
}

/**
 * Online (SPEC section 4, issue 17 section 1): the one rule of domain/telemetry/telemetry-state.ts
 * `isDeviceOnline` (within three report intervals plus ten minutes) applied to the sensor's own
 * newest reading time, with the model's report interval. Not its last communication: readings a
 * gateway back-fills arrive late (a sensor silent since 6:58 PM whose buffered readings came at
 * 8:00 PM is still silent), and a gateway's heartbeat says nothing of its sensors.
 */
export function isSensorOnline(sensor: { deviceModel: string; lastReadingAt?: string | undefined }, now: Date | number): boolean {
  return isDeviceOnline(sensor.lastReadingAt, sensorReportSeconds(sensor.deviceModel), now);
}

/** How old a sensor's newest reading is at `now` (ms, never negative); undefined when it has none. */
export function readingAgeMs(lastReadingAt: string | undefined, now: Date | number): number | undefined {
  const at = lastReadingAt === undefined ? Number.NaN : Date.parse(lastReadingAt);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, (typeof now === 'number' ? now : now.getTime()) - at);
}

// Quick Register (issue 5 section 3): many sensors at once from a pasted or scanned list.

/** At most this many sensors per Quick Register request (each is its own transaction). */
export const QUICK_REGISTER_MAX_LINES = 200;

/** One sensor of a Quick Register list: where it was in the text, its id and its name if given. */
export interface QuickRegisterEntry {
  /** 1-based line of the pasted text. */
  line: number;
  id: string;
  name?: string;
}

const TOKEN_SEPARATORS = /[\s,;]+/;

/**
 * Reads a pasted or scanned list. Ids are separated by new lines, commas, spaces or
 * semicolons. A line may instead be `id,name` (or `id;name`, or id TAB name): the part after
 * the first comma, semicolon or tab is a name when it is not itself a list of ids valid for
 * the model (so "A1B2C3D4, Walk-in fridge" names the sensor, "A1B2C3D4, B1B2C3D4" lists two).
 */
export function parseQuickRegisterLines(text: string, model: SensorModel | undefined): QuickRegisterEntry[] {
  const entries: QuickRegisterEntry[] = [];
  const validId = (token: string) => model !== undefined && sensorIdProblem(model, token) === undefined;
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    const trimmed = raw.trim();
    if (trimmed === '') return;
    const split = /^([^,;\t]+?)\s*[,;\t]\s*(.+)$/.exec(trimmed);
    if (split?.[1] !== undefined && split[2] !== undefined) {
      const head = split[1].trim();
      const rest = split[2].trim();
      const headIsOneToken = !TOKEN_SEPARATORS.test(head);
      const restTokens = rest.split(TOKEN_SEPARATORS).filter(Boolean);
      if (headIsOneToken && rest !== '' && !restTokens.every(validId)) {
        entries.push({ line, id: normaliseDeviceId(head), name: rest });
        return;
      }
    }
    for (const token of trimmed.split(TOKEN_SEPARATORS)) {
      if (token !== '') entries.push({ line, id: normaliseDeviceId(token) });
    }
  });
  return entries;
}

/**
 * POST /sensors/quickregister: where the sensors go (site, location, gateway), what they are
 * (model, connection type, one data logging profile for every channel; each channel takes
 * the model's first sensor type and sub type unless given), and the list.
 */
export const quickRegisterInputSchema = z.object({
  siteId: requiredId(MESSAGES.sensorSiteRequired),
  locationId: requiredId(MESSAGES.sensorLocationRequired),
  gatewayId: z.preprocess(blankToUndefined, z.string({ error: MESSAGES.sensorGatewayRequired }).trim().min(1, { error: MESSAGES.sensorGatewayRequired })
    .max(64, { error: MESSAGES.gatewayUnknown }).transform(normaliseDeviceId)),
  deviceModel: requiredId(MESSAGES.sensorModelRequired),
  connectionType: z.preprocess(blankToUndefined, z.enum(CONNECTION_TYPES, { error: MESSAGES.connectionTypeRequired })),
  dataLoggingProfileId: requiredId(MESSAGES.channelLogProfileRequired),
  monitoringType: z.preprocess(blankToUndefined, z.enum(MONITORING_TYPES, { error: MESSAGES.monitoringTypeInvalid }).optional()),
  deviceStatus: z.preprocess(blankToUndefined, z.enum(DEVICE_STATUSES, { error: MESSAGES.deviceStatusInvalid }).default('active')),
  /** Per channel type and sub type, when not the model's first. */
  channels: z.array(z.object({
    channel: z.number().int().min(1, { error: MESSAGES.sensorChannelInvalid }).max(4, { error: MESSAGES.sensorChannelInvalid }),
    sensorType: z.enum(SENSOR_TYPES, { error: MESSAGES.channelSensorTypeRequired }),
    sensorSubType: z.string({ error: MESSAGES.channelSubTypeRequired }).trim().min(1, { error: MESSAGES.channelSubTypeRequired })
      .max(SENSOR_SUB_TYPE_MAX, { error: MESSAGES.channelTypeNotAllowed }),
  })).max(MAX_CHANNELS, { error: MESSAGES.sensorChannelsTooMany }).optional(),
  lines: z.string({ error: MESSAGES.quickRegisterLinesRequired }).max(200 * QUICK_REGISTER_MAX_LINES, { error: MESSAGES.quickRegisterTooManyLines }),
}).superRefine((input, context) => {
  const model = sensorModel(input.deviceModel);
  if (model === undefined) {
    context.addIssue({ code: 'custom', path: ['deviceModel'], message: MESSAGES.sensorModelInvalid });
    return;
  }
  if (!model.connectionTypes.includes(input.connectionType)) {
    context.addIssue({ code: 'custom', path: ['connectionType'], message: MESSAGES.connectionTypeNotForModel });
  }
  const entries = parseQuickRegisterLines(input.lines, model);
  if (entries.length === 0) context.addIssue({ code: 'custom', path: ['lines'], message: MESSAGES.quickRegisterLinesRequired });
  if (entries.length > QUICK_REGISTER_MAX_LINES) context.addIssue({ code: 'custom', path: ['lines'], message: MESSAGES.quickRegisterTooManyLines });
});
export type QuickRegisterInput = z.infer<typeof quickRegisterInputSchema>;
export type QuickRegisterFormValues = z.input<typeof quickRegisterInputSchema>;

/** What a model's sensors get from Quick Register: every channel, each with its type and the one profile. */
export function quickRegisterSensorInput(input: QuickRegisterInput, entry: QuickRegisterEntry): SensorFormValues {
  const model = sensorModel(input.deviceModel);
  const channels = (model?.channels ?? []).map((options, index) => {
    const channel = index + 1;
    const chosen = input.channels?.find((given) => given.channel === channel);
    const first = options[0];
    return {
      channel,
      dataLoggingProfileId: input.dataLoggingProfileId,
      sensorType: chosen?.sensorType ?? first?.type ?? 'temperature',
      sensorSubType: chosen?.sensorSubType ?? first?.subTypes[0] ?? '',
    };
  });
  return {
    id: entry.id,
    name: entry.name ?? entry.id,
    deviceModel: input.deviceModel,
    ...(input.monitoringType ? { monitoringType: input.monitoringType } : {}),
    locationId: input.locationId,
    siteId: input.siteId,
    gatewayId: input.gatewayId,
    notificationGroupIds: [],
    inactivityNotificationGroupIds: [],
    channels,
    connectionType: input.connectionType,
    ...(model?.acceptsExternalSensor ? { externalSensorType: 'none' as const } : {}),
    ...(model?.hasContactStates ? { openLabel: DEFAULT_OPEN_LABEL, closeLabel: DEFAULT_CLOSE_LABEL } : {}),
    deviceStatus: input.deviceStatus,
  };
}

/** The outcome of one sensor of the list. */
export const quickRegisterLineResultSchema = z.object({
  line: z.number().int(),
  id: z.string(),
  status: z.enum(['registered', 'failed']),
  /** Why it failed (a product message). */
  message: z.string().optional(),
});
export type QuickRegisterLineResult = z.infer<typeof quickRegisterLineResultSchema>;
export const quickRegisterResultSchema = z.object({
  results: z.array(quickRegisterLineResultSchema),
  registered: z.number().int(),
  failed: z.number().int(),
});
export type QuickRegisterResult = z.infer<typeof quickRegisterResultSchema>;
