import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CognitoIdentityProviderClient, ListUsersCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signatureProblem, type SignedRequest } from './signature';

const CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' };

describe('Signature Version 4 check of the local identity service', () => {
  let captured: SignedRequest;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      captured = { method: request.method ?? '', url: request.url ?? '/', headers: request.headers, body: Buffer.concat(chunks) };
      response.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' });
      response.end('{"Users":[]}');
    });
  });

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    // What the handlers send: the AWS SDK, signing with the local credentials.
    const client = new CognitoIdentityProviderClient({ endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', credentials: CREDENTIALS });
    await client.send(new ListUsersCommand({ UserPoolId: 'us-east-1_pool', Filter: 'email = "a@b.example"' }));
    client.destroy();
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const withHeaders = (headers: IncomingHttpHeaders): SignedRequest => ({ ...captured, headers: { ...captured.headers, ...headers } });

  it('accepts the SDK\'s signature with the local credentials', () => {
    expect(signatureProblem(captured, CREDENTIALS)).toBeUndefined();
  });

  it('refuses a request without a signature, from another key, with another secret or a changed body', () => {
    const { authorization: _dropped, ...unsigned } = captured.headers;
    expect(signatureProblem({ ...captured, headers: unsigned }, CREDENTIALS)?.code).toBe('MissingAuthenticationTokenException');
    expect(signatureProblem(captured, { accessKeyId: 'other', secretAccessKey: 'local' })?.code).toBe('UnrecognizedClientException');
    expect(signatureProblem(captured, { accessKeyId: 'local', secretAccessKey: 'guessed' })?.code).toBe('InvalidSignatureException');
    const body = Buffer.from(captured.body.toString('utf8').replace('a@b.example', 'x@y.example'));
    expect(signatureProblem({ ...captured, body }, CREDENTIALS)?.code).toBe('InvalidSignatureException');
    expect(signatureProblem(withHeaders({ 'x-amz-target': 'AWSCognitoIdentityProviderService.AdminDeleteUser' }), CREDENTIALS)?.code)
      .toBe('InvalidSignatureException');
  });

  it('refuses, without throwing, a path that makes no URL or does not percent-decode', () => {
    for (const url of ['//', '/%', '/%C0%AF']) {
      expect(signatureProblem({ ...captured, url }, CREDENTIALS)?.code).toBe('InvalidSignatureException');
    }
  });

  it('refuses a signature older than 15 minutes (replay)', () => {
    expect(signatureProblem(captured, CREDENTIALS, Date.now() + 16 * 60 * 1000)?.code).toBe('InvalidSignatureException');
  });
});
