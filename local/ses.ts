import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
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

/** The SES v2 emulator: it keeps every email the product sends, for the outbox page. */
export async function startSes(port: number): Promise<LocalSes> {
  const { default: startServer } = require('aws-ses-v2-local') as {
    default: (config: { host: string; port: number }) => Promise<Server>;
  };
  const server = await startServer({ host: '127.0.0.1', port });
  guardLoopback(server);
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
function guardLoopback(server: Server): void {
  const handlers = server.listeners('request') as ((request: IncomingMessage, response: ServerResponse) => void)[];
  server.removeAllListeners('request');
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (!isLoopbackRequest(request)) {
      response.writeHead(403, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ message: 'The email emulator answers this machine only, at localhost or 127.0.0.1.' }));
      return;
    }
    for (const handler of handlers) handler.call(server, request, response);
  });
}
