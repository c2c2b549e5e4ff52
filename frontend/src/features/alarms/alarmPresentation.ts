import type { Alarm, AlarmType } from '@domain/alarms/alarm';
import { ALARM_TYPE_CATALOGUE } from '@domain/alarms/alarm-types';
import type { UnitOfMeasure } from '../../session/clientState';
import { formatValue, type ContactLabels } from '../../i18n/readingUnits';

/**
 * How alarms look (SPEC section 2: "colour and signal-strength legends"). The spec names the
 * legends but not their colours or bands: these are the portal's, chosen to tell the types
 * apart at a glance and to read on white (contrast 4.5:1 or more), and the legends on the
 * Alarms page say what each means.
 */
export const ALARM_TYPE_COLOURS: Record<AlarmType, string> = {
  threshold: '#c62828',
  contact: '#e65100',
  probeMissing: '#6a1b9a',
  inactivity: '#546e7a',
  battery: '#8d6e00',
  tamper: '#1565c0',
  checklistException: '#ad1457',
  checklistMissed: '#4e342e',
  checklistReminder: '#00695c',
};

/** Where an alarm is in its life, as a person reads it. */
export const ALARM_STATES = ['unacknowledged', 'acknowledged', 'clearedUnacknowledged', 'resolved'] as const;
export type AlarmState = (typeof ALARM_STATES)[number];

/**
 * An alarm's state: active and nobody acknowledged it; acknowledged while its condition still
 * holds; cleared but nobody acknowledged it (it stays active so nobody misses it); resolved
 * (cleared and acknowledged: history).
 */
export function alarmState(alarm: Pick<Alarm, 'status' | 'clearedAt' | 'acknowledgedAt'>): AlarmState {
  if (alarm.status === 'history') return 'resolved';
  if (alarm.acknowledgedAt !== undefined) return 'acknowledged';
  return alarm.clearedAt === undefined ? 'unacknowledged' : 'clearedUnacknowledged';
}

export const ALARM_STATE_COLOURS: Record<AlarmState, 'error' | 'warning' | 'info' | 'success'> = {
  unacknowledged: 'error',
  acknowledged: 'warning',
  clearedUnacknowledged: 'info',
  resolved: 'success',
};

/** Signal strength bands, in dBm (the sensors list shows the signal in dBm): the strongest first. */
export const SIGNAL_BANDS = [
  { band: 'excellent', min: -80, colour: '#2e7d32' },
  { band: 'good', min: -95, colour: '#558b2f' },
  { band: 'fair', min: -110, colour: '#e65100' },
  { band: 'poor', min: -Infinity, colour: '#c62828' },
] as const;
export type SignalBand = (typeof SIGNAL_BANDS)[number]['band'];

export function signalBand(dbm: number): SignalBand {
  return (SIGNAL_BANDS.find((band) => dbm >= band.min) ?? SIGNAL_BANDS[3]).band;
}

/** Whether a person may still act on the alarm (acknowledge it, snooze it). */
export const mayAcknowledge = (alarm: Pick<Alarm, 'acknowledgedAt' | 'status'>) => alarm.status === 'active' && alarm.acknowledgedAt === undefined;
export const maySnooze = (alarm: Pick<Alarm, 'status'>) => alarm.status === 'active';

/** A value as the list shows it: one decimal, or a dash when the probe read nothing. */
export const valueText = (value: number | null) => (value === null ? '–' : String(Math.round(value * 10) / 10));

/** What an alarm's values are read in: the user's unit, what its profile's limits measure, the contact labels. */
export interface AlarmValueContext {
  uom: UnitOfMeasure;
  /** The language shown, whose digits values are written in. */
  language: string;
  /** The alarm profile's measurement (an out-of-range alarm's channel); unknown when the profile is not known here. */
  measurement?: 'temperature' | 'humidity' | undefined;
  contactLabels: ContactLabels;
}

/**
 * An alarm's value as a person reads it: an out-of-range value in the user's unit (`39.2 °F`,
 * `82 %RH`), a battery in percent, a door by its open or close label; a dash when there is
 * none (a missing probe, a silent device).
 */
export function alarmValueText(alarm: Pick<Alarm, 'type'>, value: number | null | undefined, context: AlarmValueContext): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '–';
  // How the type's value reads is the alarm types' catalogue's.
  switch (ALARM_TYPE_CATALOGUE[alarm.type].value) {
    case 'measurement': {
      if (context.measurement === undefined) return valueText(value);
      return formatValue(value, context.measurement === 'humidity' ? '%RH' : 'C', { uom: context.uom, language: context.language, labels: context.contactLabels }) ?? '–';
    }
    case 'percent':
      return `${valueText(value)} %`;
    case 'state':
      return formatValue(value, 'state', { uom: context.uom, language: context.language, labels: context.contactLabels }) ?? '–';
    case 'none':
      return valueText(value);
  }
}
