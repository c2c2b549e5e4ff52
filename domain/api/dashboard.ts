import { alarmOverviewSchema, insightAnswerSchema, systemHealthSchema } from '../alarms/dashboard';
import { checklistExceptionsSchema } from '../haccp/performance';
import { ORGANISATION_READERS } from '../identity/roles';
import { contract } from './contract';

/** The contracts of lambdas/dashboard/routes.ts (docs/adding-a-route.md). */
export const DASHBOARD_ROUTES = {
  getHealth: contract({
    method: 'GET', path: '/dashboard/health', roles: ORGANISATION_READERS, summary: 'System health of the sensors and gateways I reach (userViewId to narrow): online, offline, low battery (below the alarm profile\'s threshold, else 20 %), weak signal (below -110 dBm)', response: systemHealthSchema,
  }),
  getAlarms: contract({
    method: 'GET', path: '/dashboard/alarms', roles: ORGANISATION_READERS, summary: 'The alarm dashboard of the alarms I reach (userViewId to narrow): active alarms by type and site, unacknowledged, the oldest; top assets in alarm and repeat alarms over the last 7 days', response: alarmOverviewSchema,
  }),
  getInsight: contract({
    method: 'GET', path: '/dashboard/insight', roles: ORGANISATION_READERS, summary: 'Insight over the last 7 days per sensor channel I reach (userViewId to narrow; at most 25 sensors, by name): time in range against the alarm profile\'s limits, min, max, mean; mean kinetic temperature for vaccine fridges', response: insightAnswerSchema,
  }),
  getChecklistExceptions: contract({
    method: 'GET', path: '/dashboard/checklist-exceptions', roles: ORGANISATION_READERS, module: 'haccp', summary: 'Checklist exceptions over the last 7 days on the sites I reach (userViewId to narrow): missed checklists, late completions and out-of-limit answers by site, and the latest five', response: checklistExceptionsSchema,
  }),
} as const;
