import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChannelFaults } from './channel-faults';
import { startGateway, type GatewayOptions, type LocalGateway } from './gateway';
import { Outbox, type OutboxMessage } from './outbox';
import { freePort } from './ports';

interface Answer { status: number; body: string; location?: string }

function post(url: string, body: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const call = request(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({
        status: response.statusCode ?? 0,
        body: Buffer.concat(chunks).toString('utf8'),
        ...(response.headers.location ? { location: response.headers.location } : {}),
      }));
    });
    call.on('error', reject);
    call.end(body);
  });
}

describe('the outbox page\'s actions (through the local gateway)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'outbox-actions-'));
  const outbox = new Outbox(join(dir, 'messages.jsonl'));
  const faults = new ChannelFaults();
  const pressed: [string, string][] = [];
  let onVoiceKeyPress: ((message: OutboxMessage, digit: string) => Promise<void>) | undefined;
  const replies: [string, string][] = [];
  let gateway: LocalGateway;
  let port: number;

  beforeAll(async () => {
    port = await freePort();
    gateway = await startGateway({
      port,
      webRoot: dir,
      // Never asked: these routes need no sign-in.
      identity: { endpoint: 'http://127.0.0.1:9', credentials: { accessKeyId: 'test', secretAccessKey: 'test' }, issuer: 'http://127.0.0.1:9', jwksUrl: 'http://127.0.0.1:9/jwks.json', audiences: [] },
      webConfig: {} as GatewayOptions['webConfig'],
      outbox: () => Promise.resolve(outbox.list()),
      outboxActions: {
        faults,
        findMessage: (id) => outbox.find(id),
        onVoiceKeyPress: (message, digit) => onVoiceKeyPress ? onVoiceKeyPress(message, digit) : Promise.reject(new Error('No key press expected yet.')),
        onTextReply: (message, body) => {
          replies.push([message.id, body]);
          return Promise.resolve();
        },
      },
    });
  });
  afterAll(async () => {
    await gateway.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sets a channel\'s fault switch from the page, and refuses a foreign Origin', async () => {
    const own = `http://localhost:${port}`;
    expect(await post(`${own}/outbox/faults`, 'channel=voice&count=4', { origin: 'http://attacker.example' })).toMatchObject({ status: 403 });
    expect(await post(`${own}/outbox/faults`, 'channel=voice&count=4', { origin: 'null' })).toMatchObject({ status: 403 });
    // Another local server's page is another origin too.
    expect(await post(`${own}/outbox/faults`, 'channel=voice&count=4', { origin: `http://localhost:${port + 1}` })).toMatchObject({ status: 403 });
    expect(faults.state().voice).toBe(0);

    expect(await post(`${own}/outbox/faults`, 'channel=voice&count=4', { origin: own })).toMatchObject({ status: 303, location: '/outbox' });
    expect(faults.state().voice).toBe(4);
    expect(await post(`${own}/outbox/faults`, '{"channel":"email","count":2}', { 'content-type': 'application/json' }))
      .toMatchObject({ status: 200, body: JSON.stringify({ faults: { email: 2, text: 0, voice: 4, push: 0 } }) });
    expect(await post(`${own}/outbox/faults`, 'channel=fax&count=1', {})).toMatchObject({ status: 400 });
    expect(await post(`${own}/outbox/faults`, 'channel=text&count=-1', {})).toMatchObject({ status: 400 });
    expect(await post(`${own}/outbox/faults`, 'channel=text&count=', {})).toMatchObject({ status: 400 });

    const page = await fetch(`${own}/outbox`);
    expect(await page.text()).toContain('4 still to fail');
  });

  it('hands "Press 1" on an IVR voice call to the stack\'s hook, and says when that hook is not wired', async () => {
    const own = `http://localhost:${port}`;
    const ivr = outbox.record({ channel: 'voice', to: '+15551234567', body: 'Press 1.', context: { alarmId: 'a1', ivr: 'true' } });
    const plain = outbox.record({ channel: 'voice', to: '+15551234567', body: 'Alarm.' });

    expect(await post(`${own}/outbox/voice/${ivr.id}/keypress`, 'digit=1', { origin: 'http://attacker.example' })).toMatchObject({ status: 403 });

    onVoiceKeyPress = (message, digit) => {
      pressed.push([message.id, digit]);
      return Promise.resolve();
    };
    expect(await post(`${own}/outbox/voice/${ivr.id}/keypress`, 'digit=1', { origin: own })).toMatchObject({ status: 303 });
    expect(pressed).toEqual([[ivr.id, '1']]);
    expect(await post(`${own}/outbox/voice/${plain.id}/keypress`, 'digit=1', {})).toMatchObject({ status: 409 });
    expect(await post(`${own}/outbox/voice/nope/keypress`, 'digit=1', {})).toMatchObject({ status: 404 });
    expect(await post(`${own}/outbox/voice/${ivr.id}/keypress`, 'digit=12', {})).toMatchObject({ status: 400 });
  });

  it('hands a Reply to a text to the stack\'s hook, from its own page only, and nothing else', async () => {
    const own = `http://localhost:${port}`;
    const text = outbox.record({ channel: 'sms', to: '+15551234567', body: 'Reply 4821 to acknowledge.' });
    const call = outbox.record({ channel: 'voice', to: '+15551234567', body: 'Alarm.' });

    expect(await post(`${own}/outbox/sms/${text.id}/reply`, 'body=4821', { origin: 'http://attacker.example' })).toMatchObject({ status: 403 });
    expect(await post(`${own}/outbox/sms/${text.id}/reply`, 'body=4821', { origin: own })).toMatchObject({ status: 303, location: '/outbox' });
    expect(await post(`${own}/outbox/sms/${text.id}/reply`, '{"body":"ok 4821"}', { 'content-type': 'application/json' })).toMatchObject({ status: 200 });
    expect(await post(`${own}/outbox/sms/${call.id}/reply`, 'body=4821', {})).toMatchObject({ status: 409 });
    expect(await post(`${own}/outbox/sms/nope/reply`, 'body=4821', {})).toMatchObject({ status: 404 });
    expect(await post(`${own}/outbox/sms/${text.id}/reply`, 'body=+', {})).toMatchObject({ status: 400 });
    expect(await post(`${own}/outbox/sms/${text.id}/reply`, `body=${'1'.repeat(1601)}`, {})).toMatchObject({ status: 400 });
    expect(await post(`${own}/outbox/sms/${text.id}/reply`, `body=${'1'.repeat(5000)}`, {})).toMatchObject({ status: 400 });
    expect(await post(`${own}/outbox/sms/%E0%A4%A/reply`, 'body=4821', {})).toMatchObject({ status: 400 });
    expect(replies).toEqual([[text.id, '4821'], [text.id, 'ok 4821']]);
  });

  it('answers 501 for a key press while the stack has no hook', async () => {
    const bare = await startGateway({
      port: await freePort(),
      webRoot: dir,
      identity: { endpoint: 'http://127.0.0.1:9', credentials: { accessKeyId: 'test', secretAccessKey: 'test' }, issuer: 'http://127.0.0.1:9', jwksUrl: 'http://127.0.0.1:9/jwks.json', audiences: [] },
      webConfig: {} as GatewayOptions['webConfig'],
      outbox: () => Promise.resolve([]),
      outboxActions: { faults, findMessage: (id) => outbox.find(id) },
    });
    try {
      const ivr = outbox.record({ channel: 'voice', to: '+15551234567', body: 'Press 1.', context: { ivr: 'true' } });
      const answer = await post(`${bare.url}/outbox/voice/${ivr.id}/keypress`, 'digit=1', {});
      expect(answer.status).toBe(501);
      expect(answer.body).toContain('onVoiceKeyPress');
    } finally {
      await bare.stop();
    }
  });
});
