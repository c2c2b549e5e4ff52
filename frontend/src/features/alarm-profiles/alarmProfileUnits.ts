import { toFahrenheit, type AlarmMeasurement, type AlarmProfile } from '@domain/alarms/alarm-profile';
import { DEFAULT_DEADBAND } from '@domain/alarms/conditions';
import type { UnitOfMeasure } from '../../session/clientState';
import { formatMeasure } from '../../i18n/formatters';

/**
 * A profile's limits are stored in °C or %RH; the user reads and types temperatures in their
 * own unit of measure. These turn the stored values into what the user sees.
 */

/** One decimal, as readings are shown: a limit typed in °F comes back as typed after its trip through °C. */
const oneDecimal = (value: number) => Math.round(value * 10) / 10;
const twoDecimals = (value: number) => Math.round(value * 100) / 100;

/** The symbol the limits of a measurement are given in, for this user. */
export function limitUnitSymbol(measurement: AlarmMeasurement, uom: UnitOfMeasure): string {
  if (measurement === 'humidity') return '%RH';
  return uom === 'F' ? '°F' : '°C';
}

/** A stored limit (°C or %RH) in the user's unit. */
export function limitInUserUnit(stored: number, measurement: AlarmMeasurement, uom: UnitOfMeasure): number {
  return measurement === 'temperature' && uom === 'F' ? oneDecimal(toFahrenheit(stored)) : stored;
}

/** A stored deadband (a span of °C or %RH) in the user's unit. */
export function deadbandInUserUnit(stored: number, measurement: AlarmMeasurement, uom: UnitOfMeasure): number {
  return measurement === 'temperature' && uom === 'F' ? twoDecimals((stored * 9) / 5) : stored;
}

/** The deadband used when none is given, as the user reads it (`0.5 °C`, `0.9 °F`, `2 %RH`; `0,5 °C` in French). */
export function defaultDeadbandText(measurement: AlarmMeasurement, uom: UnitOfMeasure, language: string): string {
  if (measurement === 'humidity') return formatMeasure(DEFAULT_DEADBAND.percentRh, '%RH', language);
  return uom === 'F' ? formatMeasure(DEFAULT_DEADBAND.fahrenheit, '°F', language) : formatMeasure(DEFAULT_DEADBAND.celsius, '°C', language);
}

/** The out-of-range limits in the user's unit, or undefined when the profile has none. */
export function limitsInUserUnit(profile: AlarmProfile, uom: UnitOfMeasure): { min: number; max: number; unit: string } | undefined {
  if (!profile.types.includes('outOfRange') || profile.min === undefined || profile.max === undefined) return undefined;
  return {
    min: limitInUserUnit(profile.min, profile.measurement, uom),
    max: limitInUserUnit(profile.max, profile.measurement, uom),
    unit: limitUnitSymbol(profile.measurement, uom),
  };
}
