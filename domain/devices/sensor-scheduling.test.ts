import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../core/messages';
import type { ScheduledSensorChange } from './sensor';
import {
  applyScheduled,
  cancelScheduled,
  disableNow,
  enableNow,
  scheduleDisable,
  scheduleEnable,
  type DisableState,
} from './sensor-scheduling';

const change = (id: string, action: 'disable' | 'enable', at: string, reason?: string): ScheduledSensorChange => ({
  id, action, at, requestedBy: 'admin@demo.example', requestedAt: '2026-11-01T00:00:00.000Z', ...(reason ? { reason } : {}),
});
const enabled: DisableState = { disabled: false, scheduledChanges: [] };
const disabledState: DisableState = {
  disabled: true,
  disable: { disabledOn: '2026-11-01T08:00:00.000Z', disabledBy: 'admin@demo.example', reason: 'Defrost', enableOn: '2026-11-03T08:00:00.000Z' },
  scheduledChanges: [change('e1', 'enable', '2026-11-03T08:00:00.000Z')],
};

describe('disabling a sensor now', () => {
  it('disables it with who, when and why, and the enable asked for as the only pending change', () => {
    const enable = change('e2', 'enable', '2026-11-05T00:00:00.000Z');
    const next = disableNow({ ...enabled, scheduledChanges: [change('d9', 'disable', '2026-12-01T00:00:00.000Z')] }, {
      now: '2026-11-02T10:00:00.000Z', by: 'user@demo.example', reason: 'Cleaning', enable,
    });
    expect(next).toEqual({
      disabled: true,
      disable: { disabledOn: '2026-11-02T10:00:00.000Z', disabledBy: 'user@demo.example', reason: 'Cleaning', enableOn: '2026-11-05T00:00:00.000Z' },
      scheduledChanges: [enable],
    });
  });

  it('refuses a sensor already disabled, now or later', () => {
    expect(() => disableNow(disabledState, { now: 'x', by: 'y', reason: 'z' })).toThrow(MESSAGES.sensorAlreadyDisabled);
    expect(() => scheduleDisable(disabledState, { disable: change('d1', 'disable', '2026-12-01T00:00:00.000Z') })).toThrow(MESSAGES.sensorAlreadyDisabled);
  });
});

describe('scheduling', () => {
  it('a scheduled disable and its enable replace whatever was pending', () => {
    const disable = change('d1', 'disable', '2026-12-01T00:00:00.000Z', 'Holiday');
    const enable = change('e1', 'enable', '2026-12-10T00:00:00.000Z');
    const pending = { ...enabled, scheduledChanges: [change('old', 'disable', '2026-11-20T00:00:00.000Z')] };
    expect(scheduleDisable(pending, { disable, enable })).toEqual({ scheduledChanges: [disable, enable] });
  });

  it('an enable needs a disable, now or pending, and must come after the pending one', () => {
    expect(() => scheduleEnable(enabled, change('e', 'enable', '2026-12-01T00:00:00.000Z'))).toThrow(MESSAGES.sensorNotDisabled);
    const pending = { ...enabled, scheduledChanges: [change('d1', 'disable', '2026-12-01T00:00:00.000Z')] };
    expect(() => scheduleEnable(pending, change('e', 'enable', '2026-12-01T00:00:00.000Z'))).toThrow(MESSAGES.enableOnBeforeDisable);
    const later = change('e', 'enable', '2026-12-02T00:00:00.000Z');
    expect(scheduleEnable(pending, later)).toEqual({ scheduledChanges: [pending.scheduledChanges[0], later] });
  });

  it('a new enable replaces the pending one and shows on the current disable', () => {
    const later = change('e2', 'enable', '2026-11-04T00:00:00.000Z');
    expect(scheduleEnable(disabledState, later)).toEqual({
      scheduledChanges: [later],
      disable: { ...disabledState.disable, enableOn: later.at },
    });
  });

  it('cancelling the enable takes its date off the disable; an unknown change is 404', () => {
    const next = cancelScheduled(disabledState, 'e1');
    expect(next.scheduledChanges).toEqual([]);
    expect(next.disable).toEqual({ disabledOn: '2026-11-01T08:00:00.000Z', disabledBy: 'admin@demo.example', reason: 'Defrost' });
    expect(() => cancelScheduled(disabledState, 'nope')).toThrow(MESSAGES.sensorNoScheduledChange);
  });
});

describe('enabling now', () => {
  it('clears the disable and every pending change; refuses a sensor not disabled', () => {
    expect(enableNow(disabledState)).toEqual({ disabled: false, disable: undefined, scheduledChanges: [] });
    expect(() => enableNow(enabled)).toThrow(MESSAGES.sensorNotDisabled);
  });
});

describe('a due change taking effect', () => {
  it('a disable credits its requester, keeps its reason and the pending enable date', () => {
    const state = { ...enabled, scheduledChanges: [change('d1', 'disable', '2026-12-01T00:00:00.000Z', 'Holiday'), change('e1', 'enable', '2026-12-10T00:00:00.000Z')] };
    const applied = applyScheduled(state, 'd1', '2026-12-01T00:05:00.000Z');
    expect(applied).not.toBe('stale');
    if (applied === 'stale') return;
    expect(applied.next).toEqual({
      disabled: true,
      disable: { disabledOn: '2026-12-01T00:05:00.000Z', disabledBy: 'admin@demo.example', reason: 'Holiday', enableOn: '2026-12-10T00:00:00.000Z' },
      scheduledChanges: [state.scheduledChanges[1]],
    });
  });

  it('an enable enables; a change no longer pending is stale and changes nothing', () => {
    const applied = applyScheduled(disabledState, 'e1', '2026-11-03T08:00:00.000Z');
    expect(applied !== 'stale' && applied.next).toEqual({ disabled: false, disable: undefined, scheduledChanges: [] });
    expect(applyScheduled(disabledState, 'gone', '2026-11-03T08:00:00.000Z')).toBe('stale');
  });

  it('whatever is pending, applying every change in time order leaves nothing pending', () => {
    const times = fc.uniqueArray(fc.integer({ min: 0, max: 10_000 }), { minLength: 1, maxLength: 4 });
    fc.assert(fc.property(times, fc.boolean(), (minutes, startDisabled) => {
      const sorted = [...minutes].sort((a, b) => a - b);
      const at = (minute: number) => new Date(Date.UTC(2026, 10, 1) + minute * 60_000).toISOString();
      let state: DisableState = {
        disabled: startDisabled,
        scheduledChanges: sorted.map((minute, index) => change(`c${index}`, index % 2 === (startDisabled ? 0 : 1) ? 'enable' : 'disable', at(minute))),
      };
      for (const pending of [...state.scheduledChanges]) {
        const applied = applyScheduled(state, pending.id, pending.at);
        if (applied === 'stale') return false;
        state = { ...state, ...applied.next };
        if (state.disabled !== (pending.action === 'disable')) return false;
      }
      return state.scheduledChanges.length === 0;
    }));
  });
});
