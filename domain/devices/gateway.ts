import * as z from 'zod';
import { EUI_PATTERN, MAC_ID_PATTERN, SENSOR_TYPES, gatewayModel, normaliseDeviceId, normaliseMacId } from './device-catalogue';
import { MESSAGES } from '../core/messages';
import { ENTITY_NAME_PATTERN } from '../identity/security-groups';

/**
 * Gateways (SPEC sections 3, 4, 5 and 8; issue 5 section 2): the fields, their rules, the
 * delete refusal and the gateway as the API returns it. A gateway's id is its EUI, upper
 * case: the device id of its MQTT topics (domain/telemetry/telemetry.ts). Its MAC id is kept upper
 * case and colon separated. Both are unique in the organisation ("Gateway already added!").
 */

export const GATEWAY_NAME_MAX = 100;
/** SPEC sections 5 and 9: up to 5 images. */
export const GATEWAY_MAX_IMAGES = 5;
/** The free-text notes field of the gateway form (the Notes tab holds named notes). */
export const GATEWAY_NOTES_MAX = 2000;
/** A gateway's write is one transaction with two writes per location it attaches to: this bounds it. */
export const GATEWAY_MAX_LOCATIONS = 20;
/** How often a gateway sends its status (heartbeat), for the online rule. */
export const GATEWAY_STATUS_SECONDS = 300;

export const GATEWAY_STATUSES = ['Active', 'Inactive'] as const;
export type GatewayStatus = (typeof GATEWAY_STATUSES)[number];

/** An id of another item (site, location, profile, image): non-empty, short, no key delimiter. */
const otherId = z.string().trim().min(1).max(100).regex(/^[^#\s]+$/);

/** An optional id from a form: an empty selection is none. */
const optionalId = z.preprocess(
  (value) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value),
  otherId.optional(),
);

/** A coordinate from a form: a number, or its text. */
const coordinate = (bound: number, message: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value.trim()) : value),
    z.number({ error: message }).refine(Number.isFinite, { error: message }).min(-bound, { error: message }).max(bound, { error: message }),
  );

/** Where the gateway is: both coordinates, or none (a form's two empty fields). */
export const gatewayPositionSchema = z.preprocess(
  (value) => {
    if (value === null || value === undefined) return undefined;
    if (typeof value === 'object') {
      const { latitude, longitude } = value as { latitude?: unknown; longitude?: unknown };
      const blank = (part: unknown) => part === undefined || part === null || (typeof part === 'string' && part.trim() === '');
      if (blank(latitude) && blank(longitude)) return undefined;
    }
    return value;
  },
  z.object({
    latitude: coordinate(90, MESSAGES.latitudeInvalid),
    longitude: coordinate(180, MESSAGES.longitudeInvalid),
  }).optional(),
);
export type GatewayPosition = { latitude: number; longitude: number };

/**
 * SPEC section 5 "Gateway": model, MAC id, EUI, name required; MAC valid; locations not
 * empty; at most 5 images. The site is required too: a gateway is attached to its site
 * (the site's devices, the security groups' limit), and it must be a site of one of the
 * chosen locations (checked by the API, which knows the sites).
 */
export const gatewayInputSchema = z.object({
  name: z
    .string({ error: MESSAGES.gatewayNameRequired })
    .trim()
    .min(1, { error: MESSAGES.gatewayNameRequired, abort: true })
    .max(GATEWAY_NAME_MAX, { error: MESSAGES.gatewayNameInvalid })
    .regex(ENTITY_NAME_PATTERN, { error: MESSAGES.gatewayNameInvalid }),
  model: z
    .string({ error: MESSAGES.gatewayModelRequired })
    .trim()
    .min(1, { error: MESSAGES.gatewayModelRequired, abort: true })
    .max(50, { error: MESSAGES.gatewayModelInvalid })
    .refine((code) => gatewayModel(code) !== undefined, { error: MESSAGES.gatewayModelInvalid }),
  macId: z
    .string({ error: MESSAGES.macIdRequired })
    .trim()
    .min(1, { error: MESSAGES.macIdRequired, abort: true })
    .max(32, { error: MESSAGES.macIdInvalid })
    .regex(MAC_ID_PATTERN, { error: MESSAGES.macIdInvalid })
    .transform(normaliseMacId),
  eui: z
    .string({ error: MESSAGES.euiRequired })
    .trim()
    .min(1, { error: MESSAGES.euiRequired, abort: true })
    .max(32, { error: MESSAGES.euiInvalid })
    .regex(EUI_PATTERN, { error: MESSAGES.euiInvalid })
    .transform(normaliseDeviceId),
  locationIds: z
    .array(otherId, { error: MESSAGES.gatewayLocationsRequired })
    .min(1, { error: MESSAGES.gatewayLocationsRequired })
    .max(GATEWAY_MAX_LOCATIONS, { error: MESSAGES.tooManySelected })
    .transform((ids) => [...new Set(ids)]),
  siteId: z.string({ error: MESSAGES.gatewaySiteRequired }).trim().min(1, { error: MESSAGES.gatewaySiteRequired }).pipe(otherId),
  /** Alarm profiles arrive with the alarms issue; kept as given until then. */
  alarmProfileId: optionalId,
  notificationGroupId: optionalId,
  notes: z.string().trim().max(GATEWAY_NOTES_MAX, { error: MESSAGES.gatewayNotesMax }).default(''),
  /** Images: uploaded first as files of kind `image` of this gateway (POST /gateways/{id}/files), then listed here. */
  imageFileIds: z
    .array(otherId)
    .max(GATEWAY_MAX_IMAGES, { error: MESSAGES.gatewayImagesMax })
    .default([])
    .transform((ids) => [...new Set(ids)]),
  position: gatewayPositionSchema,
  /** Active (true) or Inactive (false): an inactive gateway leaves the gateway list for the inactive one. */
  isActive: z.boolean().default(true),
});
export type GatewayInput = z.infer<typeof gatewayInputSchema>;
/** What a form holds before validation. */
export type GatewayFormValues = z.input<typeof gatewayInputSchema>;

/** The id a gateway gets: its EUI, normalised (the device id of its MQTT topics). */
export function gatewayIdOf(eui: string): string {
  return normaliseDeviceId(eui);
}

/** What the gateway's live state item holds (written by the ingest only), with "online" computed when read. */
export const gatewayLiveStateSchema = z.object({
  lastCommunicated: z.string().optional(),
  signal: z.number().optional(),
  firmware: z.string().optional(),
  online: z.boolean(),
});
export type GatewayLiveState = z.infer<typeof gatewayLiveStateSchema>;

/** A gateway as the API returns it. */
export const gatewaySchema = z.object({
  id: z.string(),
  name: z.string(),
  model: z.string(),
  macId: z.string(),
  eui: z.string(),
  locationIds: z.array(z.string()),
  siteId: z.string(),
  alarmProfileId: z.string().optional(),
  notificationGroupId: z.string().optional(),
  notes: z.string(),
  imageFileIds: z.array(z.string()),
  position: z.object({ latitude: z.number(), longitude: z.number() }).optional(),
  isActive: z.boolean(),
  status: z.enum(GATEWAY_STATUSES),
  /** How many sensors are on the gateway, and how many notes it has (its delete waits for both to be 0). */
  sensorCount: z.number().int(),
  noteCount: z.number().int(),
  state: gatewayLiveStateSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: z.string(),
  updatedBy: z.string(),
  version: z.number().int(),
});
export type Gateway = z.infer<typeof gatewaySchema>;
export const gatewayPageSchema = z.object({ items: z.array(gatewaySchema), nextCursor: z.string().optional() });
export type GatewayPage = z.infer<typeof gatewayPageSchema>;

export function gatewayStatusOf(isActive: boolean): GatewayStatus {
  return isActive ? 'Active' : 'Inactive';
}

/**
 * SPEC section 8: a gateway is not deleted while it has notes or sensors; the refusal names
 * the gateway and its sensor count. The API fills the template of
 * `MESSAGES.gatewayDeleteRefused` and also returns the parts, so a browser can translate it.
 */
export interface GatewayDeleteRefusal {
  message: string;
  gatewayName: string;
  sensorCount: number;
  noteCount: number;
}

export function gatewayDeleteRefusal(gateway: { name: string; sensorCount: number; noteCount: number }): GatewayDeleteRefusal | undefined {
  if (gateway.sensorCount <= 0 && gateway.noteCount <= 0) return undefined;
  return {
    message: fillTemplate(MESSAGES.gatewayDeleteRefused, { name: gateway.name, sensorCount: gateway.sensorCount, noteCount: gateway.noteCount }),
    gatewayName: gateway.name,
    sensorCount: gateway.sensorCount,
    noteCount: gateway.noteCount,
  };
}

/** Fills `{{name}}` placeholders (the catalogues' interpolation syntax) with values. */
export function fillTemplate(template: string, values: Record<string, string | number>): string {
  return template.replace(/{{\s*(\w+)\s*}}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** A sensor on a gateway (GET /gateways/{id}/sensors). */
export const gatewaySensorSchema = z.object({
  id: z.string(),
  name: z.string(),
  deviceModel: z.string().optional(),
  siteId: z.string().optional(),
  isActive: z.boolean().optional(),
});
export type GatewaySensor = z.infer<typeof gatewaySensorSchema>;
export const gatewaySensorsSchema = z.object({ items: z.array(gatewaySensorSchema) });

/** One sensor's latest state, as the gateway's Data tab shows it (its channels and labels: its values read as on the sensor's own pages). */
export const gatewaySensorStateSchema = z.object({
  id: z.string(),
  name: z.string(),
  deviceModel: z.string().optional(),
  channels: z.array(z.object({ channel: z.number().int(), sensorType: z.enum(SENSOR_TYPES), sensorSubType: z.string().optional() })),
  openLabel: z.string().optional(),
  closeLabel: z.string().optional(),
  lastCommunicated: z.string().optional(),
  lastReadingAt: z.string().optional(),
  reading: z.record(z.string(), z.number().nullable()).optional(),
  battery: z.number().optional(),
  signal: z.number().optional(),
  snr: z.number().optional(),
  online: z.boolean(),
});
export type GatewaySensorState = z.infer<typeof gatewaySensorStateSchema>;

/** GET /gateways/{id}/data: the gateway's live state and its sensors' latest states. */
export const gatewayDataSchema = z.object({
  gateway: gatewayLiveStateSchema.extend({ id: z.string(), name: z.string() }),
  sensors: z.array(gatewaySensorStateSchema),
});
export type GatewayData = z.infer<typeof gatewayDataSchema>;

/** One entry of a device's history (the audit trail): one shape for every record's, with the names its changes need. */
export { historyEntrySchema, type HistoryEntry } from '../core/readable-changes';
