import type { Context } from 'aws-lambda';
import { commandAcknowledgementSchema, type DeviceCommand } from '@domain/devices/device-commands';
import { DEVICE_CLOCK_SKEW_MS, deviceMessageEventSchema, MAX_DEVICE_PAYLOAD_DEPTH, nestsDeeperThan } from '@domain/telemetry/telemetry';
import { dynamoDocumentClient } from '../data/client';
import { backendConfig } from '../shared/config';
import { invocationLogger, observedHandler, type Logger } from '../shared/observability';
import { DeviceCommandStore, type DeviceRef } from '../data/repositories/device-commands';

export interface AcknowledgementDependencies {
  store: DeviceCommandStore;
  logger: Logger;
}

const defaultDependencies = (context?: Context): AcknowledgementDependencies => ({
  store: new DeviceCommandStore(dynamoDocumentClient(), backendConfig().tableName),
  logger: invocationLogger(context, { handler: 'commandAcknowledgements' }),
});

/** What became of one acknowledgement (for the log line and the tests). */
export type AcknowledgementOutcome = 'recorded' | 'invalid' | 'unknownCommand' | 'alreadyAnswered';

/** A payload the local subscriber could not read as JSON arrives as its text; a device may send JSON as text. */
function jsonOf(payload: unknown): unknown {
  if (typeof payload !== 'string') return payload;
  try {
    return JSON.parse(payload) as unknown;
  } catch {
    return payload;
  }
}

/**
 * A device's answer to a command (`coldchain/<cid>/<deviceId>/commands/ack`), delivered by
 * the `device_command_acks` IoT rule (lambdas/iot-rules.ts) as a DeviceMessageEvent; locally
 * the rule subscriber calls it with the same event.
 *
 * The command is looked up under the device that published (the topic's device id, which
 * its policy makes trustworthy): its own command, or, when the answer names a
 * `targetDeviceId`, a command it relays to that sensor. The answer is recorded only on a
 * command still waiting, so a repeated or late answer changes nothing. Bad input (not an
 * answer, a command unknown to this device, another device's command) is logged and
 * ignored, never thrown: a retry would not make it better. Only a failure to reach the
 * table throws, so the invocation is retried.
 */
export async function acknowledgeCommand(
  event: unknown,
  dependencies: AcknowledgementDependencies = defaultDependencies(),
): Promise<AcknowledgementOutcome> {
  const { store, logger } = dependencies;
  const parsedEvent = deviceMessageEventSchema.safeParse(event);
  if (!parsedEvent.success || parsedEvent.data.kind !== 'commands/ack') {
    logger.warn('command acknowledgement ignored: not a commands/ack event', { reason: parsedEvent.error?.issues[0]?.message ?? 'kind' });
    return 'invalid';
  }
  const { customerId, sourceDeviceId } = parsedEvent.data;
  const log = logger.createChild({ persistentKeys: { tenant: customerId, sourceDeviceId } });
  const payload = jsonOf(parsedEvent.data.payload);
  // Before anything walks it (the schema, the store's marshalling of `response`): never deeper than a device may nest.
  if (nestsDeeperThan(payload, MAX_DEVICE_PAYLOAD_DEPTH)) {
    log.warn('command acknowledgement ignored: invalid payload', { reason: `payload nests deeper than ${MAX_DEVICE_PAYLOAD_DEPTH} levels` });
    return 'invalid';
  }
  const parsedAck = commandAcknowledgementSchema.safeParse(payload);
  if (!parsedAck.success) {
    const issue = parsedAck.error.issues[0];
    log.warn('command acknowledgement ignored: invalid payload', { reason: `${issue?.path.join('.') ?? ''}: ${issue?.message ?? ''}` });
    return 'invalid';
  }
  const ack = parsedAck.data;
  // As for readings: a time far ahead of the broker's receive time is a broken clock, not a fact to record.
  if (ack.executedAt !== undefined && Date.parse(ack.executedAt) > parsedEvent.data.receivedAt + DEVICE_CLOCK_SKEW_MS) {
    log.warn('command acknowledgement ignored: invalid payload', { reason: `executedAt: ${ack.executedAt} is in the future` });
    return 'invalid';
  }

  // Where the command can be: relayed to a sensor by this gateway, or this device's own (a sensor's or a gateway's).
  const relayed = ack.targetDeviceId !== undefined && ack.targetDeviceId !== sourceDeviceId;
  const candidates: DeviceRef[] = relayed
    ? [{ kind: 'sensor', id: ack.targetDeviceId ?? '' }]
    : [{ kind: 'sensor', id: sourceDeviceId }, { kind: 'gateway', id: sourceDeviceId }];
  const found = await Promise.all(candidates.map(async (device) => ({ device, command: await store.find(customerId, device, ack.commandId) })));
  const match = found.find(({ command }) => command !== undefined && fromItsDevice(command, sourceDeviceId, relayed));
  if (match === undefined) {
    log.warn('command acknowledgement ignored: no such command of this device', { commandId: ack.commandId, targetDeviceId: ack.targetDeviceId });
    return 'unknownCommand';
  }
  const updated = await store.acknowledge(customerId, match.device, ack, relayed ? { relayedBy: sourceDeviceId } : {});
  if (updated === undefined) {
    log.info('command acknowledgement ignored: the command was already answered', { commandId: ack.commandId });
    return 'alreadyAnswered';
  }
  log.info('command acknowledged', { commandId: ack.commandId, status: updated.status });
  return 'recorded';
}

/** A command answers only to the device it went to: the gateway relaying it, or the device itself. */
function fromItsDevice(command: DeviceCommand, sourceDeviceId: string, relayed: boolean): boolean {
  return relayed ? command.relayedBy === sourceDeviceId : command.relayedBy === undefined;
}

/** The Lambda the IoT rule invokes with the rule's JSON object. */
export const handler = observedHandler('commandAcknowledgements', async (event: unknown, context): Promise<void> => {
  await acknowledgeCommand(event, defaultDependencies(context));
});
