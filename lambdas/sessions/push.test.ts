import { DynamoDBDocumentClient, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@domain/core/messages';
import { apiEvent, invoke, liveSession } from '../shared/api-event.test-support';
import { resetBackendConfig } from '../shared/config';
import { resetVapidKeys } from '../shared/vapid';
import { handler } from './handler';

const dynamo = mockClient(DynamoDBDocumentClient);
// The environment as it was, but for the local push stand-in's origin, which only the test that names it may set.
const { LOCAL_PUSH_ORIGIN: _leftOver, ...savedEnvironment } = process.env;
const subscription = { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys: { p256dh: 'BKey_123-abc', auth: 'Auth_456' } };
const stored = { pk: 'C#org-1#SESSION#acc-1', sk: 'SESSION#s-1', id: 's-1', customerId: 'org-1', accountId: 'acc-1', ttl: 4_000_000_000 };

describe('sessions handler: push on a device', () => {
  beforeEach(() => {
    delete process.env['LOCAL_PUSH_ORIGIN'];
    dynamo.reset();
    const session = liveSession();
    dynamo.on(GetCommand).resolves({});
    dynamo.on(GetCommand, { Key: session.key }).resolves(session.answer);
    dynamo.on(QueryCommand).resolves({ Items: [] });
    Object.assign(process.env, { TABLE_NAME: 'table', LOG_LEVEL: 'ERROR', VAPID_PUBLIC_KEY: 'BPublic_Key-1', VAPID_PRIVATE_KEY: 'Private_Key-1' });
    resetBackendConfig();
    resetVapidKeys();
  });
  afterEach(() => {
    process.env = { ...savedEnvironment };
    resetBackendConfig();
    resetVapidKeys();
  });

  const put = (body: unknown) => invoke(handler, apiEvent('PUT /api/session/active/devices/{id}', { pathParameters: { id: 's-1' }, body }));
  const update = () => dynamo.commandCalls(UpdateCommand).at(-1)?.args[0].input;

  it('keeps the browser subscription on the session when push is turned on', async () => {
    dynamo.on(UpdateCommand).resolves({ Attributes: { ...stored, pushEnabled: true, pushSubscription: subscription } });
    const answer = await put({ pushEnabled: true, subscription });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: 's-1', pushEnabled: true });
    // The subscription's keys are not given back.
    expect(JSON.stringify(answer.body)).not.toContain('fcm.googleapis');
    expect(update()).toMatchObject({
      Key: { pk: 'C#org-1#SESSION#acc-1', sk: 'SESSION#s-1' },
      UpdateExpression: 'SET pushEnabled = :push, pushSubscription = :subscription',
      ExpressionAttributeValues: { ':push': true, ':subscription': subscription },
    });
  });

  it('forgets the subscription when push is turned off', async () => {
    dynamo.on(UpdateCommand).resolves({ Attributes: { ...stored, pushEnabled: false } });
    expect((await put({ pushEnabled: false, subscription })).status).toBe(200);
    expect(update()?.UpdateExpression).toBe('SET pushEnabled = :push REMOVE pushSubscription');
    expect(update()?.ExpressionAttributeValues).not.toHaveProperty(':subscription');
  });

  it('refuses a subscription that is not https', async () => {
    const answer = await put({ pushEnabled: true, subscription: { ...subscription, endpoint: 'http://fcm.googleapis.com/fcm/send/abc' } });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain(MESSAGES.pushSubscriptionInvalid);
    expect(dynamo.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it("refuses an endpoint that is not a browser's push service, unless it is the local stand-in LOCAL_PUSH_ORIGIN names", async () => {
    const loopback = { ...subscription, endpoint: 'https://127.0.0.1:8443/push/1' };
    const answer = await put({ pushEnabled: true, subscription: loopback });
    expect(answer).toMatchObject({ status: 400, body: { message: MESSAGES.pushEndpointNotAllowed } });
    expect(dynamo.commandCalls(UpdateCommand)).toHaveLength(0);

    dynamo.on(UpdateCommand).resolves({ Attributes: { ...stored, pushEnabled: true, pushSubscription: loopback } });
    process.env['LOCAL_PUSH_ORIGIN'] = 'https://127.0.0.1:8443';
    expect((await put({ pushEnabled: true, subscription: loopback })).status).toBe(200);
    expect((await put({ pushEnabled: true, subscription: { ...loopback, endpoint: 'https://127.0.0.1:8444/push/1' } })).status).toBe(400);
  });

  it('gives the VAPID public key, never the private one', async () => {
    const answer = await invoke(handler, apiEvent('GET /api/session/active/devices/push-key'));
    expect(answer).toEqual({ status: 200, body: { publicKey: 'BPublic_Key-1' } });
    expect(JSON.stringify(answer.body)).not.toContain('Private_Key-1');
  });
});
