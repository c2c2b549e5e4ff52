import { randomUUID } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import webpush from 'web-push';
import { localPushOrigins } from '../lambdas/shared/config';
import { pushProvider, setProcessPushTransport, webPushTransport, type PushTransport } from '../lambdas/notifier/push';
import type { ChannelProviders } from '../lambdas/notifier/send';
import type { ChannelFaults } from './channel-faults';
import type { Outbox } from './outbox';
import type { DataTable } from '../lambdas/data/table';

/**
 * Web push locally (issue 14 section 3): the same provider as on AWS (lambdas/notifier/push.ts),
 * its transport wrapped so every push lands in the outbox. A browser's subscription points at
 * its vendor's push service, which the offline runtime cannot reach: the message is recorded
 * and counted as taken. Only an endpoint of the push service stand-in the runner names
 * (LOCAL_PUSH_ORIGIN, an https origin on loopback: lambdas/shared/config.ts) is also sent for
 * real; no other subscription reaches the transport (the provider takes browsers' push
 * services and that origin only). The outbox's "fail the next sends" switch fails a push
 * before anything is recorded.
 */

const VAPID_FILE = 'vapid-keys.json';

export interface LocalVapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The data folder's VAPID keys, made at its first start like its AWS credentials
 * (local/credentials.ts: owner-only, never committed). The local stack gives them to the
 * handlers as VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY. `npm run reset` makes new ones, and the
 * browsers' subscriptions made with the old ones stop working (subscribe again).
 */
export function loadLocalVapidKeys(dataDir: string): LocalVapidKeys {
  const path = join(dataDir, VAPID_FILE);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if (!existsSync(path)) {
    const keys = webpush.generateVAPIDKeys();
    try {
      writeFileSync(path, JSON.stringify({ publicKey: keys.publicKey, privateKey: keys.privateKey }), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  chmodSync(path, 0o600);
  const stored = JSON.parse(readFileSync(path, 'utf8')) as Partial<LocalVapidKeys>;
  if (typeof stored.publicKey !== 'string' || !/^[A-Za-z0-9_-]{80,}$/.test(stored.publicKey)
    || typeof stored.privateKey !== 'string' || !/^[A-Za-z0-9_-]{40,}$/.test(stored.privateKey)) {
    throw new Error(`The local VAPID keys ${path} are damaged: run \`npm run reset\`, or delete the file.`);
  }
  return { publicKey: stored.publicKey, privateKey: stored.privateKey };
}

/** Whether a push endpoint is the local push service stand-in's (LOCAL_PUSH_ORIGIN, unless `origins` are given). */
export function isLocalPushServiceEndpoint(endpoint: string, origins: readonly string[] = localPushOrigins()): boolean {
  return URL.canParse(endpoint) && origins.includes(new URL(endpoint).origin);
}

export interface LocalPushOptions {
  outbox: Outbox;
  /** The outbox's fault switch (`push`). */
  faults?: Pick<ChannelFaults, 'check'>;
  /** How the stand-in's endpoint is sent to: web-push with the VAPID keys by default. */
  send?: PushTransport;
  /** One send of the provider (its devices share it: the switch fails the send once, not once per device). */
  sendId?: string;
}

/**
 * The local transport: the switch first (a failed push records nothing and fails each device,
 * so the sender retries), then the outbox; the local stand-in's endpoint is also sent to.
 */
export function localPushTransport(options: LocalPushOptions): PushTransport {
  const send = options.send ?? webPushTransport();
  return async (target, payload) => {
    options.faults?.check('push', options.sendId);
    const recorded = options.outbox.record({
      channel: 'push',
      to: `${target.email} (${target.device})`,
      subject: payload.title,
      body: `${payload.body}\n${payload.url}`,
      context: { sessionId: target.sessionId, accountId: target.accountId },
    });
    if (!isLocalPushServiceEndpoint(target.subscription.endpoint)) return { messageId: recorded.id };
    const receipt = await send(target, payload);
    return { messageId: receipt.messageId ?? recorded.id };
  };
}

/**
 * The push provider the local notifier uses (the AWS one, over the outbox): `localPushProvider({ outbox, faults })`.
 * The handlers run in this process too: a push they send themselves (a user's test message) goes
 * over the same outbox (setProcessPushTransport), never to a vendor's push service.
 */
export function localPushProvider(deps: { client?: DataTable['client']; tableName?: string; now?: () => Date | number } & Omit<LocalPushOptions, 'sendId'>): ChannelProviders['push'] {
  setProcessPushTransport(localPushTransport(deps));
  return (customerId, accountId, message) => pushProvider({
    client: deps.client, tableName: deps.tableName, now: deps.now,
    transport: localPushTransport({ ...deps, sendId: randomUUID() }),
  })(customerId, accountId, message);
}
