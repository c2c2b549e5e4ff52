import { randomBytes } from 'node:crypto';
import type { EventEmitter } from 'node:events';
import { createServer as createHttpServer } from 'node:http';
import { createServer as createTcpServer, type Server } from 'node:net';
import { Duplex, pipeline, Transform, type TransformCallback } from 'node:stream';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import { createWebSocketStream, WebSocketServer } from 'ws';
import { MAX_DEVICE_PAYLOAD_BYTES } from '@domain/telemetry/telemetry';
import { mayPublish, maySubscribe, verifyDeviceCredentials, type DeviceIdentity } from './device-credentials';

export interface LocalBroker {
  broker: Aedes;
  url: string;
  webSocketUrl: string;
  /** The secret device passwords are derived from (local/device-credentials.ts). */
  signingSecret: Buffer;
  stop(): Promise<void>;
}

export interface BrokerOptions {
  /** Where refused publishes and the broker's own errors are reported (console.warn by default); never given a payload. */
  warn?: (message: string, fields: Record<string, unknown>) => void;
  /**
   * The stack's device signing secret (`loadSigningSecret(dataDir)`). Without one the broker
   * makes its own, so authentication is never off: only callers given it can connect.
   */
  signingSecret?: Buffer;
}

const listen = (server: Server | ReturnType<typeof createHttpServer>, port: number) =>
  new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });

/**
 * The largest MQTT packet the broker reads at all: a publish of 128 KB with the longest topic
 * MQTT allows is well under it. The publish check below refuses a payload over 128 KB the way
 * IoT Core does; this bound is for memory: the MQTT parser would otherwise buffer a packet of
 * up to 256 MB before anything could look at it.
 */
export const MAX_MQTT_PACKET_BYTES = 2 * MAX_DEVICE_PAYLOAD_BYTES;

/**
 * Passes a connection's bytes through unchanged, reading only each MQTT packet's fixed header
 * (a type byte, then the remaining length in 1 to 4 bytes of 7 bits each); it fails, and so
 * ends the connection, at the header of a packet longer than `maxRemainingLength`, before
 * any of that packet's body is passed on.
 */
export class MqttPacketSizeLimit extends Transform {
  private readonly lengthBytes: number[] = [];
  private typeRead = false;
  private bodyLeft = 0;

  constructor(private readonly maxRemainingLength: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    let offset = 0;
    while (offset < chunk.length) {
      if (this.bodyLeft > 0) {
        const take = Math.min(this.bodyLeft, chunk.length - offset);
        this.bodyLeft -= take;
        offset += take;
        continue;
      }
      const byte = chunk[offset] ?? 0;
      offset += 1;
      if (!this.typeRead) {
        this.typeRead = true;
        continue;
      }
      this.lengthBytes.push(byte);
      if ((byte & 0x80) !== 0) {
        if (this.lengthBytes.length >= 4) {
          callback(new Error('Malformed MQTT remaining length'));
          return;
        }
        continue;
      }
      const length = this.lengthBytes.reduce((sum, part, index) => sum + (part & 0x7f) * 128 ** index, 0);
      this.lengthBytes.length = 0;
      this.typeRead = false;
      if (length > this.maxRemainingLength) {
        callback(new Error(`MQTT packet of ${length} bytes is over the ${this.maxRemainingLength}-byte limit`));
        return;
      }
      this.bodyLeft = length;
    }
    callback(null, chunk);
  }
}

/** The connection as the broker reads it: through MqttPacketSizeLimit; writes go straight to it. */
function limitPackets(connection: Duplex, onRefused: (error: Error) => void): Duplex {
  const limit = new MqttPacketSizeLimit(MAX_MQTT_PACKET_BYTES);
  // An error on either side destroys both: a refused packet closes the connection.
  pipeline(connection, limit, (error) => {
    if (error !== null && error !== undefined && error.message.startsWith('MQTT packet of')) onRefused(error);
  });
  return Duplex.from({ readable: limit, writable: connection });
}

/** MQTT 3.1.1 CONNACK return codes. */
const BAD_USERNAME_OR_PASSWORD = 4;
const NOT_AUTHORIZED = 5;

const refusal = (message: string, returnCode: number): AuthenticateError => Object.assign(new Error(message), { returnCode });

/**
 * The local stand-in for IoT Core's broker: MQTT over TCP and over WebSocket, with the
 * same checks on both. Devices authenticate with their per-device credentials and may use
 * only their own topics (local/device-credentials.ts); a refused publish closes the client,
 * as IoT Core does. The portal's own parts (the IoT data plane stand-in, the rule
 * subscriber) publish and subscribe in-process, through `broker`, without credentials.
 * A publish over IoT Core's 128 KB is refused the same way (docs/devices.md "Limits").
 */
export async function startBroker(port: number, webSocketPort: number, options: BrokerOptions = {}): Promise<LocalBroker> {
  const signingSecret = options.signingSecret ?? randomBytes(32);
  const identities = new WeakMap<Client, DeviceIdentity>();
  const warn = options.warn ?? ((message, fields) => console.warn(message, fields));
  const broker = await Aedes.createBroker({
    authenticate: (client, username, password, done) => {
      if (username === undefined || password === undefined) {
        done(refusal('A device connects with its customer id and password', NOT_AUTHORIZED), null);
        return;
      }
      const identity = verifyDeviceCredentials(signingSecret, client.id, username, password);
      if (identity === undefined) {
        done(refusal('Bad device credentials', BAD_USERNAME_OR_PASSWORD), null);
        return;
      }
      identities.set(client, identity);
      done(null, true);
    },
    authorizePublish: (client, packet, done) => {
      // A will published after its client left has no client: nobody to vouch for it.
      const identity = client === null ? undefined : identities.get(client);
      if (identity === undefined || !mayPublish(identity, packet.topic)) {
        done(new Error(`Publishing on ${packet.topic} is not allowed for this device`));
        return;
      }
      const size = typeof packet.payload === 'string' ? Buffer.byteLength(packet.payload) : packet.payload.length;
      if (size > MAX_DEVICE_PAYLOAD_BYTES) {
        warn('local broker: publish refused, payload over the limit (the client is disconnected, as by IoT Core)', {
          clientId: client?.id, topic: packet.topic, bytes: size, limitBytes: MAX_DEVICE_PAYLOAD_BYTES,
        });
        done(new Error(`Payload of ${size} bytes is over the ${MAX_DEVICE_PAYLOAD_BYTES / 1024} KB limit`));
        return;
      }
      done(null);
    },
    authorizeSubscribe: (client, subscription, done) => {
      const identity = identities.get(client);
      // Refused with SUBACK 0x80 (null): the connection stays, the subscription is not made.
      done(null, identity !== undefined && maySubscribe(identity, subscription.topic) ? subscription : null);
    },
  });
  // Aedes emits 'error' for its own failures (persistence, routing): reported, never left to end the process.
  // (Its typings list only the client events; it is an EventEmitter, whose unheard 'error' throws.)
  (broker as unknown as EventEmitter).on('error', (error: Error) => warn('local broker: error', { error: error.message }));
  const refused = (error: Error) => warn('local broker: connection closed, packet over the limit', { error: error.message });
  const tcp = createTcpServer((socket) => broker.handle(limitPackets(socket, refused)));
  const http = createHttpServer();
  const webSockets = new WebSocketServer({ server: http });
  webSockets.on('connection', (socket, request) => broker.handle(limitPackets(createWebSocketStream(socket), refused), request));
  await listen(tcp, port);
  await listen(http, webSocketPort);
  return {
    broker,
    url: `mqtt://localhost:${port}`,
    webSocketUrl: `ws://localhost:${webSocketPort}`,
    signingSecret,
    stop: async () => {
      for (const client of webSockets.clients) client.terminate();
      await new Promise<void>((resolve) => webSockets.close(() => resolve()));
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => tcp.close(() => resolve()));
      await new Promise<void>((resolve) => { http.close(() => resolve()); http.closeAllConnections(); });
    },
  };
}
