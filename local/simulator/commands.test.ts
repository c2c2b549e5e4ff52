import { describe, expect, it } from 'vitest';
import { DEVICE_COMMAND_NAMES } from '@domain/devices/device-commands';
import { answerCommand, FIRMWARE_FILE_PATTERN } from './commands';

const self = { kind: 'gateway' as const, firmware: '2.4.1', uptimeSeconds: 3600, signal: -70 };
const command = (name: string, parameters: Record<string, unknown> = {}) => ({ commandId: 'C1', command: name, parameters });

describe('answerCommand', () => {
  it('carries out every command of the portal catalogue', () => {
    for (const name of DEVICE_COMMAND_NAMES) {
      const parameters = name === 'firmwareUpdate' ? { fileName: 'ct-100-1.9.0.bin' } : {};
      expect(answerCommand(command(name, parameters), self).status, name).toBe('executed');
    }
  });

  it('says what a setting was set to, and never echoes a Wi-Fi key', () => {
    expect(answerCommand(command('setWakeUpInterval', { hours: 6 }), self).response).toBe('Wake-up interval set to 6 h');
    const wifi = answerCommand(command('setWifi', { ssid: 'Kitchen', key: 'secret-passphrase' }), self);
    expect(JSON.stringify(wifi)).not.toContain('secret-passphrase');
    expect(wifi.response).toBe('Joined Wi-Fi network "Kitchen"');
  });

  it('updates firmware only from a versioned .bin file', () => {
    expect(FIRMWARE_FILE_PATTERN.test('gw-sg1-2.5.0.bin')).toBe(true);
    expect(answerCommand(command('firmwareUpdate', { fileName: 'gw-sg1-2.5.0.bin' }), self)).toMatchObject({ status: 'executed', firmware: '2.5.0', restarted: true });
    for (const fileName of ['gw-sg1.bin', 'update.exe', '../gw-sg1-2.5.0.bin', '']) {
      expect(answerCommand(command('firmwareUpdate', { fileName }), self), fileName).toMatchObject({ status: 'failed', response: `Firmware file "${fileName}" not found` });
    }
  });

  it('answers a status request with what the device knows, and refuses what it does not know', () => {
    expect(answerCommand(command('requestStatus'), self).response).toEqual({ firmware: '2.4.1', uptimeSeconds: 3600, signal: -70 });
    expect(answerCommand(command('formatDisk'), self)).toEqual({ status: 'failed', response: 'Unknown command "formatDisk"' });
  });
});
