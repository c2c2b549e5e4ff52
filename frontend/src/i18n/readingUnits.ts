import { channelUnit, type ReadingUnit, type SensorType } from '@domain/devices/device-catalogue';
import type { UnitOfMeasure } from '../session/clientState';
import { formatMeasure } from './formatters';

/**
 * The one formatting of a channel's value (issue 17 item 4): the sensor list, a sensor's pages,
 * the gateway's Data tab, alarms and the dashboard all go through `formatChannelValue` (or
 * `formatValue` where only the unit is known), so a value reads the same everywhere.
 * Readings are stored in their type's base unit (temperatures in °C); the signed-in user's
 * unit of measure decides how temperatures are shown, their language how numbers are written.
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

/** How a person reads values: their unit of measure, their language, and the sensor's contact labels. */
export interface ChannelFormat {
  uom: UnitOfMeasure;
  /** The language shown (BCP 47), whose digits and decimal separator numbers are written with. */
  language: string;
  /** The sensor's own open and close labels, else the defaults in the user's language. */
  labels: ContactLabels;
}

/** A channel as configured on its sensor: its type (and sub type) decide its unit. */
export interface ChannelKind {
  sensorType: SensorType;
  sensorSubType?: string | undefined;
}

/**
 * A value in a known unit as a person reads it: `4.2 °C`, `39.6 °F`, `-18,4 °C` in French,
 * `55 %RH`, or the open or close label for a contact (1 = open, 0 = closed); null when there is
 * no value.
 */
export function formatValue(value: number | null | undefined, unit: ReadingUnit, format: ChannelFormat): string | null {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  if (unit === 'state') return value >= 0.5 ? format.labels.open : format.labels.close;
  return formatMeasure(displayValue(value, unit, format.uom), unitSymbol(unit, format.uom), format.language);
}

/** The unit a channel of a sensor type (and sub type) reports in. */
export function unitOfType(type: SensorType, subType?: string): ReadingUnit {
  return channelUnit(type, subType);
}

/** A channel's value as a person reads it, in the unit the sensor's configuration gives the channel; null when it had none. */
export function formatChannelValue(value: number | null | undefined, channel: ChannelKind, format: ChannelFormat): string | null {
  return formatValue(value, unitOfType(channel.sensorType, channel.sensorSubType), format);
}

/** A sensor's channels and newest values, as "4.2 °C · 55 %RH" (channels without a value left out). */
export function readingSummary(
  channels: readonly (ChannelKind & { channel: number })[],
  reading: Record<string, number | null> | undefined,
  format: ChannelFormat,
): string {
  if (reading === undefined) return '';
  return [...channels]
    .sort((a, b) => a.channel - b.channel)
    .map((channel) => formatChannelValue(reading[String(channel.channel)], channel, format))
    .filter((text): text is string => text !== null)
    .join(' · ');
}
