import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const webPush = vi.hoisted(() => ({ sendNotification: vi.fn() }));
vi.mock('web-push', () => ({ default: webPush }));

const { PUSH_TTL_SECONDS, PushFailedError, pushProvider, webPushTransport } = await import('./push');

const dynamo = mockClient(DynamoDBDocumentClient);
const client = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'eu-west-1', credentials: { accessKeyId: 'test', secretAccessKey: 'test' } }));
const NOW = new Date('2026-11-27T10:00:00.000Z');
const LATER = Math.floor(NOW.getTime() / 1000) + 3600;
const KEYS = { publicKey: 'BPublicKey_base64url', privateKey: 'private_Key-base64url', subject: 'mailto:ops@example.com' };
const MESSAGE = { title: 'Alarm: Fridge 3', text: 'Temperature 9.1 °C above 8 °C', link: 'https://portal.example/alarms/a-1' };

const subscription = (name: string) => ({ endpoint: `https://fcm.googleapis.com/fcm/send/${name}`, keys: { p256dh: `B${name}key`, auth: `${name}auth` } });
const sessionItem = (id: string, fields: Record<string, unknown> = {}) => ({
  pk: 'C#org-1#SESSION#u-1', sk: `SESSION#${id}`, customerId: 'org-1', accountId: 'u-1', id, email: 'u1@example.com',
  deviceName: `Browser ${id}`, ttl: LATER, pushEnabled: true, pushSubscription: subscription(id), ...fields,
});
/** What web-push throws when the push service refuses a message. */
const refused = (statusCode: number) => Object.assign(new Error(`Received unexpected response code ${statusCode}`), { name: 'WebPushError', statusCode });

const provider = () => pushProvider({ client, tableName: 'table', now: () => NOW, transport: webPushTransport(async () => KEYS) });
const endpointsSent = () => webPush.sendNotification.mock.calls.map(([target]) => (target as { endpoint: string }).endpoint);

describe('push provider (web push)', () => {
  beforeEach(() => {
    dynamo.reset();
    webPush.sendNotification.mockReset();
    webPush.sendNotification.mockResolvedValue({ statusCode: 201, body: '', headers: { location: 'https://push.example/m/1' } });
    dynamo.on(UpdateCommand).resolves({});
  });
  afterEach(() => vi.clearAllMocks());

  it("sends to every device of the user with push on and a subscription, with the VAPID keys, an hour's TTL and high urgency", async () => {
    dynamo.on(QueryCommand).resolves({ Items: [sessionItem('s-1'), sessionItem('s-2')] });

    await expect(provider()('org-1', 'u-1', MESSAGE)).resolves.toBe('https://push.example/m/1');

    expect(endpointsSent()).toEqual(['https://fcm.googleapis.com/fcm/send/s-1', 'https://fcm.googleapis.com/fcm/send/s-2']);
    const [target, payload, options] = webPush.sendNotification.mock.calls[0] ?? [];
    expect(target).toEqual(subscription('s-1'));
    expect(JSON.parse(payload as string)).toEqual({ title: MESSAGE.title, body: MESSAGE.text, url: MESSAGE.link });
    expect(options).toMatchObject({ vapidDetails: KEYS, TTL: PUSH_TTL_SECONDS, urgency: 'high' });
  });

  it("reads only that organisation's user's sessions, with push on, subscribed and not expired (one Query)", async () => {
    dynamo.on(QueryCommand).resolves({ Items: [sessionItem('s-1')] });
    await provider()('org-1', 'u-1', MESSAGE);

    const queries = dynamo.commandCalls(QueryCommand);
    expect(queries).toHaveLength(1);
    const input = queries[0]?.args[0].input;
    expect(input?.ExpressionAttributeValues).toMatchObject({ ':pk': 'C#org-1#SESSION#u-1', ':pushOn': true, ':nowSeconds': LATER - 3600 });
    expect(input?.FilterExpression).toBe('pushEnabled = :pushOn AND attribute_exists(pushSubscription) AND #ttl > :nowSeconds');
  });

  it('leaves out a session with push off, without a subscription or expired, even if the read returns it', async () => {
    dynamo.on(QueryCommand).resolves({
      Items: [
        sessionItem('off', { pushEnabled: false }),
        sessionItem('none', { pushSubscription: undefined }),
        sessionItem('expired', { ttl: LATER - 7200 }),
        sessionItem('on'),
      ],
    });
    await provider()('org-1', 'u-1', MESSAGE);
    expect(endpointsSent()).toEqual(['https://fcm.googleapis.com/fcm/send/on']);
  });

  it("never sends to an endpoint that is not a browser's push service, stored before the rule (issue 32)", async () => {
    dynamo.on(QueryCommand).resolves({
      Items: [
        sessionItem('loopback', { pushSubscription: { ...subscription('loopback'), endpoint: 'https://127.0.0.1:3000/api/users' } }),
        sessionItem('metadata', { pushSubscription: { ...subscription('metadata'), endpoint: 'https://169.254.169.254/latest/meta-data/' } }),
        sessionItem('on'),
      ],
    });
    await provider()('org-1', 'u-1', MESSAGE);
    expect(endpointsSent()).toEqual(['https://fcm.googleapis.com/fcm/send/on']);

    webPush.sendNotification.mockClear();
    dynamo.on(QueryCommand).resolves({ Items: [sessionItem('loopback', { pushSubscription: { ...subscription('x'), endpoint: 'https://localhost/x' } })] });
    await expect(provider()('org-1', 'u-1', MESSAGE)).resolves.toBeUndefined();
    expect(webPush.sendNotification).not.toHaveBeenCalled();
  });

  it('answers undefined when the user has no device with push on (the sender skips: noPushDevice)', async () => {
    dynamo.on(QueryCommand).resolves({ Items: [] });
    await expect(provider()('org-1', 'u-1', MESSAGE)).resolves.toBeUndefined();
    expect(webPush.sendNotification).not.toHaveBeenCalled();
  });

  it('forgets a subscription the push service says is gone (410, 404), and still counts the device that took it', async () => {
    dynamo.on(QueryCommand).resolves({ Items: [sessionItem('gone'), sessionItem('ok'), sessionItem('missing')] });
    webPush.sendNotification.mockImplementation(async (target: { endpoint: string }) => {
      if (target.endpoint.endsWith('gone')) throw refused(410);
      if (target.endpoint.endsWith('missing')) throw refused(404);
      return { statusCode: 201, body: '', headers: {} };
    });

    const id = await provider()('org-1', 'u-1', MESSAGE);

    expect(typeof id).toBe('string');
    const updates = dynamo.commandCalls(UpdateCommand).map((call) => call.args[0].input);
    expect(updates).toHaveLength(2);
    expect(updates[0]).toMatchObject({
      Key: { pk: 'C#org-1#SESSION#u-1', sk: 'SESSION#gone' },
      UpdateExpression: 'SET pushEnabled = :pushOff REMOVE pushSubscription',
      ConditionExpression: 'pushSubscription.endpoint = :endpoint',
      ExpressionAttributeValues: { ':pushOff': false, ':endpoint': 'https://fcm.googleapis.com/fcm/send/gone' },
    });
    expect(updates[1]).toMatchObject({ Key: { sk: 'SESSION#missing' } });
  });

  it('answers undefined when every subscription is gone (nothing left to retry), and a re-subscription meanwhile is kept', async () => {
    dynamo.on(QueryCommand).resolves({ Items: [sessionItem('gone')] });
    dynamo.on(UpdateCommand).rejects(Object.assign(new Error('The conditional request failed'), { name: 'ConditionalCheckFailedException' }));
    webPush.sendNotification.mockRejectedValue(refused(410));
    await expect(provider()('org-1', 'u-1', MESSAGE)).resolves.toBeUndefined();
  });

  it('throws when every device failed for a reason worth retrying (5xx, unreachable), saying why', async () => {
    dynamo.on(QueryCommand).resolves({ Items: [sessionItem('s-1'), sessionItem('s-2'), sessionItem('gone')] });
    webPush.sendNotification.mockImplementation(async (target: { endpoint: string }) => {
      if (target.endpoint.endsWith('s-1')) throw refused(503);
      if (target.endpoint.endsWith('gone')) throw refused(410);
      throw Object.assign(new Error('connect ETIMEDOUT'), { name: 'Error' });
    });

    const sent = provider()('org-1', 'u-1', MESSAGE);
    await expect(sent).rejects.toBeInstanceOf(PushFailedError);
    await expect(sent).rejects.toThrow(/503 WebPushError: Received unexpected response code 503; Error: connect ETIMEDOUT/);
    // The message names no endpoint (capability URLs).
    await expect(sent).rejects.not.toThrow(/fcm\.googleapis/);
    expect(dynamo.commandCalls(UpdateCommand)).toHaveLength(1);
  });

  it('succeeds when one device took it and another failed', async () => {
    dynamo.on(QueryCommand).resolves({ Items: [sessionItem('s-1'), sessionItem('s-2')] });
    webPush.sendNotification.mockRejectedValueOnce(refused(500));
    await expect(provider()('org-1', 'u-1', MESSAGE)).resolves.toBe('https://push.example/m/1');
  });
});
