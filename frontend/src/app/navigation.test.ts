import { describe, expect, it } from 'vitest';
import { ALL_MODULES } from '@domain/organisation/modules';
import { visibleNavigation } from './navigation';

const paths = (role: Parameters<typeof visibleNavigation>[0]) =>
  visibleNavigation(role, () => false).flatMap((section) => section.items.map((item) => item.path));

describe('side navigation', () => {
  it('shows each role only the areas it may open', () => {
    expect(paths('admin')).toEqual(['/app/dashboard', '/app/sensors', '/app/alarms', '/app/gateways', '/app/shared-locations', '/app/locations', '/app/sites', '/app/quick-register', '/app/data-logging-profiles', '/app/alarm-profiles', '/app/notification-groups', '/app/notification-templates', '/app/failed-notifications', '/app/departments', '/app/divisions', '/app/users', '/app/users/invite', '/app/users/invitations', '/app/security-groups', '/app/user-views', '/app/haccp/checklists', '/app/haccp/checklists/copy', '/app/haccp/groups', '/app/haccp/questions', '/app/haccp/corrective-actions', '/app/haccp/information', '/app/haccp/shifts', '/app/reports', '/app/reports/history', '/app/reports/portal-audit', '/app/settings', '/app/help']);
    // No Administration section for a basic user.
    expect(paths('basicuser')).toEqual(['/app/dashboard', '/app/sensors', '/app/alarms', '/app/gateways', '/app/shared-locations', '/app/haccp/checklists', '/app/haccp/questions', '/app/haccp/shifts', '/app/reports', '/app/reports/history', '/app/settings', '/app/help']);
    expect(visibleNavigation('basicuser', () => true).map((section) => section.heading)).not.toContain('nav.administration');
    expect(paths('helpdesk')).toEqual(['/app/dashboard', '/app/helpdesk', '/app/users', '/app/users/invite', '/app/users/invitations', '/app/settings', '/app/help']);
    expect(paths('superadmin')).toEqual(['/app/dashboard', '/app/superadmin/organisations', '/app/superadmin/customer-groups', '/app/superadmin/audit', '/app/settings', '/app/help']);
    expect(paths(null)).toEqual([]);
  });

  it('shows Today in the HACCP section only to users with HACCP access', () => {
    const haccp = (haccpAvailable: boolean) => visibleNavigation('basicuser', () => false, haccpAvailable).find((section) => section.heading === 'nav.haccp');
    expect(haccp(true)?.items.map((item) => item.path)).toContain('/app/haccp/today');
    expect(haccp(false)?.items.map((item) => item.path) ?? []).not.toContain('/app/haccp/today');
    expect(visibleNavigation('helpdesk', () => false, true).flatMap((section) => section.items.map((item) => item.path))).not.toContain('/app/haccp/today');
  });

  it("hides the whole HACCP section where the organisation has not got HACCP, whatever the user's role and flag", () => {
    const headings = (isHaccapAvailable: boolean) => visibleNavigation('admin', () => false, true, { ...ALL_MODULES, isHaccapAvailable }).map((section) => section.heading);
    expect(headings(true)).toContain('nav.haccp');
    expect(headings(false)).not.toContain('nav.haccp');
    expect(visibleNavigation('admin', () => false, true, { ...ALL_MODULES, isHaccapAvailable: false }).flatMap((section) => section.items.map((item) => item.path)).filter((path) => path.startsWith('/app/haccp'))).toEqual([]);
  });

  it('shows the Portal Audit only to an administrator who sees the whole organisation, the Reports menu and Report History to every reader', () => {
    const reports = (seesWholeOrganisation: boolean) => visibleNavigation('admin', () => false, true, ALL_MODULES, seesWholeOrganisation)
      .find((section) => section.heading === 'nav.reports')?.items.map((item) => item.path);
    expect(reports(true)).toEqual(['/app/reports', '/app/reports/history', '/app/reports/portal-audit']);
    expect(reports(false)).toEqual(['/app/reports', '/app/reports/history']);
  });

  it('drops a section left empty', () => {
    expect(visibleNavigation('superadmin', () => false).map((section) => section.heading)).toEqual([undefined, 'nav.administration', 'nav.support']);
  });
});
