import { describe, expect, it } from 'vitest';
import {
  COMMAND_EXPIRY_HOURS,
  COMMAND_ID_PATTERN,
  commandDestination,
  commandAcknowledgementSchema,
  commandsFor,
  deviceCommandInputSchema,
  effectiveCommandStatus,
  newCommandId,
  REDACTED,
  redactedParameters,
} from './device-commands';
import { MESSAGES } from '../core/messages';

const firstError = (input: unknown) => {
  const result = deviceCommandInputSchema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
};

describe('device command parameters (SPEC section 5 "Sensor device settings")', () => {
  it.each([
    ['setPriority', 'priority', 0, 15, MESSAGES.commandPriorityRange],
    ['setAlarmIndex', 'index', 1, 7, MESSAGES.commandIndexRange],
    ['setAlarmDelay', 'delayMinutes', 0, 60, MESSAGES.commandDelayRange],
    ['setSnooze', 'snoozeMinutes', 0, 60, MESSAGES.commandSnoozeRange],
    ['setApModeTimeout', 'minutes', 3, 5, MESSAGES.commandApModeTimeoutRange],
    ['setWifiTimeout', 'minutes', 10, 60, MESSAGES.commandWifiTimeoutRange],
    ['setRetryCount', 'count', 2, 5, MESSAGES.commandRetryCountRange],
    ['setWakeUpInterval', 'hours', 1, 24, MESSAGES.commandWakeUpIntervalRange],
  ])('%s takes %s from %i to %i, whole numbers only', (command, field, min, max, message) => {
    expect(firstError({ command, parameters: { [field]: min } })).toBeUndefined();
    expect(firstError({ command, parameters: { [field]: max } })).toBeUndefined();
    expect(firstError({ command, parameters: { [field]: min - 1 } })).toBe(message);
    expect(firstError({ command, parameters: { [field]: max + 1 } })).toBe(message);
    expect(firstError({ command, parameters: { [field]: min + 0.5 } })).toBe(message);
    expect(firstError({ command, parameters: { [field]: String(min) } })).toBe(message);
    expect(firstError({ command, parameters: {} })).toBe(message);
  });

  it('requires the SSID and the key, and the file name of a firmware update', () => {
    expect(firstError({ command: 'setWifi', parameters: { ssid: ' ', key: 'secret-key' } })).toBe(MESSAGES.commandSsidRequired);
    expect(firstError({ command: 'setWifi', parameters: { ssid: 'Kitchen' } })).toBe(MESSAGES.commandKeyRequired);
    expect(firstError({ command: 'setWifi', parameters: { ssid: 'Kitchen', key: 'secret-key' } })).toBeUndefined();
    expect(firstError({ command: 'firmwareUpdate', parameters: { fileName: '' } })).toBe(MESSAGES.commandFileNameRequired);
    expect(firstError({ command: 'firmwareUpdate', parameters: { fileName: 'ct-100-v2.bin' } })).toBeUndefined();
  });

  it('refuses a log range whose end is before its start, and accepts equal times', () => {
    const start = '2025-03-01T10:00:00Z';
    expect(firstError({ command: 'uploadLogs', parameters: { start, end: '2025-03-01T09:59:59Z' } })).toBe(MESSAGES.commandEndBeforeStart);
    expect(firstError({ command: 'uploadLogs', parameters: { start, end: start } })).toBeUndefined();
    expect(firstError({ command: 'uploadLogs', parameters: { end: start } })).toBe(MESSAGES.commandStartRequired);
    expect(firstError({ command: 'uploadLogs', parameters: { start, end: 'yesterday' } })).toBe(MESSAGES.commandTimeInvalid);
    // Times are compared as instants, whatever their zone.
    expect(firstError({ command: 'uploadLogs', parameters: { start: '2025-03-01T10:00:00+02:00', end: '2025-03-01T09:00:00Z' } })).toBeUndefined();
  });

  it('takes commands without parameters with or without an empty object, and refuses an unknown command', () => {
    expect(deviceCommandInputSchema.parse({ command: 'reboot' })).toEqual({ command: 'reboot', parameters: {} });
    expect(deviceCommandInputSchema.parse({ command: 'ping', parameters: {} })).toEqual({ command: 'ping', parameters: {} });
    expect(firstError({ command: 'selfDestruct' })).toBe(MESSAGES.commandUnknown);
    expect(firstError({})).toBe(MESSAGES.commandUnknown);
  });
});

describe('which devices a command applies to', () => {
  it('gives sensors their settings, Wi-Fi settings only to Wi-Fi sensors, and gateways the troubleshooting commands', () => {
    expect(commandsFor('sensor', 'wifi')).toEqual(expect.arrayContaining(['setWifi', 'setApModeTimeout', 'setWifiTimeout', 'setPriority', 'reboot']));
    expect(commandsFor('sensor', 'subGhz')).not.toContain('setWifi');
    expect(commandsFor('sensor', 'subGhz')).toContain('setWakeUpInterval');
    expect(commandsFor('gateway')).toEqual(expect.arrayContaining(['ping', 'reboot', 'restartRadio', 'uploadLogs', 'resetNetwork']));
    expect(commandsFor('gateway')).not.toContain('setPriority');
    expect(commandsFor('sensor', 'wifi')).not.toContain('ping');
  });
});

describe('command records', () => {
  it('never keeps the Wi-Fi key', () => {
    expect(redactedParameters('setWifi', { ssid: 'Kitchen', key: 'secret-key' })).toEqual({ ssid: 'Kitchen', key: REDACTED });
    expect(redactedParameters('setPriority', { priority: 3 })).toEqual({ priority: 3 });
  });

  it('reads a sent command without an answer as expired after the expiry time, and nothing else', () => {
    const sentAt = '2025-03-01T10:00:00.000Z';
    const justBefore = new Date(Date.parse(sentAt) + COMMAND_EXPIRY_HOURS * 3600_000 - 1);
    const atExpiry = new Date(Date.parse(sentAt) + COMMAND_EXPIRY_HOURS * 3600_000);
    expect(effectiveCommandStatus({ status: 'sent', sentAt }, justBefore)).toBe('sent');
    expect(effectiveCommandStatus({ status: 'sent', sentAt }, atExpiry)).toBe('expired');
    expect(effectiveCommandStatus({ status: 'executed', sentAt }, atExpiry)).toBe('executed');
    expect(effectiveCommandStatus({ status: 'pending', sentAt: undefined }, atExpiry)).toBe('pending');
  });

  it('gets ids that sort by creation time', () => {
    const earlier = newCommandId(new Date('2025-03-01T10:00:00.000Z'), new Uint8Array(10).fill(255));
    const later = newCommandId(new Date('2025-03-01T10:00:00.001Z'), new Uint8Array(10).fill(0));
    expect(earlier).toMatch(COMMAND_ID_PATTERN);
    expect(later).toMatch(COMMAND_ID_PATTERN);
    expect(earlier < later).toBe(true);
    expect(newCommandId(new Date())).not.toBe(newCommandId(new Date()));
  });
});

describe('acknowledgements', () => {
  it('takes executed or failed with a text or JSON response, and normalises times and relayed ids', () => {
    expect(commandAcknowledgementSchema.parse({ commandId: 'C1', status: 'executed', response: 'OK', executedAt: 1740823200000, targetDeviceId: 'ab12cd34' }))
      .toEqual({ commandId: 'C1', status: 'executed', response: 'OK', executedAt: '2025-03-01T10:00:00.000Z', targetDeviceId: 'AB12CD34' });
    expect(commandAcknowledgementSchema.safeParse({ commandId: 'C1', status: 'done' }).success).toBe(false);
    expect(commandAcknowledgementSchema.safeParse({ status: 'executed' }).success).toBe(false);
    expect(commandAcknowledgementSchema.safeParse({ commandId: 'C1', status: 'failed', response: { code: 7 } }).success).toBe(true);
  });
});

describe('where a command goes', () => {
  it('to a gateway or a Wi-Fi sensor directly, to a radio sensor through its gateway', () => {
    expect(commandDestination('org-1', { kind: 'gateway', id: '0011223344556677' }))
      .toEqual({ topic: 'coldchain/org-1/0011223344556677/commands' });
    expect(commandDestination('org-1', { kind: 'sensor', id: 'A1B2C3D4E5F6', connectionType: 'wifi', gatewayId: '0011223344556677' }))
      .toEqual({ topic: 'coldchain/org-1/A1B2C3D4E5F6/commands' });
    expect(commandDestination('org-1', { kind: 'sensor', id: 'A1B2C3D4', connectionType: 'subGhz', gatewayId: '0011223344556677' }))
      .toEqual({ topic: 'coldchain/org-1/0011223344556677/commands', targetDeviceId: 'A1B2C3D4', relayedBy: '0011223344556677' });
    expect(commandDestination('org-1', { kind: 'sensor', id: 'A1B2C3D4', connectionType: 'loraWan' })).toBeUndefined();
  });
});
