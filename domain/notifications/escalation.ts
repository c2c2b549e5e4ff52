import type { Alarm, AlarmType } from '../alarms/alarm';
import { localWeekTime } from '../alarms/schedule';
import { NOTIFICATION_CHANNELS, type NotificationChannel } from './channels';
import { minutesOf, type NotificationSchedule } from './notification-group';

/**
 * Who is told of an alarm, on which channels, and when (issue 14 section 2), pure: the sender
 * and the one-minute clock ask `escalationSteps` what is due and carry it out; neither decides.
 * The rules (docs/decisions/0068-escalation-and-storm-rules.md):
 *
 * - An episode of an alarm (raised, or returned while it was still active) is told from its
 *   start plus the profile's notification delay, and never before it was known (a late batch's
 *   episode is told at once).
 * - Each user of each of the device's groups is told after their delay, on their channels, if
 *   one of their schedules is in force at that moment in the site's time zone. A user named in
 *   several groups or schedules is told once, at the earliest such moment, on every channel
 *   the entries of that moment name.
 * - Reminders follow each user's first message at the profile's snooze interval, at most the
 *   snooze limit times, while the episode holds: once it clears, those told get one "back to
 *   normal" message instead.
 * - A snooze pauses everything not yet due: a step that falls between the snooze and its end
 *   is due when it ends (and the reminders after it follow from then). An acknowledgement stops everything: nothing due after it is sent (the sender
 *   asks again before sending, so a step queued before it is dropped too).
 */

const MINUTE = 60_000;

export type NotificationStepKind = 'alarm' | 'reminder' | 'normal';

/** One message to one user: its channels, when it is due, and the key that makes it once only. */
export interface NotificationStep {
  /** `<episode>:<kind>[:<n>]:<account>`: the same step is the same key, however often it is planned. */
  key: string;
  episode: number;
  kind: NotificationStepKind;
  /** The reminder's number (1 to the snooze limit). */
  reminder?: number;
  accountId: string;
  level: number;
  channels: NotificationChannel[];
  dueAt: number;
}

/** A group as escalation reads it. */
export interface EscalationGroup {
  id: string;
  schedules: readonly NotificationSchedule[];
}

/** The device's groups: inactivity alarms go to its inactivity groups when it names any. */
export interface DeviceGroups {
  notificationGroups: readonly EscalationGroup[];
  inactivityGroups: readonly EscalationGroup[];
}

export const groupsFor = (type: AlarmType, groups: DeviceGroups): readonly EscalationGroup[] =>
  type === 'inactivity' && groups.inactivityGroups.length > 0 ? groups.inactivityGroups : groups.notificationGroups;

/** The profile's timing. */
export interface EscalationPolicy {
  notificationDelayMinutes: number;
  snoozeIntervalMinutes: number;
  snoozeLimit: number;
}

/** An episode: the alarm's condition from a start (raised or returned) to its clearing. */
export interface AlarmEpisode {
  startedAt: number;
  clearedAt?: number;
}

/** The alarm's episodes from its timeline: `raised` and `returned` begin one, `cleared` ends it. */
export function episodesOf(alarm: Pick<Alarm, 'timeline'>): AlarmEpisode[] {
  const episodes: AlarmEpisode[] = [];
  for (const event of alarm.timeline) {
    const at = Date.parse(event.at);
    if (event.kind === 'raised' || event.kind === 'returned') episodes.push({ startedAt: at });
    else if (event.kind === 'cleared') {
      const open = episodes.at(-1);
      if (open !== undefined && open.clearedAt === undefined) open.clearedAt = at;
    }
  }
  return episodes;
}

/** A schedule's end, exclusive; "23:59", the last a time input gives, is the end of the day (a night is two schedules: until 23:59, from 00:00). */
const endMinuteOf = (end: string): number => (end === '23:59' ? 24 * 60 : minutesOf(end));

/** Whether a schedule is in force at `at` in `timeZone`: one of its weekdays, from its start to (not including) its end. */
export function notificationScheduleInForce(schedule: Pick<NotificationSchedule, 'days' | 'start' | 'end'>, at: number, timeZone: string): boolean {
  const local = localWeekTime(at, timeZone);
  if (!schedule.days.includes(local.day)) return false;
  const minute = minutesOf(local.time);
  return minute >= minutesOf(schedule.start) && minute < endMinuteOf(schedule.end);
}

interface FirstMessage {
  accountId: string;
  level: number;
  channels: Set<NotificationChannel>;
  dueAt: number;
}

/** Each user's first message of an episode told from `from`: the earliest entry whose schedule is in force then. */
function firstMessages(groups: readonly EscalationGroup[], from: number, timeZone: string): FirstMessage[] {
  const byAccount = new Map<string, FirstMessage>();
  for (const group of groups) {
    for (const schedule of group.schedules) {
      for (const user of schedule.users) {
        const dueAt = from + user.delayMinutes * MINUTE;
        if (!notificationScheduleInForce(schedule, dueAt, timeZone)) continue;
        const known = byAccount.get(user.accountId);
        if (known === undefined || dueAt < known.dueAt) {
          byAccount.set(user.accountId, { accountId: user.accountId, level: user.level, channels: new Set(user.channels), dueAt });
        } else if (dueAt === known.dueAt) {
          user.channels.forEach((channel) => known.channels.add(channel));
          known.level = Math.min(known.level, user.level);
        }
      }
    }
  }
  return [...byAccount.values()];
}

/** A step's messages go in the catalogue's order of channels. */
const ordered = (channels: Set<NotificationChannel>) => NOTIFICATION_CHANNELS.filter((channel) => channels.has(channel));

/** The alarm as escalation reads it. */
export interface EscalationAlarm {
  type: AlarmType;
  raisedAt: number;
  episodes: readonly AlarmEpisode[];
  acknowledgedAt?: number;
  /** Its snoozes: from when each was taken until it ends. */
  snoozes?: readonly AlarmSnooze[];
}

export interface AlarmSnooze {
  from: number;
  until: number;
}

/** The alarm's snoozes from its timeline (a `snoozed` event's detail is when it ends). */
export function snoozesOf(alarm: Pick<Alarm, 'timeline'>): AlarmSnooze[] {
  return alarm.timeline.flatMap((event) => {
    if (event.kind !== 'snoozed' || event.detail === undefined) return [];
    const until = Date.parse(event.detail);
    return Number.isFinite(until) ? [{ from: Date.parse(event.at), until }] : [];
  });
}

/**
 * Every step of the alarm's escalation, whenever due, in due order: what the plan is now. A
 * step already sent keeps its key; the caller sends the ones due and not yet sent
 * (`dueSteps`). Steps after an acknowledgement are not planned.
 */
export function escalationSteps(alarm: EscalationAlarm, policy: EscalationPolicy, groups: DeviceGroups, timeZone: string): NotificationStep[] {
  const recipients = groupsFor(alarm.type, groups);
  const steps: NotificationStep[] = [];
  // A step that falls in a snooze waits for its end (snoozes may follow one another).
  const paused = (dueAt: number) => {
    let due = dueAt;
    for (const snooze of [...(alarm.snoozes ?? [])].sort((a, b) => a.from - b.from)) {
      if (due >= snooze.from && due < snooze.until) due = snooze.until;
    }
    return due;
  };
  alarm.episodes.forEach((episode, index) => {
    const told = episode.startedAt + policy.notificationDelayMinutes * MINUTE;
    // Over within the notification delay (by the readings' times): that is what the delay is for.
    if (episode.clearedAt !== undefined && episode.clearedAt <= told && policy.notificationDelayMinutes > 0) return;
    const from = Math.max(told, alarm.raisedAt);
    const firsts = firstMessages(recipients, from, timeZone);
    if (episode.clearedAt !== undefined && episode.clearedAt <= alarm.raisedAt) {
      // Known only once over (a gateway's late batch): the first level is told once, at once; nothing to escalate.
      const firstLevel = Math.min(...firsts.map((first) => first.level));
      for (const first of firsts.filter((candidate) => candidate.level === firstLevel)) {
        steps.push({ key: `${index}:alarm:${first.accountId}`, episode: index, kind: 'alarm', accountId: first.accountId, level: first.level, channels: ordered(first.channels), dueAt: paused(from) });
      }
      return;
    }
    for (const first of firsts) {
      const base = { episode: index, accountId: first.accountId, level: first.level, channels: ordered(first.channels) };
      const firstDue = paused(first.dueAt);
      if (episode.clearedAt !== undefined && firstDue >= episode.clearedAt) continue;
      steps.push({ ...base, key: `${index}:alarm:${first.accountId}`, kind: 'alarm', dueAt: firstDue });
      let previous = firstDue;
      for (let reminder = 1; reminder <= policy.snoozeLimit && policy.snoozeIntervalMinutes > 0; reminder += 1) {
        const dueAt = paused(previous + policy.snoozeIntervalMinutes * MINUTE);
        if (episode.clearedAt !== undefined && dueAt >= episode.clearedAt) break;
        steps.push({ ...base, key: `${index}:reminder:${reminder}:${first.accountId}`, kind: 'reminder', reminder, dueAt });
        previous = dueAt;
      }
      if (episode.clearedAt !== undefined) {
        steps.push({ ...base, key: `${index}:normal:${first.accountId}`, kind: 'normal', dueAt: Math.max(episode.clearedAt, firstDue) });
      }
    }
  });
  const kept = alarm.acknowledgedAt === undefined ? steps : steps.filter((step) => step.dueAt <= (alarm.acknowledgedAt ?? 0));
  return kept.sort((a, b) => a.dueAt - b.dueAt || a.key.localeCompare(b.key));
}

/** What to send now and when to look again: the steps due by `now` not yet sent, and the next one's time. */
export function dueSteps(steps: readonly NotificationStep[], sentKeys: ReadonlySet<string>, now: number): { due: NotificationStep[]; nextAt?: number } {
  const due = steps.filter((step) => step.dueAt <= now && !sentKeys.has(step.key));
  const next = steps.find((step) => step.dueAt > now && !sentKeys.has(step.key));
  return next === undefined ? { due } : { due, nextAt: next.dueAt };
}

/** A delivery's idempotency key: the same alarm, step and channel is sent once, however often it is handed over. */
export const deliveryKey = (alarmId: string, step: Pick<NotificationStep, 'key'>, channel: NotificationChannel): string => `${alarmId}#${step.key}#${channel}`;
