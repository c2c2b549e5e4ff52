import useSWR, { type SWRResponse } from 'swr';
import type { DeviceCommand, DeviceCommandInput } from '@domain/devices/device-commands';
import type { DeviceRecordOwner } from '@domain/devices/device-records';
import { DEVICE_COMMAND_ROUTES } from '@domain/api/device-commands';
import { call } from './client';
import type { ApiError } from './ApiError';

export const deviceCommandsKey = (kind: DeviceRecordOwner, id: string) => ['device-commands', kind, id] as const;

/** Whether a command still waits for the device's acknowledgement. */
export function isAwaitingDevice(command: Pick<DeviceCommand, 'status'>): boolean {
  return command.status === 'pending' || command.status === 'sent';
}

/** While a command is pending or sent, the list is asked again every 5 s for the device's answer. */
export const COMMAND_POLL_MS = 5_000;

/** A device's commands, newest first (the first page: the latest 50). */
export function useDeviceCommands(kind: DeviceRecordOwner, id: string): SWRResponse<DeviceCommand[], ApiError> {
  return useSWR<DeviceCommand[], ApiError, readonly [string, DeviceRecordOwner, string]>(
    deviceCommandsKey(kind, id),
    async () => (await call(DEVICE_COMMAND_ROUTES[kind].list, { params: { id }, query: { limit: '50' } })).items,
    { refreshInterval: (commands) => (commands?.some(isAwaitingDevice) ? COMMAND_POLL_MS : 0) },
  );
}

/** Sends a command of the catalogue to the device (over MQTT, by the API); answers the stored command. */
export function sendDeviceCommand(kind: DeviceRecordOwner, id: string, input: DeviceCommandInput): Promise<DeviceCommand> {
  return call(DEVICE_COMMAND_ROUTES[kind].send, { params: { id }, body: input });
}
