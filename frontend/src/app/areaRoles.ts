import { ORGANISATION_READERS, ORGANISATION_WRITERS, ROLES, SECURITY_GROUP_ROLES, type Role } from '@domain/identity/roles';

// Apart from the navigation (and its icons): the routes' guards need it with the first load.
/** Who may open each area: the routes' role guards and the side navigation read the same list. */
export const AREA_ROLES = {
  dashboard: ROLES,
  helpdesk: ['helpdesk'],
  // Organisations (tenants), their modules and status: the super-administrator only (issue 16).
  superadminOrganisations: ['superadmin'],
  // User management and invitations: organisation administrators and support.
  users: ['admin', 'helpdesk'],
  // Administration screens are the administrators' (SPEC section 6: "admin only (some)"; the
  // issue: a basic user cannot open Administration). Basic users still read departments,
  // divisions and user views through the API, where other screens offer them as choices.
  departments: ORGANISATION_WRITERS,
  divisions: ORGANISATION_WRITERS,
  securityGroups: SECURITY_GROUP_ROLES,
  userViews: ORGANISATION_WRITERS,
  settings: ROLES,
  // Settings > Translations: the organisation's texts, administrators only.
  translations: ORGANISATION_WRITERS,
  help: ROLES,
  // Locations and sites: administrators (deleting also needs corporate access, checked on the screen).
  locations: ['admin'],
  sites: ['admin'],
  // Locations other organisations shared with the user, waiting for their answer.
  sharedLocations: ORGANISATION_READERS,
  // Sensors: basic users read them, administrators add, edit and disable (checked on the screens).
  sensors: ORGANISATION_READERS,
  // Gateways: basic users read them, administrators add, edit and delete (checked on the screens).
  gateways: ORGANISATION_READERS,
  // Alarms: everyone who sees the sensors reads, acknowledges and snoozes their alarms.
  alarms: ORGANISATION_READERS,
  // Quick Register and Data Logging profiles (Administration): administrators.
  quickRegister: ORGANISATION_WRITERS,
  dataLoggingProfiles: ORGANISATION_WRITERS,
  // Alarm profiles (Administration): administrators, as data logging profiles.
  alarmProfiles: ORGANISATION_WRITERS,
  // Notification groups (Administration): administrators, as alarm profiles.
  notificationGroups: ORGANISATION_WRITERS,
  // Notification templates (Administration): the organisation's wording of messages, administrators.
  notificationTemplates: ORGANISATION_WRITERS,
  // Failed notifications (Administration): the dead-letter store of alarm messages, administrators.
  failedNotifications: ORGANISATION_WRITERS,
  // HACCP Today and filling: organisation users; the API checks the account's HACCP access and sites.
  haccpFilling: ORGANISATION_READERS,
  // HACCP library (checklist groups, standard corrective actions, information): administrators, as the other building screens.
  haccpLibrary: ORGANISATION_WRITERS,
  // HACCP checklists and the Question List: the organisation reads them, administrators write (the pages hide what a reader may not do).
  haccpChecklists: ORGANISATION_READERS,
  // Copy Checklist: a write only.
  haccpChecklistCopy: ORGANISATION_WRITERS,
  // HACCP shifts: the organisation reads them, administrators write (the page hides what a reader may not do).
  haccpShifts: ORGANISATION_READERS,
  // Reports > Portal Audit: the organisation's audit trail, administrators only (as the API).
  portalAudit: ['admin'],
  // Reports (the catalogue's menu, forms and Report History): who may run reports (the API's
  // report routes); each report's own roles, modules and access are checked on its screens.
  reports: ORGANISATION_READERS,
} as const satisfies Record<string, readonly Role[]>;
