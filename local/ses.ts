import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { sdkInvocationId, type ChannelFaults } from './channel-faults';
import { isLoopbackRequest } from './loopback';

const require = createRequire(import.meta.url);

export interface StoredEmail {
  messageId: string;
  from: string;
  destination: { to: string[]; cc: string[]; bcc: string[] };
  subject: string;
  body: { html?: string; text?: string };
  at: number;
}

export interface LocalSes {
  endpoint: string;
  /** Every email sent since start, oldest first. */
  emails(): Promise<StoredEmail[]>;
  stop(): Promise<void>;
}

/**
 * The SES v2 emulator: it keeps every email the product sends, for the outbox page. With the
 * outbox's fault switch (`faults`), sending an email fails while the switch says so.
 */
export async function startSes(port: number, faults?: ChannelFaults): Promise<LocalSes> {
  const { default: startServer } = require('aws-ses-v2-local') as {
    default: (config: { host: string; port: number }) => Promise<Server>;
  };
  const server = await startServer({ host: '127.0.0.1', port });
  guardLoopback(server, faults);
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    emails: async () => {
      const response = await fetch(`${endpoint}/store`);
      const store = (await response.json()) as { emails: StoredEmail[] };
      return store.emails;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The emulator keeps every email (reset codes, invitations) and shows them to whoever asks
 * (`/`, `/store`): like the outbox, it answers this machine only, at a loopback host name,
 * so a web page cannot read it through DNS rebinding.
 */
function guardLoopback(server: Server, faults: ChannelFaults | undefined): void {
  const handlers = server.listeners('request') as ((request: IncomingMessage, response: ServerResponse) => void)[];
  server.removeAllListeners('request');
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (!isLoopbackRequest(request)) {
      response.writeHead(403, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ message: 'The email emulator answers this machine only, at localhost or 127.0.0.1.' }));
      return;
    }
    // The outbox's switch: an email send fails as SES's InternalServiceErrorException (500), which the SDK and the product retry.
    if (faults && request.method === 'POST' && (request.url ?? '').split('?')[0] === '/v2/email/outbound-emails'
      && faults.takeFor('email', sdkInvocationId(request.headers))) {
      response.writeHead(500, { 'content-type': 'application/json', 'x-amzn-errortype': 'InternalServiceErrorException' });
      response.end(JSON.stringify({ message: `Local SendEmail failed on purpose: the outbox's "fail the next sends" switch for email made it fail (${faults.state().email} more to fail).` }));
      request.resume();
      return;
    }
    for (const handler of handlers) handler.call(server, request, response);
  });
}
