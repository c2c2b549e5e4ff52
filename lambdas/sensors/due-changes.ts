import { changesDueBy, queryAll, readDueChangesResumeFrom, writeDueChangeProgress, type DataTable } from '../data';
import { describeError, type Logger } from '../shared/observability';
// Applying a change is the sensor's own transaction (its pending list, history, due item), kept in its store.
import { SensorStore } from '../data/repositories/sensors';

const HOUR_MS = 60 * 60 * 1000;
/** Where a first run starts looking (no progress recorded yet). */
const FIRST_RUN_LOOKBACK_HOURS = 24;
/** At most this many hours are read in one run (a month), so a long outage catches up over a few runs. */
export const MAX_HOURS_PER_RUN = 31 * 24;

/** The hour a time falls in, as the due partition names it: `YYYY-MM-DDTHH` (UTC). */
export function hourOf(time: Date | string): string {
  return (typeof time === 'string' ? time : time.toISOString()).slice(0, 13);
}

/** Every hour from `from` to `to` (both included), at most `max`. */
export function hoursFrom(from: string, to: string, max = MAX_HOURS_PER_RUN): string[] {
  const hours: string[] = [];
  for (let time = Date.parse(`${from}:00:00Z`); time <= Date.parse(`${to}:00:00Z`) && hours.length < max; time += HOUR_MS) {
    hours.push(hourOf(new Date(time)));
  }
  return hours;
}

/**
 * The hours a run reads: from the first hour the last run left unfinished (a day back on a
 * first run), and always the previous hour too (a change written just before the hour turned
 * may show on the index a moment late), to the current hour.
 */
export function hoursToRead(now: Date, resumeFrom: string | undefined): string[] {
  const previous = hourOf(new Date(now.getTime() - HOUR_MS));
  const start = resumeFrom ?? hourOf(new Date(now.getTime() - FIRST_RUN_LOOKBACK_HOURS * HOUR_MS));
  return hoursFrom(start < previous ? start : previous, hourOf(now));
}

export interface DueChangeRun {
  applied: number;
  /** Due items whose change was no longer pending (cancelled, replaced, or its sensor deleted): removed. */
  stale: number;
  /** Left for the next run (a concurrent edit, a throttle). */
  failed: number;
  hours: number;
}

interface DueItem {
  customerId: string;
  deviceId: string;
  changeId: string;
}

const toDueItem = (item: Record<string, unknown>): DueItem =>
  ({ customerId: String(item['customerId']), deviceId: String(item['deviceId']), changeId: String(item['changeId']) });

/**
 * Applies every scheduled disable and enable due at or before `now`, across organisations
 * (docs/decisions/0038-scheduled-disable-and-enable.md). Idempotent: an applied change leaves
 * its sensor's pending list and its due item in the same transaction, so a second run finds
 * nothing to do; a change that fails stays for the next run, which starts from its hour.
 */
export async function applyDueChanges(client: DataTable['client'], tableName: string, now: Date, logger: Logger): Promise<DueChangeRun> {
  const resumeFrom = await readDueChangesResumeFrom(client, tableName);
  const hours = hoursToRead(now, resumeFrom);
  const store = new SensorStore(client, tableName, () => now);
  const run: DueChangeRun = { applied: 0, stale: 0, failed: 0, hours: hours.length };
  let unfinished: string | undefined;
  for (const hour of hours) {
    const due = await queryAll(client, changesDueBy(tableName, hour, now.toISOString()), toDueItem);
    for (const item of due) {
      try {
        const outcome = await store.applyScheduled(item.customerId, item.deviceId, item.changeId);
        run[outcome] += 1;
      } catch (error) {
        run.failed += 1;
        unfinished ??= hour;
        logger.warn('scheduled device change left for the next run', { customerId: item.customerId, deviceId: item.deviceId, changeId: item.changeId, ...describeError(error) });
      }
    }
  }
  // Read up to the current hour: the next run resumes at the first hour with a failure, or this one.
  const lastRead = hours.at(-1) ?? hourOf(now);
  await writeDueChangeProgress(client, tableName, { resumeFrom: unfinished ?? lastRead, lastRunAt: now.toISOString(), ...run });
  return run;
}
