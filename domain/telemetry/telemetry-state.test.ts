import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  gatewayStateWriteNeeded,
  isDeviceOnline,
  ONLINE_GRACE_MS,
  STATE_HEARTBEAT_MS,
  stateWriteReason,
  VALUE_WRITE_INTERVAL_MS,
  type DeviceLiveState,
  type MaterialChangeInput,
} from './telemetry-state';

const at = (minutes: number) => new Date(Date.UTC(2026, 0, 10, 12, 0) + minutes * 60_000).toISOString();

describe('online (three report intervals plus ten minutes)', () => {
  const now = Date.parse(at(0));

  it('is online just within 3 intervals + 10 minutes and offline just past it', () => {
    const limit = 3 * 300 * 1000 + ONLINE_GRACE_MS;
    expect(isDeviceOnline(new Date(now - limit).toISOString(), 300, now)).toBe(true);
    expect(isDeviceOnline(new Date(now - limit - 1).toISOString(), 300, now)).toBe(false);
  });

  it('a device never heard from, or with an unreadable time, is offline', () => {
    expect(isDeviceOnline(undefined, 60, now)).toBe(false);
    expect(isDeviceOnline(null, 60, now)).toBe(false);
    expect(isDeviceOnline('not a time', 60, now)).toBe(false);
  });

  it('accepts a Date for now', () => {
    expect(isDeviceOnline(at(-1), 60, new Date(now))).toBe(true);
  });

  it('the heartbeat keeps a reporting device online from its stored state alone', () => {
    // A device reporting every `report` s whose state is rewritten only at the heartbeat:
    // the stored lastCommunicated lags at most heartbeat + one interval.
    fc.assert(fc.property(fc.integer({ min: 1, max: 86_400 }), (report) => {
      const storedLag = STATE_HEARTBEAT_MS + report * 1000;
      expect(isDeviceOnline(new Date(now - storedLag).toISOString(), report, now)).toBe(true);
    }));
  });
});

describe('material change: when the live state is rewritten', () => {
  const stored: DeviceLiveState = {
    lastCommunicated: at(0), lastReadingAt: at(0), reading: { '1': 4, '2': 1 }, battery: 80, signal: -70, snr: 5,
  };
  const input = (next: Partial<DeviceLiveState>, minutes = 1, overrides: Partial<MaterialChangeInput> = {}): MaterialChangeInput => ({
    stored,
    next: { lastCommunicated: at(minutes), lastReadingAt: at(minutes), reading: { '1': 4, '2': 1 }, battery: 80, ...next },
    deviations: { '1': 0.5, '2': 0 },
    reportSeconds: 60,
    ...overrides,
  });
  const valueMinutes = VALUE_WRITE_INTERVAL_MS / 60_000;

  it('the first state is always written', () => {
    expect(stateWriteReason(input({}, 1, { stored: undefined }))).toBe('first');
  });

  it('nothing material within the heartbeat: no write (signal and SNR noise are not material)', () => {
    expect(stateWriteReason(input({ reading: { '1': 4.5, '2': 1 }, signal: -90, snr: -3 }, valueMinutes))).toBeUndefined();
  });

  it('a value moving by more than the deviation is written once the stored state is 6 minutes old', () => {
    expect(stateWriteReason(input({ reading: { '1': 4.51, '2': 1 } }, valueMinutes - 1))).toBeUndefined();
    expect(stateWriteReason(input({ reading: { '1': 4.51, '2': 1 } }, valueMinutes))).toBe('value');
    expect(stateWriteReason(input({ reading: { '1': 3.4, '2': 1 } }, valueMinutes))).toBe('value');
  });

  it('a contact (deviation 0) changing is written at once', () => {
    expect(stateWriteReason(input({ reading: { '1': 4, '2': 0 } }, 0.1))).toBe('contact');
  });

  it('a probe unplugged (value to null) or plugged back, and a channel appearing or going, are written at once', () => {
    expect(stateWriteReason(input({ reading: { '1': null, '2': 1 } }))).toBe('channels');
    expect(stateWriteReason({ ...input({}), stored: { ...stored, reading: { '1': null, '2': 1 } } })).toBe('channels');
    expect(stateWriteReason(input({ reading: { '1': 4 } }))).toBe('channels');
    expect(stateWriteReason(input({ reading: { '1': 4, '2': 1, '3': 7 } }))).toBe('channels');
  });

  it('nulls staying null are not material', () => {
    const unplugged = { ...stored, reading: { '1': null } };
    expect(stateWriteReason({ ...input({ reading: { '1': null } }, valueMinutes), stored: unplugged })).toBeUndefined();
  });

  it('a battery change of at least 1 is material, less is not', () => {
    expect(stateWriteReason(input({ battery: 79 }, valueMinutes))).toBe('battery');
    expect(stateWriteReason(input({ battery: 79 }, 1))).toBeUndefined();
    expect(stateWriteReason(input({ battery: 79.5 }, valueMinutes))).toBeUndefined();
  });

  it('a sensor that was offline is written at once', () => {
    expect(stateWriteReason(input({}, 3 * 1 + 10 + 1))).toBe('offline');
  });

  it('the heartbeat forces a write once the stored lastCommunicated is old enough', () => {
    expect(stateWriteReason(input({}, STATE_HEARTBEAT_MS / 60_000 - 1))).toBeUndefined();
    expect(stateWriteReason(input({}, STATE_HEARTBEAT_MS / 60_000))).toBe('heartbeat');
  });

  it('a value lags by more than its deviation only while the stored state is younger than the value interval (property)', () => {
    // A reading a minute, each step below the deviation: the stored value follows when the
    // accumulated move passes the deviation and the interval has passed.
    fc.assert(fc.property(fc.array(fc.double({ min: -0.4, max: 0.4, noNaN: true }), { minLength: 1, maxLength: 90 }), (steps) => {
      let current: DeviceLiveState = { ...stored };
      let value = 4;
      steps.forEach((step, index) => {
        value += step;
        const next = { lastCommunicated: at(index + 1), reading: { '1': value, '2': 1 }, battery: 80 };
        if (stateWriteReason({ stored: current, next, deviations: { '1': 0.5, '2': 0 }, reportSeconds: 60 }) !== undefined) current = { ...current, ...next };
        const age = Date.parse(next.lastCommunicated) - Date.parse(current.lastCommunicated);
        if (Math.abs((current.reading?.['1'] ?? 0) - value) > 0.5 + 1e-9) expect(age).toBeLessThan(VALUE_WRITE_INTERVAL_MS);
      });
    }));
  });

  it('at one reading a minute, a value that never settles costs at most one state write in six readings (property)', () => {
    fc.assert(fc.property(fc.array(fc.double({ min: -3, max: 3, noNaN: true }), { minLength: 60, maxLength: 240 }), (values) => {
      let current: DeviceLiveState = { ...stored };
      let writes = 0;
      values.forEach((value, index) => {
        const next = { lastCommunicated: at(index + 1), reading: { '1': 4 + value, '2': 1 }, battery: 80 };
        if (stateWriteReason({ stored: current, next, deviations: { '1': 0.5, '2': 0 }, reportSeconds: 60 }) !== undefined) {
          writes += 1;
          current = { ...current, ...next };
        }
      });
      expect(writes).toBeLessThanOrEqual(Math.ceil(values.length / 6));
    }));
  });
});

describe('gateway state', () => {
  const stored: DeviceLiveState = { lastCommunicated: at(0), signal: -80, firmware: '1.2.0' };

  it('is written the first time, on a new firmware, a signal change of 5 dB, or at the heartbeat', () => {
    expect(gatewayStateWriteNeeded(undefined, { lastCommunicated: at(1) })).toBe(true);
    expect(gatewayStateWriteNeeded(stored, { lastCommunicated: at(1), firmware: '1.3.0' })).toBe(true);
    expect(gatewayStateWriteNeeded(stored, { lastCommunicated: at(1), signal: -86 })).toBe(true);
    expect(gatewayStateWriteNeeded(stored, { lastCommunicated: at(1), signal: -82, firmware: '1.2.0' })).toBe(false);
    expect(gatewayStateWriteNeeded(stored, { lastCommunicated: at(STATE_HEARTBEAT_MS / 60_000) })).toBe(true);
  });
});
