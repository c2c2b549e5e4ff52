import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@domain/core/messages';
import { commandInputFrom, parameterFields } from './commandForm';

describe('device command forms', () => {
  it('reads each command parameters and their ranges from the catalogue', () => {
    expect(parameterFields('setPriority')).toEqual([{ name: 'priority', kind: 'number', min: 0, max: 15 }]);
    expect(parameterFields('setWakeUpInterval')).toEqual([{ name: 'hours', kind: 'number', min: 1, max: 24 }]);
    expect(parameterFields('setWifi')).toEqual([{ name: 'ssid', kind: 'text', maxLength: 32 }, { name: 'key', kind: 'secret', maxLength: 64 }]);
    expect(parameterFields('uploadLogs')).toEqual([{ name: 'start', kind: 'time' }, { name: 'end', kind: 'time' }]);
    expect(parameterFields('reboot')).toEqual([]);
  });

  it('refuses values out of range, missing or not whole, with the spec messages', () => {
    expect(commandInputFrom('setPriority', { priority: '16' })).toEqual({ ok: false, errors: { priority: MESSAGES.commandPriorityRange } });
    expect(commandInputFrom('setApModeTimeout', { minutes: '2' })).toEqual({ ok: false, errors: { minutes: MESSAGES.commandApModeTimeoutRange } });
    expect(commandInputFrom('setRetryCount', { count: '' })).toEqual({ ok: false, errors: { count: MESSAGES.commandRetryCountRange } });
    expect(commandInputFrom('setSnooze', { snoozeMinutes: '2.5' })).toEqual({ ok: false, errors: { snoozeMinutes: MESSAGES.commandSnoozeRange } });
    expect(commandInputFrom('setWifi', { ssid: ' ', key: '' })).toEqual({ ok: false, errors: { ssid: MESSAGES.commandSsidRequired, key: MESSAGES.commandKeyRequired } });
    expect(commandInputFrom('uploadLogs', { start: '2026-03-10T10:00', end: '2026-03-10T09:00' })).toEqual({ ok: false, errors: { end: MESSAGES.commandEndBeforeStart } });
  });

  it('builds the command input from valid values', () => {
    expect(commandInputFrom('setPriority', { priority: '15' })).toEqual({ ok: true, input: { command: 'setPriority', parameters: { priority: 15 } } });
    expect(commandInputFrom('reboot', {})).toEqual({ ok: true, input: { command: 'reboot', parameters: {} } });
    const logs = commandInputFrom('uploadLogs', { start: '2026-03-10T09:00', end: '2026-03-10T10:00' });
    expect(logs.ok && logs.input.parameters['start']).toBe(new Date('2026-03-10T09:00').toISOString());
  });
});
