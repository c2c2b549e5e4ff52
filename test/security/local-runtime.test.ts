import { request as httpRequest } from 'node:http';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { ListUsersCommand } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, inject, it } from 'vitest';
import { identityClient, LOCAL_REGION } from '../../local/identity';

const stack = inject('stack');

/**
 * The local runtime is a product surface too. DynamoDB Local listens on every interface (it
 * has no loopback option), so what keeps another machine out of the portal's data is the data
 * folder's own random access key id: DynamoDB Local keeps one database per access key.
 */
describe('the local runtime, to a caller without the data folder credentials', () => {
  it("DynamoDB Local shows another access key an empty database of its own, not the portal's", async () => {
    const guessed = (accessKeyId: string) => new DynamoDBClient({
      endpoint: stack.dynamoEndpoint, region: LOCAL_REGION, credentials: { accessKeyId, secretAccessKey: 'anything' },
    });
    const own = new DynamoDBClient({ endpoint: stack.dynamoEndpoint, region: LOCAL_REGION, credentials: stack.credentials });
    try {
      expect((await own.send(new ListTablesCommand({}))).TableNames).toContain(stack.tableName);
      for (const accessKeyId of ['local', 'AKIAIOSFODNN7EXAMPLE', 'test']) {
        const client = guessed(accessKeyId);
        try {
          expect((await client.send(new ListTablesCommand({}))).TableNames).toEqual([]);
        } finally {
          client.destroy();
        }
      }
    } finally {
      own.destroy();
    }
  });

  it("the identity service's admin operations refuse the well-known local/local credentials", async () => {
    const client = identityClient(stack.identityEndpoint, { accessKeyId: 'local', secretAccessKey: 'local' });
    try {
      await expect(client.send(new ListUsersCommand({ UserPoolId: stack.userPoolId }))).rejects.toMatchObject({ name: 'UnrecognizedClientException' });
    } finally {
      client.destroy();
    }
  });
});

describe('the local runtime, from a web page the developer opens', () => {
  const preflight = (url: string, origin: string) => fetch(url, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,x-amz-target,authorization' },
  });

  it('the identity service answers no web page (cognito-local would grant every origin)', async () => {
    const answer = await preflight(stack.identityEndpoint, 'https://evil.example');
    expect(answer.status).toBe(403);
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    const call = await fetch(stack.identityEndpoint, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
      body: JSON.stringify({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: stack.portalClientId, AuthParameters: { USERNAME: 'admin@demo.example', PASSWORD: 'x' } }),
    });
    expect(call.status).toBe(403);
    expect(call.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('the files bucket lets the portal read and write, and no other page', async () => {
    const bucket = `${stack.s3Endpoint}/coldchain-files/?list-type=2`;
    const portal = new URL(stack.portalUrl).origin;
    const ask = (origin: string, method: string) => fetch(bucket, { method, headers: { origin, 'access-control-request-method': 'GET' } });
    expect((await ask(portal, 'OPTIONS')).headers.get('access-control-allow-origin')).not.toBeNull();
    expect((await ask(portal, 'GET')).headers.get('access-control-allow-origin')).toBe(portal);
    // Without a CORS grant a page cannot read even the refusal (every request must be signed: local-s3.test.ts).
    expect((await ask('https://evil.example', 'OPTIONS')).headers.get('access-control-allow-origin')).toBeNull();
    expect((await ask('https://evil.example', 'GET')).headers.get('access-control-allow-origin')).toBeNull();
  });

  it('a request that makes no URL is answered 400 and the portal keeps serving', async () => {
    const { port } = new URL(stack.portalUrl);
    const status = await new Promise<number>((resolve, reject) => {
      const request = httpRequest({ host: '127.0.0.1', port, path: '//', headers: { host: `localhost:${port}` } }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on('error', reject);
      request.end();
    });
    expect(status).toBe(400);
    expect((await fetch(`${stack.portalUrl}/config.json`)).status).toBe(200);
  });
});
