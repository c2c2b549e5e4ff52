import { DomainError } from '@domain/core/errors';
import { sensorModel } from '@domain/devices/device-catalogue';
import { MESSAGES } from '@domain/core/messages';
import {
  parseQuickRegisterLines,
  quickRegisterSensorInput,
  sensorInputSchema,
  type QuickRegisterInput,
  type QuickRegisterLineResult,
  type QuickRegisterResult,
  type SensorInput,
} from '@domain/devices/sensor';
import { eachLimited } from '../shared/concurrency';
import type { Caller } from '../shared/caller';
import type { Logger } from '../shared/observability';
import { SENSORS_PER_TRANSACTION, type SensorStore } from '../data/repositories/sensors';

/** How many sensors are written at once when a batch falls back to one transaction per line. */
const CONCURRENT_REGISTRATIONS = 4;
/**
 * Every transaction adds to the same gateway and profile counts, so two written at once may
 * collide (DynamoDB cancels one: a concurrent change). A collision is retried after a short,
 * growing, jittered pause; only a write that keeps colliding fails.
 */
const COLLISION_ATTEMPTS = 6;
const COLLISION_PAUSE_MS = 20;

async function withCollisionRetries<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await write();
    } catch (error) {
      const collided = error instanceof DomainError && error.message === MESSAGES.concurrentChange;
      if (!collided || attempt >= COLLISION_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, COLLISION_PAUSE_MS * 2 ** (attempt - 1) * (0.5 + Math.random())));
    }
  }
}

/** A line that passed the checks made without the table, waiting to be written. */
interface PendingLine {
  index: number;
  line: number;
  sensor: SensorInput;
}

/**
 * Quick Register (issue 5 section 3): every id of the list becomes a sensor of the given
 * model on the given site, location and gateway; one failure never stops the others, and
 * each line gets its result in the product's words. The placement has been checked once by
 * the caller, so the lines only meet the per-sensor rules: an id met twice in the list fails
 * the second time; ids already registered are found with one batch read; the rest are
 * written in batches of `SENSORS_PER_TRANSACTION`, one transaction each, the shared counts
 * added once a batch. A batch refused (an id registered meanwhile, the site deleted) is
 * written again line by line, so each line says what became of it.
 */
export async function quickRegister(
  store: SensorStore,
  caller: Caller,
  customerId: string,
  input: QuickRegisterInput,
  logger: Pick<Logger, 'error'>,
): Promise<QuickRegisterResult> {
  const entries = parseQuickRegisterLines(input.lines, sensorModel(input.deviceModel));
  const results: QuickRegisterLineResult[] = [];
  const seen = new Set<string>();
  const pending: PendingLine[] = [];
  for (const entry of entries) {
    const index = results.length;
    const refuse = (message: string) => results.push({ line: entry.line, id: entry.id, status: 'failed', message });
    if (seen.has(entry.id)) {
      refuse(MESSAGES.quickRegisterDuplicateLine);
      continue;
    }
    seen.add(entry.id);
    const parsed = sensorInputSchema.safeParse(quickRegisterSensorInput(input, entry));
    if (!parsed.success) {
      refuse(parsed.error.issues[0]?.message ?? MESSAGES.genericError);
      continue;
    }
    results.push({ line: entry.line, id: entry.id, status: 'failed' });
    pending.push({ index, line: entry.line, sensor: parsed.data });
  }

  const registered = (line: PendingLine) => {
    results[line.index] = { line: line.line, id: line.sensor.id, status: 'registered' };
  };
  const failed = (line: PendingLine, message: string) => {
    results[line.index] = { line: line.line, id: line.sensor.id, status: 'failed', message };
  };

  // Ids already registered say so now, in the words of SPEC section 5, and are not written.
  const existing = await store.existingSites(customerId, pending.map((line) => line.sensor.id));
  const toWrite = pending.filter((line) => {
    const siteId = existing.get(line.sensor.id);
    if (siteId === undefined) return true;
    failed(line, siteId === input.siteId ? MESSAGES.sensorAlreadyAdded : MESSAGES.sensorAddedToAnotherSite);
    return false;
  });

  const oneByOne: PendingLine[] = [];
  for (let start = 0; start < toWrite.length; start += SENSORS_PER_TRANSACTION) {
    const batch = toWrite.slice(start, start + SENSORS_PER_TRANSACTION);
    try {
      await withCollisionRetries(() => store.createMany(caller, customerId, batch.map((line) => line.sensor)));
      batch.forEach(registered);
    } catch (error) {
      if (!(error instanceof DomainError)) logger.error('quick register batch failed', { lines: batch.map((line) => line.line), error: String(error) });
      oneByOne.push(...batch);
    }
  }

  await eachLimited(oneByOne, CONCURRENT_REGISTRATIONS, async (line) => {
    try {
      await withCollisionRetries(() => store.create(caller, customerId, line.sensor));
      registered(line);
    } catch (error) {
      if (!(error instanceof DomainError)) logger.error('quick register line failed', { line: line.line, error: String(error) });
      failed(line, error instanceof DomainError ? error.message : MESSAGES.genericError);
    }
  });
  const count = results.filter((result) => result.status === 'registered').length;
  return { results, registered: count, failed: results.length - count };
}
