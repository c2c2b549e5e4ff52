import { describe, expect, it } from 'vitest';
import type { DataLoggingProfileRecord } from '../../data/entities/data-logging-profile';
import { loggingOf } from './sensor-qa';

const profile = (id: string, fields: Partial<DataLoggingProfileRecord>): DataLoggingProfileRecord => ({
  id, name: id, description: '', enabled: true, valueToLog: 'average', intervalMinutes: 15, calculationWindowMinutes: 15, deviation: 0,
  schedule: { kind: 'always' }, useCount: 1, createdAt: '', updatedAt: '', createdBy: '', updatedBy: '', version: 1, ...fields,
});
const channel = (number: number, dataLoggingProfileId: string) => ({ channel: number, dataLoggingProfileId, sensorType: 'temperature' as const, sensorSubType: 'internal' });

describe('how a sensor logs, for its expected readings', () => {
  it('takes the shortest interval of its channels\' enabled profiles, with that profile\'s schedule', () => {
    const workingHours = { kind: 'custom' as const, days: ['monday' as const], start: '08:00', end: '18:00' };
    const profiles = new Map([
      ['slow', profile('slow', { intervalMinutes: 30 })],
      ['fast', profile('fast', { intervalMinutes: 5, schedule: workingHours })],
      ['off', profile('off', { intervalMinutes: 1, enabled: false })],
    ]);
    expect(loggingOf({ deviceModel: 'unknown', channels: [channel(1, 'slow'), channel(2, 'fast'), channel(3, 'off')] }, profiles))
      .toEqual({ intervalMinutes: 5, schedule: workingHours });
  });

  it('goes by the model\'s report interval, at all hours, without an enabled profile', () => {
    const profiles = new Map([['off', profile('off', { enabled: false })]]);
    // An unknown model reports every five minutes (domain/devices/sensor.ts FALLBACK_REPORT_SECONDS).
    expect(loggingOf({ deviceModel: 'unknown', channels: [channel(1, 'off'), channel(2, 'deleted')] }, profiles))
      .toEqual({ intervalMinutes: 5, schedule: { kind: 'always' } });
  });
});
