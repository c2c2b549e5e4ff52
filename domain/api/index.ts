import { ACCOUNT_ROUTES } from './accounts';
import { ALARM_PROFILE_ROUTES } from './alarm-profiles';
import { ALARM_ROUTES } from './alarms';
import { CHECKLIST_GROUP_ROUTES } from './checklist-groups';
import { CHECKLIST_INSTANCE_ROUTES } from './checklist-instances';
import { CHECKLIST_ROUTES } from './checklists';
import type { RouteContract } from './contract';
import { CORRECTIVE_ACTION_ROUTES } from './corrective-actions';
import { DASHBOARD_ROUTES } from './dashboard';
import { DATA_LOGGING_PROFILE_ROUTES } from './data-logging-profiles';
import { DEVICE_COMMAND_ROUTES } from './device-commands';
import { DEVICE_RECORD_ROUTES } from './device-records';
import { GATEWAY_ROUTES } from './gateways';
import { GRID_SETTINGS_ROUTES } from './grid-settings';
import { HELPDESK_ROUTES } from './helpdesk';
import { IDENTITY_ADMIN_ROUTES } from './identity-admin';
import { INFORMATION_ITEM_ROUTES } from './information-items';
import { LOCATION_ROUTES } from './locations';
import { MY_NOTIFICATION_ROUTES } from './my-notifications';
import { DEPARTMENT_ROUTES, DIVISION_ROUTES } from './named-catalog';
import { NOTIFICATION_GROUP_ROUTES } from './notification-groups';
import { NOTIFICATION_TEMPLATE_ROUTES } from './notification-templates';
import { OPEN_API_ROUTES } from './openapi';
import { PROXY_SESSION_ROUTES } from './proxy-sessions';
import { QUESTION_TEMPLATE_ROUTES } from './questions';
import { REPORT_ROUTES } from './reports';
import { SECURITY_GROUP_ROUTES } from './security-groups';
import { SENSOR_ROUTES } from './sensors';
import { SESSION_ROUTES } from './sessions';
import { SETTINGS_ROUTES } from './settings';
import { SHIFT_ROUTES } from './shifts';
import { SITE_ROUTES } from './sites';
import { SUPERADMIN_ROUTES } from './superadmin';
import { TELEMETRY_ROUTES } from './telemetry';
import { USER_VIEW_ROUTES } from './user-views';
import { USER_ROUTES } from './users';

/**
 * Every route's contract, in the order of the route table (`lambdas/routes.ts`
 * `RESOURCE_ROUTES`; `lambdas/api-contracts.test.ts` holds the two to each other). The OpenAPI
 * document reads this list: the contracts import no action, so the document needs no cycle
 * back to the table that serves it.
 */
export const API_ROUTES: readonly RouteContract[] = [
  OPEN_API_ROUTES,
  DEPARTMENT_ROUTES,
  DIVISION_ROUTES,
  SESSION_ROUTES,
  ACCOUNT_ROUTES,
  GRID_SETTINGS_ROUTES,
  IDENTITY_ADMIN_ROUTES,
  LOCATION_ROUTES,
  SITE_ROUTES,
  SECURITY_GROUP_ROUTES,
  USER_VIEW_ROUTES,
  SETTINGS_ROUTES,
  USER_ROUTES,
  MY_NOTIFICATION_ROUTES,
  SENSOR_ROUTES,
  GATEWAY_ROUTES,
  DATA_LOGGING_PROFILE_ROUTES,
  ALARM_PROFILE_ROUTES,
  NOTIFICATION_GROUP_ROUTES,
  NOTIFICATION_TEMPLATE_ROUTES,
  DEVICE_RECORD_ROUTES.sensors,
  DEVICE_RECORD_ROUTES.gateways,
  DEVICE_COMMAND_ROUTES.sensors,
  DEVICE_COMMAND_ROUTES.gateways,
  TELEMETRY_ROUTES,
  ALARM_ROUTES,
  DASHBOARD_ROUTES,
  CHECKLIST_INSTANCE_ROUTES,
  CHECKLIST_ROUTES,
  QUESTION_TEMPLATE_ROUTES,
  SHIFT_ROUTES,
  CORRECTIVE_ACTION_ROUTES,
  INFORMATION_ITEM_ROUTES,
  CHECKLIST_GROUP_ROUTES,
  SUPERADMIN_ROUTES,
  PROXY_SESSION_ROUTES,
  HELPDESK_ROUTES,
  REPORT_ROUTES,
].flatMap((contracts): RouteContract[] => Object.values(contracts));

export {
  ACCOUNT_ROUTES, ALARM_PROFILE_ROUTES, ALARM_ROUTES, CHECKLIST_GROUP_ROUTES, CHECKLIST_INSTANCE_ROUTES, CHECKLIST_ROUTES,
  CORRECTIVE_ACTION_ROUTES, DASHBOARD_ROUTES, DATA_LOGGING_PROFILE_ROUTES, DEPARTMENT_ROUTES, DEVICE_COMMAND_ROUTES,
  DEVICE_RECORD_ROUTES, DIVISION_ROUTES, GATEWAY_ROUTES, GRID_SETTINGS_ROUTES, HELPDESK_ROUTES, IDENTITY_ADMIN_ROUTES,
  INFORMATION_ITEM_ROUTES, LOCATION_ROUTES, MY_NOTIFICATION_ROUTES, NOTIFICATION_GROUP_ROUTES, NOTIFICATION_TEMPLATE_ROUTES,
  OPEN_API_ROUTES, PROXY_SESSION_ROUTES, QUESTION_TEMPLATE_ROUTES, REPORT_ROUTES, SECURITY_GROUP_ROUTES, SENSOR_ROUTES,
  SESSION_ROUTES, SETTINGS_ROUTES, SHIFT_ROUTES, SITE_ROUTES, SUPERADMIN_ROUTES, TELEMETRY_ROUTES, USER_ROUTES, USER_VIEW_ROUTES,
};
