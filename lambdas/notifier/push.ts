import { randomUUID } from 'node:crypto';
import webpush from 'web-push';
import type { PushSubscriptionInput } from '@domain/identity/account';
import { isPushServiceEndpoint } from '@domain/identity/push-endpoints';
import { epochSeconds, pushSubscribersOfAccount, queryAll, toSessionRecord, type DataTable } from '../data';
import { forgetPushSubscription } from '../data/push-subscriptions';
import type { PushMessage, PushSend } from '../shared/push-types';
import { dynamoDocumentClient } from '../data/client';
import { backendConfig, localPushOrigins } from '../shared/config';
import { vapidKeys, type VapidKeys } from '../shared/vapid';

export type { PushMessage, PushSend } from '../shared/push-types';

/**
 * Push notifications by the Web Push protocol (RFC 8030, 8291, 8292; issue 14 sections 2 and 3): one
 * message to every device session of the user that has push on and a browser subscription
 * (stored by PUT session/active/devices/{id}), signed with the VAPID keys
 * (lambdas/shared/vapid.ts). The same code on both runtimes; the local stack only wraps the
 * transport, so each push also lands in the outbox (local/push.ts). Shared: the notifier's senders
 * push alarms, the users resource a user's own test message (POST users/me/notifications/test).
 */

/** How long a push service keeps a message for a device that is offline: an alarm an hour old is read in the portal. */
export const PUSH_TTL_SECONDS = 3600;
/** A socket that hangs this long fails the device's send (the sender tries again later). */
const PUSH_TIMEOUT_MS = 10_000;

/** What the service worker shows (frontend/public/service-worker.js). */
export interface PushPayload {
  title: string;
  body: string;
  /** The alarm's page, opened when the notification is clicked. */
  url: string;
}

/** One device to push to. */
export interface PushTarget {
  customerId: string;
  accountId: string;
  sessionId: string;
  email: string;
  /** The device's name as the sessions page shows it. */
  device: string;
  subscription: PushSubscriptionInput;
}

/** What a push service answered: an id of the message when it gave one (its `Location`). */
export interface PushReceipt {
  messageId?: string;
}

/**
 * Sends one message to one device; throws with `statusCode` when the push service refuses it
 * (web-push's WebPushError), or any error when it could not be reached.
 */
export type PushTransport = (target: PushTarget, payload: PushPayload) => Promise<PushReceipt>;

export interface PushProviderDependencies {
  /** The table and its client: this process's (lambdas/shared/clients.ts, TABLE_NAME) unless given. */
  client?: DataTable['client'];
  tableName?: string;
  /** The clock (a Date or epoch milliseconds), the system's unless given. */
  now?: () => Date | number;
  /** The process's (setProcessPushTransport), else web-push (webPushTransport); the local stack wraps it. */
  transport?: PushTransport;
}

let processTransport: PushTransport | undefined;

/**
 * The transport `pushProvider()` uses when given none: web-push, unless the process set another
 * (the local runtime, whose handlers run in its process, puts every push in the outbox).
 */
export function setProcessPushTransport(transport: PushTransport | undefined): void {
  processTransport = transport;
}

/** web-push's sendNotification with the VAPID keys: high urgency, kept PUSH_TTL_SECONDS. */
export function webPushTransport(keys: () => Promise<VapidKeys> = vapidKeys): PushTransport {
  return async (target, payload) => {
    const { publicKey, privateKey, subject } = await keys();
    const result = await webpush.sendNotification(target.subscription, JSON.stringify(payload), {
      vapidDetails: { subject, publicKey, privateKey },
      TTL: PUSH_TTL_SECONDS,
      urgency: 'high',
      timeout: PUSH_TIMEOUT_MS,
    });
    const location = result.headers['location'];
    return location ? { messageId: location } : {};
  };
}

/** The push service's status of a refused send, when it answered. */
const statusOf = (error: unknown): number | undefined => {
  const status = typeof error === 'object' && error !== null ? (error as { statusCode?: unknown }).statusCode : undefined;
  return typeof status === 'number' ? status : undefined;
};

/** 404 and 410: the subscription expired or the user revoked it; it will never take a message again. */
export const isGone = (error: unknown): boolean => {
  const status = statusOf(error);
  return status === 404 || status === 410;
};

/** Every device failed: the reasons, one per device (no endpoints: they are capability URLs). */
export class PushFailedError extends Error {
  constructor(readonly reasons: readonly string[]) {
    super(`Push failed on every device (${reasons.length}): ${reasons.join('; ')}`.slice(0, 450));
    this.name = 'PushFailedError';
  }
}

const reasonOf = (error: unknown): string => {
  const status = statusOf(error);
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return (status === undefined ? text : `${status} ${text}`).slice(0, 200);
};

/**
 * The user's devices that take push (pattern 10b: one Query of the user's sessions). A
 * subscription whose endpoint is not a browser's push service (stored before the rule, issue 32;
 * domain/identity/push-endpoints.ts) is no device: nothing is ever sent to it.
 */
export async function pushTargetsOf(client: DataTable['client'], tableName: string, customerId: string, accountId: string, now: Date): Promise<PushTarget[]> {
  const sessions = await queryAll(client, pushSubscribersOfAccount(tableName, customerId, accountId, epochSeconds(now)), toSessionRecord);
  return sessions.flatMap((session) => (session.pushEnabled && session.pushSubscription !== undefined && session.ttl > epochSeconds(now)
    && isPushServiceEndpoint(session.pushSubscription.endpoint, localPushOrigins())
    ? [{
      customerId: session.customerId,
      accountId: session.accountId,
      sessionId: session.id,
      email: session.email,
      device: session.deviceName || session.deviceModel || session.userAgent || session.deviceId || session.id,
      subscription: session.pushSubscription,
    }]
    : []));
}

const forget = (client: DataTable['client'], tableName: string, target: PushTarget): Promise<void> =>
  forgetPushSubscription(client, tableName, { customerId: target.customerId, accountId: target.accountId, sessionId: target.sessionId, endpoint: target.subscription.endpoint });

/**
 * The push provider (the notifier's ChannelProviders['push']): the message to each of the user's devices at
 * once. A message id when at least one device took it; undefined when the user has no device
 * with push on (or only subscriptions the push service says are gone, which are forgotten);
 * throws PushFailedError when every other device failed (the sender tries again).
 */
export function pushProvider(deps: PushProviderDependencies = {}): PushSend {
  const transport = deps.transport ?? processTransport ?? webPushTransport();
  return async (customerId: string, accountId: string, message: PushMessage) => {
    // Made on first use, never at import (the CDK imports handlers at synth).
    const client = deps.client ?? dynamoDocumentClient();
    const tableName = deps.tableName ?? backendConfig().tableName;
    const targets = await pushTargetsOf(client, tableName, customerId, accountId, new Date(deps.now?.() ?? Date.now()));
    if (targets.length === 0) return undefined;
    const payload: PushPayload = { title: message.title, body: message.text, url: message.link };
    const results = await Promise.allSettled(targets.map((target) => transport(target, payload)));

    const delivered: PushReceipt[] = [];
    const failures: string[] = [];
    for (const [index, result] of results.entries()) {
      const target = targets[index];
      if (target === undefined) continue;
      if (result.status === 'fulfilled') delivered.push(result.value);
      else if (isGone(result.reason)) await forget(client, tableName, target);
      else failures.push(reasonOf(result.reason));
    }
    if (delivered.length > 0) return delivered.find((receipt) => receipt.messageId !== undefined)?.messageId ?? randomUUID();
    if (failures.length === 0) return undefined;
    throw new PushFailedError(failures);
  };
}
