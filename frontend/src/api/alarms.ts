import useSWR, { type SWRResponse } from 'swr';
import type { Acknowledgement, Alarm, AlarmStatus, AlarmType } from '@domain/alarms/alarm';
import type { AlarmSummary, BulkAcknowledgementResult } from '@domain/alarms/alarm-answers';
import { ALARM_ROUTES } from '@domain/api/alarms';
import { call, pages } from './client';
import type { ApiError } from './ApiError';
import { fetchAllPages, usePagedList, type PagedList, type PageProgress } from './pagedList';

/** What an alarm list asks for (`GET /api/alarms`): the status, and the filter's fields left empty when not set. */
export interface AlarmQuery {
  status: AlarmStatus;
  siteId?: string | undefined;
  locationId?: string | undefined;
  type?: AlarmType | undefined;
  deviceId?: string | undefined;
  deviceKind?: 'sensor' | 'gateway' | 'checklist' | undefined;
  userViewId?: string | undefined;
  /** ISO times; the range is at most 7 days. */
  from?: string | undefined;
  to?: string | undefined;
  /** Devices with at least / at most this many alarms in the list (repeat alarms), as typed. */
  minCount?: string | undefined;
  maxCount?: string | undefined;
}

/** New alarms appear within this long without a reload (issue 13 section 3: within 30 s). */
export const ALARM_REFRESH_MS = 30_000;

/** Every SWR key of the alarm lists, the summary and one alarm starts with this: one mutate refreshes them all. */
export const ALARMS_KEY = 'alarms';
export const isAlarmKey = (key: unknown): boolean => Array.isArray(key) && key[0] === ALARMS_KEY;

const queryFilters = (query: AlarmQuery): Record<string, string | undefined> => ({ ...query });

export function alarmsKey(query: AlarmQuery): readonly string[] {
  return [ALARMS_KEY, 'list', ...Object.entries(queryFilters(query)).filter(([, value]) => value !== undefined && value !== '').flat().map(String)];
}

export function listAlarms(query: AlarmQuery, onPage?: PageProgress<Alarm>): Promise<Alarm[]> {
  return fetchAllPages(pages(ALARM_ROUTES.list, { filters: queryFilters(query) }), onPage);
}

/** Alarms newest first; the active ones are asked again every 30 s so new alarms appear without a reload. */
export function useAlarms(query: AlarmQuery | null): PagedList<Alarm> {
  return usePagedList(query === null ? null : alarmsKey(query), (onPage) => (query === null ? Promise.resolve([]) : listAlarms(query, onPage)), {
    refreshInterval: query?.status === 'active' ? ALARM_REFRESH_MS : 0,
    keepPreviousData: true,
  });
}

/** One alarm with its timeline. */
export function useAlarm(id: string | undefined): SWRResponse<Alarm, ApiError> {
  return useSWR<Alarm, ApiError, readonly [string, string, string] | null>(
    id === undefined ? null : [ALARMS_KEY, 'one', id],
    ([, , alarmId]) => call(ALARM_ROUTES.get, { params: { id: alarmId } }),
    { refreshInterval: ALARM_REFRESH_MS },
  );
}

/** The active alarms counted (the navigation badge, the sensors list), asked again every 30 s. */
export function useAlarmSummary(enabled = true): SWRResponse<AlarmSummary, ApiError> {
  return useSWR<AlarmSummary, ApiError, readonly [string, string] | null>(
    enabled ? [ALARMS_KEY, 'summary'] : null,
    () => call(ALARM_ROUTES.getSummary),
    { refreshInterval: ALARM_REFRESH_MS },
  );
}

export function acknowledgeAlarm(id: string, acknowledgement: Acknowledgement): Promise<Alarm> {
  return call(ALARM_ROUTES.putAcknowledge, { params: { id }, body: acknowledgement });
}

/** Several alarms with one reason: each acknowledged on its own, the refused ones with the reason why. */
export function acknowledgeAlarms(ids: readonly string[], acknowledgement: Acknowledgement): Promise<BulkAcknowledgementResult> {
  return call(ALARM_ROUTES.postAcknowledge, { body: { ...acknowledgement, ids: [...ids] } });
}

/** Silences the alarm's reminders for its profile's snooze interval. */
export function snoozeAlarm(id: string): Promise<Alarm> {
  return call(ALARM_ROUTES.putSnooze, { params: { id } });
}
