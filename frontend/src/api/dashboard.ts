import useSWR, { type SWRResponse } from 'swr';
import type { z } from 'zod';
import {
  alarmOverviewSchema,
  insightAnswerSchema,
  systemHealthSchema,
  type AlarmOverview,
  type InsightAnswer,
  type SystemHealth,
} from '@domain/alarms/dashboard';
import { checklistExceptionsSchema, type ChecklistExceptions } from '@domain/haccp/performance';
import { ALARM_REFRESH_MS } from './alarms';
import { apiFetchAs } from './apiFetch';
import type { ApiError } from './ApiError';

/** Every SWR key of the dashboard's widgets starts with this. */
export const DASHBOARD_KEY = 'dashboard';

/** Devices change state over minutes; insight is a week's figures, read again only now and then (each answer reads many readings). */
const HEALTH_REFRESH_MS = 60_000;
const INSIGHT_REFRESH_MS = 5 * 60_000;

const pathOf = (widget: string, userViewId: string | null) =>
  `/dashboard/${widget}${userViewId === null ? '' : `?userViewId=${encodeURIComponent(userViewId)}`}`;

function useWidget<T>(widget: string, schema: z.ZodType<T>, userViewId: string | null, enabled: boolean, refreshInterval: number): SWRResponse<T, ApiError> {
  return useSWR<T, ApiError, readonly [string, string, string] | null>(
    enabled ? [DASHBOARD_KEY, widget, userViewId ?? ''] : null,
    () => apiFetchAs(schema, pathOf(widget, userViewId)),
    { refreshInterval, keepPreviousData: true, revalidateOnFocus: widget !== 'insight' },
  );
}

/** `GET /dashboard/health`: sensors and gateways online and offline, low battery, weak signal. */
export function useSystemHealth(userViewId: string | null, enabled = true): SWRResponse<SystemHealth, ApiError> {
  return useWidget('health', systemHealthSchema, userViewId, enabled, HEALTH_REFRESH_MS);
}

/** `GET /dashboard/alarms`: the alarm dashboard, top assets in alarm and repeat alarms (shared by three widgets, read once). */
export function useAlarmOverview(userViewId: string | null, enabled = true): SWRResponse<AlarmOverview, ApiError> {
  return useWidget('alarms', alarmOverviewSchema, userViewId, enabled, ALARM_REFRESH_MS);
}

/** `GET /dashboard/insight`: each sensor channel's last 7 days. */
export function useInsight(userViewId: string | null, enabled = true): SWRResponse<InsightAnswer, ApiError> {
  return useWidget('insight', insightAnswerSchema, userViewId, enabled, INSIGHT_REFRESH_MS);
}

/** `GET /dashboard/checklist-exceptions`: the last 7 days' missed, late and out-of-limit checklists by site, and the latest. */
export function useChecklistExceptions(userViewId: string | null, enabled = true): SWRResponse<ChecklistExceptions, ApiError> {
  return useWidget('checklist-exceptions', checklistExceptionsSchema, userViewId, enabled, HEALTH_REFRESH_MS);
}
