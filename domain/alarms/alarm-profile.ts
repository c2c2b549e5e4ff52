import * as z from 'zod';
import { MESSAGES } from '../core/messages';
import { loggingScheduleSchema } from '../devices/data-logging-profile';
import { entityNameSchema, requiredDescriptionSchema } from '../identity/security-groups';
import { ALARM_PROFILE_TYPES, type AlarmProfileType } from './alarm-types';
import { DEFAULT_DEADBAND } from './conditions';

/**
 * Alarm profiles (SPEC sections 3 and 5; issue 13 section 1): which conditions of a sensor or
 * gateway raise an alarm, after how long, with what limits. Limits arrive in the user's unit
 * and are stored in the channel's stored unit (°C, %RH), so the engine compares like with like.
 */

export const ALARM_PROFILE_NAME_MAX = 50;
export const ALARM_PROFILE_DESCRIPTION_MAX = 250;

/** SPEC section 3: the profile types (the alarm types' catalogue relates each to the alarm type it turns on). */
export { ALARM_PROFILE_TYPES, type AlarmProfileType };

/** What an out-of-range profile's limits measure. */
export const ALARM_MEASUREMENTS = ['temperature', 'humidity'] as const;
export type AlarmMeasurement = (typeof ALARM_MEASUREMENTS)[number];

export const TEMPERATURE_UNITS = ['C', 'F'] as const;
export type TemperatureUnit = (typeof TEMPERATURE_UNITS)[number];

/** SPEC sections 5 and 9: limits and delays. */
export const ALARM_LIMITS = {
  temperature: { C: { min: -200, max: 500 }, F: { min: -328, max: 932 } },
  percent: { min: 0, max: 100 },
  minutes: { min: 0, max: 180 },
  snoozeLimit: { min: 0, max: 10 },
  batteryLifeDays: { min: 1, max: 3650 },
  inactivityMinutes: { min: 1, max: 1440 },
  deadband: { min: 0, max: 50 },
} as const;

export const toCelsius = (fahrenheit: number) => ((fahrenheit - 32) * 5) / 9;
export const toFahrenheit = (celsius: number) => (celsius * 9) / 5 + 32;
/** A temperature difference (a deadband) between the units. */
export const celsiusSpanOf = (fahrenheitSpan: number) => (fahrenheitSpan * 5) / 9;

/** A number from a number or a form's text; an empty text is no value. */
const numberInput = (message: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? (value.trim() === '' ? undefined : Number(value.trim())) : value === null ? undefined : value),
    z.number({ error: message }).refine(Number.isFinite, { error: message }).optional(),
  );

const wholeMinutes = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value.trim()) : value),
  z.number({ error: MESSAGES.alarmMinutesRange })
    .int({ error: MESSAGES.alarmMinutesRange })
    .min(ALARM_LIMITS.minutes.min, { error: MESSAGES.alarmMinutesRange })
    .max(ALARM_LIMITS.minutes.max, { error: MESSAGES.alarmMinutesRange }),
);

export const alarmProfileInputSchema = z.object({
  name: entityNameSchema(ALARM_PROFILE_NAME_MAX, MESSAGES.nameMax50),
  description: requiredDescriptionSchema(ALARM_PROFILE_DESCRIPTION_MAX),
  types: z
    .array(z.enum(ALARM_PROFILE_TYPES, { error: MESSAGES.alarmProfileTypeRequired }), { error: MESSAGES.alarmProfileTypeRequired })
    .min(1, { error: MESSAGES.alarmProfileTypeRequired })
    .max(ALARM_PROFILE_TYPES.length, { error: MESSAGES.listTooLong })
    .transform((types) => ALARM_PROFILE_TYPES.filter((type) => types.includes(type))),
  alarmDelayMinutes: wholeMinutes,
  notificationDelayMinutes: wholeMinutes,
  snoozeIntervalMinutes: wholeMinutes,
  snoozeLimit: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value.trim()) : value),
    z.number({ error: MESSAGES.alarmSnoozeLimitRange })
      .int({ error: MESSAGES.alarmSnoozeLimitRange })
      .min(ALARM_LIMITS.snoozeLimit.min, { error: MESSAGES.alarmSnoozeLimitRange })
      .max(ALARM_LIMITS.snoozeLimit.max, { error: MESSAGES.alarmSnoozeLimitRange }),
  ),
  /** What min and max measure (an out-of-range profile needs it). */
  measurement: z.enum(ALARM_MEASUREMENTS, { error: MESSAGES.alarmMeasurementRequired }).default('temperature'),
  /** The unit the limits are given in: the user's unit of measure (temperature only). */
  unit: z.enum(TEMPERATURE_UNITS).default('C'),
  min: numberInput(MESSAGES.alarmMinRequired),
  max: numberInput(MESSAGES.alarmMaxRequired),
  /** How far back inside the range a value must come to clear (hysteresis); by default 0.5 °C (0.9 °F) or 2 %RH. */
  deadband: numberInput(MESSAGES.alarmDeadbandInvalid),
  batteryThresholdPercent: numberInput(MESSAGES.alarmBatteryThresholdRequired),
  batteryLifeDays: numberInput(MESSAGES.alarmBatteryLifeRequired),
  /** How long a device may stay silent; absent: twice its report interval, its gateway's heartbeat and a minute. */
  inactivityMinutes: numberInput(MESSAGES.alarmInactivityInvalid),
  processBased: z.boolean().default(false),
  /** When the profile is in force, in the site's time zone. */
  schedule: loggingScheduleSchema.default({ kind: 'always' }),
}).superRefine((profile, context) => {
  const issue = (path: string, message: string) => context.addIssue({ code: 'custom', path: [path], message });
  if (profile.types.includes('outOfRange')) {
    const bounds = profile.measurement === 'humidity' ? ALARM_LIMITS.percent : ALARM_LIMITS.temperature[profile.unit];
    const boundsMessage = profile.measurement === 'humidity'
      ? MESSAGES.alarmPercentRange
      : profile.unit === 'F' ? MESSAGES.alarmTemperatureRangeF : MESSAGES.alarmTemperatureRangeC;
    const { min, max } = profile;
    if (min === undefined) issue('min', MESSAGES.alarmMinRequired);
    else if (min < bounds.min || min > bounds.max) issue('min', boundsMessage);
    if (max === undefined) issue('max', MESSAGES.alarmMaxRequired);
    else if (max < bounds.min || max > bounds.max) issue('max', boundsMessage);
    if (min !== undefined && max !== undefined) {
      if (min === max) issue('max', MESSAGES.alarmMinMaxEqual);
      else if (min > max) issue('min', MESSAGES.alarmMinAboveMax);
    }
  }
  const { deadband } = profile;
  if (deadband !== undefined && (deadband < ALARM_LIMITS.deadband.min || deadband > ALARM_LIMITS.deadband.max)) issue('deadband', MESSAGES.alarmDeadbandInvalid);
  if (profile.types.includes('lowBattery')) {
    const threshold = profile.batteryThresholdPercent;
    if (threshold === undefined) issue('batteryThresholdPercent', MESSAGES.alarmBatteryThresholdRequired);
    else if (threshold < ALARM_LIMITS.percent.min || threshold > ALARM_LIMITS.percent.max) issue('batteryThresholdPercent', MESSAGES.alarmPercentRange);
    const life = profile.batteryLifeDays;
    if (life === undefined) issue('batteryLifeDays', MESSAGES.alarmBatteryLifeRequired);
    else if (!Number.isInteger(life) || life < ALARM_LIMITS.batteryLifeDays.min || life > ALARM_LIMITS.batteryLifeDays.max) issue('batteryLifeDays', MESSAGES.alarmBatteryLifeInvalid);
  }
  const inactivity = profile.inactivityMinutes;
  if (inactivity !== undefined && (!Number.isInteger(inactivity) || inactivity < ALARM_LIMITS.inactivityMinutes.min || inactivity > ALARM_LIMITS.inactivityMinutes.max)) {
    issue('inactivityMinutes', MESSAGES.alarmInactivityInvalid);
  }
});
export type AlarmProfileInput = z.input<typeof alarmProfileInputSchema>;
export type AlarmProfileFields = z.output<typeof alarmProfileInputSchema>;

/** The limits as the engine uses them: in the channel's stored unit (°C or %RH), with the deadband filled in. */
export interface AlarmLimits {
  min: number;
  max: number;
  deadband: number;
}

/** The profile's out-of-range limits in stored units, or undefined when it has none. */
export function storedLimitsOf(profile: AlarmProfileFields): AlarmLimits | undefined {
  if (!profile.types.includes('outOfRange') || profile.min === undefined || profile.max === undefined) return undefined;
  if (profile.measurement === 'humidity') {
    return { min: profile.min, max: profile.max, deadband: profile.deadband ?? DEFAULT_DEADBAND.percentRh };
  }
  if (profile.unit === 'F') {
    return {
      min: toCelsius(profile.min),
      max: toCelsius(profile.max),
      deadband: profile.deadband === undefined ? DEFAULT_DEADBAND.celsius : celsiusSpanOf(profile.deadband),
    };
  }
  return { min: profile.min, max: profile.max, deadband: profile.deadband ?? DEFAULT_DEADBAND.celsius };
}

/**
 * An alarm profile as the API returns it. Its limits are in stored units (°C, %RH: `unit` is
 * always 'C'), whatever unit the form gave them in; the browser shows them in the user's unit.
 * The counts say how many sensors and gateways use it (its delete waits for both to be 0).
 */
export const alarmProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  types: z.array(z.enum(ALARM_PROFILE_TYPES)),
  alarmDelayMinutes: z.number().int(),
  notificationDelayMinutes: z.number().int(),
  snoozeIntervalMinutes: z.number().int(),
  snoozeLimit: z.number().int(),
  measurement: z.enum(ALARM_MEASUREMENTS),
  unit: z.enum(TEMPERATURE_UNITS),
  min: z.number().optional(),
  max: z.number().optional(),
  deadband: z.number().optional(),
  batteryThresholdPercent: z.number().optional(),
  batteryLifeDays: z.number().int().optional(),
  inactivityMinutes: z.number().int().optional(),
  processBased: z.boolean(),
  schedule: loggingScheduleSchema,
  sensorCount: z.number().int(),
  gatewayCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: z.string(),
  updatedBy: z.string(),
  version: z.number().int(),
});
export type AlarmProfile = z.infer<typeof alarmProfileSchema>;
export const alarmProfilePageSchema = z.object({ items: z.array(alarmProfileSchema), nextCursor: z.string().optional() });

/** The form's fields in stored units (°C): what the store keeps of an input given in °F. */
export function inStoredUnits(profile: AlarmProfileFields): AlarmProfileFields {
  if (profile.measurement === 'humidity' || profile.unit === 'C') return { ...profile, unit: 'C' };
  const convert = (value: number | undefined) => (value === undefined ? undefined : Math.round(toCelsius(value) * 100) / 100);
  const { min, max, deadband, ...rest } = profile;
  const stored = { ...rest, unit: 'C' as const };
  const minC = convert(min);
  const maxC = convert(max);
  const deadbandC = deadband === undefined ? undefined : Math.round(celsiusSpanOf(deadband) * 100) / 100;
  return { ...stored, ...(minC === undefined ? {} : { min: minC }), ...(maxC === undefined ? {} : { max: maxC }), ...(deadbandC === undefined ? {} : { deadband: deadbandC }) };
}
