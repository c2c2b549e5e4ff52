import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PublishCommand, SNSClient } from '@aws-sdk/client-sns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_REGION } from './identity';

import { Outbox } from './outbox';
import { startSns, type LocalSns } from './sns';

// The emulator checks no signature: whatever credentials are given will do.
const TEST_CREDENTIALS = { accessKeyId: 'test', secretAccessKey: 'test' };

describe('the local SNS stand-in', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sns-'));
  const outbox = new Outbox(join(dir, 'messages.jsonl'));
  let sns: LocalSns;
  let client: SNSClient;

  beforeAll(async () => {
    sns = await startSns(outbox);
    client = new SNSClient({ endpoint: sns.endpoint, region: LOCAL_REGION, credentials: TEST_CREDENTIALS });
  });
  afterAll(async () => {
    client.destroy();
    await sns.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('puts a text published to a phone number in the outbox, answering as SNS does', async () => {
    const result = await client.send(new PublishCommand({ PhoneNumber: '+15551234567', Message: 'Your code is 123456.' }));
    const [message] = outbox.list();
    expect(message).toMatchObject({ channel: 'sms', to: '+15551234567', body: 'Your code is 123456.' });
    expect(result.MessageId).toBe(message?.id);
  });

  it('refuses a number that is not E.164, with the SDK error SNS gives', async () => {
    await expect(client.send(new PublishCommand({ PhoneNumber: '5551234567', Message: 'x' }))).rejects.toMatchObject({ name: 'InvalidParameterException' });
    await expect(client.send(new PublishCommand({ TopicArn: 'arn:aws:sns:eu-west-1:000000000000:t', Message: 'x' }))).rejects.toThrow();
  });
});
