import * as z from 'zod';
import { MESSAGES } from '../core/messages';
import { ALARM_TYPE_CATALOGUE, ALARM_TYPES, type AlarmType } from './alarm-types';
import type { ConditionRun, Severity } from './conditions';

/**
 * An alarm and its life (SPEC sections 2, 4; issue 13 section 2): raised by a condition run,
 * ACTIVE while its condition holds or until someone acknowledges it, then HISTORY once it has
 * both cleared and been acknowledged. An excursion that ended overnight unacknowledged stays
 * active, marked cleared, so nobody misses it. A condition that returns while its alarm is
 * still active extends that alarm: at most one active alarm per device, channel and type.
 *
 * Every transition here is pure and returns the next record, or a refusal in the product's
 * words; the store writes it with one conditional write on the version it read.
 */

/**
 * SPEC section 4: the alarm types (tamper from the profile types); then a HACCP checklist's
 * (issue 15 section 3): an out-of-limits answer, a missed checklist, and the remind-at
 * reminder, which is no alarm (nothing to acknowledge) but goes out through the same outbox
 * and is never listed (`LISTED_ALARM_TYPES`). Their catalogue: alarm-types.ts.
 */
export { ALARM_TYPES, CHECKLIST_ALARM_TYPES, LISTED_ALARM_TYPES, type AlarmType, type ChecklistAlarmType } from './alarm-types';

export const isListedAlarm = (alarm: Pick<Alarm, 'type'>): boolean => ALARM_TYPE_CATALOGUE[alarm.type].acknowledged;

export const ALARM_STATUSES = ['active', 'history'] as const;
export type AlarmStatus = (typeof ALARM_STATUSES)[number];

/** What raised an alarm: a sensor, a gateway, or a HACCP checklist instance (its id is the `deviceId`, its checklist's name the `deviceName`). */
export const ALARM_DEVICE_KINDS = ['sensor', 'gateway', 'checklist'] as const;
export type AlarmDeviceKind = (typeof ALARM_DEVICE_KINDS)[number];

/** What happened to an alarm, in order; the notifications issue appends its deliveries. */
export const ALARM_EVENT_KINDS = ['raised', 'returned', 'cleared', 'acknowledged', 'snoozed'] as const;
export type AlarmEventKind = (typeof ALARM_EVENT_KINDS)[number];

export interface AlarmEvent {
  kind: AlarmEventKind;
  /** ISO time: a reading's own time for condition events, the wall clock for people's. */
  at: string;
  /** The account that acted (acknowledge, snooze). */
  by?: string;
  value?: number | null;
  detail?: string;
}

/** Where an alarm belongs: copied from its device when raised, for filters and access. */
export interface AlarmPlacement {
  siteId: string;
  locationId?: string;
  departmentId?: string;
  divisionId?: string;
}

export interface Alarm extends AlarmPlacement {
  id: string;
  deviceKind: AlarmDeviceKind;
  deviceId: string;
  deviceName: string;
  /** The alarm profile that raised it (its snooze interval and limit, its notification delay). */
  profileId?: string;
  /** The channel ('1'..'4'); absent for a whole-device alarm (inactivity of the device, battery, tamper). */
  channel?: string;
  type: AlarmType;
  status: AlarmStatus;
  /** When the condition began: the first reading in it (reading time, never arrival time). */
  startedAt: string;
  /** When the engine raised it (wall clock). */
  raisedAt: string;
  /** The start of the newest run folded into it (a run that returned while it was active). */
  lastRunStartedAt: string;
  lastValue: number | null;
  worstValue: number | null;
  /** The worst value's reading time. */
  worstAt: string;
  /** The first reading out of the condition; absent while it holds. */
  clearedAt?: string;
  acknowledgedBy?: string;
  acknowledgedAt?: string;
  acknowledgeReason?: string;
  correctiveAction?: string;
  snoozedUntil?: string;
  snoozeCount: number;
  timeline: AlarmEvent[];
  version: number;
}

/** Refusals of a transition, in the product's words. */
export type AlarmRefusal = { refused: string };
const refuse = (message: string): AlarmRefusal => ({ refused: message });
export const isRefusal = (outcome: Alarm | AlarmRefusal): outcome is AlarmRefusal => 'refused' in outcome;

const iso = (ms: number) => new Date(ms).toISOString();
/** A timeline long enough for a month of flapping; older events are summarised by the counts kept on the alarm. */
export const MAX_TIMELINE_EVENTS = 200;
const withEvent = (timeline: readonly AlarmEvent[], event: AlarmEvent) => [...timeline, event].slice(-MAX_TIMELINE_EVENTS);

/** What the engine knows when it raises an alarm: the device's placement and the run. */
export interface RaiseInput extends AlarmPlacement, Pick<Alarm, 'id' | 'deviceKind' | 'deviceId' | 'deviceName' | 'profileId' | 'channel' | 'type'> {
  run: ConditionRun;
  now: number;
}

/** A new active alarm for a run that lasted its delay (cleared already if the run is over: a late batch's excursion is still reported). */
export function raiseAlarm(input: RaiseInput): Alarm {
  const { run, now, ...rest } = input;
  const raised: Alarm = {
    ...rest,
    status: 'active',
    startedAt: iso(run.startedAt),
    raisedAt: iso(now),
    lastRunStartedAt: iso(run.startedAt),
    lastValue: run.last,
    worstValue: run.worst,
    worstAt: iso(run.worstAt),
    snoozeCount: 0,
    timeline: [{ kind: 'raised', at: iso(run.startedAt), value: run.worst }],
    version: 1,
  };
  return run.clearedAt === undefined ? raised : cleared(raised, run.clearedAt);
}

/**
 * Folds a run into the active alarm of its condition. The newest run decides whether the
 * condition holds: a later run that returned after the alarm cleared reopens it; the newest run
 * seen again (grown, or starting earlier once a late reading came) updates it and its clearing;
 * an older run a late batch revealed only moves the start earlier and the worst value.
 */
export function extendAlarm(alarm: Alarm, run: ConditionRun, severity: Severity): Alarm {
  const newest = Date.parse(alarm.lastRunStartedAt);
  const runSeverity = severity(run.worst);
  const alarmSeverity = severity(alarm.worstValue);
  const runIsWorse = runSeverity > alarmSeverity || (runSeverity === alarmSeverity && run.worstAt < Date.parse(alarm.worstAt));
  const worst = runIsWorse ? { worstValue: run.worst, worstAt: iso(run.worstAt) } : {};
  const startedAt = iso(Math.min(Date.parse(alarm.startedAt), run.startedAt));
  const { clearedAt: previousClear, ...base } = { ...alarm, ...worst, startedAt, version: alarm.version + 1 };
  // A run that ended before the newest one began is an older one a late batch revealed.
  const older = run.startedAt < newest && run.clearedAt !== undefined && run.clearedAt <= newest;
  if (older) return { ...base, ...(previousClear === undefined ? {} : { clearedAt: previousClear }) };
  const returned = run.startedAt > newest && previousClear !== undefined;
  const clearedAt = run.clearedAt === undefined ? undefined : iso(run.clearedAt);
  let { timeline } = alarm;
  if (returned) timeline = withEvent(timeline, { kind: 'returned', at: iso(run.startedAt), value: run.last });
  if (clearedAt !== undefined && (returned || clearedAt !== previousClear)) timeline = withEvent(timeline, { kind: 'cleared', at: clearedAt });
  return {
    ...base,
    ...(clearedAt === undefined ? {} : { clearedAt }),
    status: clearedAt !== undefined && alarm.acknowledgedAt !== undefined ? 'history' : 'active',
    lastRunStartedAt: iso(run.startedAt),
    lastValue: run.last,
    timeline,
  };
}

/** The alarm with its condition cleared at `clearedAt` (reading time); the caller counts the version. */
function cleared(alarm: Alarm, clearedAt: number, detail?: string): Alarm {
  if (alarm.clearedAt !== undefined) return alarm;
  return {
    ...alarm,
    clearedAt: iso(clearedAt),
    status: alarm.acknowledgedAt === undefined ? 'active' : 'history',
    timeline: withEvent(alarm.timeline, { kind: 'cleared', at: iso(clearedAt), ...(detail === undefined ? {} : { detail }) }),
  };
}

/**
 * The condition cleared at `clearedAt` (reading time). An acknowledged alarm moves to history.
 * `detail` says why when no reading cleared it (the device was disabled: ALARM_CLEARED_DEVICE_DISABLED).
 */
export function clearAlarm(alarm: Alarm, clearedAt: number, detail?: string): Alarm {
  return alarm.clearedAt !== undefined ? alarm : { ...cleared(alarm, clearedAt, detail), version: alarm.version + 1 };
}

/**
 * The timeline's `detail` the engine writes is a stable code (the browser translates it), never
 * text: why an alarm cleared when no reading cleared it. People's words (an acknowledgement's
 * reason) and a snooze's end time are kept as they are.
 */
export const ALARM_EVENT_DETAIL_CODES = ['deviceDisabled', 'deviceDeleted', 'notWatched'] as const;
export type AlarmEventDetailCode = (typeof ALARM_EVENT_DETAIL_CODES)[number];

/**
 * An alarm cleared because its device was disabled: its readings are no longer judged, so
 * nothing else would ever clear it (it still waits for an acknowledgement).
 */
export const ALARM_CLEARED_DEVICE_DISABLED: AlarmEventDetailCode = 'deviceDisabled';
/** The same for a device deleted while an alarm of it was open (the clock finds its timer). */
export const ALARM_CLEARED_DEVICE_DELETED: AlarmEventDetailCode = 'deviceDeleted';

/**
 * An alarm cleared because its profile no longer judges its condition: the profile was taken
 * off the device or edited (its type or limits removed), or the channel changed.
 */
export const ALARM_CLEARED_NOT_WATCHED: AlarmEventDetailCode = 'notWatched';

/** The English text the engine wrote before the codes, for alarms stored then. */
const LEGACY_DETAIL_TEXT: Readonly<Record<string, AlarmEventDetailCode>> = { 'device disabled': 'deviceDisabled', 'device deleted': 'deviceDeleted' };

/** The code of a machine-written event detail (a `cleared` event's), or undefined for anything else (people's words, times). */
export function alarmEventDetailCode(event: Pick<AlarmEvent, 'kind' | 'detail'>): AlarmEventDetailCode | undefined {
  if (event.kind !== 'cleared' || event.detail === undefined) return undefined;
  if ((ALARM_EVENT_DETAIL_CODES as readonly string[]).includes(event.detail)) return event.detail as AlarmEventDetailCode;
  return LEGACY_DETAIL_TEXT[event.detail];
}

/** The acknowledgement's fields, as the API and the dialog take them. */
export const ACKNOWLEDGE_REASON_MAX = 250;
export const CORRECTIVE_ACTION_MAX = 1000;
export const acknowledgementSchema = z.object({
  reason: z
    .string({ error: MESSAGES.acknowledgeReasonRequired })
    .trim()
    .min(1, { error: MESSAGES.acknowledgeReasonRequired, abort: true })
    .max(ACKNOWLEDGE_REASON_MAX, { error: MESSAGES.acknowledgeReasonTooLong }),
  correctiveAction: z.string().trim().max(CORRECTIVE_ACTION_MAX, { error: MESSAGES.correctiveActionTooLong }).optional(),
});
export type Acknowledgement = z.output<typeof acknowledgementSchema>;

/**
 * Someone acknowledged the alarm. A cleared alarm moves to history; one still holding stays
 * active, acknowledged. A checklist's alarm has no condition that clears: acknowledged, it is over.
 */
export function acknowledgeAlarm(alarm: Alarm, by: string, now: number, acknowledgement: Acknowledgement): Alarm | AlarmRefusal {
  if (alarm.acknowledgedAt !== undefined) return refuse(MESSAGES.alarmAlreadyAcknowledged);
  const { correctiveAction } = acknowledgement;
  return {
    ...alarm,
    acknowledgedBy: by,
    acknowledgedAt: iso(now),
    acknowledgeReason: acknowledgement.reason,
    ...(correctiveAction ? { correctiveAction } : {}),
    status: alarm.clearedAt === undefined && alarm.deviceKind !== 'checklist' ? 'active' : 'history',
    timeline: withEvent(alarm.timeline, { kind: 'acknowledged', at: iso(now), by, detail: acknowledgement.reason }),
    version: alarm.version + 1,
  };
}

/** The profile's snooze: for how long, how many times. */
export interface SnoozePolicy {
  snoozeIntervalMinutes: number;
  snoozeLimit: number;
}

/** Silences the alarm's reminders for the profile's interval, at most its limit of times. */
export function snoozeAlarm(alarm: Alarm, by: string, now: number, policy: SnoozePolicy): Alarm | AlarmRefusal {
  if (alarm.status === 'history') return refuse(MESSAGES.alarmNotActive);
  if (policy.snoozeIntervalMinutes <= 0 || alarm.snoozeCount >= policy.snoozeLimit) return refuse(MESSAGES.alarmSnoozeLimitReached);
  const until = iso(now + policy.snoozeIntervalMinutes * 60_000);
  return {
    ...alarm,
    snoozedUntil: until,
    snoozeCount: alarm.snoozeCount + 1,
    timeline: withEvent(alarm.timeline, { kind: 'snoozed', at: iso(now), by, detail: until }),
    version: alarm.version + 1,
  };
}

/** Whether reminders are silenced at `now`. */
export const isSnoozed = (alarm: Alarm, now: number) => alarm.snoozedUntil !== undefined && Date.parse(alarm.snoozedUntil) > now;

// --- The alarm list's filter (SPEC sections 5, 8: range at most 7 days; count between a min and max) ---

export const ALARM_FILTER_MAX_RANGE_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;
const isoDate = z.iso.datetime({ offset: true, error: MESSAGES.dateInvalid });
const countInput = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value.trim()) : value === '' ? undefined : value),
  z.number({ error: MESSAGES.alarmFilterCountInvalid }).int({ error: MESSAGES.alarmFilterCountInvalid }).min(0, { error: MESSAGES.alarmFilterCountInvalid }).max(100_000, { error: MESSAGES.alarmFilterCountInvalid }).optional(),
);

export const alarmFilterSchema = z.object({
  status: z.enum(ALARM_STATUSES).default('active'),
  siteId: z.string().max(64).optional(),
  locationId: z.string().max(64).optional(),
  type: z.enum(ALARM_TYPES).optional(),
  deviceId: z.string().max(64).optional(),
  userViewId: z.string().max(64).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  /** Devices with at least / at most this many alarms in the range (repeat alarms). */
  minCount: countInput,
  maxCount: countInput,
}).superRefine((filter, context) => {
  if (filter.from !== undefined && filter.to !== undefined) {
    const span = Date.parse(filter.to) - Date.parse(filter.from);
    if (span < 0) context.addIssue({ code: 'custom', path: ['to'], message: MESSAGES.alarmFilterEndBeforeStart });
    else if (span > ALARM_FILTER_MAX_RANGE_DAYS * DAY_MS) context.addIssue({ code: 'custom', path: ['to'], message: MESSAGES.alarmFilterMaxRange });
  }
  if (filter.minCount !== undefined && filter.maxCount !== undefined && filter.minCount > filter.maxCount) {
    context.addIssue({ code: 'custom', path: ['maxCount'], message: MESSAGES.alarmFilterCountOrder });
  }
});
export type AlarmFilter = z.output<typeof alarmFilterSchema>;

// --- The API's shapes ---

const alarmEventSchema = z.object({
  kind: z.enum(ALARM_EVENT_KINDS),
  at: z.string(),
  by: z.string().optional(),
  value: z.number().nullable().optional(),
  detail: z.string().optional(),
});

/** An alarm as the API returns it (`GET /alarms/{id}` with its timeline; lists leave the timeline out). */
export const alarmSchema = z.object({
  id: z.string(),
  deviceKind: z.enum(ALARM_DEVICE_KINDS),
  deviceId: z.string(),
  deviceName: z.string(),
  profileId: z.string().optional(),
  channel: z.string().optional(),
  type: z.enum(ALARM_TYPES),
  status: z.enum(ALARM_STATUSES),
  siteId: z.string(),
  locationId: z.string().optional(),
  departmentId: z.string().optional(),
  divisionId: z.string().optional(),
  startedAt: z.string(),
  raisedAt: z.string(),
  lastRunStartedAt: z.string(),
  lastValue: z.number().nullable(),
  worstValue: z.number().nullable(),
  worstAt: z.string(),
  clearedAt: z.string().optional(),
  acknowledgedBy: z.string().optional(),
  acknowledgedAt: z.string().optional(),
  acknowledgeReason: z.string().optional(),
  correctiveAction: z.string().optional(),
  snoozedUntil: z.string().optional(),
  snoozeCount: z.number().int(),
  timeline: z.array(alarmEventSchema),
  version: z.number().int(),
});
export const alarmPageSchema = z.object({ items: z.array(alarmSchema), nextCursor: z.string().optional() });

/** `POST /alarms/acknowledge`: several alarms acknowledged with one reason. */
export const ALARMS_ACKNOWLEDGED_AT_ONCE_MAX = 100;
export const bulkAcknowledgementSchema = acknowledgementSchema.extend({
  ids: z.array(z.string().min(1).max(200)).min(1, { error: MESSAGES.nothingSelected }).max(ALARMS_ACKNOWLEDGED_AT_ONCE_MAX, { error: MESSAGES.tooManySelected }),
});
