import type { Alarm, ChecklistAlarmType } from '../alarms/alarm';
import type { EscalationGroup } from '../notifications/escalation';
import type { NotificationChannel, NotificationSchedule } from '../notifications/notification-group';
import { instanceStateAt } from './instance';

/**
 * A checklist's reminders and exceptions (issue 15 section 3), pure. Each is an alarm-like
 * record of device kind `checklist` (the instance is the device), so the notifier plans,
 * delivers, escalates and acknowledges it as it does a sensor's alarm
 * (docs/data-model.md "Alarms", "Checklist due markers"):
 * - an out-of-limits answer raises a `checklistException` (one per question of an instance);
 * - an instance not completed by its missed time raises a `checklistMissed`;
 * - at a schedule's remind-at time, an instance not completed gets a `checklistReminder`: a
 *   message only, told once to the assigned users (no escalation, nothing to acknowledge).
 * The reminder and missed job reads the due markers of the last hours every few minutes; what
 * it raises has a fixed id, so a second run (or two runs at once) raises nothing more.
 */

/** What the due job raises from a marker's kind. */
export const NOTICE_TYPE_OF = { remind: 'checklistReminder', missed: 'checklistMissed' } as const satisfies Record<string, ChecklistAlarmType>;
export type DueNoticeKind = keyof typeof NOTICE_TYPE_OF;

/** How far back the job reads the due markers: it runs every 5 minutes, so two hours cover a run or several missed. */
export const NOTICE_LOOK_BACK_HOURS = 2;
const HOUR_MS = 3_600_000;

/** The hours (`YYYY-MM-DDTHH`, UTC, as the markers are filed) the job reads at `now`: the look-back hours and the current one, oldest first. */
export function dueMarkerHours(now: Date): string[] {
  return Array.from({ length: NOTICE_LOOK_BACK_HOURS + 1 }, (_, index) => new Date(now.getTime() - (NOTICE_LOOK_BACK_HOURS - index) * HOUR_MS).toISOString().slice(0, 13));
}

/** An instance as the due rules read it (the stored record's times, ISO). */
export interface DueInstance {
  windowStart: string;
  windowEnd: string;
  remindAt?: string;
  startedAt?: string;
  completedAt?: string;
}

const timingOf = (instance: DueInstance) => ({
  windowStart: new Date(instance.windowStart),
  windowEnd: new Date(instance.windowEnd),
  ...(instance.startedAt === undefined ? {} : { startedAt: new Date(instance.startedAt) }),
  ...(instance.completedAt === undefined ? {} : { completedAt: new Date(instance.completedAt) }),
});

/**
 * Whether a marker's notice is due at `now`. A reminder: its remind-at time has come and the
 * instance is neither completed nor missed (a missed one gets its missed notice instead). Missed:
 * the instance's state is missed (not completed by the window's end plus the grace period).
 */
export function isNoticeDue(kind: DueNoticeKind, instance: DueInstance, now: Date): boolean {
  const state = instanceStateAt(timingOf(instance), now);
  if (kind === 'missed') return state === 'missed';
  if (instance.remindAt === undefined || Date.parse(instance.remindAt) > now.getTime()) return false;
  return state === 'outstanding' || state === 'inProgress' || state === 'overdue';
}

/** What a notice is raised from: the instance (its id, checklist name, site) and why. */
export interface NoticeSource {
  instanceId: string;
  checklistName: string;
  siteId: string;
  type: ChecklistAlarmType;
  /** When it happened: the answer's time, the missed time, the remind-at time. */
  at: string;
  /** An exception's question, shown on the alarm's timeline. */
  detail?: string;
}

/**
 * The record of a notice (`id` from `checklistNoticeId`): active and waiting for an
 * acknowledgement, except a reminder, which is over as soon as it is raised (its episode cleared
 * when it began, so the planner tells its users once, at once, and no one acknowledges it).
 */
export function checklistNoticeAlarm(id: string, source: NoticeSource, now: Date): Alarm {
  const at = source.at;
  const reminder = source.type === 'checklistReminder';
  return {
    id,
    deviceKind: 'checklist',
    deviceId: source.instanceId,
    deviceName: source.checklistName,
    type: source.type,
    status: reminder ? 'history' : 'active',
    siteId: source.siteId,
    startedAt: at,
    raisedAt: now.toISOString(),
    lastRunStartedAt: at,
    lastValue: null,
    worstValue: null,
    worstAt: at,
    ...(reminder ? { clearedAt: at } : {}),
    snoozeCount: 0,
    timeline: [
      { kind: 'raised', at, ...(source.detail === undefined ? {} : { detail: source.detail }) },
      ...(reminder ? [{ kind: 'cleared' as const, at }] : []),
    ],
    version: 1,
  };
}

const EVERY_DAY: NotificationSchedule['days'] = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/**
 * Who a checklist reminder reaches, as one group the planner reads: the schedule's assigned
 * users (all of the group's when it assigns none), each at once (level 1, no delay) on the
 * channels the HACCP group gives them, whatever its hours (the reminder falls in the shift);
 * an assigned user the group does not name is reached by email. No group and no one assigned:
 * nobody.
 */
export function reminderGroup(group: EscalationGroup | undefined, assignedUserIds: readonly string[]): EscalationGroup | undefined {
  const channels = new Map<string, Set<NotificationChannel>>();
  for (const schedule of group?.schedules ?? []) {
    for (const user of schedule.users) {
      const known = channels.get(user.accountId) ?? new Set<NotificationChannel>();
      user.channels.forEach((channel) => known.add(channel));
      channels.set(user.accountId, known);
    }
  }
  const accountIds = assignedUserIds.length > 0 ? [...new Set(assignedUserIds)] : [...channels.keys()];
  if (accountIds.length === 0) return undefined;
  return {
    id: group?.id ?? 'assigned',
    schedules: [{
      name: 'Reminder', days: EVERY_DAY, start: '00:00', end: '23:59',
      users: accountIds.map((accountId) => ({ accountId, level: 1, delayMinutes: 0, channels: [...(channels.get(accountId) ?? new Set(['email' as const]))] })),
    }],
  };
}
