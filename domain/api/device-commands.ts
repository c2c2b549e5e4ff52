import { deviceCommandInputSchema, deviceCommandSchema } from '../devices/device-commands';
import type { DeviceRecordOwner } from '../devices/device-records';
import { ORGANISATION_READERS, ORGANISATION_WRITERS } from '../identity/roles';
import { contract } from './contract';

/** The commands of one kind of device (sensors or gateways): the same contracts under its own paths. */
function deviceCommandContracts<const Owner extends DeviceRecordOwner>(owner: Owner) {
  const kind = owner === 'sensors' ? 'sensor' : 'gateway';
  return {
    list: contract({
      method: 'GET', path: `/${owner}/{id}/commands` as const, roles: ORGANISATION_READERS, summary: `A ${kind}'s commands, newest first: status, response, sent and executed times`, response: deviceCommandSchema, paginated: true,
    }),
    send: contract({
      method: 'POST', path: `/${owner}/{id}/commands` as const, roles: ORGANISATION_WRITERS, summary: `Send a ${kind} a command of the catalogue (published on its MQTT commands topic; a radio sensor's through its gateway)`, body: deviceCommandInputSchema, response: deviceCommandSchema,
    }),
  };
}

/** The contracts of lambdas/device-commands/routes.ts, by kind of device (docs/adding-a-route.md). */
export const DEVICE_COMMAND_ROUTES = {
  sensors: deviceCommandContracts('sensors'),
  gateways: deviceCommandContracts('gateways'),
} as const;
