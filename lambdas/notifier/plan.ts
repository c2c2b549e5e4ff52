import type { Alarm } from '@domain/alarms/alarm';
import type { AlarmProfile } from '@domain/alarms/alarm-profile';
import { DomainError } from '@domain/core/errors';
import { addressFor, isAbandonedSend, SENDING_LEASE_MS, type DeliveryRecipient } from '@domain/notifications/delivery';
import { dueSteps, episodesOf, escalationSteps, snoozesOf, type EscalationGroup, type EscalationPolicy, type NotificationStep } from '@domain/notifications/escalation';
import type { NotificationChannel } from '@domain/notifications/notification-group';
import { STORM_WINDOW_MINUTES } from '@domain/notifications/storm';
import { reminderGroup } from '@domain/haccp/notices';
import { ALL_MODULES } from '@domain/organisation/modules';
import type { OrganisationModules } from '@domain/organisation/organisation';
import {
  accountKeyParams,
  alarmProfileKey,
  batchGet,
  checklistInstanceKey,
  deliveriesOfAlarm,
  deliveriesOfRecipient,
  deliveryCreate,
  deliveryRefText,
  deliveryReplace,
  notificationGroupKey,
  organisationKeyParams,
  queryAll,
  readAlarm as readStoredAlarm,
  readRecipientLastSent,
  runTransaction,
  siteKey,
  timerPut,
  toAccountRecord,
  toAlarmProfile,
  toChecklistInstance,
  toNotificationDelivery,
  toNotificationGroup,
  toOrganisationModules,
  type DataTable,
  type GuardedItem,
  type NotificationDelivery,
  type TimerEntry,
  deviceKey,
  ENTITY,
} from '../data';

/**
 * The notifier's planning (issue 14 section 2; docs/decisions/0069-notification-outbox-and-delivery.md):
 * what the escalation rules (domain/notifications/escalation.ts) say is due for an alarm now,
 * written as deliveries (the outbox's items, one per user, step and channel: the idempotency
 * key) together with the timer of its next step, in one transaction. It runs when the alarm
 * changes (the table's stream) and when its timer is due (the one-minute clock), so a step is
 * planned however the two interleave, and only once. A delivery that failed is queued again
 * here when its retry is due. Nothing is sent here: the senders take the queued deliveries.
 * Its reads and writes are the data layer's (lambdas/data); this module only decides.
 */

export interface NotifierDependencies {
  client: DataTable['client'];
  tableName: string;
  now: () => number;
  /** The storm rule's window (STORM_WINDOW_MINUTES unless configured). */
  stormWindowMs?: number;
}

export const stormWindowOf = (deps: Pick<NotifierDependencies, 'stormWindowMs'>): number => deps.stormWindowMs ?? STORM_WINDOW_MINUTES * 60_000;

/** At most this many deliveries in one transaction (DynamoDB's limit is 100 items; one is the timer). */
const DELIVERIES_PER_TRANSACTION = 99;
const PLAN_ATTEMPTS = 3;

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string' && entry !== '') : []);

/** A profile's timing; an alarm whose profile is gone is told at once, without reminders. */
const policyOf = (profile: AlarmProfile | undefined): EscalationPolicy => ({
  notificationDelayMinutes: profile?.notificationDelayMinutes ?? 0,
  snoozeIntervalMinutes: profile?.snoozeIntervalMinutes ?? 0,
  snoozeLimit: profile?.snoozeLimit ?? 0,
});

export interface PlanOutcome {
  /** Deliveries written (queued or skipped). */
  planned: number;
  /** Deliveries queued again for their retry. */
  retried: number;
  /** When the alarm's notifications are looked at again. */
  nextAt?: number;
}

const readAlarm = (deps: NotifierDependencies, customerId: string, alarmId: string): Promise<Alarm | undefined> =>
  readStoredAlarm(deps.client, deps.tableName, customerId, alarmId);

/**
 * A checklist's alarm (issue 15 section 3): its instance's HACCP notification group (the
 * schedule's, else the checklist's, kept on the instance), and its site's time zone; a reminder
 * goes to the instance's assigned users instead (`reminderGroup`). Only a group of type HACCP is
 * told; no profile, so no reminders of its own and no snooze.
 */
async function checklistEscalationContext(deps: NotifierDependencies, customerId: string, alarm: Alarm) {
  const { client, tableName } = deps;
  const instanceItemKey = checklistInstanceKey(tableName, customerId, alarm.deviceId).Key;
  const siteItemKey = alarm.siteId === '' ? undefined : siteKey(tableName, customerId, alarm.siteId).Key;
  const first = await batchGet(client, tableName, [instanceItemKey, ...(siteItemKey === undefined ? [] : [siteItemKey])], { consistent: true });
  const find = (key: Record<string, unknown> | undefined) => (key === undefined ? undefined : first.find((item) => item['pk'] === key['pk'] && item['sk'] === key['sk']));
  const instanceItem = find(instanceItemKey);
  const instance = instanceItem === undefined ? undefined : toChecklistInstance(instanceItem);
  const timeZone = text(find(siteItemKey)?.['timezone']) ?? 'UTC';
  const groupId = instance?.notificationGroupId;
  const groupItems = groupId === undefined ? [] : await batchGet(client, tableName, [notificationGroupKey(tableName, customerId, groupId).Key], { consistent: true });
  const group: EscalationGroup | undefined = groupItems.map((item) => toNotificationGroup(item)).find((candidate) => candidate.groupType === 'haccp');
  const told = alarm.type === 'checklistReminder' ? reminderGroup(group, instance?.assignedUserIds ?? []) : group;
  return { profile: undefined, groups: { notificationGroups: told === undefined ? [] : [told], inactivityGroups: [] }, timeZone };
}

/** The device's groups, its alarm profile and its site's time zone (one BatchGetItem each round). */
async function escalationContext(deps: NotifierDependencies, customerId: string, alarm: Alarm) {
  if (alarm.deviceKind === 'checklist') return checklistEscalationContext(deps, customerId, alarm);
  const { client, tableName } = deps;
  const deviceItemKey = deviceKey(customerId, alarm.deviceKind === 'gateway' ? ENTITY.gateway : ENTITY.sensor, alarm.deviceId);
  const profileKey = alarm.profileId === undefined ? undefined : alarmProfileKey(tableName, customerId, alarm.profileId).Key;
  const siteItemKey = alarm.siteId === '' ? undefined : siteKey(tableName, customerId, alarm.siteId).Key;
  const first = await batchGet(client, tableName, [deviceItemKey, ...(profileKey === undefined ? [] : [profileKey]), ...(siteItemKey === undefined ? [] : [siteItemKey])], { consistent: true });
  const find = (key: Record<string, unknown> | undefined) => (key === undefined ? undefined : first.find((item) => item['pk'] === key['pk'] && item['sk'] === key['sk']));
  const device = find(deviceItemKey);
  const profileItem = find(profileKey);
  const timeZone = text(find(siteItemKey)?.['timezone']) ?? 'UTC';
  const notificationIds = alarm.deviceKind === 'gateway' ? strings([device?.['notificationGroupId']]) : strings(device?.['notificationGroupIds']);
  const inactivityIds = alarm.deviceKind === 'gateway' ? [] : strings(device?.['inactivityNotificationGroupIds']);
  const groupIds = [...new Set([...notificationIds, ...inactivityIds])];
  const groupItems = groupIds.length === 0 ? [] : await batchGet(client, tableName, groupIds.map((id) => notificationGroupKey(tableName, customerId, id).Key), { consistent: true });
  const groups = new Map<string, EscalationGroup>(groupItems.map((item) => toNotificationGroup(item)).filter((group) => group.groupType === 'sensor').map((group) => [group.id, group]));
  const pick = (ids: readonly string[]) => ids.flatMap((id) => groups.get(id) ?? []);
  return {
    profile: profileItem === undefined ? undefined : toAlarmProfile(profileItem),
    groups: { notificationGroups: pick(notificationIds), inactivityGroups: pick(inactivityIds) },
    timeZone,
  };
}

/**
 * The users of the steps, from the alarm's own organisation only (another's are never found),
 * and the organisation's modules (no pager without its pager feature), in one BatchGetItem.
 */
async function recipientsOf(deps: NotifierDependencies, customerId: string, steps: readonly NotificationStep[]): Promise<Recipients> {
  const ids = [...new Set(steps.map((step) => step.accountId))];
  if (ids.length === 0) return { users: new Map(), modules: ALL_MODULES };
  const organisationKey = organisationKeyParams(deps.tableName, customerId).Key;
  const items = await batchGet(deps.client, deps.tableName, [organisationKey, ...ids.map((id) => accountKeyParams(deps.tableName, customerId, id).Key)], { consistent: true });
  const organisation = items.find((item) => item['pk'] === organisationKey['pk'] && item['sk'] === organisationKey['sk']);
  return {
    users: new Map(items.filter((item) => item !== organisation).map((item) => toAccountRecord(item)).map((account) => [account.accountId, account as DeliveryRecipient])),
    // An organisation without its item predates the module flags: every module (ALL_MODULES).
    modules: organisation === undefined ? ALL_MODULES : toOrganisationModules(organisation),
  };
}

interface Recipients {
  users: ReadonlyMap<string, DeliveryRecipient>;
  modules: OrganisationModules;
}

/** The deliveries of the due steps: queued where the user can be reached on the channel, skipped (with why) where not. */
function deliveriesFor(customerId: string, alarm: Alarm, steps: readonly NotificationStep[], recipients: Recipients, now: number): NotificationDelivery[] {
  const at = new Date(now).toISOString();
  return steps.flatMap((step) => step.channels.map((channel: NotificationChannel): NotificationDelivery => {
    const recipient = recipients.users.get(step.accountId);
    const address = recipient === undefined ? { skip: 'unknownUser' as const } : addressFor(recipient, channel, recipients.modules);
    return {
      customerId, alarmId: alarm.id, stepKey: step.key, channel, kind: step.kind, level: step.level, accountId: step.accountId,
      ...(step.reminder === undefined ? {} : { reminder: step.reminder }),
      status: 'skip' in address ? 'skipped' : 'queued',
      attempts: 0, dueAt: new Date(step.dueAt).toISOString(), queuedAt: at, updatedAt: at,
      ...(alarm.siteId === '' ? {} : { siteId: alarm.siteId }),
      language: recipient?.lang ?? 'en',
      ...('skip' in address ? { reason: address.skip } : { provider: address.provider, to: address.to }),
      version: 1,
    };
  }));
}

const isConflict = (error: unknown) => error instanceof DomainError && error.kind === 'conflict';

/**
 * Plans an alarm's notifications now: writes the deliveries of the steps due and not yet
 * planned, queues again the failed ones whose retry is due, and sets the alarm's timer for its
 * next step or retry, all in one transaction (several, 99 deliveries each, for a very large
 * group: each is whole, and planning again completes the rest). A transaction that lost to
 * another planner is planned again from what is stored.
 */
export async function planAlarmNotifications(deps: NotifierDependencies, customerId: string, alarmId: string): Promise<PlanOutcome> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await planOnce(deps, customerId, alarmId);
    } catch (error) {
      if (!isConflict(error) || attempt >= PLAN_ATTEMPTS) throw error;
    }
  }
}

async function planOnce(deps: NotifierDependencies, customerId: string, alarmId: string): Promise<PlanOutcome> {
  const now = deps.now();
  const alarm = await readAlarm(deps, customerId, alarmId);
  if (alarm === undefined) return { planned: 0, retried: 0 };
  const [context, existing] = await Promise.all([
    escalationContext(deps, customerId, alarm),
    queryAll(deps.client, { ...deliveriesOfAlarm(deps.tableName, customerId, alarmId), ConsistentRead: true }, toNotificationDelivery),
  ]);
  const steps = escalationSteps(
    {
      type: alarm.type, raisedAt: Date.parse(alarm.raisedAt), episodes: episodesOf(alarm), snoozes: snoozesOf(alarm),
      ...(alarm.acknowledgedAt === undefined ? {} : { acknowledgedAt: Date.parse(alarm.acknowledgedAt) }),
    },
    policyOf(context.profile), context.groups, context.timeZone,
  );
  const planned = new Set(existing.map((delivery) => delivery.stepKey));
  const { due, nextAt } = dueSteps(steps, planned, now);
  const recipients = await recipientsOf(deps, customerId, due);
  const created = deliveriesFor(customerId, alarm, due, recipients, now);

  // Failed deliveries whose pause is over go back to their sender (the stream sees them queued),
  // and so do those whose sender stopped after its claim (SENDING_LEASE_MS).
  const retries = existing.filter((delivery) => delivery.status === 'retrying');
  const claimed = existing.filter((delivery) => delivery.status === 'sending');
  const retryDue = [
    ...retries.filter((delivery) => Date.parse(delivery.nextAttemptAt ?? '') <= now),
    ...claimed.filter((delivery) => isAbandonedSend(delivery, now)),
  ];
  const retryLater = [
    ...retries.filter((delivery) => !retryDue.includes(delivery)).map((delivery) => Date.parse(delivery.nextAttemptAt ?? '')),
    ...claimed.filter((delivery) => !retryDue.includes(delivery)).map((delivery) => Date.parse(delivery.updatedAt) + SENDING_LEASE_MS),
  ];
  const next = [nextAt, ...retryLater].filter((time): time is number => time !== undefined && Number.isFinite(time));
  const nextLook = next.length === 0 ? undefined : Math.min(...next);

  const items: GuardedItem[] = [
    ...created.map((delivery) => deliveryCreate(deps.tableName, delivery)),
    ...retryDue.map((delivery) => {
      const { nextAttemptAt: _retried, ...rest } = delivery;
      return deliveryReplace(deps.tableName, { ...rest, status: 'queued', updatedAt: new Date(now).toISOString() }, delivery.version);
    }),
  ];
  const timer = nextLook === undefined ? [] : [timerPut(deps.tableName, alarmTimerEntry(customerId, alarmId), nextLook, now)];
  if (items.length === 0 && timer.length === 0) return { planned: 0, retried: 0 };
  for (let start = 0; start < Math.max(items.length, 1); start += DELIVERIES_PER_TRANSACTION) {
    const chunk = items.slice(start, start + DELIVERIES_PER_TRANSACTION);
    const last = start + DELIVERIES_PER_TRANSACTION >= items.length;
    await runTransaction(deps.client, last ? [...chunk, ...timer] : chunk);
  }
  return { planned: created.length, retried: retryDue.length, ...(nextLook === undefined ? {} : { nextAt: nextLook }) };
}

/** The timer entry of an alarm's notifications. */
export const alarmTimerEntry = (customerId: string, alarmId: string): TimerEntry => ({ customerId, deviceType: 'ALARM', deviceId: alarmId });

/** The timer entry of a user's held messages on a channel. */
export const recipientTimerEntry = (customerId: string, accountId: string, channel: NotificationChannel): TimerEntry =>
  ({ customerId, deviceType: 'RECIPIENT', deviceId: `${accountId}|${channel}` });

/** The user and channel a recipient timer names. */
export function recipientOfTimer(entry: TimerEntry): { accountId: string; channel: NotificationChannel } | undefined {
  const bar = entry.deviceId.lastIndexOf('|');
  if (entry.deviceType !== 'RECIPIENT' || bar <= 0) return undefined;
  return { accountId: entry.deviceId.slice(0, bar), channel: entry.deviceId.slice(bar + 1) as NotificationChannel };
}

/** The most messages one storm send carries (the rest wait for the next, a window later). */
export const STORM_GROUP_MAX = 90;

/**
 * A user's messages held by the storm rule on a channel, released when their window is over:
 * the earliest is queued again carrying the others (`groupWith`), so its sender sends one
 * message, "12 more alarms at Main Kitchen", and marks them grouped with its own send.
 * Nothing happens while the window is not over (the timer comes back) or nothing is held.
 */
export async function releaseHeld(deps: NotifierDependencies, customerId: string, accountId: string, channel: NotificationChannel): Promise<{ released: number }> {
  const now = deps.now();
  const window = stormWindowOf(deps);
  const lastSentAt = await readRecipientLastSent(deps.client, deps.tableName, customerId, accountId, channel);
  if (lastSentAt !== undefined && now < lastSentAt + window) {
    await runTransaction(deps.client, [timerPut(deps.tableName, recipientTimerEntry(customerId, accountId, channel), lastSentAt + window, now)]);
    return { released: 0 };
  }
  const held = await queryAll(deps.client, deliveriesOfRecipient(deps.tableName, customerId, accountId, channel, 'held'), toNotificationDelivery);
  const [first, ...others] = held.sort((a, b) => a.dueAt.localeCompare(b.dueAt) || a.alarmId.localeCompare(b.alarmId));
  if (first === undefined) return { released: 0 };
  const carried = others.slice(0, STORM_GROUP_MAX).map(deliveryRefText);
  const at = new Date(now).toISOString();
  // More held than one message carries: the rest go in the next window's message.
  const rest = others.length > STORM_GROUP_MAX ? [timerPut(deps.tableName, recipientTimerEntry(customerId, accountId, channel), now + window, now)] : [];
  await runTransaction(deps.client, [deliveryReplace(deps.tableName, { ...first, status: 'queued', updatedAt: at, ...(carried.length === 0 ? {} : { groupWith: carried }) }, first.version), ...rest]);
  return { released: 1 + carried.length };
}

/**
 * An administrator's resend of a delivery parked in the dead-letter store: queued again with its
 * tries counted afresh (the stream hands it to its sender), on the version read. Only a dead
 * delivery is resent; anything else is refused with `refusal`.
 */
export async function resendDelivery(deps: NotifierDependencies, delivery: NotificationDelivery, refusal: () => DomainError): Promise<NotificationDelivery> {
  if (delivery.status !== 'dead') throw refusal();
  const { nextAttemptAt: _retry, ...rest } = delivery;
  const next: NotificationDelivery = { ...rest, status: 'queued', attempts: 0, updatedAt: new Date(deps.now()).toISOString(), version: delivery.version + 1 };
  await runTransaction(deps.client, [{ ...deliveryReplace(deps.tableName, next, delivery.version), onConditionFailed: refusal }]);
  return next;
}
