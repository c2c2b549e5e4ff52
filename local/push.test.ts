import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PushPayload, PushTarget } from '../lambdas/notifier/push';
import { ChannelFaultError, ChannelFaults } from './channel-faults';
import { Outbox } from './outbox';
import { isLocalPushServiceEndpoint, loadLocalVapidKeys, localPushTransport } from './push';

const target = (endpoint: string): PushTarget => ({
  customerId: 'org-1', accountId: 'u-1', sessionId: 's-1', email: 'u1@example.com', device: 'Chrome on Linux',
  subscription: { endpoint, keys: { p256dh: 'Bkey', auth: 'auth' } },
});
const payload: PushPayload = { title: 'Alarm: Fridge 3', body: 'Temperature 9.1 °C', url: 'http://localhost:5173/alarms/a-1' };

describe('local web push', () => {
  let dir: string;
  let outbox: Outbox;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'push-'));
    outbox = new Outbox(join(dir, 'outbox', 'messages.jsonl'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('makes the VAPID keys once per data folder, owner-only', () => {
    const keys = loadLocalVapidKeys(dir);
    expect(keys.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(loadLocalVapidKeys(dir)).toEqual(keys);
    expect(statSync(join(dir, 'vapid-keys.json')).mode & 0o777).toBe(0o600);
  });

  it('records a push to a vendor push service in the outbox, without sending it', async () => {
    const send = vi.fn();
    const receipt = await localPushTransport({ outbox, send })(target('https://fcm.googleapis.com/fcm/send/abc'), payload);

    expect(send).not.toHaveBeenCalled();
    const [message] = outbox.list();
    expect(message).toMatchObject({ channel: 'push', to: 'u1@example.com (Chrome on Linux)', subject: payload.title, body: `${payload.body}\n${payload.url}` });
    expect(receipt.messageId).toBe(message?.id);
  });

  it('also sends to the push service stand-in the runner names (LOCAL_PUSH_ORIGIN), and to no other loopback endpoint', async () => {
    const send = vi.fn().mockResolvedValue({ messageId: 'm-1' });
    vi.stubEnv('LOCAL_PUSH_ORIGIN', 'https://127.0.0.1:8443');
    try {
      const receipt = await localPushTransport({ outbox, send })(target('https://127.0.0.1:8443/push/1'), payload);
      expect(send).toHaveBeenCalledOnce();
      expect(receipt).toEqual({ messageId: 'm-1' });
      await localPushTransport({ outbox, send })(target('https://127.0.0.1:8444/push/1'), payload);
      expect(send).toHaveBeenCalledOnce();
    } finally {
      vi.unstubAllEnvs();
    }
    expect(isLocalPushServiceEndpoint('https://localhost:8443/x', ['https://localhost:8443'])).toBe(true);
    expect(isLocalPushServiceEndpoint('https://localhost/x', [])).toBe(false);
    expect(isLocalPushServiceEndpoint('https://localhost/x')).toBe(false);
  });

  it('fails a send on the outbox switch, once per send whatever the number of devices, recording nothing', async () => {
    const faults = new ChannelFaults();
    faults.failNext('push', 1);
    const first = localPushTransport({ outbox, faults, sendId: 'send-1' });
    await expect(first(target('https://push.example/1'), payload)).rejects.toBeInstanceOf(ChannelFaultError);
    await expect(first(target('https://push.example/2'), payload)).rejects.toBeInstanceOf(ChannelFaultError);
    expect(outbox.list()).toEqual([]);

    await localPushTransport({ outbox, faults, sendId: 'send-2' })(target('https://push.example/1'), payload);
    expect(outbox.list()).toHaveLength(1);
  });
});
