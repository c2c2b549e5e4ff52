import { DomainError } from '../../domain/errors';
import { sensorModel } from '../../domain/device-catalogue';
import { MESSAGES } from '../../domain/messages';
import {
  parseQuickRegisterLines,
  quickRegisterSensorInput,
  sensorInputSchema,
  type QuickRegisterInput,
  type QuickRegisterLineResult,
  type QuickRegisterResult,
} from '../../domain/sensor';
import type { Caller } from '../shared/caller';
import type { Logger } from '../shared/logger';
import type { SensorStore } from './store';

/** How many sensors are written at once: 200 lines well within the function's time, few collisions. */
const CONCURRENT_REGISTRATIONS = 4;
/**
 * Every line's transaction adds to the same gateway and profile counts, so two lines written
 * at once may collide (DynamoDB cancels one: a concurrent change). A collision is retried
 * after a short, growing, jittered pause; only a line that keeps colliding fails.
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

/**
 * Quick Register (issue 5 section 3): every id of the list becomes a sensor of the given
 * model on the given site, location and gateway, each in its own transaction, so one
 * failure never stops the others. An id met twice in the list fails the second time; every
 * other failure says why in the product's words. The placement has been checked once by the
 * caller, so the lines only meet the per-sensor rules.
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
  const work: { index: number; register: () => Promise<void> }[] = [];
  for (const entry of entries) {
    const index = results.length;
    results.push({ line: entry.line, id: entry.id, status: 'failed' });
    if (seen.has(entry.id)) {
      results[index] = { line: entry.line, id: entry.id, status: 'failed', message: MESSAGES.quickRegisterDuplicateLine };
      continue;
    }
    seen.add(entry.id);
    const parsed = sensorInputSchema.safeParse(quickRegisterSensorInput(input, entry));
    if (!parsed.success) {
      results[index] = { line: entry.line, id: entry.id, status: 'failed', message: parsed.error.issues[0]?.message ?? MESSAGES.genericError };
      continue;
    }
    work.push({
      index,
      register: async () => {
        try {
          await withCollisionRetries(() => store.create(caller, customerId, parsed.data));
          results[index] = { line: entry.line, id: entry.id, status: 'registered' };
        } catch (error) {
          if (!(error instanceof DomainError)) logger.error('quick register line failed', { line: entry.line, error: String(error) });
          results[index] = { line: entry.line, id: entry.id, status: 'failed', message: error instanceof DomainError ? error.message : MESSAGES.genericError };
        }
      },
    });
  }
  let next = 0;
  const worker = async () => {
    while (next < work.length) {
      const job = work[next++];
      if (job) await job.register();
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENT_REGISTRATIONS, work.length) }, worker));
  const registered = results.filter((result) => result.status === 'registered').length;
  return { results, registered, failed: results.length - registered };
}
