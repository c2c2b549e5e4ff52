import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Outbox } from './outbox';

/**
 * A stand-in for SNS's direct SMS publish (`Publish` with `PhoneNumber`, AWS query
 * protocol), on loopback: the texts the product sends itself (phone and pager verification
 * codes) go to the outbox, as the identity service's texts do. Handlers use the real SNS
 * client; `AWS_ENDPOINT_URL_SNS` points it here. Topics are not offered: nothing uses them.
 */
export interface LocalSns {
  endpoint: string;
  stop(): Promise<void>;
}

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);

function errorXml(code: string, message: string): string {
  return `<ErrorResponse xmlns="http://sns.amazonaws.com/doc/2010-03-31/"><Error><Type>Sender</Type><Code>${code}</Code>`
    + `<Message>${escapeXml(message)}</Message></Error><RequestId>${randomUUID()}</RequestId></ErrorResponse>`;
}

/** E.164, as SNS requires of a phone number. */
const E164 = /^\+[1-9]\d{6,14}$/;

export async function startSns(outbox: Outbox, port = 0): Promise<LocalSns> {
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const reply = (status: number, xml: string) => {
        response.writeHead(status, { 'content-type': 'text/xml' });
        response.end(xml);
      };
      if (form.get('Action') !== 'Publish') {
        reply(400, errorXml('InvalidAction', `The local SNS stand-in only publishes texts, not ${form.get('Action') ?? 'nothing'}.`));
        return;
      }
      const phone = form.get('PhoneNumber') ?? '';
      const message = form.get('Message') ?? '';
      if (!E164.test(phone)) {
        reply(400, errorXml('InvalidParameter', 'Invalid parameter: PhoneNumber Reason: must be in E.164 format'));
        return;
      }
      if (message === '') {
        reply(400, errorXml('InvalidParameter', 'Invalid parameter: Empty message'));
        return;
      }
      const stored = outbox.record({ channel: 'sms', to: phone, body: message });
      reply(200, `<PublishResponse xmlns="http://sns.amazonaws.com/doc/2010-03-31/"><PublishResult><MessageId>${stored.id}</MessageId>`
        + `</PublishResult><ResponseMetadata><RequestId>${randomUUID()}</RequestId></ResponseMetadata></PublishResponse>`);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const { port: bound } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${bound}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
