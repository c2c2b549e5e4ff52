import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Aedes } from 'aedes';

export interface LocalIotDataPlane {
  /** For `AWS_ENDPOINT_URL_IOT_DATA_PLANE`. */
  endpoint: string;
  stop(): Promise<void>;
}

const MAX_PAYLOAD_BYTES = 128 * 1024; // IoT Core's message size limit

function answer(response: ServerResponse, status: number, body: Record<string, unknown>, errorType?: string): void {
  response.writeHead(status, { 'content-type': 'application/json', ...(errorType ? { 'x-amzn-errortype': errorType } : {}) });
  response.end(JSON.stringify(body));
}

async function readBody(request: IncomingMessage): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const part = chunk as Buffer;
    size += part.length;
    if (size > MAX_PAYLOAD_BYTES) return undefined;
    chunks.push(part);
  }
  return Buffer.concat(chunks);
}

/**
 * The local stand-in for the IoT data plane's Publish API (what `PublishCommand` of
 * @aws-sdk/client-iot-data-plane sends: `POST /topics/{topic}?qos=1&retain=false` with the
 * payload as the body), publishing on the local broker, so a handler sends a device a
 * command the same way in both runtimes. Loopback only; requests are signed by the SDK and
 * not checked here.
 */
export async function startIotDataPlane(broker: Aedes): Promise<LocalIotDataPlane> {
  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      const match = /^\/topics\/(.+)$/.exec(url.pathname);
      if (request.method !== 'POST' || match === null) {
        answer(response, 404, { message: 'Only Publish (POST /topics/{topic}) is served here' }, 'ResourceNotFoundException');
        return;
      }
      const topic = decodeURIComponent(match[1] ?? '');
      const qos = Number(url.searchParams.get('qos') ?? '0');
      if (topic === '' || /[+#]/.test(topic) || topic.startsWith('$') || (qos !== 0 && qos !== 1)) {
        answer(response, 400, { message: 'Invalid topic or QoS' }, 'InvalidRequestException');
        return;
      }
      const payload = await readBody(request);
      if (payload === undefined) {
        answer(response, 413, { message: 'Payload too large' }, 'RequestEntityTooLargeException');
        return;
      }
      broker.publish(
        { cmd: 'publish', topic, payload, qos: qos as 0 | 1, dup: false, retain: url.searchParams.get('retain') === 'true' },
        (error) => {
          if (error) answer(response, 503, { message: 'The broker did not take the message' }, 'ServiceUnavailableException');
          else answer(response, 200, {});
        },
      );
    })().catch(() => answer(response, 500, { message: 'Internal failure' }, 'InternalFailureException'));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => { server.close(() => resolve()); server.closeAllConnections(); }),
  };
}
