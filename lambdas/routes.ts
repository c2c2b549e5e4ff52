import { accountRoutes } from './accounts/routes';
import { alarmRoutes } from './alarms/routes';
import { alarmProfileRoutes } from './alarm-profiles/routes';
import { dashboardRoutes } from './dashboard/routes';
import { dataLoggingProfileRoutes } from './data-logging-profiles/routes';
import { departmentRoutes } from './departments/routes';
import { deviceCommandRoutes } from './device-commands/routes';
import { deviceRecordRoutes } from './device-records/routes';
import { divisionRoutes } from './divisions/routes';
import { gatewayRoutes } from './gateways/routes';
import { identityAdminRoutes } from './identity-admin/routes';
import { locationRoutes } from './locations/routes';
import { notificationGroupRoutes } from './notification-groups/routes';
import { notificationTemplateRoutes } from './notification-templates/routes';
import { openApiRoutes } from './openapi/routes';
import { securityGroupRoutes } from './security-groups/routes';
import { sensorRoutes } from './sensors/routes';
import { sessionRoutes } from './sessions/routes';
import { settingsRoutes } from './settings/routes';
import { siteRoutes } from './sites/routes';
import { telemetryRoutes } from './telemetry/routes';
import { userViewRoutes } from './user-views/routes';
import { userRoutes } from './users/routes';
import { shiftRoutes } from './shifts/routes';
import { correctiveActionRoutes } from './corrective-actions/routes';
import { informationItemRoutes } from './information-items/routes';
import { checklistGroupRoutes } from './checklist-groups/routes';
import { checklistRoutes } from './checklists/routes';
import { questionTemplateRoutes } from './questions/routes';
import { checklistInstanceRoutes } from './checklist-instances/routes';
import { superadminRoutes } from './superadmin/routes';
import { proxySessionRoutes } from './proxy-sessions/routes';
import { helpdeskRoutes } from './helpdesk/routes';
import { reportRoutes } from './reports/routes';
import { routeKeyOf, type RouteDefinition } from './shared/routing';

export {
  API_PREFIX,
  MAX_REQUEST_BODY_BYTES,
  maxBodyBytesOf,
  routeKeyOf,
  type HttpMethod,
  type RouteDefinition,
} from './shared/routing';

/**
 * The one route table (ARCHITECTURE.md "Rules that keep the two runtimes one"). It drives
 * the CDK routes, the local gateway, the OpenAPI document and the permission tests. Each
 * resource defines its routes beside their actions, in its own `routes.ts`
 * (docs/adding-a-route.md); this module only puts them together. Paths are API Gateway route
 * paths; every one is served under `API_PREFIX`.
 */

export { HANDLERS, type HandlerName } from './handlers';

/** Every resource's routes, in the order of the table before it was split by resource. */
export const RESOURCE_ROUTES = [
  openApiRoutes,
  departmentRoutes,
  divisionRoutes,
  sessionRoutes,
  accountRoutes,
  identityAdminRoutes,
  locationRoutes,
  siteRoutes,
  securityGroupRoutes,
  userViewRoutes,
  settingsRoutes,
  userRoutes,
  sensorRoutes,
  gatewayRoutes,
  dataLoggingProfileRoutes,
  alarmProfileRoutes,
  notificationGroupRoutes,
  notificationTemplateRoutes,
  deviceRecordRoutes,
  deviceCommandRoutes,
  telemetryRoutes,
  alarmRoutes,
  dashboardRoutes,
  checklistInstanceRoutes,
  checklistRoutes,
  questionTemplateRoutes,
  shiftRoutes,
  correctiveActionRoutes,
  informationItemRoutes,
  checklistGroupRoutes,
  superadminRoutes,
  proxySessionRoutes,
  helpdeskRoutes,
  reportRoutes,
] as const;

export const ROUTES: readonly RouteDefinition[] = RESOURCE_ROUTES.flatMap((resource) => resource.routes);

const routesByKey = new Map(ROUTES.map((route) => [routeKeyOf(route), route]));

export function findRouteByKey(routeKey: string): RouteDefinition | undefined {
  return routesByKey.get(routeKey);
}
