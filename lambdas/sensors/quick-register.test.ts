import { describe, expect, it } from 'vitest';
import { conflict } from '../../domain/errors';
import { MESSAGES } from '../../domain/messages';
import { quickRegisterInputSchema, type SensorInput } from '../../domain/sensor';
import type { Caller } from '../shared/caller';
import { createLogger } from '../shared/logger';
import { quickRegister } from './quick-register';
import type { SensorStore } from './store';

const caller: Caller = { userId: 'u-1', email: 'admin@x.example', role: 'admin', customerId: 'org-1', accountId: 'a-1', isPortalLogin: true, tokenId: 't' };
const logger = createLogger({}, 'ERROR', () => undefined);
const input = (lines: string) => quickRegisterInputSchema.parse({
  siteId: 's-1', locationId: 'l-1', gatewayId: 'g1', deviceModel: 'CT-100', connectionType: 'subGhz', dataLoggingProfileId: 'p-1', lines,
});

/** A store whose `create` answers per id: a refusal, some collisions first, or success. */
function storeAnswering(answers: Record<string, { collisions?: number; refusal?: string }>) {
  const created: SensorInput[] = [];
  const attempts = new Map<string, number>();
  const store = {
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
  return { store: store as unknown as SensorStore, created, attempts };
}

describe('quickRegister', () => {
  it('gives one result per id in the order of the list; a failure never stops the others', async () => {
    const { store, created } = storeAnswering({ B1B2C3D4: { refusal: MESSAGES.sensorAlreadyAdded } });
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
    expect(created.find((sensor) => sensor.id === 'D1B2C3D4')?.name).toBe('Blast chiller');
    expect(created.every((sensor) => sensor.channels.length === 1 && sensor.gatewayId === 'G1')).toBe(true);
  });

  it('retries a line whose write collided with another on the shared counts, and gives up after a few tries', async () => {
    const { store, attempts } = storeAnswering({ A1B2C3D4: { collisions: 2 }, B1B2C3D4: { collisions: 99 } });
    const result = await quickRegister(store, caller, 'org-1', input('A1B2C3D4 B1B2C3D4'), logger);
    expect(result.results).toEqual([
      { line: 1, id: 'A1B2C3D4', status: 'registered' },
      { line: 1, id: 'B1B2C3D4', status: 'failed', message: MESSAGES.concurrentChange },
    ]);
    expect(attempts.get('A1B2C3D4')).toBe(3);
    expect(attempts.get('B1B2C3D4')).toBe(6);
  });
});
