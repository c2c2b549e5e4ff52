import { randomBytes } from 'node:crypto';
import { IoTDataPlaneClient, PublishCommand } from '@aws-sdk/client-iot-data-plane';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credentialsFor } from './device-credentials';
import { LOCAL_REGION } from './identity';
import { startIotDataPlane, type LocalIotDataPlane } from './iot-data-plane';
import { MAX_MQTT_PACKET_BYTES, MqttPacketSizeLimit, startBroker, type LocalBroker } from './mqtt';
import { freePort } from './ports';

// The emulator checks no signature: whatever credentials are given will do.
const TEST_CREDENTIALS = { accessKeyId: 'test', secretAccessKey: 'test' };

const ORG = 'demo-foods';
const DEVICE = 'A1B2C3D4';
const topic = (deviceId: string, kind: string) => `coldchain/${ORG}/${deviceId}/${kind}`;

describe('the local broker: device authentication and topic permissions', () => {
  const secret = randomBytes(32);
  let local: LocalBroker;
  const open: MqttClient[] = [];

  beforeAll(async () => {
    local = await startBroker(await freePort(), await freePort(), { signingSecret: secret });
  });
  afterAll(async () => {
    for (const client of open) client.end(true);
    await local.stop();
  });

  /** Connects; resolves with the client once connected, rejects with the CONNACK refusal. */
  const connect = (options: mqtt.IClientOptions, url = local.url): Promise<MqttClient> =>
    new Promise((resolve, reject) => {
      const client = mqtt.connect(url, { reconnectPeriod: 0, connectTimeout: 5000, ...options });
      open.push(client);
      client.once('connect', () => resolve(client));
      client.once('error', (error) => { client.end(true); reject(error); });
    });
  const asDevice = (deviceId = DEVICE, url?: string) => {
    const { clientId, username, password } = credentialsFor(secret, ORG, deviceId);
    return connect({ clientId, username, password }, url);
  };
  /** Everything published on `filter`, as the portal's in-process subscribers see it. */
  const listen = async (filter: string) => {
    const seen: { topic: string; payload: string }[] = [];
    await new Promise<void>((resolve) => local.broker.subscribe(filter, (packet, done) => {
      seen.push({ topic: packet.topic, payload: packet.payload.toString() });
      done();
    }, resolve));
    return seen;
  };
  const closed = (client: MqttClient) => new Promise<void>((resolve) => {
    if (!client.connected) resolve();
    client.once('close', () => resolve());
  });

  it('refuses a wrong password (CONNACK 4) and a connection without credentials (CONNACK 5)', async () => {
    const { clientId, username } = credentialsFor(secret, ORG, DEVICE);
    await expect(connect({ clientId, username, password: 'guess' })).rejects.toMatchObject({ code: 4 });
    await expect(connect({ clientId, username: 'other-org', password: credentialsFor(secret, ORG, DEVICE).password })).rejects.toMatchObject({ code: 4 });
    await expect(connect({ clientId })).rejects.toMatchObject({ code: 5 });
    const wrongSecret = credentialsFor(randomBytes(32), ORG, DEVICE);
    await expect(connect(wrongSecret)).rejects.toMatchObject({ code: 4 });
  });

  it("lets a device publish its own readings, and closes it when it publishes on another device's topic", async () => {
    const seen = await listen(`coldchain/${ORG}/+/readings`);
    const client = await asDevice();
    await client.publishAsync(topic(DEVICE, 'readings'), JSON.stringify({ time: Date.now(), channels: { 1: 4.5 } }), { qos: 1 });
    await expect.poll(() => seen.length).toBe(1);

    const gone = closed(client);
    client.publish(topic('FFFF0000', 'readings'), JSON.stringify({ time: Date.now(), channels: { 1: -40 } }), { qos: 0 });
    await gone;
    expect(seen.map((message) => message.topic)).toEqual([topic(DEVICE, 'readings')]);
  });

  it("takes a device's readings through Basic Ingest, and closes it when it names another device's topic or another kind's rule", async () => {
    const ingest = (rule: string, deviceId: string, kind: string) => `$aws/rules/coldchain_local_${rule}/${topic(deviceId, kind)}`;
    const seen = await listen('$aws/rules/#');
    const client = await asDevice('F0F0F0F0');
    await client.publishAsync(ingest('device_readings', 'F0F0F0F0', 'readings'), '{}', { qos: 1 });
    await expect.poll(() => seen.length).toBe(1);

    const gone = closed(client);
    client.publish(ingest('device_readings', 'FFFF0000', 'readings'), '{}', { qos: 0 });
    await gone;
    const again = await asDevice('F0F0F0F0');
    const goneAgain = closed(again);
    again.publish(ingest('device_readings', 'F0F0F0F0', 'status'), '{}', { qos: 0 });
    await goneAgain;
    expect(seen.map((message) => message.topic)).toEqual([ingest('device_readings', 'F0F0F0F0', 'readings')]);
  });

  it('lets a device subscribe to its own commands only (any other filter gets SUBACK 0x80, the connection stays)', async () => {
    const client = await asDevice('B0B0B0B0');
    const granted = await client.subscribeAsync(topic('B0B0B0B0', 'commands'), { qos: 1 });
    expect(granted.map((grant) => grant.qos)).toEqual([1]);
    for (const filter of [topic(DEVICE, 'commands'), `coldchain/${ORG}/#`, topic('B0B0B0B0', 'readings')]) {
      await expect(client.subscribeAsync(filter, { qos: 1 }), filter).rejects.toThrow(/Subscribe error/);
    }
    expect(client.connected).toBe(true);
  });

  it('takes a payload of 128 KB and refuses a larger one as IoT Core does: the publish is dropped and the device disconnected', async () => {
    const seen = await listen(`coldchain/${ORG}/E0E0E0E0/readings`);
    const client = await asDevice('E0E0E0E0');
    await client.publishAsync(topic('E0E0E0E0', 'readings'), Buffer.alloc(128 * 1024, 'a'), { qos: 1 });
    await expect.poll(() => seen.length).toBe(1);

    const gone = closed(client);
    client.publish(topic('E0E0E0E0', 'readings'), Buffer.alloc(128 * 1024 + 1, 'b'), { qos: 1 });
    await gone;
    expect(seen).toHaveLength(1);
  });

  it('closes a connection at the header of a packet past the broker\'s read limit, before reading its body', async () => {
    const seen = await listen(`coldchain/${ORG}/E1E1E1E1/readings`);
    const client = await asDevice('E1E1E1E1');
    const gone = closed(client);
    client.publish(topic('E1E1E1E1', 'readings'), Buffer.alloc(MAX_MQTT_PACKET_BYTES + 1, 'c'), { qos: 0 });
    await gone;
    expect(seen).toEqual([]);
    // The broker goes on: another device connects and publishes.
    const next = await asDevice('E2E2E2E2');
    await next.publishAsync(topic('E2E2E2E2', 'readings'), '{}', { qos: 1 });
  });

  it('the packet size limit reads remaining lengths across any chunking and passes the bytes unchanged', async () => {
    const packet = (type: number, body: Buffer) => {
      const length: number[] = [];
      let left = body.length;
      do {
        let byte = left % 128;
        left = Math.floor(left / 128);
        if (left > 0) byte |= 0x80;
        length.push(byte);
      } while (left > 0);
      return Buffer.concat([Buffer.from([type, ...length]), body]);
    };
    const run = async (bytes: Buffer, limit: number, chunkSize: number) => {
      const guard = new MqttPacketSizeLimit(limit);
      const out: Buffer[] = [];
      guard.on('data', (chunk: Buffer) => out.push(chunk));
      const done = new Promise<Error | undefined>((resolve) => { guard.once('error', resolve); guard.once('end', () => resolve(undefined)); });
      for (let offset = 0; offset < bytes.length; offset += chunkSize) guard.write(bytes.subarray(offset, offset + chunkSize));
      guard.end();
      return { error: await done, out: Buffer.concat(out) };
    };
    const stream = Buffer.concat([packet(0x30, Buffer.alloc(300, 1)), packet(0xc0, Buffer.alloc(0)), packet(0x30, Buffer.alloc(20_000, 2))]);
    for (const chunkSize of [1, 2, 3, 7, 1000, stream.length]) {
      const { error, out } = await run(stream, 20_000, chunkSize);
      expect(error, String(chunkSize)).toBeUndefined();
      expect(out.equals(stream)).toBe(true);
      expect((await run(stream, 19_999, chunkSize)).error?.message).toBe('MQTT packet of 20000 bytes is over the 19999-byte limit');
    }
    expect((await run(Buffer.from([0x30, 0xff, 0xff, 0xff, 0xff, 0x01]), 1000, 1)).error?.message).toBe('Malformed MQTT remaining length');
  });

  it('applies the same checks over WebSocket', async () => {
    await expect(connect({ clientId: DEVICE, username: ORG, password: 'guess' }, local.webSocketUrl)).rejects.toMatchObject({ code: 4 });
    const client = await asDevice('C0C0C0C0', local.webSocketUrl);
    const gone = closed(client);
    client.publish(topic('C0C0C0C0', 'commands'), '{}');
    await gone;
  });

  describe('the local IoT data plane', () => {
    let dataPlane: LocalIotDataPlane;
    let sdk: IoTDataPlaneClient;
    beforeAll(async () => {
      dataPlane = await startIotDataPlane(local.broker);
      sdk = new IoTDataPlaneClient({ endpoint: dataPlane.endpoint, region: LOCAL_REGION, credentials: TEST_CREDENTIALS });
    });
    afterAll(async () => {
      sdk.destroy();
      await dataPlane.stop();
    });

    it("delivers the SDK's PublishCommand to the device subscribed to its commands topic", async () => {
      const client = await asDevice('D0D0D0D0');
      await client.subscribeAsync(topic('D0D0D0D0', 'commands'), { qos: 1 });
      const received = new Promise<{ topic: string; payload: string; qos: number }>((resolve) =>
        client.once('message', (name, payload, packet) => resolve({ topic: name, payload: payload.toString(), qos: packet.qos })));
      const command = { commandId: '01J0000000000000000000000', command: 'reboot', parameters: {}, issuedAt: new Date().toISOString() };
      await sdk.send(new PublishCommand({ topic: topic('D0D0D0D0', 'commands'), qos: 1, payload: new TextEncoder().encode(JSON.stringify(command)) }));
      await expect(received).resolves.toEqual({ topic: topic('D0D0D0D0', 'commands'), payload: JSON.stringify(command), qos: 1 });
    });

    it('refuses a topic with wildcards, as IoT Core does', async () => {
      await expect(sdk.send(new PublishCommand({ topic: 'coldchain/+/x/commands', qos: 1, payload: new Uint8Array() }))).rejects.toMatchObject({ name: 'InvalidRequestException' });
    });
  });
});
