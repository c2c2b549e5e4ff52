import { z } from 'zod';

/**
 * How a simulated device answers the portal's commands (domain/devices/device-commands.ts; the
 * message on `.../commands`, the answer on `.../commands/ack`). Settings are acknowledged
 * with what was set; a firmware update needs a file the device's vendor would publish
 * (`<name>-<major>.<minor>.<patch>.bin`), anything else fails, so the failed path can be
 * shown; a Wi-Fi key is never echoed.
 */

/** The command message as the portal publishes it; extra fields are ignored, as a device would. */
export const simulatedCommandSchema = z.object({
  commandId: z.string().min(1).max(64),
  command: z.string().min(1).max(64),
  parameters: z.record(z.string(), z.unknown()).optional().default({}),
  issuedAt: z.string().optional(),
  targetDeviceId: z.string().min(1).max(64).optional(),
});
export type SimulatedCommand = z.infer<typeof simulatedCommandSchema>;

/** What the device knows about itself when it answers. */
export interface DeviceSelf {
  kind: 'sensor' | 'gateway';
  firmware: string;
  uptimeSeconds: number;
  battery?: number;
  signal?: number;
  snr?: number;
}

export interface CommandOutcome {
  status: 'executed' | 'failed';
  response: string | Record<string, unknown>;
  /** The firmware the device runs afterwards, when the command changed it. */
  firmware?: string;
  /** The command restarted the device. */
  restarted?: boolean;
}

/** A firmware file the simulated devices accept: the version is in its name. */
export const FIRMWARE_FILE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]*-(\d+\.\d+\.\d+)\.bin$/;

const text = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

export function answerCommand(command: SimulatedCommand, self: DeviceSelf): CommandOutcome {
  const parameters = command.parameters;
  const set = (what: string, value: unknown, unit = '') => ({ status: 'executed' as const, response: `${what} set to ${text(value)}${unit}` });
  switch (command.command) {
    case 'setPriority': return set('Priority', parameters['priority']);
    case 'setAlarmIndex': return set('Alarm index', parameters['index']);
    case 'setAlarmDelay': return set('Alarm delay', parameters['delayMinutes'], ' min');
    case 'setSnooze': return set('Snooze', parameters['snoozeMinutes'], ' min');
    case 'setApModeTimeout': return set('AP mode timeout', parameters['minutes'], ' min');
    case 'setWifiTimeout': return set('Wi-Fi timeout', parameters['minutes'], ' min');
    case 'setRetryCount': return set('Retry count', parameters['count']);
    case 'setWakeUpInterval': return set('Wake-up interval', parameters['hours'], ' h');
    case 'setWifi': return { status: 'executed', response: `Joined Wi-Fi network "${text(parameters['ssid'])}"` };
    case 'firmwareUpdate': {
      const fileName = text(parameters['fileName']);
      const version = FIRMWARE_FILE_PATTERN.exec(fileName)?.[1];
      if (version === undefined) return { status: 'failed', response: `Firmware file "${fileName}" not found` };
      return { status: 'executed', response: `Firmware updated from ${self.firmware} to ${version}; restarted`, firmware: version, restarted: true };
    }
    case 'reboot': return { status: 'executed', response: `Restarted after ${self.uptimeSeconds} s up`, restarted: true };
    case 'requestStatus': return {
      status: 'executed',
      response: Object.fromEntries(Object.entries({
        firmware: self.firmware, uptimeSeconds: self.uptimeSeconds, battery: self.battery, signal: self.signal, snr: self.snr,
      }).filter(([, value]) => value !== undefined)),
    };
    case 'ping': return { status: 'executed', response: 'Pong' };
    case 'restartRadio': return { status: 'executed', response: 'Radio restarted; sensors rejoining' };
    case 'resetNetwork': return { status: 'executed', response: 'Network settings reset; reconnected' };
    case 'uploadLogs': return { status: 'executed', response: `Logs from ${text(parameters['start'])} to ${text(parameters['end'])} uploaded` };
    default: return { status: 'failed', response: `Unknown command "${command.command}"` };
  }
}
