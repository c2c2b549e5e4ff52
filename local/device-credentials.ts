import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { normaliseDeviceId } from '@domain/devices/device-catalogue';
import { deviceTopic, parseDeviceTopic } from '@domain/telemetry/telemetry';
import { deviceIngestTopic, LOCAL_STAGE, parseBasicIngestTopic } from '../lambdas/iot-rules';

/**
 * Device credentials and topic permissions of the local broker (docs/devices.md "Locally"):
 * the stand-in for IoT Core's per-device X.509 certificates and the device IoT policy.
 *
 * A device connects with MQTT client id = its device id, username = its organisation's
 * customer id, and a password derived from the stack's signing secret:
 * base64url(HMAC-SHA256(secret, `<customerId>/<deviceId>`)). As a certificate signed by the
 * account's CA does, it proves both ids without the broker keeping a list of devices; the
 * secret is made once per data folder and never leaves it.
 *
 * Once connected, a device may publish only on its own readings, status and commands/ack
 * topics (plain or in their Basic Ingest form) and subscribe only to its own commands topic
 * (`mayPublish`, `maySubscribe`): the same rights as the IoT policy of lib/devices.ts, so the
 * topic's parts can be trusted.
 */

/** Where the signing secret is kept, under the stack's data folder. */
export const SIGNING_SECRET_PATH = join('devices', 'signing-secret');

/** Who a connection is: the ids its credentials proved. */
export interface DeviceIdentity {
  customerId: string;
  deviceId: string;
}

/** What a device (or the simulator, or a test) connects with. */
export interface DeviceCredentials {
  clientId: string;
  username: string;
  password: string;
}

/** A customer id as it may appear in a topic level and a username: no MQTT separators or wildcards. */
const TOPIC_LEVEL = /^[^/+#\s]+$/;

/** The stack's signing secret: read, or made (32 random bytes, owner-only) the first time. */
export function loadSigningSecret(dataDir: string): Buffer {
  const path = join(dataDir, SIGNING_SECRET_PATH);
  if (!existsSync(path)) {
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    // `wx`: when two processes start at once, the second reads the first one's secret.
    try {
      writeFileSync(path, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  chmodSync(path, 0o600);
  const secret = Buffer.from(readFileSync(path, 'utf8').trim(), 'base64');
  if (secret.length < 32) throw new Error(`The device signing secret ${path} is damaged: delete it to make a new one (devices get new passwords).`);
  return secret;
}

/** A device's password: the HMAC of its ids under the signing secret. */
export function devicePassword(secret: Buffer, customerId: string, deviceId: string): string {
  return createHmac('sha256', secret).update(`${customerId}/${deviceId}`).digest('base64url');
}

/** The MQTT connection settings of a device (its id normalised, as the portal stores it). */
export function credentialsFor(secret: Buffer, customerId: string, deviceId: string): DeviceCredentials {
  if (!TOPIC_LEVEL.test(customerId)) throw new Error(`"${customerId}" is not a customer id`);
  const id = normaliseDeviceId(deviceId);
  if (!/^[A-Z0-9]+$/.test(id)) throw new Error(`"${deviceId}" is not a device id: letters and digits only`);
  return { clientId: id, username: customerId, password: devicePassword(secret, customerId, id) };
}

/** `deviceCredentials(dataDir, customerId, deviceId)`: for the simulator, the tests and `npm run device:credentials`. */
export function deviceCredentials(dataDir: string, customerId: string, deviceId: string): DeviceCredentials {
  return credentialsFor(loadSigningSecret(dataDir), customerId, deviceId);
}

/**
 * The identity a CONNECT proves, or undefined: the client id must be a device id (upper
 * case, letters and digits), the username a customer id, the password theirs.
 */
export function verifyDeviceCredentials(
  secret: Buffer,
  clientId: string,
  username: string | undefined,
  password: Buffer | undefined,
): DeviceIdentity | undefined {
  if (username === undefined || password === undefined) return undefined;
  if (!/^[A-Z0-9]{1,64}$/.test(clientId) || !TOPIC_LEVEL.test(username)) return undefined;
  const expected = Buffer.from(devicePassword(secret, username, clientId));
  // Compared in constant time, so a wrong guess says nothing about how close it was.
  if (password.length !== expected.length || !timingSafeEqual(password, expected)) return undefined;
  return { customerId: username, deviceId: clientId };
}

/** Device → portal topics: readings, a gateway's status, and answers to commands. */
type PublishedKind = 'readings' | 'status' | 'commands/ack';
const PUBLISHED_KINDS = new Set<string>(['readings', 'status', 'commands/ack'] satisfies PublishedKind[]);

/**
 * Whether a device may publish on `topic`: only its own readings, status and commands/ack,
 * each on its plain topic (still routed by the rule's FROM clause, and billed as a message
 * on AWS) or behind the Basic Ingest prefix of the rule for that kind in the local stage
 * (`$aws/rules/coldchain_local_device_readings/coldchain/<customer>/<device>/readings`). The
 * rule is paired with the kind: Basic Ingest does not apply the FROM clause, so a readings
 * rule given a status topic would file it as readings (lib/devices.ts grants the same pairs).
 */
export function mayPublish(identity: DeviceIdentity, topic: string): boolean {
  const ingest = parseBasicIngestTopic(topic);
  const parts = parseDeviceTopic(ingest?.topic ?? topic);
  return parts !== undefined
    && parts.customerId === identity.customerId
    && parts.deviceId === identity.deviceId
    && PUBLISHED_KINDS.has(parts.kind)
    && (ingest === undefined || topic === deviceIngestTopic(LOCAL_STAGE, parts.customerId, parts.deviceId, parts.kind as PublishedKind));
}

/** Whether a device may subscribe to `topicFilter`: only its own commands topic, no wildcards. */
export function maySubscribe(identity: DeviceIdentity, topicFilter: string): boolean {
  return topicFilter === deviceTopic(identity.customerId, identity.deviceId, 'commands');
}
