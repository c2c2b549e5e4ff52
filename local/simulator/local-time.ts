/**
 * Local time of day in a site's time zone, for what people do (doors open in business
 * hours, fryers run at service) and the room's daily warmth. Offsets are cached per hour:
 * the simulator asks often and they change only twice a year.
 */
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const formatters = new Map<string, Intl.DateTimeFormat>();
const offsets = new Map<string, number>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let found = formatters.get(timeZone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-GB', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
    });
    formatters.set(timeZone, found);
  }
  return found;
}

/** Milliseconds to add to UTC to get the wall clock in `timeZone` at `at`. */
export function utcOffsetMs(at: number, timeZone: string): number {
  const hour = Math.floor(at / HOUR_MS);
  const key = `${timeZone}@${hour}`;
  const cached = offsets.get(key);
  if (cached !== undefined) return cached;
  const parts = Object.fromEntries(formatter(timeZone).formatToParts(hour * HOUR_MS).map((part) => [part.type, part.value]));
  const wall = Date.UTC(Number(parts['year']), Number(parts['month']) - 1, Number(parts['day']), Number(parts['hour']), Number(parts['minute']), Number(parts['second']));
  const offset = wall - hour * HOUR_MS;
  if (offsets.size > 50_000) offsets.clear();
  offsets.set(key, offset);
  return offset;
}

/** The local hour of day as a fraction, 0 ≤ h < 24. */
export function localHour(at: number, timeZone: string): number {
  const wall = at + utcOffsetMs(at, timeZone);
  return (((wall % DAY_MS) + DAY_MS) % DAY_MS) / HOUR_MS;
}

/** The local calendar day as a whole number of days since the epoch. */
export function localDay(at: number, timeZone: string): number {
  return Math.floor((at + utcOffsetMs(at, timeZone)) / DAY_MS);
}

/** Whether `at` falls within [fromHour, toHour) local time. */
export function withinHours(at: number, timeZone: string, fromHour: number, toHour: number): boolean {
  const hour = localHour(at, timeZone);
  return fromHour <= toHour ? hour >= fromHour && hour < toHour : hour >= fromHour || hour < toHour;
}

/** The first quarter hour at or after `at` that is within [fromHour, toHour) local time. */
export function nextWithinHours(at: number, timeZone: string, fromHour: number, toHour: number): number {
  if (withinHours(at, timeZone, fromHour, toHour)) return at;
  const quarter = 15 * 60_000;
  let candidate = Math.ceil(at / quarter) * quarter;
  for (let step = 0; step < 24 * 4 + 8; step += 1) {
    if (withinHours(candidate, timeZone, fromHour, toHour)) return candidate;
    candidate += quarter;
  }
  throw new Error(`no time within ${fromHour}-${toHour} h in ${timeZone}`);
}

export { DAY_MS, HOUR_MS };
