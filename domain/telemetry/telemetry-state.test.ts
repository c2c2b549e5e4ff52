import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sensorStateAfter } from './reading-rules';
import {
  gatewayStateWriteNeeded,
  isDeviceOnline,
  liveStateWithReading,
  ONLINE_GRACE_MS,
  sameLiveState,
  STATE_HEARTBEAT_MS,
  stateWriteReason,
  type DeviceLiveState,
  type MaterialChangeInput,
  type NewestReading,
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

// Re-decided with issue 12 section 6 (docs/decisions/0055-a-reading-costs-one-write.md):
// a sensor's state item is no longer rewritten for moved values, battery steps or a heartbeat;
// readers put the newest reading on top of it.
describe('material change: when a sensor\'s state item is written', () => {
  const stored: DeviceLiveState = {
    lastCommunicated: at(0), lastReadingAt: at(0), reading: { '1': 4, '2': 1 }, battery: 80, signal: -70, snr: 5,
  };
  /** The state after a reading `minutes` after the stored one, which carries every field of `next` (the newest reading). */
  const input = (next: Partial<DeviceLiveState>, minutes = 1, overrides: Partial<MaterialChangeInput> = {}): MaterialChangeInput => {
    const state = { ...stored, lastCommunicated: at(minutes), lastReadingAt: at(minutes), reading: { '1': 4, '2': 1 }, battery: 80, ...next };
    const newest: NewestReading = {
      time: state.lastReadingAt, channels: state.reading, receivedAt: state.lastCommunicated,
      ...(state.battery !== undefined ? { battery: state.battery } : {}), ...(state.signal !== undefined ? { signal: state.signal } : {}), ...(state.snr !== undefined ? { snr: state.snr } : {}),
    };
    // The live state a minute before: the item's values, heard from since (the sensor is online).
    const previous = { ...stored, lastCommunicated: at(minutes - 1), lastReadingAt: at(minutes - 1) };
    return { stored, previous, next: state, newest, deviations: { '1': 0.5, '2': 0 }, reportSeconds: 60, ...overrides };
  };

  it('the first state is always written', () => {
    expect(stateWriteReason(input({}, 1, { stored: undefined }))).toBe('first');
  });

  it('a value that moved, a battery step, signal noise and time passing are not written: the newest reading carries them', () => {
    expect(stateWriteReason(input({ reading: { '1': 4.5, '2': 1 }, signal: -90, snr: -3 }, 6))).toBeUndefined();
    expect(stateWriteReason(input({ reading: { '1': 9, '2': 1 } }, 6))).toBeUndefined();
    expect(stateWriteReason(input({ battery: 60 }, 6))).toBeUndefined();
    expect(stateWriteReason(input({}, STATE_HEARTBEAT_MS / 60_000 * 6))).toBeUndefined();
  });

  it('a contact (deviation 0) changing is written at once', () => {
    expect(stateWriteReason(input({ reading: { '1': 4, '2': 0 } }, 0.1))).toBe('contact');
  });

  it('a probe unplugged (value to null) or plugged back, and a channel appearing or going, are written at once', () => {
    expect(stateWriteReason(input({ reading: { '1': null, '2': 1 } }))).toBe('channels');
    expect(stateWriteReason({ ...input({}), previous: { ...stored, reading: { '1': null, '2': 1 } } })).toBe('channels');
    expect(stateWriteReason(input({ reading: { '1': 4 } }))).toBe('channels');
    expect(stateWriteReason(input({ reading: { '1': 4, '2': 1, '3': 7 } }))).toBe('channels');
  });

  it('changes are judged against the live state before the readings, not the older item', () => {
    // The item still says the door was open (0) an hour ago; the readings since said closed (1).
    const previous = { ...stored, lastCommunicated: at(59), lastReadingAt: at(59), reading: { '1': 4, '2': 1 } };
    expect(stateWriteReason({ ...input({}, 60), stored: { ...stored, reading: { '1': 4, '2': 0 } }, previous })).toBeUndefined();
  });

  it('nulls staying null are not material', () => {
    const unplugged = { ...stored, reading: { '1': null } };
    expect(stateWriteReason({ ...input({ reading: { '1': null } }, 6), stored: unplugged, previous: unplugged })).toBeUndefined();
  });

  it('a sensor that was offline is written at once', () => {
    expect(stateWriteReason(input({}, 3 * 1 + 10 + 1, { previous: stored }))).toBe('offline');
    expect(stateWriteReason({ ...input({}), previous: undefined })).toBe('offline');
  });

  it('what the newest reading does not carry is written: a battery it left out, a later arrival', () => {
    const withoutBattery = input({ battery: 60 }, 6);
    const { battery: _battery, ...newest } = withoutBattery.newest;
    expect(stateWriteReason({ ...withoutBattery, newest })).toBe('carried');
    // Left out, but the same as the item's: nothing to carry.
    const same = input({ battery: 80 }, 6);
    const { battery: _same, ...newestWithout } = same.newest;
    expect(stateWriteReason({ ...same, newest: newestWithout })).toBeUndefined();
    // A late reading of the same batch arrived after the newest one.
    const late = input({}, 6);
    expect(stateWriteReason({ ...late, next: { ...late.next, lastCommunicated: at(7) } })).toBe('carried');
  });

  it('whatever the readings, the stored item with the newest reading on top shows the live state (property)', () => {
    // A sensor reporting each minute, sometimes without its battery, values and batteries at random.
    const step = fc.record({ value: fc.double({ min: -3, max: 3, noNaN: true }), battery: fc.option(fc.integer({ min: 0, max: 100 }), { nil: undefined }) });
    fc.assert(fc.property(fc.array(step, { minLength: 1, maxLength: 120 }), (steps) => {
      let item: DeviceLiveState = { ...stored };
      let live: DeviceLiveState = { ...stored };
      steps.forEach(({ value, battery }, index) => {
        const newest: NewestReading = { time: at(index + 1), channels: { '1': 4 + value, '2': 1 }, receivedAt: at(index + 1), ...(battery !== undefined ? { battery } : {}) };
        // The state the ingest computes reading by reading.
        const next = sensorStateAfter(live, newest, Date.parse(newest.receivedAt));
        if (stateWriteReason({ stored: item, previous: live, next, newest, deviations: { '1': 0.5, '2': 0 }, reportSeconds: 60 }) !== undefined) item = next;
        live = next;
        expect(sameLiveState(liveStateWithReading(item, newest), live)).toBe(true);
      });
    }));
  });
});

describe('live state as readers see it: the state item with the newest reading on top', () => {
  const item: DeviceLiveState = { lastCommunicated: at(0), lastReadingAt: at(0), reading: { '1': 4 }, battery: 80, signal: -70 };

  it('a newer reading gives the values, its time, and its arrival as lastCommunicated; the item keeps what the reading lacks', () => {
    expect(liveStateWithReading(item, { time: at(30), channels: { '1': 5 }, receivedAt: at(30.5), signal: -60 })).toEqual({
      lastCommunicated: at(30.5), lastReadingAt: at(30), reading: { '1': 5 }, battery: 80, signal: -60,
    });
  });

  it('a reading not newer than the item leaves it as it is; no reading, or no item, gives the other', () => {
    expect(liveStateWithReading(item, { time: at(0), channels: { '1': 9 }, receivedAt: at(1) })).toBe(item);
    expect(liveStateWithReading(item, undefined)).toBe(item);
    expect(liveStateWithReading(undefined, { time: at(1), channels: { '1': 2 }, receivedAt: at(1) })).toEqual({ lastCommunicated: at(1), lastReadingAt: at(1), reading: { '1': 2 } });
    expect(liveStateWithReading(undefined, undefined)).toBeUndefined();
  });

  it('an item heard from later than the reading arrived keeps its lastCommunicated', () => {
    expect(liveStateWithReading({ ...item, lastCommunicated: at(40) }, { time: at(30), channels: { '1': 5 }, receivedAt: at(30) })?.lastCommunicated).toBe(at(40));
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
