import { ConditionalCheckFailedException, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { recordingLogger } from '../shared/observability.test-support';
import { acknowledgeCommand } from './acknowledgement-handler';
import { DeviceCommandStore } from '../data/repositories/device-commands';

const dynamo = mockClient(DynamoDBDocumentClient);
const { logger, lines } = recordingLogger('DEBUG');
const dependencies = {
  store: new DeviceCommandStore(DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'local' })), 'table', () => new Date('2026-03-01T10:05:00Z')),
  logger,
};

const GATEWAY = '0011223344556677';
const SENSOR = 'A1B2C3D4';
const COMMAND_ID = '01JNJ5S1E0ABCDEFGHJKMNPQRS';
const command = (fields: Record<string, unknown> = {}) => ({
  id: COMMAND_ID, deviceKind: 'gateway', deviceId: GATEWAY, command: 'reboot', parameters: {}, status: 'sent',
  sentAt: '2026-03-01T10:00:00.000Z', requestedBy: 'admin@demo.example', createdAt: '2026-03-01T10:00:00.000Z', ...fields,
});
const event = (payload: unknown, fields: Record<string, unknown> = {}) => ({
  customerId: 'org-1', sourceDeviceId: GATEWAY, kind: 'commands/ack', receivedAt: 1772359500000, payload, ...fields,
});
const keyOf = (entity: string, deviceId: string) => ({ pk: `C#org-1#${entity}#${deviceId}`, sk: `COMMAND#${COMMAND_ID}` });

describe('the command acknowledgement handler', () => {
  beforeEach(() => {
    dynamo.reset();
    lines.length = 0;
    dynamo.on(GetCommand).resolves({});
  });

  it("records a device's answer to its own command, only while the command waits and was not relayed", async () => {
    dynamo.on(GetCommand, { Key: keyOf('GATEWAY', GATEWAY) }).resolves({ Item: command() });
    dynamo.on(UpdateCommand).resolves({ Attributes: command({ status: 'executed', response: 'rebooting', executedAt: '2026-03-01T10:01:00.000Z' }) });

    const outcome = await acknowledgeCommand(event({ commandId: COMMAND_ID, status: 'executed', response: 'rebooting', executedAt: '2026-03-01T10:01:00Z' }), dependencies);

    expect(outcome).toBe('recorded');
    const update = dynamo.commandCalls(UpdateCommand)[0]?.args[0].input;
    expect(update?.Key).toEqual(keyOf('GATEWAY', GATEWAY));
    expect(update?.ConditionExpression).toBe('attribute_exists(pk) AND #status IN (:from0, :from1) AND attribute_not_exists(#relayedBy)');
    expect(update?.ExpressionAttributeValues).toMatchObject({ ':from0': 'pending', ':from1': 'sent', ':v0': 'executed', ':v1': '2026-03-01T10:01:00.000Z', ':v2': 'rebooting' });
  });

  it('records a gateway’s answer for a sensor it relays to, on the condition that it is the relaying gateway', async () => {
    dynamo.on(GetCommand, { Key: keyOf('SENSOR', SENSOR) }).resolves({ Item: command({ deviceKind: 'sensor', deviceId: SENSOR, relayedBy: GATEWAY }) });
    dynamo.on(UpdateCommand).resolves({ Attributes: command({ deviceKind: 'sensor', deviceId: SENSOR, relayedBy: GATEWAY, status: 'failed' }) });

    expect(await acknowledgeCommand(event(JSON.stringify({ commandId: COMMAND_ID, status: 'failed', targetDeviceId: SENSOR.toLowerCase() })), dependencies)).toBe('recorded');
    const update = dynamo.commandCalls(UpdateCommand)[0]?.args[0].input;
    expect(update?.Key).toEqual(keyOf('SENSOR', SENSOR));
    expect(update?.ConditionExpression).toContain('#relayedBy = :relayedBy');
    expect(update?.ExpressionAttributeValues).toMatchObject({ ':relayedBy': GATEWAY, ':v0': 'failed', ':v1': '2026-03-01T10:05:00.000Z' });
  });

  it("ignores an answer for another device's command: unknown here, or relayed by another gateway", async () => {
    expect(await acknowledgeCommand(event({ commandId: COMMAND_ID, status: 'executed' }), dependencies)).toBe('unknownCommand');
    dynamo.on(GetCommand, { Key: keyOf('SENSOR', SENSOR) }).resolves({ Item: command({ deviceKind: 'sensor', deviceId: SENSOR, relayedBy: 'FFEEDDCCBBAA9988' }) });
    expect(await acknowledgeCommand(event({ commandId: COMMAND_ID, status: 'executed', targetDeviceId: SENSOR }), dependencies)).toBe('unknownCommand');
    // A sensor's own command is not a gateway's to answer without saying it relays it.
    dynamo.on(GetCommand, { Key: keyOf('SENSOR', SENSOR) }).resolves({ Item: command({ deviceKind: 'sensor', deviceId: SENSOR }) });
    expect(await acknowledgeCommand(event({ commandId: COMMAND_ID, status: 'executed', targetDeviceId: SENSOR }), dependencies)).toBe('unknownCommand');
    expect(dynamo.commandCalls(UpdateCommand)).toHaveLength(0);
    expect(lines.some((line) => line.includes('no such command of this device'))).toBe(true);
  });

  it('ignores what is not an answer, without reading the table or throwing', async () => {
    for (const payload of [{ status: 'executed' }, { commandId: COMMAND_ID, status: 'done' }, 'not json', null, 42]) {
      expect(await acknowledgeCommand(event(payload), dependencies)).toBe('invalid');
    }
    expect(await acknowledgeCommand(event({ commandId: COMMAND_ID, status: 'executed' }, { kind: 'readings' }), dependencies)).toBe('invalid');
    expect(await acknowledgeCommand({ payload: {} }, dependencies)).toBe('invalid');
    expect(dynamo.commandCalls(GetCommand)).toHaveLength(0);
  });

  it('leaves an answered command as it is (a repeated or late answer), and throws only when the table cannot be reached', async () => {
    dynamo.on(GetCommand, { Key: keyOf('GATEWAY', GATEWAY) }).resolves({ Item: command({ status: 'executed' }) });
    dynamo.on(UpdateCommand).rejects(new ConditionalCheckFailedException({ message: 'failed', $metadata: {} }));
    expect(await acknowledgeCommand(event({ commandId: COMMAND_ID, status: 'failed' }), dependencies)).toBe('alreadyAnswered');

    dynamo.on(UpdateCommand).rejects(new Error('throttled'));
    await expect(acknowledgeCommand(event({ commandId: COMMAND_ID, status: 'failed' }), dependencies)).rejects.toThrow('throttled');
  });

  it('refuses an executedAt that is no time (9e15, Infinity, seconds, far ahead of its arrival) as invalid, never throwing nor storing it', async () => {
    dynamo.on(GetCommand, { Key: keyOf('GATEWAY', GATEWAY) }).resolves({ Item: command() });
    dynamo.on(UpdateCommand).resolves({ Attributes: command({ status: 'executed' }) });
    const receivedAt = 1772359500000;
    for (const executedAt of [9e15, Infinity, 1772359500, receivedAt + 2 * 60 * 60 * 1000, 'x'.repeat(5000)]) {
      expect(await acknowledgeCommand(event({ commandId: COMMAND_ID, status: 'executed', executedAt }), dependencies), String(executedAt)).toBe('invalid');
    }
    // The same text as the device sent it (1e400 is Infinity once parsed).
    expect(await acknowledgeCommand(event(`{"commandId":"${COMMAND_ID}","status":"executed","executedAt":1e400}`), dependencies)).toBe('invalid');
    expect(dynamo.commandCalls(UpdateCommand)).toHaveLength(0);
    expect(lines.filter((line) => line.includes('executedAt'))).toHaveLength(6);

    expect(await acknowledgeCommand(event({ commandId: COMMAND_ID, status: 'executed', executedAt: receivedAt - 1000 }), dependencies)).toBe('recorded');
    expect(dynamo.commandCalls(UpdateCommand)[0]?.args[0].input.ExpressionAttributeValues).toMatchObject({ ':v1': new Date(receivedAt - 1000).toISOString() });
  });

  it('refuses a payload nested past the limit before anything walks it, and logs no part of it', async () => {
    let response: Record<string, unknown> = { secret: 'wifi-key-123' };
    for (let level = 0; level < 10_000; level += 1) response = { a: response };
    expect(await acknowledgeCommand(event({ commandId: COMMAND_ID, status: 'executed', response }), dependencies)).toBe('invalid');
    expect(dynamo.commandCalls(GetCommand)).toHaveLength(0);
    expect(lines.some((line) => line.includes('payload nests deeper than 16 levels'))).toBe(true);
    expect(lines.join('\n')).not.toContain('wifi-key-123');
  });
});
