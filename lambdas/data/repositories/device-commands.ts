import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import {
  COMMAND_RETENTION_DAYS,
  deviceCommandSchema,
  effectiveCommandStatus,
  newCommandId,
  redactedParameters,
  type CommandAcknowledgement,
  type DeviceCommand,
  type DeviceCommandInput,
  type DeviceKind,
} from '@domain/devices/device-commands';
import {
  createPut,
  deviceCommandAuditPut,
  deviceCommand,
  deviceCommandKey,
  entityOn,
  deviceCommandPartition,
  deviceCommandPut,
  deviceCommandsNewestFirst,
  gateway,
  plainPut,
  queryPage,
  runTransaction,
  sensor,
  storedItem,
  type CommandDeviceType,
  type PageRequest,
  ENTITY,
} from '..';
import type { Caller } from '../../shared/caller';

/** A device a command is for or from: which kind, and its id (normalised). */
export interface DeviceRef {
  kind: DeviceKind;
  id: string;
}

/** What the command routes read of a device's configuration item. */
export interface DevicePlacement {
  id: string;
  siteId?: string;
  connectionType?: string;
  gatewayId?: string;
}

const ENTITY_OF: Record<DeviceKind, CommandDeviceType> = { sensor: ENTITY.sensor, gateway: ENTITY.gateway };

const DAY_SECONDS = 24 * 60 * 60;

/**
 * Device commands on the single table (docs/data-model.md "Devices and telemetry"): one item
 * per command under the device's own partition (`C#<cid>#SENSOR#<id>`, sort key
 * `COMMAND#<id>`, ids sorting by time), kept COMMAND_RETENTION_DAYS (TTL). A command is
 * written `pending` with its audit entry (in the device's history) in one transaction; its
 * status then only moves forward, each step conditioned on the one before, so a late or
 * repeated answer never overwrites a newer state.
 */
export class DeviceCommandStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  partition(customerId: string, device: DeviceRef): string {
    return deviceCommandPartition(customerId, ENTITY_OF[device.kind], device.id);
  }

  private key(customerId: string, device: DeviceRef, commandId: string) {
    return deviceCommandKey(this.tableName, customerId, ENTITY_OF[device.kind], device.id, commandId).Key;
  }

  /** The device's configuration item, as far as commands need it; undefined when it does not exist. */
  async findDevice(customerId: string, device: DeviceRef): Promise<DevicePlacement | undefined> {
    const key = { customerId, id: device.id };
    // The whole item (a projection costs the same read unit), three fields of it decoded.
    const options = { data: 'raw', consistent: true } as const;
    const { data } = device.kind === 'sensor'
      ? await entityOn(sensor, this.client, this.tableName).get(key).go(options)
      : await entityOn(gateway, this.client, this.tableName).get(key).go(options);
    const item = storedItem(data);
    if (item === undefined) return undefined;
    const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
    return {
      id: device.id,
      ...(text(item['siteId']) ? { siteId: text(item['siteId']) } : {}),
      ...(text(item['connectionType']) ? { connectionType: text(item['connectionType']) } : {}),
      ...(text(item['gatewayId']) ? { gatewayId: text(item['gatewayId']) } : {}),
    };
  }

  /** A device's commands, newest first, one page; statuses as a user sees them (expired ones read so). */
  async list(customerId: string, device: DeviceRef, page: PageRequest): Promise<{ items: DeviceCommand[]; nextCursor?: string }> {
    const now = this.clock();
    return queryPage(this.client, deviceCommandsNewestFirst(this.tableName, customerId, ENTITY_OF[device.kind], device.id), page, (item) => this.view(item, now));
  }

  async find(customerId: string, device: DeviceRef, commandId: string): Promise<DeviceCommand | undefined> {
    const { data } = await entityOn(deviceCommand, this.client, this.tableName)
      .get({ customerId, deviceType: ENTITY_OF[device.kind], deviceId: device.id, id: commandId }).go({ data: 'raw', consistent: true });
    const item = storedItem(data);
    return item ? this.view(item, this.clock()) : undefined;
  }

  /**
   * Stores a new command, `pending`, with its audit entry; secret parameters are not kept
   * (the caller publishes the command with them).
   */
  async create(caller: Caller, customerId: string, device: DeviceRef, input: DeviceCommandInput, relayedBy?: string): Promise<DeviceCommand> {
    const now = this.clock();
    const command: DeviceCommand = {
      id: newCommandId(now),
      deviceKind: device.kind,
      deviceId: device.id,
      command: input.command,
      parameters: redactedParameters(input.command, input.parameters),
      status: 'pending',
      ...(relayedBy ? { relayedBy } : {}),
      requestedBy: caller.email,
      createdAt: now.toISOString(),
    };
    const ttl = Math.floor(now.getTime() / 1000) + COMMAND_RETENTION_DAYS * DAY_SECONDS;
    // The entry is the command's, filed in the device's history so its History tab lists it.
    const audit = deviceCommandAuditPut(this.tableName, {
      customerId, caller, entityType: ENTITY.deviceCommand, entityId: command.id, action: 'create', before: undefined, after: { ...command }, now,
    }, { type: ENTITY_OF[device.kind], id: device.id });
    await runTransaction(this.client, [
      createPut(deviceCommandPut(this.tableName, customerId, ENTITY_OF[device.kind], command, ttl)),
      plainPut(audit),
    ]);
    return command;
  }

  /** Published: `sent`. When the device answered first, its answer stands. */
  async markSent(customerId: string, device: DeviceRef, commandId: string): Promise<DeviceCommand | undefined> {
    return this.advance(customerId, device, commandId, ['pending'], { status: 'sent', sentAt: this.clock().toISOString() });
  }

  /** Could not be published: `failed`, with why in the response. */
  async markFailed(customerId: string, device: DeviceRef, commandId: string, reason: string): Promise<DeviceCommand | undefined> {
    return this.advance(customerId, device, commandId, ['pending'], { status: 'failed', response: reason });
  }

  /**
   * The device's answer: executed or failed, its response and time. Only a command still
   * waiting (pending or sent) takes it, and only from the device it went to: `relayedBy`
   * names the gateway that relays it, or must be absent for the device's own answer.
   * Undefined when the command took no answer.
   */
  async acknowledge(
    customerId: string,
    device: DeviceRef,
    ack: CommandAcknowledgement,
    from: { relayedBy?: string },
  ): Promise<DeviceCommand | undefined> {
    return this.advance(customerId, device, ack.commandId, ['pending', 'sent'], {
      status: ack.status,
      executedAt: ack.executedAt ?? this.clock().toISOString(),
      ...(ack.response === undefined ? {} : { response: ack.response }),
    }, from);
  }

  /** Moves a command forward, on the condition that it is in one of `from` states (and relayed as said). */
  private async advance(
    customerId: string,
    device: DeviceRef,
    commandId: string,
    from: readonly DeviceCommand['status'][],
    changes: Partial<DeviceCommand>,
    relay?: { relayedBy?: string },
  ): Promise<DeviceCommand | undefined> {
    const entries = Object.entries(changes);
    const names: Record<string, string> = { '#status': 'status' };
    const values: Record<string, unknown> = {};
    from.forEach((state, index) => { values[`:from${index}`] = state; });
    const sets = entries.map(([field, value], index) => {
      names[`#f${index}`] = field;
      values[`:v${index}`] = value;
      return `#f${index} = :v${index}`;
    });
    let condition = `#status IN (${from.map((_state, index) => `:from${index}`).join(', ')})`;
    if (relay !== undefined) {
      names['#relayedBy'] = 'relayedBy';
      if (relay.relayedBy === undefined) {
        condition += ' AND attribute_not_exists(#relayedBy)';
      } else {
        condition += ' AND #relayedBy = :relayedBy';
        values[':relayedBy'] = relay.relayedBy;
      }
    }
    try {
      const result = await this.client.send(new UpdateCommand({
        TableName: this.tableName,
        Key: this.key(customerId, device, commandId),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: `attribute_exists(pk) AND ${condition}`,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }));
      return result.Attributes ? this.view(result.Attributes, this.clock()) : undefined;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return undefined;
      throw error;
    }
  }

  /** A stored item as the API gives it: the command's own fields, its status as read now. */
  private view(item: Record<string, unknown>, now: Date): DeviceCommand {
    const command = deviceCommandSchema.parse(item);
    return { ...command, status: effectiveCommandStatus(command, now) };
  }
}
