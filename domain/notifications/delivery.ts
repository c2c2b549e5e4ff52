import type { Alarm } from '../alarms/alarm';
import type { NotificationStepKind } from './escalation';
import type { DeliveryProvider, NotificationChannel } from './channels';
import { ALL_MODULES } from '../organisation/modules';
import type { OrganisationModules } from '../organisation/organisation';

/**
 * One message to one user on one channel (issue 14 section 3), pure: where it goes, whether it
 * must still go, and how a failing provider is tried again. The notifier writes a delivery once
 * per idempotency key (alarm, step, channel); the sender moves it from `queued` to one of the
 * ends below, re-reading the alarm first.
 */

export const DELIVERY_STATUSES = ['queued', 'sending', 'sent', 'retrying', 'dead', 'dropped', 'skipped', 'held', 'grouped'] as const;
/**
 * queued: waiting for its sender. sending: claimed by one. sent: the provider took it.
 * retrying: the provider failed; queued again at `nextAttemptAt`. dead: failed MAX_DELIVERY_ATTEMPTS
 * times (the dead-letter store; an administrator resends it). dropped: the alarm was acknowledged
 * first. skipped: the user has no address for the channel (or notifications off). held: the storm
 * rule holds it for the recipient's next message. grouped: sent inside that message.
 */
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** Sends tried before a delivery is parked in the dead-letter store. */
export const MAX_DELIVERY_ATTEMPTS = 5;

/** The pause before the next try after `attempts` failed ones: 1, 2, 4, 8 minutes. */
export const retryDelayMs = (attempts: number): number => 60_000 * 2 ** Math.max(0, Math.min(attempts - 1, 6));

/**
 * How long a sender's claim (`sending`) holds. A sender that stopped between its claim and its
 * outcome (a crash, a lost container) leaves the delivery `sending`; once this has passed, the
 * alarm's timer queues it again. It is well beyond a sender's whole run (30 s on AWS, the SDK's
 * retries included), so a sender still at work is never raced: the rare message whose provider
 * took it before the crash is then sent twice, which is better than never.
 */
export const SENDING_LEASE_MS = 5 * 60_000;

/** A claim whose sender stopped: `sending` for longer than the lease. */
export const isAbandonedSend = (delivery: { status: DeliveryStatus; updatedAt: string }, now: number): boolean =>
  delivery.status === 'sending' && Date.parse(delivery.updatedAt) + SENDING_LEASE_MS <= now;

/** The statuses that end a delivery: nothing more happens to it unless an administrator resends it. */
export const FINAL_STATUSES: ReadonlySet<DeliveryStatus> = new Set(['sent', 'dead', 'dropped', 'skipped', 'grouped']);

/** The provider that carries a channel (channels.ts): a pager is an email or a text, by the user's pager type. */
export type { DeliveryProvider } from './channels';

/** The user as delivery reads them (the account's stored fields). */
export interface DeliveryRecipient {
  accountId: string;
  email: string;
  lang?: 'en' | 'fr' | 'es';
  isActive?: boolean;
  notificationsEnabled?: boolean;
  phone?: string;
  phoneVerified?: boolean;
  smsEnabled?: boolean;
  enablePager?: boolean;
  pagerType?: 'email' | 'phone' | null;
  pagerNumber?: string;
}

export type SkipReason = 'notificationsOff' | 'inactive' | 'textOff' | 'noVerifiedPhone' | 'noPager';

export type DeliveryAddress = { provider: DeliveryProvider; to: string } | { skip: SkipReason };

/**
 * Where a channel reaches the user, within what they and the administrator allow: text needs
 * texts turned on and a verified phone (SPEC: "SMS needs a verified phone"), voice a verified
 * phone, a pager its type and number (and the organisation's pager feature); push goes to the
 * user's registered devices.
 */
export function addressFor(recipient: DeliveryRecipient, channel: NotificationChannel, organisation: Pick<OrganisationModules, 'enablePager'> = ALL_MODULES): DeliveryAddress {
  if (recipient.isActive === false) return { skip: 'inactive' };
  if (recipient.notificationsEnabled === false) return { skip: 'notificationsOff' };
  const verifiedPhone = recipient.phone !== undefined && recipient.phone !== '' && recipient.phoneVerified === true ? recipient.phone : undefined;
  switch (channel) {
    case 'email':
      return { provider: 'email', to: recipient.email };
    case 'text':
      if (recipient.smsEnabled !== true) return { skip: 'textOff' };
      return verifiedPhone === undefined ? { skip: 'noVerifiedPhone' } : { provider: 'text', to: verifiedPhone };
    case 'voice':
      return verifiedPhone === undefined ? { skip: 'noVerifiedPhone' } : { provider: 'voice', to: verifiedPhone };
    case 'pager': {
      const number = recipient.pagerNumber ?? '';
      // No pager either where the organisation has not got the pager feature (issue 16).
      if (!organisation.enablePager || recipient.enablePager !== true || number === '' || recipient.pagerType == null) return { skip: 'noPager' };
      return { provider: recipient.pagerType === 'email' ? 'email' : 'text', to: number };
    }
    case 'push':
      return { provider: 'push', to: recipient.accountId };
  }
}

/** A delivery as the sender judges it. */
export interface DeliveryToJudge {
  kind: NotificationStepKind;
  dueAt: number;
}

/**
 * Why a queued delivery must not go (undefined: it goes). An acknowledgement stops the alarm's
 * messages and reminders, even those queued before it; a "back to normal" message still goes
 * when the alarm cleared before it was acknowledged (escalationSteps plans it only then).
 */
export function dropReason(alarm: Pick<Alarm, 'acknowledgedAt'> | undefined, delivery: DeliveryToJudge): 'acknowledged' | 'alarmGone' | undefined {
  if (alarm === undefined) return 'alarmGone';
  if (alarm.acknowledgedAt === undefined) return undefined;
  const acknowledgedAt = Date.parse(alarm.acknowledgedAt);
  if (delivery.kind !== 'normal' || delivery.dueAt > acknowledgedAt) return 'acknowledged';
  return undefined;
}
