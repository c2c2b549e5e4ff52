import type { NotificationChannel } from './notification-group';

/**
 * The storm rule (issue 14 section 2), pure: when many alarms fire at once (a site's power
 * cut), a user gets at most one message per channel per window (5 minutes unless configured);
 * the messages held meanwhile go in the next one, grouped ("12 more alarms at Main Kitchen").
 * None is lost (every pending message is sent alone or inside another), none doubled (each goes
 * in exactly one send).
 */

export const STORM_WINDOW_MINUTES = 5;
/** A longer window would hold a second alarm's message for over an hour: too late to save stock. */
export const MAX_STORM_WINDOW_MINUTES = 60;

/** A message ready to go to one user on one channel. */
export interface PendingMessage {
  /** Its delivery key (`deliveryKey`): sent once. */
  key: string;
  accountId: string;
  channel: NotificationChannel;
  dueAt: number;
  alarmId: string;
  siteId: string;
}

/** One message to send: the first due, with the others due by now grouped in it. */
export interface StormSend<T extends PendingMessage = PendingMessage> {
  message: T;
  grouped: T[];
}

const recipientKey = (message: Pick<PendingMessage, 'accountId' | 'channel'>) => `${message.accountId}#${message.channel}`;

/**
 * What goes now: for each user and channel whose last message is at least a window old (or who
 * has had none), one send of its messages due by `now` (the earliest first, the rest grouped).
 * Others wait; `nextAt` is when the first of them may go.
 */
export function stormSends<T extends PendingMessage>(
  pending: readonly T[],
  lastSentAt: (accountId: string, channel: NotificationChannel) => number | undefined,
  now: number,
  windowMs: number = STORM_WINDOW_MINUTES * 60_000,
): { sends: StormSend<T>[]; nextAt?: number } {
  const byRecipient = new Map<string, T[]>();
  for (const message of pending) {
    if (message.dueAt > now) continue;
    const list = byRecipient.get(recipientKey(message)) ?? [];
    list.push(message);
    byRecipient.set(recipientKey(message), list);
  }
  const sends: StormSend<T>[] = [];
  let nextAt: number | undefined;
  for (const messages of byRecipient.values()) {
    const [first] = messages;
    if (first === undefined) continue;
    const last = lastSentAt(first.accountId, first.channel);
    if (last !== undefined && now < last + windowMs) {
      nextAt = Math.min(nextAt ?? Number.POSITIVE_INFINITY, last + windowMs);
      continue;
    }
    const [message, ...grouped] = [...messages].sort((a, b) => a.dueAt - b.dueAt || a.key.localeCompare(b.key));
    if (message !== undefined) sends.push({ message, grouped });
  }
  return nextAt === undefined ? { sends } : { sends, nextAt };
}

/** The grouped messages' alarms by site, for "12 more alarms at Main Kitchen" (one count per alarm). */
export function moreAlarmsBySite(grouped: readonly Pick<PendingMessage, 'alarmId' | 'siteId'>[]): Map<string, number> {
  const alarms = new Map<string, Set<string>>();
  for (const message of grouped) {
    const set = alarms.get(message.siteId) ?? new Set<string>();
    set.add(message.alarmId);
    alarms.set(message.siteId, set);
  }
  return new Map([...alarms].map(([siteId, set]) => [siteId, set.size]));
}
