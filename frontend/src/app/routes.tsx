import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Outlet, Route, Routes } from 'react-router-dom';
import { HELPDESK_LANDING, DEFAULT_LANDING } from '../session/landing';
import { LANGUAGES, loadAllTexts, loadCatalogue } from '../i18n';
import { RequireIdentityOnly, RequireOrganisationModule, RequireRole, RequireSignedIn, RequireSignedOut, RequireWholeOrganisation } from './guards';
import { useRole } from '../session/access';
import { AREA_ROLES } from './areaRoles';
import { nextTask } from './nextTask';
import { PageLoader } from '../components/PageLoader';
import type { ShellWidgets } from './AppLayout';

// Every screen is its own chunk, so the first load carries only the shell (ARCHITECTURE.md).
const loadLoginPage = () => import('../features/auth/login/LoginPage');
// The shell with the features' widgets it shows (one chunk: vite.config.ts's signed-in steps).
const loadAppLayout = async () => {
  const [{ default: Layout }, { ProxyBanner }, { AlarmsNavBadge }] = await Promise.all([
    import('./AppLayout'),
    import('../features/proxy/ProxyBanner'),
    import('../features/alarms/AlarmsNavBadge'),
  ]);
  const widgets: ShellWidgets = { ProxyBanner, AlarmsNavBadge };
  return { default: () => <Layout widgets={widgets} /> };
};
// With the whole catalogue: the sign-in page starts with its slice only (i18n/loginTexts.ts).
const loadThemedScreens = () => Promise.all([import('./ThemedScreens'), loadAllTexts()]).then(([screens]) => screens);
const LoginPage = lazy(loadLoginPage);
// MUI's theme, toasts and data cache: every screen but the first sign-in form (docs/decisions/0056-first-sign-in-form-without-mui.md).
const ThemedScreens = lazy(loadThemedScreens);
const SsoRedirectPage = lazy(() => import('../features/sso/SsoRedirectPage'));
const SsoCallbackPage = lazy(() => import('../features/sso/SsoCallbackPage'));
const NoAccessRedirectPage = lazy(() => import('../features/sso/NoAccessRedirectPage'));
const SessionLimitPage = lazy(() => import('../features/sessions/SessionLimitPage'));
const StaticPage = lazy(() => import('../features/static/StaticPage'));
const AppLayout = lazy(loadAppLayout);
const loadDashboardPage = () => import('../features/dashboard/DashboardPage');
const DashboardPage = lazy(loadDashboardPage);
const HelpdeskPage = lazy(() => import('../features/helpdesk/HelpdeskPage'));
const HelpdeskOrganisationPage = lazy(() => import('../features/helpdesk/HelpdeskOrganisationPage'));
const OrganisationsPage = lazy(() => import('../features/superadmin/organisations/OrganisationsPage'));
const CustomerGroupsPage = lazy(() => import('../features/superadmin/customer-groups/CustomerGroupsPage'));
const SuperadminAuditPage = lazy(() => import('../features/superadmin/audit/SuperadminAuditPage'));
const ReportsMenuPage = lazy(() => import('../features/reports/ReportsMenuPage'));
const ReportPage = lazy(() => import('../features/reports/ReportPage'));
const ReportHistoryPage = lazy(() => import('../features/reports/ReportHistoryPage'));
const VerifyReportPage = lazy(() => import('../features/reports/VerifyReportPage'));
const DepartmentsPage = lazy(() => import('../features/departments/DepartmentsPage'));
const DivisionsPage = lazy(() => import('../features/divisions/DivisionsPage'));
const HelpPage = lazy(() => import('../features/help/HelpPage'));
const LocationsPage = lazy(() => import('../features/locations/LocationsPage'));
const PendingSharedLocationsPage = lazy(() => import('../features/locations/PendingSharedLocationsPage'));
const SitesPage = lazy(() => import('../features/sites/SitesPage'));
const UsersPage = lazy(() => import('../features/users/UsersPage'));
const InvitePage = lazy(() => import('../features/users/InvitePage'));
const InvitationsPage = lazy(() => import('../features/users/InvitationsPage'));
const SecurityGroupsPage = lazy(() => import('../features/security-groups/SecurityGroupsPage'));
const UserViewsPage = lazy(() => import('../features/user-views/UserViewsPage'));
const SettingsPage = lazy(() => import('../features/settings/SettingsPage'));
const ProfileSettingsPage = lazy(() => import('../features/settings/ProfileSettingsPage'));
const DashboardPreferencesPage = lazy(() => import('../features/settings/DashboardPreferencesPage'));
const ChangePasswordPage = lazy(() => import('../features/settings/ChangePasswordPage'));
// translation.csv holds every language: the page comes with all three product catalogues.
const TranslationsPage = lazy(async () => {
  const [page] = await Promise.all([import('../features/settings/TranslationsPage'), ...LANGUAGES.map(loadCatalogue)]);
  return page;
});
// The organisation's own texts, loaded after sign-in (a chunk of its own: the first load stays small).
const OrganisationTexts = lazy(() => import('../features/settings/OrganisationTexts'));
const SessionsPage = lazy(() => import('../features/sessions/SessionsPage'));
const SensorsPage = lazy(() => import('../features/sensors/SensorsPage'));
const InactiveSensorsPage = lazy(() => import('../features/sensors/InactiveSensorsPage'));
const SensorDetailPage = lazy(() => import('../features/sensors/SensorDetailPage'));
const GatewaysPage = lazy(() => import('../features/gateways/GatewaysPage'));
const InactiveGatewaysPage = lazy(() => import('../features/gateways/InactiveGatewaysPage'));
const GatewayDetailPage = lazy(() => import('../features/gateways/GatewayDetailPage'));
const QuickRegisterPage = lazy(() => import('../features/quick-register/QuickRegisterPage'));
const DataLoggingProfilesPage = lazy(() => import('../features/data-logging-profiles/DataLoggingProfilesPage'));
const AlarmProfilesPage = lazy(() => import('../features/alarm-profiles/AlarmProfilesPage'));
const NotificationGroupsPage = lazy(() => import('../features/notification-groups/NotificationGroupsPage'));
const NotificationTemplatesPage = lazy(() => import('../features/notification-templates/NotificationTemplatesPage'));
const FailedNotificationsPage = lazy(() => import('../features/notifications/FailedNotificationsPage'));
const AlarmsPage = lazy(() => import('../features/alarms/AlarmsPage'));
const AlarmDetailPage = lazy(() => import('../features/alarms/AlarmDetailPage'));
const HaccpChecklistsPage = lazy(() => import('../features/haccp/checklists/ChecklistsPage'));
const HaccpCopyChecklistPage = lazy(() => import('../features/haccp/checklists/CopyChecklistPage'));
const HaccpQuestionListPage = lazy(() => import('../features/haccp/questions/QuestionListPage'));
const HaccpTodayPage = lazy(() => import('../features/haccp/filling/TodayPage'));
const HaccpFillPage = lazy(() => import('../features/haccp/filling/FillPage'));
const HaccpGroupsPage = lazy(() => import('../features/haccp/library/ChecklistGroupsPage'));
const HaccpCorrectiveActionsPage = lazy(() => import('../features/haccp/library/CorrectiveActionsPage'));
const HaccpInformationPage = lazy(() => import('../features/haccp/library/InformationPage'));
const HaccpShiftsPage = lazy(() => import('../features/haccp/shifts/ShiftsPage'));

/**
 * Starts fetching the screen an address opens with, before the settings and texts arrive (main.tsx):
 * the sign-in page, or the signed-in shell (and the dashboard on /app/dashboard). React.lazy then
 * finds the module on its way.
 */
export function prefetchScreen(pathname: string): void {
  const loads = screenLoads(pathname);
  // One after the other, a task apart. Each is a chunk of its own (vite.config.ts), already on its
  // way (index.html's first-screen script asks for them all at once); imported together, their
  // evaluations ran in one long task as the last one arrived (blocking time; docs/performance.md).
  void (async () => {
    for (const load of loads) {
      // A failed fetch is the lazy screen's to report when it renders.
      await load().catch(() => undefined);
      await nextTask();
    }
  })();
}

function screenLoads(pathname: string): (() => Promise<unknown>)[] {
  const loads = pathname === '/login' || pathname === '/login/helpdesk' ? [loadLoginPage] : pathname.startsWith('/app') ? [loadThemedScreens, loadAppLayout] : [loadThemedScreens];
  // The landing screen too, so it renders with the shell and asks for its data as early (docs/performance.md).
  if (pathname === '/app/dashboard') loads.push(loadDashboardPage);
  return loads;
}

/**
 * The signed-in shell, fetched while the identity service answers a sign-in: all at once, as
 * nothing asked for its chunks earlier (the sign-in page waits for the answer meanwhile).
 */
export function prefetchSignedInShell(): void {
  for (const load of screenLoads('/app')) load().catch(() => undefined);
}

const signedOut = (screen: ReactNode) => <RequireSignedOut>{screen}</RequireSignedOut>;

/** /app itself: the role's landing. */
function AppIndex() {
  return <Navigate to={useRole() === 'helpdesk' ? HELPDESK_LANDING : DEFAULT_LANDING} replace />;
}

/** Every client route of SPEC section 2. */
export function AppRoutes() {
  return (
    <Suspense fallback={<PageLoader />}>
      <Routes>
        <Route path="/login" element={signedOut(<LoginPage variant="normal" prefetchSignedInShell={prefetchSignedInShell} />)} />
        <Route path="/login/helpdesk" element={signedOut(<LoginPage variant="helpdesk" prefetchSignedInShell={prefetchSignedInShell} />)} />
        <Route element={<ThemedScreens />}>
          <Route path="/login/sessions" element={<RequireIdentityOnly><SessionLimitPage /></RequireIdentityOnly>} />
          <Route path="/login/sso/helpdesk/:clientId" element={signedOut(<SsoRedirectPage variant="helpdesk" />)} />
          <Route path="/login/sso/:clientId" element={signedOut(<SsoRedirectPage variant="normal" />)} />
          <Route path="/login/callback" element={signedOut(<SsoCallbackPage />)} />
          <Route path="/login/redirect" element={<NoAccessRedirectPage />} />
          <Route path="/privacyPolicy" element={<StaticPage page="privacyPolicy" />} />
          <Route path="/termsCondition" element={<StaticPage page="termsCondition" />} />
          <Route path="/support" element={<StaticPage page="support" />} />
          <Route path="/salestc" element={<StaticPage page="salestc" />} />
          {/* Anyone holding a report file checks it, signed in or not (issue 34 section 3). */}
          <Route path="/verify" element={<VerifyReportPage />} />
          <Route
            path="/app"
            element={
              <RequireSignedIn>
                <Suspense fallback={null}><OrganisationTexts /></Suspense>
                <AppLayout />
              </RequireSignedIn>
            }
          >
            <Route index element={<AppIndex />} />
            <Route path="dashboard" element={<RequireRole roles={AREA_ROLES.dashboard}><DashboardPage /></RequireRole>} />
            <Route path="helpdesk" element={<RequireRole roles={AREA_ROLES.helpdesk}><HelpdeskPage /></RequireRole>} />
            <Route path="helpdesk/organisations/:customerId" element={<RequireRole roles={AREA_ROLES.helpdesk}><HelpdeskOrganisationPage /></RequireRole>} />
            <Route path="superadmin/organisations" element={<RequireRole roles={AREA_ROLES.superadminOrganisations}><OrganisationsPage /></RequireRole>} />
            <Route path="superadmin/customer-groups" element={<RequireRole roles={AREA_ROLES.superadminOrganisations}><CustomerGroupsPage /></RequireRole>} />
            <Route path="superadmin/audit" element={<RequireRole roles={AREA_ROLES.superadminOrganisations}><SuperadminAuditPage /></RequireRole>} />
            <Route path="reports/portal-audit" element={<RequireRole roles={AREA_ROLES.portalAudit}><RequireWholeOrganisation><ReportPage report="portalAudit" /></RequireWholeOrganisation></RequireRole>} />
            <Route path="reports" element={<RequireRole roles={AREA_ROLES.reports}><ReportsMenuPage /></RequireRole>} />
            <Route path="reports/history" element={<RequireRole roles={AREA_ROLES.reports}><ReportHistoryPage /></RequireRole>} />
            <Route path="reports/:reportId" element={<RequireRole roles={AREA_ROLES.reports}><ReportPage /></RequireRole>} />
            <Route path="departments" element={<RequireRole roles={AREA_ROLES.departments}><DepartmentsPage /></RequireRole>} />
            <Route path="divisions" element={<RequireRole roles={AREA_ROLES.divisions}><DivisionsPage /></RequireRole>} />
            <Route path="security-groups" element={<RequireRole roles={AREA_ROLES.securityGroups}><SecurityGroupsPage /></RequireRole>} />
            <Route path="user-views" element={<RequireRole roles={AREA_ROLES.userViews}><UserViewsPage /></RequireRole>} />
            <Route path="settings" element={<SettingsPage />} />
            <Route path="settings/profile" element={<ProfileSettingsPage />} />
            <Route path="settings/dashboard" element={<DashboardPreferencesPage />} />
            <Route path="settings/password" element={<ChangePasswordPage />} />
            <Route path="settings/translations" element={<RequireRole roles={AREA_ROLES.translations}><TranslationsPage /></RequireRole>} />
            <Route path="users" element={<RequireRole roles={AREA_ROLES.users}><UsersPage /></RequireRole>} />
            <Route path="users/invite" element={<RequireRole roles={AREA_ROLES.users}><InvitePage /></RequireRole>} />
            <Route path="users/invitations" element={<RequireRole roles={AREA_ROLES.users}><InvitationsPage /></RequireRole>} />
            <Route path="locations" element={<RequireRole roles={AREA_ROLES.locations}><LocationsPage /></RequireRole>} />
            <Route path="sites" element={<RequireRole roles={AREA_ROLES.sites}><SitesPage /></RequireRole>} />
            <Route path="shared-locations" element={<RequireRole roles={AREA_ROLES.sharedLocations}><PendingSharedLocationsPage /></RequireRole>} />
            <Route path="sensors" element={<RequireRole roles={AREA_ROLES.sensors}><SensorsPage /></RequireRole>} />
            <Route path="sensors/inactive" element={<RequireRole roles={AREA_ROLES.sensors}><InactiveSensorsPage /></RequireRole>} />
            <Route path="sensors/:id" element={<RequireRole roles={AREA_ROLES.sensors}><SensorDetailPage /></RequireRole>} />
            <Route path="alarms" element={<RequireRole roles={AREA_ROLES.alarms}><AlarmsPage /></RequireRole>} />
            <Route path="alarms/:id" element={<RequireRole roles={AREA_ROLES.alarms}><AlarmDetailPage /></RequireRole>} />
            <Route path="gateways" element={<RequireRole roles={AREA_ROLES.gateways}><GatewaysPage /></RequireRole>} />
            <Route path="gateways/inactive" element={<RequireRole roles={AREA_ROLES.gateways}><InactiveGatewaysPage /></RequireRole>} />
            <Route path="gateways/:id" element={<RequireRole roles={AREA_ROLES.gateways}><GatewayDetailPage /></RequireRole>} />
            <Route path="quick-register" element={<RequireRole roles={AREA_ROLES.quickRegister}><QuickRegisterPage /></RequireRole>} />
            <Route path="data-logging-profiles" element={<RequireRole roles={AREA_ROLES.dataLoggingProfiles}><DataLoggingProfilesPage /></RequireRole>} />
            <Route path="alarm-profiles" element={<RequireRole roles={AREA_ROLES.alarmProfiles}><AlarmProfilesPage /></RequireRole>} />
            <Route path="notification-groups" element={<RequireRole roles={AREA_ROLES.notificationGroups}><NotificationGroupsPage /></RequireRole>} />
            <Route path="notification-templates" element={<RequireRole roles={AREA_ROLES.notificationTemplates}><NotificationTemplatesPage /></RequireRole>} />
            <Route path="failed-notifications" element={<RequireRole roles={AREA_ROLES.failedNotifications}><FailedNotificationsPage /></RequireRole>} />
            {/* The organisation's HACCP module (issue 16): without it, its addresses are refused. */}
            <Route element={<RequireOrganisationModule module="haccp"><Outlet /></RequireOrganisationModule>}>
              <Route path="haccp/checklists" element={<RequireRole roles={AREA_ROLES.haccpChecklists}><HaccpChecklistsPage /></RequireRole>} />
              <Route path="haccp/checklists/copy" element={<RequireRole roles={AREA_ROLES.haccpChecklistCopy}><HaccpCopyChecklistPage /></RequireRole>} />
              <Route path="haccp/questions" element={<RequireRole roles={AREA_ROLES.haccpChecklists}><HaccpQuestionListPage /></RequireRole>} />
              <Route path="haccp/today" element={<RequireRole roles={AREA_ROLES.haccpFilling}><HaccpTodayPage /></RequireRole>} />
              <Route path="haccp/fill/:instanceId" element={<RequireRole roles={AREA_ROLES.haccpFilling}><HaccpFillPage /></RequireRole>} />
              <Route path="haccp/groups" element={<RequireRole roles={AREA_ROLES.haccpLibrary}><HaccpGroupsPage /></RequireRole>} />
              <Route path="haccp/corrective-actions" element={<RequireRole roles={AREA_ROLES.haccpLibrary}><HaccpCorrectiveActionsPage /></RequireRole>} />
              <Route path="haccp/information" element={<RequireRole roles={AREA_ROLES.haccpLibrary}><HaccpInformationPage /></RequireRole>} />
              <Route path="haccp/shifts" element={<RequireRole roles={AREA_ROLES.haccpShifts}><HaccpShiftsPage /></RequireRole>} />
            </Route>
            <Route path="help" element={<HelpPage />} />
            <Route path="sessions" element={<SessionsPage />} />
            <Route path="*" element={<Navigate to="/app" replace />} />
          </Route>
        </Route>
        <Route path="*" element={<Navigate to="/app" replace />} />
      </Routes>
    </Suspense>
  );
}
