import { channelUnit, type ReadingUnit, type SensorType } from '@domain/devices/device-catalogue';
import type { UnitOfMeasure } from '../../app/clientState';

/**
 * Readings are stored in their type's base unit (temperatures in °C); the signed-in user's
 * unit of measure decides how temperatures are shown. Other units are shown as stored.
 */

export function celsiusToFahrenheit(celsius: number): number {
  return celsius * 9 / 5 + 32;
}

/** One decimal is what the devices report; more would be noise. */
function rounded(value: number): number {
  return Math.round(value * 10) / 10;
}

/** The stored value in the user's unit (°C → °F when the user reads Fahrenheit). */
export function displayValue(value: number, unit: ReadingUnit, uom: UnitOfMeasure): number {
  return rounded(unit === 'C' && uom === 'F' ? celsiusToFahrenheit(value) : value);
}

/** The unit's symbol as shown beside a value; empty for contact states (shown as labels). */
export function unitSymbol(unit: ReadingUnit, uom: UnitOfMeasure): string {
  switch (unit) {
    case 'C':
      return uom === 'F' ? '°F' : '°C';
    case '%RH':
      return '%RH';
    case '%TPM':
      return '%TPM';
    case 'state':
      return '';
  }
}

export interface ContactLabels {
  open: string;
  close: string;
}

/**
 * A reading as a person reads it: `4.2 °C`, `39.6 °F`, `55 %RH`, or the sensor's open or
 * close label for a contact (1 = open, 0 = closed); null when the channel had no value.
 */
export function formatReading(value: number | null | undefined, unit: ReadingUnit, uom: UnitOfMeasure, labels: ContactLabels): string | null {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  if (unit === 'state') return value >= 0.5 ? labels.open : labels.close;
  return `${displayValue(value, unit, uom)} ${unitSymbol(unit, uom)}`;
}

/** The unit a channel of a sensor type (and sub type) reports in. */
export function unitOfType(type: SensorType, subType?: string): ReadingUnit {
  return channelUnit(type, subType);
}

/** A sensor's channels and newest values, as "4.2 °C · 55 %RH" (channels without a value left out). */
export function readingSummary(
  channels: readonly { channel: number; sensorType: SensorType; sensorSubType?: string }[],
  reading: Record<string, number | null> | undefined,
  uom: UnitOfMeasure,
  labels: ContactLabels,
): string {
  if (reading === undefined) return '';
  return [...channels]
    .sort((a, b) => a.channel - b.channel)
    .map((channel) => formatReading(reading[String(channel.channel)], unitOfType(channel.sensorType, channel.sensorSubType), uom, labels))
    .filter((text): text is string => text !== null)
    .join(' · ');
}
