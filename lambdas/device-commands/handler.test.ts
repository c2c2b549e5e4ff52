import { IoTDataPlaneClient, PublishCommand } from '@aws-sdk/client-iot-data-plane';
import { DynamoDBDocumentClient, GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REDACTED } from '@domain/devices/device-commands';
import { MESSAGES } from '@domain/core/messages';
import { apiEvent, invoke, liveSession } from '../shared/api-event.test-support';
import { resetBackendConfig } from '../shared/config';
import { handler } from './handler';

const dynamo = mockClient(DynamoDBDocumentClient);
const iot = mockClient(IoTDataPlaneClient);
const savedEnvironment = { ...process.env };

const GATEWAY = '0011223344556677';
const configKey = (entity: string, id: string) => ({ pk: `C#org-1#${entity}`, sk: `${entity}#${id}` });
const post = (owner: 'sensors' | 'gateways', id: string, body: unknown) =>
  invoke(handler, apiEvent(`POST /api/${owner}/{id}/commands`, { pathParameters: { id }, body }));

/** The command as the table holds it after each step (the update answers ALL_NEW). */
function commandTable(device: { entity: string; id: string; item: Record<string, unknown> }) {
  dynamo.on(GetCommand).resolves({});
  dynamo.on(GetCommand, { Key: liveSession().key }).resolves(liveSession().answer);
  // The caller is an administrator with corporate access: every site of the organisation (lambdas/shared/access.ts).
  dynamo.on(GetCommand, { Key: { pk: 'C#org-1#USER', sk: 'USER#acc-1' } }).resolves({ Item: { hasDefaultLocAccess: true } });
  dynamo.on(GetCommand, { Key: configKey(device.entity, device.id) }).resolves({ Item: device.item });
  dynamo.on(QueryCommand).resolves({ Items: [] });
  dynamo.on(TransactWriteCommand).resolves({});
  dynamo.on(UpdateCommand).callsFake((input: { ExpressionAttributeValues: Record<string, unknown>; ExpressionAttributeNames: Record<string, string> }) => {
    const put = dynamo.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems?.[0]?.Put?.Item ?? {};
    const changes = Object.fromEntries(Object.entries(input.ExpressionAttributeNames)
      .filter(([alias]) => alias.startsWith('#f'))
      .map(([alias, field]) => [field, input.ExpressionAttributeValues[`:v${alias.slice(2)}`]]));
    return { Attributes: { ...put, ...changes } };
  });
}

const published = () => iot.commandCalls(PublishCommand).map((call) => ({
  topic: call.args[0].input.topic,
  qos: call.args[0].input.qos,
  message: JSON.parse(new TextDecoder().decode(call.args[0].input.payload as Uint8Array)) as Record<string, unknown>,
}));
const storedCommand = () => dynamo.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems?.[0]?.Put?.Item;

describe('device commands handler', () => {
  beforeEach(() => {
    Object.assign(process.env, { TABLE_NAME: 'table', LOG_LEVEL: 'ERROR' });
    resetBackendConfig();
    dynamo.reset();
    iot.reset();
    iot.on(PublishCommand).resolves({});
  });
  afterEach(() => {
    process.env = { ...savedEnvironment };
    resetBackendConfig();
  });

  it("sends a radio sensor's command through its gateway (QoS 1, the sensor as target) and answers it sent", async () => {
    commandTable({ entity: 'SENSOR', id: 'A1B2C3D4', item: { siteId: 'site-1', connectionType: 'subGhz', gatewayId: GATEWAY } });

    const result = await post('sensors', 'a1b2c3d4', { command: 'setPriority', parameters: { priority: 7 } });

    expect(result.status).toBe(201);
    expect(result.body).toMatchObject({ deviceKind: 'sensor', deviceId: 'A1B2C3D4', command: 'setPriority', status: 'sent', relayedBy: GATEWAY, requestedBy: 'acc-1@demo.example' });
    expect((result.body as { sentAt?: string }).sentAt).toBeDefined();
    const [sent] = published();
    expect(sent).toMatchObject({ topic: `coldchain/org-1/${GATEWAY}/commands`, qos: 1 });
    expect(sent?.message).toMatchObject({ commandId: (result.body as { id: string }).id, command: 'setPriority', parameters: { priority: 7 }, targetDeviceId: 'A1B2C3D4' });
    expect(storedCommand()).toMatchObject({ pk: 'C#org-1#SENSOR#A1B2C3D4', status: 'pending', ttl: expect.any(Number) });
    // The audit entry goes in the same transaction, filed in the sensor's history.
    expect(dynamo.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems?.[1]?.Put?.Item)
      .toMatchObject({ entityType: 'COMMAND', action: 'create', gsi1pk: 'C#org-1#HISTORY#SENSOR#A1B2C3D4' });
  });

  it('gives a Wi-Fi sensor its key on its own topic, and never stores nor returns it', async () => {
    commandTable({ entity: 'SENSOR', id: 'A0B1C2D3E4F5', item: { siteId: 'site-1', connectionType: 'wifi', gatewayId: GATEWAY } });

    const result = await post('sensors', 'A0B1C2D3E4F5', { command: 'setWifi', parameters: { ssid: 'Kitchen', key: 'very-secret-key' } });

    expect(result.status).toBe(201);
    expect(published()[0]).toMatchObject({ topic: 'coldchain/org-1/A0B1C2D3E4F5/commands', message: { parameters: { ssid: 'Kitchen', key: 'very-secret-key' } } });
    expect(published()[0]?.message['targetDeviceId']).toBeUndefined();
    expect(JSON.stringify(result.body)).not.toContain('very-secret-key');
    expect(JSON.stringify(dynamo.commandCalls(TransactWriteCommand)[0]?.args[0].input)).not.toContain('very-secret-key');
    expect(storedCommand()?.['parameters']).toEqual({ ssid: 'Kitchen', key: REDACTED });
  });

  it('marks the command failed, with why, when the IoT data plane refuses it', async () => {
    commandTable({ entity: 'GATEWAY', id: GATEWAY, item: { siteId: 'site-1' } });
    iot.on(PublishCommand).rejects(new Error('ThrottlingException'));

    const result = await post('gateways', GATEWAY, { command: 'uploadLogs', parameters: { start: '2026-03-01T08:00:00Z', end: '2026-03-01T09:00:00Z' } });

    expect(result.status).toBe(201);
    expect(result.body).toMatchObject({ status: 'failed', response: MESSAGES.commandNotSent });
    expect((result.body as { sentAt?: string }).sentAt).toBeUndefined();
  });

  it('refuses a command the device does not take, and a device that does not exist, writing nothing', async () => {
    commandTable({ entity: 'SENSOR', id: 'A1B2C3D4', item: { siteId: 'site-1', connectionType: 'subGhz', gatewayId: GATEWAY } });
    expect(await post('sensors', 'A1B2C3D4', { command: 'setWifi', parameters: { ssid: 'Kitchen', key: 'k' } }))
      .toEqual({ status: 400, body: { message: MESSAGES.commandNotForDevice } });
    expect(await post('sensors', 'A1B2C3D4', { command: 'ping' })).toMatchObject({ status: 400, body: { message: MESSAGES.commandNotForDevice } });
    expect(await post('sensors', 'A1B2C3D4', { command: 'setPriority', parameters: { priority: 16 } }))
      .toMatchObject({ status: 400, body: { message: MESSAGES.commandPriorityRange } });
    expect(await post('sensors', 'FFFF0000', { command: 'reboot' })).toEqual({ status: 404, body: { message: MESSAGES.sensorNotFound } });
    expect(await post('gateways', 'FFFF0000FFFF0000', { command: 'reboot' })).toEqual({ status: 404, body: { message: MESSAGES.gatewayNotFound } });
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(0);
    expect(published()).toHaveLength(0);
  });
});
