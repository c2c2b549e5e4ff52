import {
  ALARM_DEVICE_KINDS,
  alarmFilterSchema,
  isListedAlarm,
  type Alarm,
  type AlarmDeviceKind,
  type AlarmFilter,
} from '@domain/alarms/alarm';
import { type AlarmSummary, type BulkAcknowledgementResult } from '@domain/alarms/alarm-answers';
import { inUserView } from '@domain/alarms/dashboard';
import { DomainError, validationError } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import type { UserView } from '@domain/identity/user-views';
import { readUserView, unknownAlarm } from '../data';
import { maySeeAlarm, type AccessScope } from '../shared/access';
import { accessScope } from '../data/access';
import type { Caller } from '../shared/caller';
import { dynamoDocumentClient } from '../data/client';
import { backendConfig } from '../shared/config';
import { pageRequestFrom } from '../shared/pagination';
import { defineRoutes, route } from '../shared/routing';
import { AlarmNotificationStore } from './notifications';
import { AlarmStore, type AlarmSource } from '../data/repositories/alarms';
import { ALARM_ROUTES } from '@domain/api/alarms';

const table = () => backendConfig().tableName;
const store = () => new AlarmStore(dynamoDocumentClient(), table());
const notifications = () => new AlarmNotificationStore(dynamoDocumentClient(), table());

/** An alarm of the caller's organisation they may see, read consistently; any other answers 404. */
async function visibleAlarm(caller: Caller, id: string, scope?: AccessScope): Promise<Alarm> {
  const [alarm, reached] = await Promise.all([store().find(caller.customerId, id), scope ?? accessScope(caller, caller.customerId)]);
  if (alarm === undefined || !maySeeAlarm(reached, alarm)) throw unknownAlarm();
  return alarm;
}

/** The list's filter from the query, refused with the spec's words (the range is at most 7 days). */
function filterOf(query: Record<string, string>): AlarmFilter {
  const { cursor: _cursor, limit: _limit, deviceKind: _kind, ...fields } = query;
  const result = alarmFilterSchema.safeParse(fields);
  if (result.success) return result.data;
  const details: Record<string, string> = {};
  for (const issue of result.error.issues) details[issue.path.join('.') || '_'] ??= issue.message;
  throw validationError(result.error.issues[0]?.message ?? MESSAGES.genericError, details);
}

function deviceKindOf(query: Record<string, string>): AlarmDeviceKind {
  const kind = query['deviceKind'] ?? 'sensor';
  if (!(ALARM_DEVICE_KINDS as readonly string[]).includes(kind)) throw validationError(MESSAGES.invalidCursor);
  return kind as AlarmDeviceKind;
}

/** A filter's time as the index keeps times (UTC, milliseconds), whatever offset it was given in. */
const isoOf = (time: string | undefined) => (time === undefined ? undefined : new Date(time).toISOString());

/** What a list keeps: what the caller reaches and what the filter asks for (the status and range are the query's). */
async function keeperOf(caller: Caller, filter: AlarmFilter, scope: AccessScope): Promise<(alarm: Alarm) => boolean> {
  let view: UserView | undefined;
  if (filter.userViewId !== undefined) {
    view = await readUserView(dynamoDocumentClient(), table(), caller.customerId, filter.userViewId);
    if (view === undefined) throw validationError(MESSAGES.userViewNotFound, { userViewId: MESSAGES.userViewNotFound });
  }
  const from = filter.from === undefined ? undefined : Date.parse(filter.from);
  const to = filter.to === undefined ? undefined : Date.parse(filter.to);
  return (alarm) => maySeeAlarm(scope, alarm)
    // A checklist reminder is a message, not an alarm to list (its record carries its deliveries).
    && isListedAlarm(alarm)
    && alarm.status === filter.status
    && (filter.siteId === undefined || alarm.siteId === filter.siteId)
    && (filter.locationId === undefined || alarm.locationId === filter.locationId)
    && (filter.type === undefined || alarm.type === filter.type)
    && (filter.deviceId === undefined || alarm.deviceId === filter.deviceId)
    && (view === undefined || inUserView(view, alarm))
    // The index's range is by ISO text; these bound it exactly whatever offset the filter used.
    && (from === undefined || Date.parse(alarm.startedAt) >= from)
    && (to === undefined || Date.parse(alarm.startedAt) <= to);
}

/** Alarms of devices with between `minCount` and `maxCount` alarms in the list (repeat alarms). */
function withCounts(alarms: Alarm[], filter: AlarmFilter): Alarm[] {
  const counts = new Map<string, number>();
  for (const alarm of alarms) counts.set(alarm.deviceId, (counts.get(alarm.deviceId) ?? 0) + 1);
  return alarms.filter((alarm) => {
    const count = counts.get(alarm.deviceId) ?? 0;
    return (filter.minCount === undefined || count >= filter.minCount) && (filter.maxCount === undefined || count <= filter.maxCount);
  });
}

/** The active alarms counted: for the navigation badge, the sensors list and the alarm dashboard. */
export function summaryOf(alarms: readonly Alarm[]): AlarmSummary {
  const summary: AlarmSummary = { active: 0, unacknowledged: 0, byType: {}, bySite: {}, byDevice: {} };
  for (const alarm of alarms) {
    summary.active += 1;
    if (alarm.acknowledgedAt === undefined) summary.unacknowledged += 1;
    summary.byType[alarm.type] = (summary.byType[alarm.type] ?? 0) + 1;
    summary.bySite[alarm.siteId] = (summary.bySite[alarm.siteId] ?? 0) + 1;
    summary.byDevice[alarm.deviceId] = (summary.byDevice[alarm.deviceId] ?? 0) + 1;
  }
  return summary;
}

/** Alarms (SPEC sections 2, 4, 5, 8; issue 13 section 3). */
export const alarmRoutes = defineRoutes('alarms', [
  route(ALARM_ROUTES.list, {
    action: async ({ caller, request }) => {
      const filter = filterOf(request.query);
      const scope = await accessScope(caller, caller.customerId);
      const keep = await keeperOf(caller, filter, scope);
      const alarms = store();
      const source: AlarmSource = filter.deviceId === undefined
        ? { kind: 'status', status: filter.status, from: isoOf(filter.from), to: isoOf(filter.to) }
        : { kind: 'device', deviceKind: deviceKindOf(request.query), deviceId: filter.deviceId };
      if (filter.minCount !== undefined || filter.maxCount !== undefined) {
        // Counting needs the whole list (within the range): one page, no cursor.
        return { statusCode: 200, body: { items: withCounts(await alarms.all(caller.customerId, source, keep), filter) } };
      }
      const page = pageRequestFrom(request.query, alarms.cursorPartition(caller.customerId, source));
      return { statusCode: 200, body: await alarms.page(caller.customerId, source, page, keep) };
    },
  }),
  route(ALARM_ROUTES.getSummary, {
    action: async ({ caller }) => {
      const scope = await accessScope(caller, caller.customerId);
      const active = await store().all(caller.customerId, { kind: 'status', status: 'active' }, (alarm) => maySeeAlarm(scope, alarm));
      return { statusCode: 200, body: summaryOf(active) };
    },
  }),
  route(ALARM_ROUTES.get, {
    action: async ({ caller, params }) => ({ statusCode: 200, body: await visibleAlarm(caller, params.id) }),
  }),
  route(ALARM_ROUTES.getNotifications, {
    action: async ({ caller, params }) => {
      const alarm = await visibleAlarm(caller, params.id);
      return { statusCode: 200, body: { items: await notifications().ofAlarm(caller.customerId, alarm.id) } };
    },
  }),
  route(ALARM_ROUTES.putAcknowledge, {
    action: async ({ caller, params, body }) => {
      const alarm = await visibleAlarm(caller, params.id);
      return { statusCode: 200, body: await store().acknowledge(caller, caller.customerId, alarm, body) };
    },
  }),
  route(ALARM_ROUTES.postAcknowledge, {
    action: async ({ caller, body }) => {
      const { ids, ...acknowledgement } = body;
      const scope = await accessScope(caller, caller.customerId);
      const alarms = store();
      const result: BulkAcknowledgementResult = { acknowledged: [], refused: [] };
      // One at a time: each is its own conditional write, and a refusal of one stops none of the others.
      for (const id of new Set(ids)) {
        try {
          const alarm = await visibleAlarm(caller, id, scope);
          result.acknowledged.push(await alarms.acknowledge(caller, caller.customerId, alarm, acknowledgement));
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          result.refused.push({ id, code: error.code, message: error.message });
        }
      }
      return { statusCode: 200, body: result };
    },
  }),
  route(ALARM_ROUTES.putSnooze, {
    action: async ({ caller, params }) => {
      const alarm = await visibleAlarm(caller, params.id);
      const alarms = store();
      const policy = await alarms.snoozePolicy(caller.customerId, alarm.profileId);
      return { statusCode: 200, body: await alarms.snooze(caller, caller.customerId, alarm, policy) };
    },
  }),
  route(ALARM_ROUTES.getNotificationsFailed, {
    action: async ({ caller, request }) => {
      const store = notifications();
      const page = pageRequestFrom(request.query, store.failedCursorPartition(caller.customerId));
      const scope = await accessScope(caller, caller.customerId);
      return { statusCode: 200, body: await store.failed(caller.customerId, scope, page) };
    },
  }),
  route(ALARM_ROUTES.postNotificationsFailedResend, {
    action: async ({ caller, body }) => {
      const scope = await accessScope(caller, caller.customerId);
      return { statusCode: 200, body: await notifications().resend(caller.customerId, scope, body) };
    },
  }),
]);
