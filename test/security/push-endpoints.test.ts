/**
 * Issue 32 (hardening pass), item 2: a push subscription names the URL the push sender POSTs
 * to. Only the browsers' push services are taken (domain/identity/push-endpoints.ts), and the
 * sender checks again before each send, so an endpoint stored before the rule (the portal's own
 * API, the instance metadata, anything in the network) is never called.
 */
import { createServer, type Server } from 'node:net';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MESSAGES } from '@domain/core/messages';
import { sessionKeyParams } from '../../lambdas/data';
import { LOCAL_REGION } from '../../local/identity';
import { api, createUser, openSession, type TestUser } from '../support/identity';

const stack = inject('stack');
const documents = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: stack.dynamoEndpoint, region: LOCAL_REGION, credentials: stack.credentials }));

const keys = { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) };
/** The portal's own API on loopback, as a push endpoint (https: the Web Push protocol's scheme). */
const portalApi = `https://127.0.0.1:${new URL(stack.apiUrl).port}/api/users`;

/** A listener that counts the connections made to it and drops each at once (no TLS: a send fails fast). */
let listener: Server;
let connections = 0;

beforeAll(async () => {
  listener = createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  documents.destroy();
  await new Promise((resolve) => listener.close(resolve));
});

describe('push endpoints (issue 32)', () => {
  let user: TestUser;
  let sessionId: string;
  beforeAll(async () => {
    user = await createUser(stack, 'admin');
    sessionId = await openSession(stack, user.token);
  });
  const pushOn = (endpoint: string) => api(stack, user, 'PUT', `/session/active/devices/${sessionId}`, { pushEnabled: true, subscription: { endpoint, keys } });

  it.each([
    ['the portal\'s own API', portalApi],
    ['the instance metadata', 'https://169.254.169.254/latest/meta-data/iam/security-credentials/'],
    ['another host', 'https://attacker.example/collect'],
    ['a push service on another port', 'https://fcm.googleapis.com:8443/fcm/send/abc'],
    ['a host named like a push service', 'https://fcm.googleapis.com.attacker.example/fcm/send/abc'],
  ])('refuses %s as an endpoint, with the reason', async (_what, endpoint) => {
    const refused = await pushOn(endpoint);
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(refused.body).toMatchObject({ message: MESSAGES.pushEndpointNotAllowed });
  });

  it("takes a browser's push service", async () => {
    const taken = await pushOn('https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk');
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
  });

  it('never sends to an endpoint stored before the rule: the device is not one that takes push', async () => {
    const { port } = listener.address() as { port: number };
    await documents.send(new UpdateCommand({
      ...sessionKeyParams(stack.tableName, user.customerId, user.accountId, sessionId),
      UpdateExpression: 'SET pushEnabled = :on, pushSubscription = :subscription',
      ExpressionAttributeValues: { ':on': true, ':subscription': { endpoint: `https://127.0.0.1:${port}/push/1`, keys } },
    }));
    const sent = await api(stack, user, 'POST', '/users/me/notifications/test', { channel: 'push' });
    expect(sent).toMatchObject({ status: 400, body: { message: MESSAGES.testMessageNoPushDevice } });
    expect(connections).toBe(0);
  });
});
