import { describe, expect, it } from 'vitest';
import { conflict } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import { quickRegisterInputSchema, type SensorInput } from '@domain/devices/sensor';
import type { Caller } from '../shared/caller';
import { recordingLogger } from '../shared/observability.test-support';
import { quickRegister } from './quick-register';
import type { SensorStore } from '../data/repositories/sensors';

const caller: Caller = { userId: 'u-1', email: 'admin@x.example', role: 'admin', customerId: 'org-1', accountId: 'a-1', isPortalLogin: true, tokenId: 't' };
const { logger } = recordingLogger('ERROR');
const input = (lines: string) => quickRegisterInputSchema.parse({
  siteId: 's-1', locationId: 'l-1', gatewayId: 'g1', deviceModel: 'CT-100', connectionType: 'subGhz', dataLoggingProfileId: 'p-1', lines,
});
const hexIds = (count: number) => Array.from({ length: count }, (_, index) => `A${String(index).padStart(7, '0')}`);

interface Answer {
  /** `create` is refused with this message (and so is any batch with this id). */
  refusal?: string;
  /** `create` collides this many times before it succeeds. */
  collisions?: number;
}

/**
 * A store that answers like the real one: ids already registered (id to site), per-id
 * refusals and collisions, a batch refused whole when any of its ids would be, or failing
 * for another reason when `batchFailure` is given.
 */
function storeAnswering(answers: Record<string, Answer>, options: { existing?: Record<string, string>; batchFailure?: Error } = {}) {
  const created: SensorInput[] = [];
  const batches: string[][] = [];
  const attempts = new Map<string, number>();
  const store = {
    existingSites: (_customerId: string, ids: readonly string[]) =>
      Promise.resolve(new Map(ids.flatMap((id) => (options.existing?.[id] ? [[id, options.existing[id]] as const] : [])))),
    createMany: (_caller: Caller, _customerId: string, sensors: readonly SensorInput[]) => {
      batches.push(sensors.map((sensor) => sensor.id));
      if (options.batchFailure) return Promise.reject(options.batchFailure);
      const refused = sensors.find((sensor) => answers[sensor.id]?.refusal !== undefined);
      if (refused) return Promise.reject(conflict(answers[refused.id]?.refusal ?? ''));
      if (sensors.some((sensor) => (answers[sensor.id]?.collisions ?? 0) > 0)) return Promise.reject(conflict(MESSAGES.concurrentChange));
      created.push(...sensors);
      return Promise.resolve(sensors);
    },
    create: (_caller: Caller, _customerId: string, sensor: SensorInput) => {
      const answer = answers[sensor.id] ?? {};
      const attempt = (attempts.get(sensor.id) ?? 0) + 1;
      attempts.set(sensor.id, attempt);
      if (answer.refusal) return Promise.reject(conflict(answer.refusal));
      if (attempt <= (answer.collisions ?? 0)) return Promise.reject(conflict(MESSAGES.concurrentChange));
      created.push(sensor);
      return Promise.resolve(sensor);
    },
  };
  return { store: store as unknown as SensorStore, created, batches, attempts };
}

describe('quickRegister', () => {
  it('gives one result per id in the order of the list; a failure never stops the others', async () => {
    const { store, created, batches } = storeAnswering({ B1B2C3D4: { refusal: MESSAGES.sensorAlreadyAdded } });
    const result = await quickRegister(store, caller, 'org-1', input('A1B2C3D4\nB1B2C3D4, C1B2C3D4\nnot-an-id\na1b2c3d4\nD1B2C3D4, Blast chiller'), logger);
    expect(result.results).toEqual([
      { line: 1, id: 'A1B2C3D4', status: 'registered' },
      { line: 2, id: 'B1B2C3D4', status: 'failed', message: MESSAGES.sensorAlreadyAdded },
      { line: 2, id: 'C1B2C3D4', status: 'registered' },
      { line: 3, id: 'NOT-AN-ID', status: 'failed', message: MESSAGES.sensorIdSpecialCharacters },
      { line: 4, id: 'A1B2C3D4', status: 'failed', message: MESSAGES.quickRegisterDuplicateLine },
      { line: 5, id: 'D1B2C3D4', status: 'registered' },
    ]);
    expect(result).toMatchObject({ registered: 3, failed: 3 });
    // The batch was refused whole (B1B2C3D4 registered meanwhile), so the lines were written one by one.
    expect(batches).toEqual([['A1B2C3D4', 'B1B2C3D4', 'C1B2C3D4', 'D1B2C3D4']]);
    expect(created.find((sensor) => sensor.id === 'D1B2C3D4')?.name).toBe('Blast chiller');
    expect(created.every((sensor) => sensor.channels.length === 1 && sensor.gatewayId === 'G1')).toBe(true);
  });

  it('writes the list in batches of 20, one transaction each', async () => {
    const ids = hexIds(45);
    const { store, created, batches, attempts } = storeAnswering({});
    const result = await quickRegister(store, caller, 'org-1', input(ids.join('\n')), logger);
    expect(result).toMatchObject({ registered: 45, failed: 0 });
    expect(batches.map((batch) => batch.length)).toEqual([20, 20, 5]);
    expect(batches.flat()).toEqual(ids);
    expect(created.map((sensor) => sensor.id)).toEqual(ids);
    expect(attempts.size).toBe(0);
  });

  it('answers ids already registered from one read, on this site or another, without writing them', async () => {
    const { store, batches } = storeAnswering({}, { existing: { A1B2C3D4: 's-1', B1B2C3D4: 's-2' } });
    const result = await quickRegister(store, caller, 'org-1', input('A1B2C3D4\nB1B2C3D4\nC1B2C3D4'), logger);
    expect(result.results).toEqual([
      { line: 1, id: 'A1B2C3D4', status: 'failed', message: MESSAGES.sensorAlreadyAdded },
      { line: 2, id: 'B1B2C3D4', status: 'failed', message: MESSAGES.sensorAddedToAnotherSite },
      { line: 3, id: 'C1B2C3D4', status: 'registered' },
    ]);
    expect(batches).toEqual([['C1B2C3D4']]);
  });

  it('retries a write that collided with another on the shared counts, and gives up after a few tries', async () => {
    const { store, attempts, batches } = storeAnswering({ A1B2C3D4: { collisions: 2 }, B1B2C3D4: { collisions: 99 } });
    const result = await quickRegister(store, caller, 'org-1', input('A1B2C3D4 B1B2C3D4'), logger);
    expect(result.results).toEqual([
      { line: 1, id: 'A1B2C3D4', status: 'registered' },
      { line: 1, id: 'B1B2C3D4', status: 'failed', message: MESSAGES.concurrentChange },
    ]);
    // The batch kept colliding (six tries), then each line had its own six.
    expect(batches).toHaveLength(6);
    expect(attempts.get('A1B2C3D4')).toBe(3);
    expect(attempts.get('B1B2C3D4')).toBe(6);
  });

  it('writes a batch that failed for another reason line by line, and logs the failure', async () => {
    const { logger: recording, lines: logged } = recordingLogger('ERROR');
    const { store, created } = storeAnswering({}, { batchFailure: new Error('throttled') });
    const result = await quickRegister(store, caller, 'org-1', input('A1B2C3D4\nB1B2C3D4'), recording);
    expect(result).toMatchObject({ registered: 2, failed: 0 });
    expect(created.map((sensor) => sensor.id)).toEqual(['A1B2C3D4', 'B1B2C3D4']);
    expect(logged.join('\n')).toContain('quick register batch failed');
  });
});
