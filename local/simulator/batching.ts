import { MAX_BATCH_READINGS, type ReadingPayload, type SimulatedMessage } from './messages';

/**
 * What a device sends for the messages the simulation produced in one stretch of time: a
 * gateway forwards what it received meanwhile as one batch (up to 500 readings, in time
 * order, original times kept); a status heartbeat is sent once, the latest. Used for a
 * tick of the real-time runner and, over 24 hours at once, for the back-fill. Answers to
 * commands are all sent. A lone reading of a sensor publishing for itself stays a single
 * message.
 */
export function coalesce(messages: readonly SimulatedMessage[], maxReadings = MAX_BATCH_READINGS): SimulatedMessage[] {
  const readings = new Map<string, { at: number; items: ReadingPayload[] }>();
  const statuses = new Map<string, SimulatedMessage>();
  const others: SimulatedMessage[] = [];
  for (const message of messages) {
    if (message.kind === 'readings') {
      const entry = readings.get(message.publisherId) ?? { at: message.at, items: [] };
      const payload = message.payload;
      entry.items.push(...('readings' in payload ? payload.readings : [payload]));
      entry.at = Math.max(entry.at, message.at);
      readings.set(message.publisherId, entry);
    } else if (message.kind === 'status') {
      statuses.set(message.publisherId, message);
    } else {
      others.push(message);
    }
  }
  const result: SimulatedMessage[] = [];
  for (const [publisherId, { at, items }] of readings) {
    const single = items.length === 1 ? items[0] : undefined;
    if (single !== undefined && single.deviceId === undefined) {
      result.push({ publisherId, kind: 'readings', at, payload: single });
      continue;
    }
    const sorted = [...items].sort((a, b) => a.time.localeCompare(b.time));
    for (let index = 0; index < sorted.length; index += maxReadings) {
      result.push({ publisherId, kind: 'readings', at, payload: { readings: sorted.slice(index, index + maxReadings), sentAt: new Date(at).toISOString() } });
    }
  }
  return [...result, ...statuses.values(), ...others];
}

/** How many readings the messages carry. */
export function countReadings(messages: readonly SimulatedMessage[]): number {
  let count = 0;
  for (const message of messages) {
    if (message.kind !== 'readings') continue;
    count += 'readings' in message.payload ? message.payload.readings.length : 1;
  }
  return count;
}
