import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AlarmOverview, InsightAnswer, SystemHealth } from '@domain/alarms/dashboard';
import { MESSAGES } from '@domain/core/messages';
import type { Role } from '@domain/identity/roles';
import type { ChecklistExceptions } from '@domain/haccp/performance';
import type { DashboardPanel } from '@domain/identity/settings';
import type { ApiRequest } from '../../api/apiFetch';
import { ApiError } from '../../api/ApiError';
import type { SignedInUser } from '../../api/identity';
import { DEFAULT_SESSION_STATE, replaceClientState } from '../../session/clientState';
import { renderScreen } from '../../test/render';
import DashboardPage from './DashboardPage';

const fake = vi.hoisted(() => ({
  role: 'admin' as Role,
  panels: [] as DashboardPanel[],
  api: vi.fn<(path: string, request?: ApiRequest) => unknown>(),
}));

vi.mock('../../session/useAuth', () => {
  const user = (): SignedInUser => ({ email: 'sam@demo.example', role: fake.role, customerId: 'c-1', accountId: 'a-1', portalAccess: true });
  return { useCurrentUser: user, useAuth: () => ({ status: 'signedIn', user: user() }) };
});
vi.mock('../../api/apiFetch', () => ({
  apiFetch: async (path: string, request?: ApiRequest) => fake.api(path, request),
  apiFetchAs: async (schema: { parse(value: unknown): unknown }, path: string, request?: ApiRequest) => schema.parse(await fake.api(path, request)),
}));
vi.mock('../../api/sites', () => ({ useSites: () => ({ data: [{ id: 'site-1', name: 'Kitchen' }, { id: 'site-2', name: 'Bakery' }] }) }));
vi.mock('../../api/userViews', () => ({ useUserViews: () => ({ data: [{ id: 'v-bakery', name: 'Bakery view' }] }) }));

const HEALTH: SystemHealth = { sensors: { total: 12, online: 10, offline: 2, lowBattery: 1, weakSignal: 3 }, gateways: { total: 2, online: 2, offline: 0 }, truncated: false };
const device = { deviceKind: 'sensor' as const, deviceId: 'S1', deviceName: 'Walk-in Cooler', siteId: 'site-1' };
const OVERVIEW: AlarmOverview = {
  from: '2026-03-03T12:00:00.000Z', to: '2026-03-10T12:00:00.000Z', active: 3, unacknowledged: 2,
  byType: { threshold: 2, probeMissing: 1 }, bySite: { 'site-1': 2, 'site-2': 1 },
  oldest: { id: 'a-1', type: 'probeMissing', startedAt: '2026-03-09T08:00:00.000Z', ...device, deviceName: 'Vaccine Fridge' },
  topAssets: [{ ...device, count: 4 }], repeatAlarms: [{ ...device, type: 'threshold', count: 3 }], truncated: false,
};
const INSIGHT: InsightAnswer = {
  from: OVERVIEW.from, to: OVERVIEW.to, sensors: 1, truncated: false,
  items: [{ sensorId: 'S1', sensorName: 'Vaccine Fridge', siteId: 'site-1', channel: '1', measurement: 'temperature', limits: { min: 2, max: 8 }, timeInRangePercent: 91.67, min: 5, max: 12, mean: 5.58, meanKinetic: 5.87, readings: 24 }],
};

const exception = { checklistId: 'c-1', checklistName: 'Opening checks', siteId: 'site-1', siteName: 'Kitchen', date: '2026-03-09' };
const EXCEPTIONS: ChecklistExceptions = {
  from: OVERVIEW.from, to: OVERVIEW.to, truncated: false,
  bySite: [
    { siteId: 'site-2', siteName: 'Bakery', missed: 0, late: 0, outOfLimits: 0 },
    { siteId: 'site-1', siteName: 'Kitchen', missed: 2, late: 1, outOfLimits: 1 },
  ],
  latest: [
    { ...exception, kind: 'outOfLimits', instanceId: 'i-3', at: '2026-03-09T10:00:00.000Z', answers: 2 },
    { ...exception, kind: 'missed', instanceId: 'i-2', checklistName: 'Closing checks', at: '2026-03-08T23:00:00.000Z', date: '2026-03-08' },
  ],
};

function answer(path: string): unknown {
  if (path === '/account/dashboardpreferences') return { panels: fake.panels, defaultUserViewId: null };
  if (path.startsWith('/dashboard/health')) return HEALTH;
  if (path.startsWith('/dashboard/alarms')) return OVERVIEW;
  if (path.startsWith('/dashboard/insight')) return INSIGHT;
  if (path.startsWith('/dashboard/checklist-exceptions')) return EXCEPTIONS;
  throw new ApiError(404);
}

const ALL_PANELS: DashboardPanel[] = ['systemHealth', 'alarmDashboard', 'insightDashboard', 'topAssetsInAlarm', 'repeatAlarms', 'checklistExceptions'];

describe('Dashboard', () => {
  beforeEach(() => {
    fake.role = 'admin';
    fake.panels = ALL_PANELS;
    fake.api.mockReset();
    fake.api.mockImplementation(async (path) => answer(path));
  });
  afterEach(async () => {
    replaceClientState(DEFAULT_SESSION_STATE);
    await i18next.changeLanguage('en');
  });

  it('shows the widgets the preferences select, on cards of the spec\'s sizes, each linking to the list behind it', async () => {
    renderScreen(<DashboardPage />);
    const health = await screen.findByRole('region', { name: 'System health' });
    expect(health.closest('[data-card-size]')).toHaveAttribute('data-card-size', 'small');
    expect(await within(health).findByText('Sensors (12)')).toBeInTheDocument();
    expect(within(health).getByRole('link', { name: 'Weak signal: 3' })).toHaveAttribute('href', '/app/sensors');

    const alarms = await screen.findByRole('region', { name: 'Alarm dashboard' });
    expect(alarms.closest('[data-card-size]')).toHaveAttribute('data-card-size', 'medium');
    expect(await within(alarms).findByRole('link', { name: 'Unacknowledged: 2' })).toHaveAttribute('href', '/app/alarms?status=active');
    expect(within(alarms).getByRole('link', { name: 'Out of range' })).toHaveAttribute('href', '/app/alarms?status=active&type=threshold');
    expect(within(alarms).getByRole('link', { name: 'Bakery' })).toHaveAttribute('href', '/app/alarms?status=active&siteId=site-2');
    expect(within(alarms).getByRole('link', { name: 'Vaccine Fridge · Probe missing' })).toHaveAttribute('href', '/app/alarms/a-1');

    const top = screen.getByRole('region', { name: 'Top assets in alarm (last 7 days)' });
    expect(within(top).getByRole('link', { name: /Walk-in Cooler.*Kitchen.*Alarms: 4/ })).toHaveAttribute('href',
      '/app/alarms?status=history&from=2026-03-03T12%3A00%3A00.000Z&to=2026-03-10T12%3A00%3A00.000Z&deviceId=S1&deviceKind=sensor');
    const repeats = screen.getByRole('region', { name: 'Repeat alarms (last 7 days)' });
    expect(within(repeats).getByRole('link', { name: /Walk-in Cooler · Out of range.*Alarms: 3/ })).toHaveAttribute('href', expect.stringContaining('type=threshold') as string);

    const insight = await screen.findByRole('region', { name: 'Insight (last 7 days)' });
    const row = await within(insight).findByRole('row', { name: /Vaccine Fridge/ });
    expect(within(row).getByText('91.7%')).toBeInTheDocument();
    expect(within(row).getByText('5.9 °C')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Vaccine Fridge' })).toHaveAttribute('href', '/app/sensors/S1');
    // The three alarm widgets share one read.
    expect(fake.api.mock.calls.filter(([path]) => path.startsWith('/dashboard/alarms'))).toHaveLength(1);
  });

  it('shows only the selected panels, and says where to choose them when none is', async () => {
    fake.panels = ['systemHealth'];
    const { unmount } = renderScreen(<DashboardPage />);
    const health = await screen.findByRole('region', { name: 'System health' });
    // The panel's controls SPEC section 1 puts on by default (issue 17 item 9).
    expect(within(health).getByRole('button', { name: 'Options' })).toBeInTheDocument();
    const healthReads = () => fake.api.mock.calls.filter(([path]) => path.startsWith('/dashboard/health')).length;
    const before = healthReads();
    await userEvent.click(within(health).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(healthReads()).toBeGreaterThan(before));
    expect(screen.queryByRole('region', { name: 'Alarm dashboard' })).not.toBeInTheDocument();
    expect(fake.api.mock.calls.some(([path]) => path.startsWith('/dashboard/alarms'))).toBe(false);
    unmount();
    fake.panels = [];
    renderScreen(<DashboardPage />);
    expect(await screen.findByRole('link', { name: 'Dashboard Preferences' })).toHaveAttribute('href', '/app/settings/dashboard');
  });

  it('asks every widget again for the user view chosen', async () => {
    renderScreen(<DashboardPage />);
    await screen.findByRole('region', { name: 'System health' });
    await userEvent.click(screen.getByRole('combobox', { name: 'User view' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Bakery view' }));
    await waitFor(() => {
      for (const widget of ['health', 'alarms', 'insight']) {
        expect(fake.api).toHaveBeenCalledWith(`/dashboard/${widget}?userViewId=v-bakery`, undefined);
      }
    });
    expect(await screen.findByRole('link', { name: 'Unacknowledged: 2' })).toHaveAttribute('href', '/app/alarms?status=active&userViewId=v-bakery');
  });

  it('shows an error by its code, and the numbers, in the user\'s language', async () => {
    fake.api.mockImplementation(async (path) => {
      if (path.startsWith('/dashboard/health')) throw new ApiError(400, MESSAGES.userViewNotFound, { code: 'userViewNotFound' });
      return answer(path);
    });
    await i18next.changeLanguage('fr');
    renderScreen(<DashboardPage />);
    const health = await screen.findByRole('region', { name: 'État du système' });
    expect(await within(health).findByRole('alert')).toHaveTextContent(i18next.t('messages.userViewNotFound'));
    expect(screen.getByRole('region', { name: 'Tableau des alarmes' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Non acquittées : 2' })).toBeInTheDocument();
    // Numbers in French: a decimal comma, the percent sign after a (narrow no-break, read as a plain) space.
    const insight = await screen.findByRole('region', { name: 'Analyse (7 derniers jours)' });
    const row = await within(insight).findByRole('row', { name: /Vaccine Fridge/ });
    expect(within(row).getByText('91,7 %')).toBeInTheDocument();
    expect(within(row).getByText('5,9 °C')).toBeInTheDocument();
  });

  it("shows the last 7 days' checklist exceptions by site with the latest, and says when there are none", async () => {
    fake.panels = ['checklistExceptions'];
    const { unmount } = renderScreen(<DashboardPage />);
    const widget = await screen.findByRole('region', { name: 'Checklist exceptions (last 7 days)' });
    const kitchen = await within(widget).findByRole('row', { name: /Kitchen/ });
    expect(within(kitchen).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['2', '1', '1']);
    // A site without exceptions takes no row.
    expect(within(widget).queryByRole('row', { name: /Bakery/ })).not.toBeInTheDocument();
    const latest = within(within(widget).getByRole('list', { name: 'Latest' })).getAllByRole('listitem');
    expect(latest.map((item) => item.textContent)).toEqual(['Opening checks · Out of limits (2)Kitchen · Mar 9, 2026', 'Closing checks · MissedKitchen · Mar 8, 2026']);
    expect(within(widget).getByRole('link', { name: 'View checklists' })).toHaveAttribute('href', '/app/haccp/checklists');
    unmount();
    fake.api.mockImplementation(async (path) => (path.startsWith('/dashboard/checklist-exceptions') ? { ...EXCEPTIONS, bySite: [EXCEPTIONS.bySite[0]], latest: [] } : answer(path)));
    renderScreen(<DashboardPage />);
    expect(await screen.findByText('No checklist exceptions in the last 7 days')).toBeInTheDocument();
  });

  it("shows a helpdesk user acting for an organisation (proxy) its administrator's widgets, not the welcome card", async () => {
    fake.role = 'helpdesk';
    // startProxy's stored role: the token's stays the helpdesk user's.
    replaceClientState({ ...DEFAULT_SESSION_STATE, loggedIn: true, role: 'admin', proxyMainUser: { ...DEFAULT_SESSION_STATE, role: 'helpdesk' } });
    renderScreen(<DashboardPage />);
    expect(await screen.findByRole('region', { name: 'System health' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Welcome' })).not.toBeInTheDocument();
  });

  it('keeps the welcome card for helpdesk and super administrators, asking no widget', async () => {
    fake.role = 'helpdesk';
    renderScreen(<DashboardPage />);
    expect(await screen.findByRole('region', { name: 'Welcome' })).toBeInTheDocument();
    expect(fake.api).not.toHaveBeenCalled();
  });
});
