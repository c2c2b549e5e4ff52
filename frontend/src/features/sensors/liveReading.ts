import { useEffect, useState } from 'react';
import type { TFunction } from 'i18next';
import { isSensorOnline, readingAgeMs, type SensorLiveState } from '@domain/devices/sensor';
import { formatNumber } from '../../i18n/formatters';
import { readingSummary, type ChannelFormat, type ChannelKind } from '../../i18n/readingUnits';

/**
 * A sensor's live value as a manager can trust it (issue 17 section 1): online or offline from
 * its own newest reading against its report interval at the moment shown, and a stale value
 * with how old it is ("18.9 °C · 1 h 17 min ago").
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How often a shown page judges its sensors again: online turns offline without a new answer from the API. */
export const LIVE_CLOCK_MS = 30_000;

/** The time now, moving on every `everyMs`: what a page judges its sensors' state at. */
export function useNow(everyMs: number = LIVE_CLOCK_MS): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** A sensor as far as its live value is shown: a whole one, or a gateway's Data tab's row. */
export interface LiveSensor {
  deviceModel: string;
  channels: readonly (ChannelKind & { channel: number })[];
  live: Pick<SensorLiveState, 'reading' | 'lastReadingAt'>;
}

/** Whether the sensor is online at `now` (the one rule: domain/devices/sensor.ts `isSensorOnline`). */
export function sensorOnlineAt(sensor: Pick<LiveSensor, 'deviceModel' | 'live'>, now: number): boolean {
  return isSensorOnline({ deviceModel: sensor.deviceModel, lastReadingAt: sensor.live.lastReadingAt }, now);
}

/** Whole days, hours and minutes. */
const WHOLE: Intl.NumberFormatOptions = { maximumFractionDigits: 0 };

/**
 * An age as a person says it, in whole minutes: "17 min ago", "1 h 17 min ago", "2 d 3 h ago"
 * (the words in the catalogues, the numbers in the language's digits). Intl.RelativeTimeFormat
 * says one unit only ("1 hour ago"), which drops the minutes a manager needs.
 */
export function formatAge(ageMs: number, language: string, t: TFunction): string {
  const whole = (count: number) => formatNumber(count, language, WHOLE);
  const days = Math.floor(ageMs / DAY);
  const hours = Math.floor((ageMs % DAY) / HOUR);
  const minutes = Math.floor((ageMs % HOUR) / MINUTE);
  if (days > 0) return t('sensors.age.days', { days: whole(days), hours: whole(hours) });
  if (hours > 0) return t('sensors.age.hours', { hours: whole(hours), minutes: whole(minutes) });
  return t('sensors.age.minutes', { minutes: whole(minutes) });
}

/**
 * A sensor's newest values as the list, its cards and its page show them: "4.2 °C · 55 %RH" while
 * it is online, with the reading's age after them once it is not; '' with no reading.
 */
export function liveReadingText(
  sensor: LiveSensor,
  format: ChannelFormat,
  now: number,
  t: TFunction,
): string {
  const value = readingSummary(sensor.channels, sensor.live.reading, format);
  const age = readingAgeMs(sensor.live.lastReadingAt, now);
  if (value === '' || age === undefined || sensorOnlineAt(sensor, now)) return value;
  return t('sensors.staleValue', { value, age: formatAge(age, format.language, t) });
}
