import type { TodayInstance } from '../../../api/haccp';
import type { Formatters } from '../../../i18n/formatters';

/** A window as times of day, with its date when it does not fall today. */
export function windowText(instance: Pick<TodayInstance, 'windowStart' | 'windowEnd'>, format: Formatters, now = new Date()): string {
  const today = format.date(now);
  const start = format.date(instance.windowStart) === today ? format.time(instance.windowStart) : format.dateTime(instance.windowStart);
  const end = format.date(instance.windowEnd) === format.date(instance.windowStart) ? format.time(instance.windowEnd) : format.dateTime(instance.windowEnd);
  return `${start} – ${end}`;
}
