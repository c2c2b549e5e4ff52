import { request } from 'node:http';
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChannelFaults } from './channel-faults';
import { LOCAL_REGION } from './identity';
import { freePort } from './ports';
import { startSes, type LocalSes } from './ses';

function statusFor(url: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const call = request(url, { headers: { host } }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    call.on('error', reject);
    call.end();
  });
}

describe('the SES emulator (the outbox\'s emails)', () => {
  const faults = new ChannelFaults();
  let ses: LocalSes;

  beforeAll(async () => {
    ses = await startSes(await freePort(), faults);
  });
  afterAll(async () => {
    await ses.stop();
  });

  it('shows its store to a loopback host name only (no DNS rebinding)', async () => {
    const port = new URL(ses.endpoint).port;
    expect(await statusFor(`${ses.endpoint}/store`, `attacker.example:${port}`)).toBe(403);
    expect(await statusFor(`${ses.endpoint}/`, 'attacker.example')).toBe(403);
    expect(await statusFor(`${ses.endpoint}/store`, `localhost:${port}`)).toBe(200);
  });

  it('fails the next N email sends while the outbox\'s switch says so, then keeps them again', async () => {
    const client = new SESv2Client({ endpoint: ses.endpoint, region: LOCAL_REGION, credentials: { accessKeyId: 'test', secretAccessKey: 'test' } });
    const send = () => client.send(new SendEmailCommand({
      FromEmailAddress: 'alarms@example.com',
      Destination: { ToAddresses: ['user@example.com'] },
      Content: { Simple: { Subject: { Data: 'Alarm' }, Body: { Text: { Data: 'Freezer 2 is warm.' } } } },
    }));
    const before = (await ses.emails()).length;
    faults.failNext('email', 1);
    await expect(send()).rejects.toMatchObject({ name: 'InternalServiceErrorException', $metadata: { httpStatusCode: 500 } });
    await expect(send()).resolves.toMatchObject({ MessageId: expect.any(String) as string });
    // Only the send after the failed one is kept (whatever other tests of this file sent before).
    expect((await ses.emails()).slice(before).map((email) => email.subject)).toEqual(['Alarm']);
    client.destroy();
  });
});
