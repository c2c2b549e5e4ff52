import { normaliseDeviceId } from '@domain/devices/device-catalogue';
import { DEVICE_RECORD_OWNERS } from '@domain/devices/device-records';
import {
  appliesTo,
  commandDestination,
  type DeviceCommand,
  type DeviceCommandInput,
  type DeviceCommandMessage,
  type DeviceKind,
} from '@domain/devices/device-commands';
import { conflict, notFound, validationError } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import { assertSensorAccess, assertSiteAccess } from '../data/access';
import { iotDataClient } from '../shared/clients/iot-data';
import { dynamoDocumentClient } from '../data/client';
import { backendConfig } from '../shared/config';
import { pathParameter, requireCaller, targetCustomerId, type ActionRequest, type ActionResult } from '../shared/http';
import { describeError } from '../shared/observability';
import { pageRequestFrom } from '../shared/pagination';
import { IotCommandPublisher, type CommandPublisher } from './publisher';
import { DeviceCommandStore, type DevicePlacement } from '../data/repositories/device-commands';
import type { Caller } from '../shared/caller';
import { defineRoutes, route, type ResourceRoute } from '../shared/routing';
import { DEVICE_COMMAND_ROUTES } from '@domain/api/device-commands';

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

async function list(request: ActionRequest, kind: DeviceKind): Promise<ActionResult> {
  const { customerId, device } = await reachableDevice(request, kind);
  const store = commands();
  const ref = { kind, id: device.id };
  const page = pageRequestFrom(request.query, { attribute: 'pk', value: store.partition(customerId, ref) });
  const result = await store.list(customerId, ref, page);
  return { statusCode: 200, body: { items: result.items, ...(result.nextCursor ? { nextCursor: result.nextCursor } : {}) } };
}

/**
 * Stores the command, publishes it to the device (or to the gateway that relays it) through
 * the IoT data plane, and answers the command as it then stands: `sent`, `failed` when it
 * could not be published, or already answered when the device was quicker than this call.
 */
async function send(request: ActionRequest, caller: Caller, input: DeviceCommandInput, kind: DeviceKind): Promise<ActionResult> {
  const { customerId, device } = await reachableDevice(request, kind);
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
}

/**
 * Device commands (SPEC sections 3 and 5; issue 5 section 3): sent to the device over MQTT
 * through the IoT data plane; the device's acknowledgement sets the status (docs/devices.md).
 */
export const deviceCommandRoutes = defineRoutes('deviceCommands', DEVICE_RECORD_OWNERS.flatMap((owner): ResourceRoute[] => {
  const kind: DeviceKind = owner === 'sensors' ? 'sensor' : 'gateway';
  return [
    route(DEVICE_COMMAND_ROUTES[owner].list, {
      action: ({ request }) => list(request, kind),
    }),
    route(DEVICE_COMMAND_ROUTES[owner].send, {
      action: ({ caller, body, request }) => send(request, caller, body, kind),
    }),
  ];
}));
