import type { Alarm } from '@domain/alarms/alarm';
import { ALARM_TYPE_CATALOGUE } from '@domain/alarms/alarm-types';
import { DomainError } from '@domain/core/errors';
import type { DeliveryProvider } from '@domain/notifications/channels';
import { dropReason, MAX_DELIVERY_ATTEMPTS, retryDelayMs, SENDING_LEASE_MS } from '@domain/notifications/delivery';
import {
  alarmKey,
  batchGet,
  deliveryKeyParams,
  deliveryRefOf,
  deliveryRefText,
  deliveryReplace,
  recipientClaim,
  readDelivery,
  readRecipientLastSent,
  recipientRelease,
  runTransaction,
  timerPut,
  toAlarm,
  toNotificationDelivery,
  type DeliveryRef,
  type GuardedItem,
  type NotificationDelivery,
  replyCodeForDelivery,
} from '../data';
import { alarmTimerEntry, recipientTimerEntry, stormWindowOf, type NotifierDependencies } from './plan';

/**
 * A channel's sender (issue 14 section 3; docs/decisions/0069-notification-outbox-and-delivery.md): takes one
 * queued delivery and sends it at most once. It re-reads the delivery (a redelivered queue
 * message finds it no longer queued and does nothing) and the alarm (acknowledged meanwhile:
 * the message is dropped, even if it was queued before), claims the recipient's channel for
 * the storm rule (taken within the window: the message is held for the next one, grouped),
 * claims the delivery on its version (of two senders, one wins), and only then asks the
 * provider; an alarm's or reminder's text first gets its SMS reply code (kept on the delivery,
 * lambdas/data/entities/sms-reply-code.ts). A provider's refusal is kept with its reason and tried again after a pause
 * (`retryDelayMs`, by the alarm's timer), MAX_DELIVERY_ATTEMPTS times in all, then parked as
 * dead for an administrator to resend.
 */

/** What a message says, composed in the recipient's language (lambdas/notifier/compose.ts). */
export interface ComposedMessage {
  subject: string;
  text: string;
  html: string;
  /** The voice call's script (SSML). */
  ssml: string;
  /** A push notification's title (its body is `text`). */
  title: string;
  /** The alarm's page in the portal. */
  link: string;
  /** The recipient has IVR: a voice call asks them to press 1 (its context says so, for the key press). */
  ivr: boolean;
}

export interface ComposeInput {
  delivery: NotificationDelivery;
  alarm: Alarm;
  /** The other alarms' messages a storm send carries. */
  grouped: readonly NotificationDelivery[];
}

/** The providers, one per kind of address (a pager is an email or a text). Each returns the provider's message id. */
interface ProviderCalls {
  email(to: string, message: Pick<ComposedMessage, 'subject' | 'text' | 'html'>): Promise<string>;
  text(to: string, body: string, context: Record<string, string>): Promise<string>;
  voice(to: string, ssml: string, language: string, context: Record<string, string>): Promise<string>;
  /** Undefined: the user has no device registered for push. */
  push(customerId: string, accountId: string, message: Pick<ComposedMessage, 'title' | 'text' | 'link'>): Promise<string | undefined>;
}
/** A call for each provider of the channels' catalogue (domain/notifications/channels.ts): one missing fails to compile. */
export type ChannelProviders = { [Provider in DeliveryProvider]: ProviderCalls[Provider] };

export interface SenderDependencies extends NotifierDependencies {
  providers: ChannelProviders;
  compose(input: ComposeInput): Promise<ComposedMessage>;
}

export type SendOutcome = 'sent' | 'held' | 'dropped' | 'skipped' | 'retrying' | 'dead' | 'nothing';

const isConflict = (error: unknown) => error instanceof DomainError && error.kind === 'conflict';
/** A provider's reason, as it gave it, kept short (no request ids, no secrets: the SDK's message names neither). */
const reasonOf = (error: unknown): string => (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 500);

const readLastSent = (deps: NotifierDependencies, delivery: NotificationDelivery): Promise<number | undefined> =>
  readRecipientLastSent(deps.client, deps.tableName, delivery.customerId, delivery.accountId, delivery.channel);

/** The held deliveries a storm send carries, as stored now (those no longer held are someone else's). */
async function groupedOf(deps: NotifierDependencies, delivery: NotificationDelivery): Promise<NotificationDelivery[]> {
  const refs = (delivery.groupWith ?? []).flatMap((refText) => deliveryRefOf(delivery.customerId, refText) ?? []);
  if (refs.length === 0) return [];
  const items = await batchGet(deps.client, deps.tableName, refs.map((ref) => deliveryKeyParams(deps.tableName, ref).Key), { consistent: true });
  return items.map(toNotificationDelivery).filter((candidate) => candidate.status === 'held');
}

async function alarmsOf(deps: NotifierDependencies, customerId: string, ids: readonly string[]): Promise<Map<string, Alarm>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const items = await batchGet(deps.client, deps.tableName, unique.map((id) => alarmKey(deps.tableName, customerId, id).Key), { consistent: true });
  return new Map(items.map(toAlarm).map((alarm) => [alarm.id, alarm]));
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Sends one delivery, if it is still queued; says what became of it. */
export async function sendDelivery(deps: SenderDependencies, ref: DeliveryRef): Promise<SendOutcome> {
  const now = deps.now();
  const delivery = await readDelivery(deps.client, deps.tableName, ref);
  if (delivery === undefined || delivery.status !== 'queued') return 'nothing';
  const window = stormWindowOf(deps);
  const heldAgain = (delivery.groupWith ?? []).length > 0 ? [timerPut(deps.tableName, recipientTimerEntry(delivery.customerId, delivery.accountId, delivery.channel), now, now)] : [];

  const alarms = await alarmsOf(deps, delivery.customerId, [delivery.alarmId]);
  const alarm = alarms.get(delivery.alarmId);
  const drop = dropReason(alarm, { kind: delivery.kind, dueAt: Date.parse(delivery.dueAt) });
  if (drop !== undefined || alarm === undefined) {
    // The messages it carried are still held: they are released again at once.
    await settle(deps, [deliveryReplace(deps.tableName, { ...without(delivery, 'groupWith'), status: 'dropped', reason: drop ?? 'alarmGone', updatedAt: iso(now) }, delivery.version), ...heldAgain]);
    return 'dropped';
  }

  // The storm rule and the claim, together: of two senders one wins, and a recipient gets one message a window.
  // The alarm's timer after the claim's lease queues the delivery again should this sender stop before its outcome.
  const previous = await readLastSent(deps, delivery);
  // A text that asks for a reply names an open SMS reply code, kept on the delivery: a retried send names the same.
  // A type nobody acknowledges (a checklist reminder) is a message only: there is nothing to acknowledge by a reply.
  const replyCode = !ALARM_TYPE_CATALOGUE[alarm.type].acknowledged ? undefined : await replyCodeForDelivery(deps.client, deps.tableName, delivery, now);
  const sending: NotificationDelivery = {
    ...without(delivery, 'replyCode'), status: 'sending', attempts: delivery.attempts + 1, updatedAt: iso(now), version: delivery.version + 1, ...(replyCode === undefined ? {} : { replyCode }),
  };
  try {
    await runTransaction(deps.client, [
      recipientClaim(deps.tableName, delivery.customerId, delivery.accountId, delivery.channel, now, window),
      deliveryReplace(deps.tableName, sending, delivery.version),
      timerPut(deps.tableName, alarmTimerEntry(delivery.customerId, delivery.alarmId), now + SENDING_LEASE_MS, now),
    ]);
  } catch (error) {
    if (!isConflict(error)) throw error;
    const again = await readDelivery(deps.client, deps.tableName, ref);
    if (again?.status !== 'queued' || again.version !== delivery.version) return 'nothing';
    const last = (await readLastSent(deps, delivery)) ?? now;
    await settle(deps, [
      deliveryReplace(deps.tableName, { ...without(delivery, 'groupWith'), status: 'held', updatedAt: iso(now) }, delivery.version),
      timerPut(deps.tableName, recipientTimerEntry(delivery.customerId, delivery.accountId, delivery.channel), last + window, now),
    ]);
    return 'held';
  }

  // What a storm send carries: the held messages still worth sending (acknowledged alarms' are dropped with it).
  const carried = await groupedOf(deps, delivery);
  const carriedAlarms = await alarmsOf(deps, delivery.customerId, carried.map((candidate) => candidate.alarmId));
  const grouped = carried.filter((candidate) => dropReason(carriedAlarms.get(candidate.alarmId), { kind: candidate.kind, dueAt: Date.parse(candidate.dueAt) }) === undefined);
  const droppedCarried = carried.filter((candidate) => !grouped.includes(candidate));

  let providerMessageId: string | undefined;
  try {
    providerMessageId = await deliver(deps, sending, await deps.compose({ delivery: sending, alarm, grouped }));
  } catch (error) {
    const dead = sending.attempts >= MAX_DELIVERY_ATTEMPTS;
    const nextAttemptAt = now + retryDelayMs(sending.attempts);
    await settle(deps, [
      deliveryReplace(deps.tableName, { ...sending, status: dead ? 'dead' : 'retrying', lastError: reasonOf(error), updatedAt: iso(now), ...(dead ? {} : { nextAttemptAt: iso(nextAttemptAt) }) }, sending.version),
      recipientRelease(deps.tableName, delivery.customerId, delivery.accountId, delivery.channel, now, previous),
      dead ? heldAgain : [timerPut(deps.tableName, alarmTimerEntry(delivery.customerId, delivery.alarmId), nextAttemptAt, now)],
    ].flat());
    return dead ? 'dead' : 'retrying';
  }
  if (providerMessageId === undefined) {
    // No device to push to: nothing was sent, and nothing will be until the user registers one.
    await settle(deps, [
      deliveryReplace(deps.tableName, { ...without(sending, 'groupWith'), status: 'skipped', reason: 'noPushDevice', updatedAt: iso(now) }, sending.version),
      recipientRelease(deps.tableName, delivery.customerId, delivery.accountId, delivery.channel, now, previous),
      ...heldAgain,
    ]);
    return 'skipped';
  }
  const sentRef = deliveryRefText(delivery);
  await settle(deps, [
    deliveryReplace(deps.tableName, { ...sending, status: 'sent', sentAt: iso(now), providerMessageId, updatedAt: iso(now), ...(grouped.length === 0 ? {} : { groupedCount: grouped.length }) }, sending.version),
    ...grouped.map((other) => deliveryReplace(deps.tableName, { ...other, status: 'grouped', groupedInto: sentRef, sentAt: iso(now), updatedAt: iso(now) }, other.version)),
    ...droppedCarried.map((other) => deliveryReplace(deps.tableName, { ...other, status: 'dropped', reason: 'acknowledged', updatedAt: iso(now) }, other.version)),
  ]);
  return 'sent';
}

/** The provider call for the delivery's address. */
async function deliver(deps: SenderDependencies, delivery: NotificationDelivery, message: ComposedMessage): Promise<string | undefined> {
  const to = delivery.to ?? '';
  const context = { customerId: delivery.customerId, alarmId: delivery.alarmId, delivery: deliveryRefText(delivery) };
  switch (delivery.provider) {
    case 'email':
      return deps.providers.email(to, message);
    case 'text':
      return deps.providers.text(to, message.text, context);
    case 'voice':
      return deps.providers.voice(to, message.ssml, delivery.language ?? 'en', message.ivr ? { ...context, ivr: 'true' } : context);
    case 'push':
      return deps.providers.push(delivery.customerId, delivery.accountId, message);
    default:
      throw new Error(`The delivery names no provider (${String(delivery.provider)})`);
  }
}

/**
 * The outcome's writes. The delivery's own item was claimed by this sender, so its version
 * holds; a grouped message someone else settled meanwhile makes the transaction fail, and it is
 * written again without them (the message went; they are theirs).
 */
async function settle(deps: NotifierDependencies, items: readonly GuardedItem[]): Promise<void> {
  try {
    await runTransaction(deps.client, items);
  } catch (error) {
    if (!isConflict(error) || items.length <= 1) throw error;
    const [own] = items;
    if (own !== undefined) await runTransaction(deps.client, [own]);
  }
}

function without<T extends object, K extends keyof T>(record: T, key: K): Omit<T, K> {
  const { [key]: _dropped, ...rest } = record;
  return rest;
}
