import { normaliseDeviceId } from '@domain/devices/device-catalogue';
import {
  appliesTo,
  commandDestination,
  deviceCommandInputSchema,
  type DeviceCommand,
  type DeviceCommandMessage,
  type DeviceKind,
} from '@domain/devices/device-commands';
import { conflict, notFound, validationError } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import { API_PREFIX } from '../routes';
import { assertSensorAccess, assertSiteAccess } from '../shared/access';
import { dynamoDocumentClient, iotDataClient } from '../shared/clients';
import { backendConfig } from '../shared/config';
import {
  bodyOf,
  createResourceHandler,
  pathParameter,
  requireCaller,
  targetCustomerId,
  type Action,
  type ActionRequest,
  type ResourceActions,
} from '../shared/http';
import { describeError } from '../shared/observability';
import { pageRequestFrom } from '../shared/pagination';
import { IotCommandPublisher, type CommandPublisher } from './publisher';
import { DeviceCommandStore, type DevicePlacement } from './store';

const commands = () => new DeviceCommandStore(dynamoDocumentClient(), backendConfig().tableName);
const publisher = (): CommandPublisher => new IotCommandPublisher(iotDataClient());

const NOT_FOUND: Record<DeviceKind, string> = { sensor: MESSAGES.sensorNotFound, gateway: MESSAGES.gatewayNotFound };

/**
 * The device of the path, when it exists and the caller reaches it through the access layer
 * (a sensor by its site and a security group's sensor list, a gateway by its site); any other
 * answers 404, as a missing one does.
 */
async function reachableDevice(request: ActionRequest, kind: DeviceKind): Promise<{ customerId: string; device: DevicePlacement }> {
  const caller = requireCaller(request);
  const customerId = targetCustomerId(request);
  const id = normaliseDeviceId(pathParameter(request, 'id'));
  const device = await commands().findDevice(customerId, { kind, id });
  const notFoundMessage = NOT_FOUND[kind];
  if (device === undefined) throw notFound(notFoundMessage);
  if (kind === 'sensor') {
    await assertSensorAccess(caller, customerId, { sensorId: id, siteId: device.siteId }, { notFoundMessage });
  } else {
    if (device.siteId === undefined) throw notFound(notFoundMessage);
    await assertSiteAccess(caller, customerId, device.siteId, { notFoundMessage });
  }
  return { customerId, device };
}

const list = (kind: DeviceKind): Action => async (request) => {
  const { customerId, device } = await reachableDevice(request, kind);
  const store = commands();
  const ref = { kind, id: device.id };
  const page = pageRequestFrom(request.query, { attribute: 'pk', value: store.partition(customerId, ref) });
  const result = await store.list(customerId, ref, page);
  return { statusCode: 200, body: { items: result.items, ...(result.nextCursor ? { nextCursor: result.nextCursor } : {}) } };
};

/**
 * Stores the command, publishes it to the device (or to the gateway that relays it) through
 * the IoT data plane, and answers the command as it then stands: `sent`, `failed` when it
 * could not be published, or already answered when the device was quicker than this call.
 */
const send = (kind: DeviceKind): Action => async (request) => {
  const caller = requireCaller(request);
  const { customerId, device } = await reachableDevice(request, kind);
  const input = bodyOf(request, deviceCommandInputSchema);
  if (!appliesTo(input.command, kind, device.connectionType)) throw validationError(MESSAGES.commandNotForDevice);
  const destination = commandDestination(customerId, { kind, ...device });
  if (destination === undefined) throw conflict(MESSAGES.commandNotSent);

  const store = commands();
  const ref = { kind, id: device.id };
  const stored = await store.create(caller, customerId, ref, input, destination.relayedBy);
  // The device gets the parameters as given (the Wi-Fi key too); the record keeps them redacted.
  const message: DeviceCommandMessage = {
    commandId: stored.id,
    command: input.command,
    parameters: input.parameters,
    issuedAt: stored.createdAt,
    ...(destination.targetDeviceId ? { targetDeviceId: destination.targetDeviceId } : {}),
  };
  let published = true;
  try {
    await publisher().publish(destination.topic, message);
  } catch (error) {
    published = false;
    request.logger.error('device command not published', { commandId: stored.id, deviceId: device.id, ...describeError(error) });
  }
  const result: DeviceCommand | undefined = published
    ? await store.markSent(customerId, ref, stored.id)
    : await store.markFailed(customerId, ref, stored.id, MESSAGES.commandNotSent);
  return { statusCode: 201, body: result ?? (await store.find(customerId, ref, stored.id)) ?? stored };
};

/** Device commands (SPEC sections 3 and 5; issue 5 section 3): a sensor's or a gateway's, listed and sent. */
export const deviceCommandActions: ResourceActions = {
  [`GET ${API_PREFIX}/sensors/{id}/commands`]: list('sensor'),
  [`POST ${API_PREFIX}/sensors/{id}/commands`]: send('sensor'),
  [`GET ${API_PREFIX}/gateways/{id}/commands`]: list('gateway'),
  [`POST ${API_PREFIX}/gateways/{id}/commands`]: send('gateway'),
};

export const handler = createResourceHandler('deviceCommands', deviceCommandActions);
