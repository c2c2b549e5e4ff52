/**
 * The API's handler modules, one Lambda per resource (lambdas/routes.ts puts their routes
 * together). Apart from the route table so that the routing layer can name a handler without
 * importing every resource's routes (an import cycle through lambdas/routes.ts before).
 */
export const HANDLERS = {
  departments: 'lambdas/departments/handler.ts',
  divisions: 'lambdas/divisions/handler.ts',
  openapi: 'lambdas/openapi/handler.ts',
  sessions: 'lambdas/sessions/handler.ts',
  accounts: 'lambdas/accounts/handler.ts',
  identityAdmin: 'lambdas/identity-admin/handler.ts',
  locations: 'lambdas/locations/handler.ts',
  sites: 'lambdas/sites/handler.ts',
  securityGroups: 'lambdas/security-groups/handler.ts',
  userViews: 'lambdas/user-views/handler.ts',
  settings: 'lambdas/settings/handler.ts',
  users: 'lambdas/users/handler.ts',
  sensors: 'lambdas/sensors/handler.ts',
  gateways: 'lambdas/gateways/handler.ts',
  dataLoggingProfiles: 'lambdas/data-logging-profiles/handler.ts',
  alarmProfiles: 'lambdas/alarm-profiles/handler.ts',
  notificationGroups: 'lambdas/notification-groups/handler.ts',
  notificationTemplates: 'lambdas/notification-templates/handler.ts',
  deviceRecords: 'lambdas/device-records/handler.ts',
  deviceCommands: 'lambdas/device-commands/handler.ts',
  telemetry: 'lambdas/telemetry/handler.ts',
  alarms: 'lambdas/alarms/handler.ts',
  dashboard: 'lambdas/dashboard/handler.ts',
  checklistInstances: 'lambdas/checklist-instances/handler.ts',
  checklists: 'lambdas/checklists/handler.ts',
  questions: 'lambdas/questions/handler.ts',
  shifts: 'lambdas/shifts/handler.ts',
  correctiveActions: 'lambdas/corrective-actions/handler.ts',
  informationItems: 'lambdas/information-items/handler.ts',
  checklistGroups: 'lambdas/checklist-groups/handler.ts',
  superadmin: 'lambdas/superadmin/handler.ts',
  proxySessions: 'lambdas/proxy-sessions/handler.ts',
  helpdesk: 'lambdas/helpdesk/handler.ts',
  reports: 'lambdas/reports/handler.ts',
} as const;
export type HandlerName = keyof typeof HANDLERS;
