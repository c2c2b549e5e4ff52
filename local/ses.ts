import type { Server } from 'node:http';
import { createRequire } from 'node:module';

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
