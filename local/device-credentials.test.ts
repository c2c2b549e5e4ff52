import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  credentialsFor,
  deviceCredentials,
  loadSigningSecret,
  mayPublish,
  maySubscribe,
  SIGNING_SECRET_PATH,
  verifyDeviceCredentials,
} from './device-credentials';

const device = { customerId: 'demo-foods', deviceId: 'A1B2C3D4' };

describe('device topic permissions (the local IoT policy)', () => {
  it.each([
    ['coldchain/demo-foods/A1B2C3D4/readings', true],
    ['coldchain/demo-foods/A1B2C3D4/status', true],
    ['coldchain/demo-foods/A1B2C3D4/commands/ack', true],
    // A device never sends itself commands: only the portal publishes them.
    ['coldchain/demo-foods/A1B2C3D4/commands', false],
    ['coldchain/demo-foods/FFFF0000/readings', false],
    ['coldchain/other-org/A1B2C3D4/readings', false],
    ['coldchain/demo-foods/a1b2c3d4/readings', false],
    ['coldchain/demo-foods/A1B2C3D4/readings/extra', false],
    ['coldchain/demo-foods/A1B2C3D4', false],
    ['$SYS/broker/clients', false],
    ['other/demo-foods/A1B2C3D4/readings', false],
  ])('publishing on %s: %s', (topic, allowed) => {
    expect(mayPublish(device, topic)).toBe(allowed);
  });

  const ingest = (rule: string, topic: string) => `$aws/rules/coldchain_local_${rule}/${topic}`;
  it.each([
    // Basic Ingest: the device's own topics behind the prefix of the rule for their kind.
    [ingest('device_readings', 'coldchain/demo-foods/A1B2C3D4/readings'), true],
    [ingest('gateway_status', 'coldchain/demo-foods/A1B2C3D4/status'), true],
    [ingest('device_command_acks', 'coldchain/demo-foods/A1B2C3D4/commands/ack'), true],
    // Another device's or organisation's topic is refused behind the prefix as without it.
    [ingest('device_readings', 'coldchain/demo-foods/FFFF0000/readings'), false],
    [ingest('device_readings', 'coldchain/other-org/A1B2C3D4/readings'), false],
    // The FROM clause is not applied to Basic Ingest: a rule given another kind's topic would misfile it.
    [ingest('device_readings', 'coldchain/demo-foods/A1B2C3D4/status'), false],
    [ingest('gateway_status', 'coldchain/demo-foods/A1B2C3D4/readings'), false],
    [ingest('device_readings', 'coldchain/demo-foods/A1B2C3D4/commands'), false],
    // Another stage's rule, a rule that does not exist, a bare or doubled prefix.
    ['$aws/rules/coldchain_prod_device_readings/coldchain/demo-foods/A1B2C3D4/readings', false],
    [ingest('device_readingz', 'coldchain/demo-foods/A1B2C3D4/readings'), false],
    ['$aws/rules/coldchain_local_device_readings', false],
    ['$aws/rules/coldchain_local_device_readings/', false],
    [ingest('device_readings', ingest('device_readings', 'coldchain/demo-foods/A1B2C3D4/readings')), false],
    [ingest('device_readings', 'coldchain/demo-foods/A1B2C3D4/readings/extra'), false],
    // Other reserved topics.
    ['$aws/things/A1B2C3D4/shadow/update', false],
    ['$aws/rules/coldchain_local_device_readings/coldchain/demo-foods/A1B2C3D4/readings#', false],
  ])('publishing through Basic Ingest on %s: %s', (topic, allowed) => {
    expect(mayPublish(device, topic)).toBe(allowed);
  });

  it.each([
    ['coldchain/demo-foods/A1B2C3D4/commands', true],
    // Devices never subscribe to Basic Ingest topics (IoT Core has no broker behind them).
    ['$aws/rules/coldchain_local_device_readings/coldchain/demo-foods/A1B2C3D4/readings', false],
    ['$aws/rules/#', false],
    ['coldchain/demo-foods/+/commands', false],
    ['coldchain/demo-foods/A1B2C3D4/#', false],
    ['coldchain/#', false],
    ['coldchain/demo-foods/FFFF0000/commands', false],
    ['coldchain/demo-foods/A1B2C3D4/readings', false],
    ['#', false],
  ])('subscribing to %s: %s', (filter, allowed) => {
    expect(maySubscribe(device, filter)).toBe(allowed);
  });
});

describe('device credentials', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'device-credentials-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps one signing secret per data folder, readable by its owner only', () => {
    const first = loadSigningSecret(dataDir);
    expect(loadSigningSecret(dataDir).equals(first)).toBe(true);
    expect(first.length).toBe(32);
    expect(statSync(join(dataDir, SIGNING_SECRET_PATH)).mode & 0o777).toBe(0o600);
  });

  it('derives the same credentials every time: client id the normalised device id, username the customer', () => {
    const credentials = deviceCredentials(dataDir, 'demo-foods', ' a1b2c3d4 ');
    expect(credentials).toEqual(deviceCredentials(dataDir, 'demo-foods', 'A1B2C3D4'));
    expect(credentials.clientId).toBe('A1B2C3D4');
    expect(credentials.username).toBe('demo-foods');
    expect(credentials.password).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(credentials.password).not.toBe(deviceCredentials(dataDir, 'demo-foods', 'A1B2C3D5').password);
    expect(credentials.password).not.toBe(deviceCredentials(dataDir, 'other-org', 'A1B2C3D4').password);
    expect(() => deviceCredentials(dataDir, 'demo/foods', 'A1B2C3D4')).toThrow();
    expect(() => deviceCredentials(dataDir, 'demo-foods', 'A1-B2')).toThrow();
  });

  it('verifies a connection: the right password proves both ids, anything else proves nothing', () => {
    const secret = loadSigningSecret(dataDir);
    const { clientId, username, password } = credentialsFor(secret, 'demo-foods', 'A1B2C3D4');
    expect(verifyDeviceCredentials(secret, clientId, username, Buffer.from(password))).toEqual(device);
    expect(verifyDeviceCredentials(secret, 'FFFF0000', username, Buffer.from(password))).toBeUndefined();
    expect(verifyDeviceCredentials(secret, clientId, 'other-org', Buffer.from(password))).toBeUndefined();
    expect(verifyDeviceCredentials(secret, clientId, username, Buffer.from(`${password}x`))).toBeUndefined();
    expect(verifyDeviceCredentials(secret, clientId, username, undefined)).toBeUndefined();
    expect(verifyDeviceCredentials(secret, clientId.toLowerCase(), username, Buffer.from(password))).toBeUndefined();
    expect(verifyDeviceCredentials(Buffer.alloc(32, 1), clientId, username, Buffer.from(password))).toBeUndefined();
  });
});
