import { act, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Alarm } from '@domain/alarms/alarm';
import { MESSAGES } from '@domain/core/messages';
import type { ApiRequest } from '../../api/apiFetch';
import { ApiError } from '../../api/ApiError';
import { fake } from '../../test/fakeApi';
import { renderScreen } from '../../test/render';
import { lookupAnswer } from '../../test/sensorFixtures';
import AlarmsPage from './AlarmsPage';

vi.mock('../../session/useAuth', () => import('../../test/fakeApi'));
vi.mock('../../api/apiFetch', () => import('../../test/fakeApi'));

const at = '2026-03-10T08:00:00.000Z';
function alarmFixture(id: string, overrides: Partial<Alarm> = {}): Alarm {
  return {
    id, deviceKind: 'sensor', deviceId: 'A1B2C3D4', deviceName: 'Walk-in Fridge', profileId: 'ap-1', channel: '1', type: 'threshold',
    status: 'active', siteId: 's-1', locationId: 'l-1', startedAt: at, raisedAt: at, lastRunStartedAt: at, lastValue: 7.2, worstValue: 8.4,
    worstAt: at, snoozeCount: 0, timeline: [], version: 1, ...overrides,
  };
}

let active: Alarm[];
let history: Alarm[];
let savedFilter: Record<string, string> | undefined;
let sent: { method: string; path: string; body: unknown }[];
let listed: string[];

function answer(path: string, request?: ApiRequest): unknown {
  const method = request?.method ?? 'GET';
  if (method !== 'GET') sent.push({ method, path, body: request?.body });
  if (path === '/account/gridsettings/alarms') {
    if (method === 'PUT') return request?.body;
    return savedFilter === undefined ? {} : { filter: savedFilter };
  }
  if (path.startsWith('/userviews?')) return { items: [] };
  if (path.startsWith('/alarms?')) {
    listed.push(path);
    const query = new URLSearchParams(path.slice('/alarms?'.length));
    const type = query.get('type');
    const items = (query.get('status') === 'history' ? history : active).filter((alarm) => type === null || alarm.type === type);
    return { items };
  }
  if (path === '/alarms/a-1/acknowledge' && method === 'PUT') {
    const body = request?.body as { reason: string; correctiveAction?: string };
    return alarmFixture('a-1', { acknowledgedAt: at, acknowledgedBy: 'admin@demo.example', acknowledgeReason: body.reason, version: 2 });
  }
  if (path === '/alarms/acknowledge' && method === 'POST') {
    return { acknowledged: [alarmFixture('a-1', { acknowledgedAt: at, acknowledgeReason: 'x' })], refused: [{ id: 'a-2', code: 'alarmAlreadyAcknowledged', message: MESSAGES.alarmAlreadyAcknowledged }] };
  }
  if (path === '/alarms/a-1/snooze' && method === 'PUT') return alarmFixture('a-1', { snoozedUntil: '2026-03-10T08:30:00.000Z', snoozeCount: 1 });
  const known = lookupAnswer(path);
  if (known !== undefined) return known;
  throw new Error(`unexpected call ${method} ${path}`);
}

// The DataGrid with its dialogs takes seconds per interaction in jsdom; on a busy 2-core machine more than the default 20 s.
describe('AlarmsPage', { timeout: 60_000 }, () => {
  beforeEach(() => {
    fake.role = 'admin';
    active = [
      alarmFixture('a-1'),
      alarmFixture('a-2', { deviceId: 'B2C3D4E5', deviceName: 'Freezer door', type: 'contact', channel: '2', clearedAt: at, lastValue: 0, worstValue: 1 }),
    ];
    history = [alarmFixture('a-3', { deviceName: 'Vaccine fridge', type: 'battery', status: 'history', clearedAt: at, acknowledgedAt: at, acknowledgeReason: 'Battery replaced' })];
    savedFilter = undefined;
    sent = [];
    listed = [];
    fake.api.mockReset();
    fake.api.mockImplementation(answer);
  });
  afterEach(async () => {
    await i18next.changeLanguage('en');
  });

  it('lists the active alarms with their type, state and the legends', async () => {
    renderScreen(<AlarmsPage />, { route: '/app/alarms' });
    expect(await screen.findByRole('link', { name: 'Walk-in Fridge' })).toBeInTheDocument();
    const grid = screen.getByRole('grid');
    expect(within(grid).getByText('Freezer door')).toBeInTheDocument();
    expect(within(grid).getByText('Out of range')).toBeInTheDocument();
    expect(within(grid).getByText('Not acknowledged')).toBeInTheDocument();
    expect(within(grid).getByText('Cleared, not acknowledged')).toBeInTheDocument();
    expect(listed[0]).toContain('status=active');
    const legend = screen.getByRole('region', { name: 'Legend' });
    expect(within(legend).getByText('Probe missing')).toBeInTheDocument();
    expect(within(legend).getByText('Poor (below −110 dBm)')).toBeInTheDocument();
  });

  it('acknowledges an alarm only with a reason, a standard one picked, and its corrective action', async () => {
    const user = userEvent.setup();
    renderScreen(<AlarmsPage />, { route: '/app/alarms' });
    await user.click(await screen.findByRole('button', { name: 'Acknowledge the alarm of Walk-in Fridge' }));
    const dialog = screen.getByRole('dialog', { name: 'Acknowledge alarm' });
    await user.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));
    expect(await within(dialog).findByText(MESSAGES.acknowledgeReasonRequired)).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.click(within(dialog).getByRole('combobox', { name: 'Standard reason' }));
    await user.click(screen.getByRole('option', { name: 'Defrost cycle' }));
    await user.click(within(dialog).getByRole('textbox', { name: 'Corrective action' }));
    await user.paste('Door closed, product checked');
    await user.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));
    expect(await screen.findByText('Alarm acknowledged.')).toBeInTheDocument();
    expect(sent).toEqual([{ method: 'PUT', path: '/alarms/a-1/acknowledge', body: { reason: 'Defrost cycle', correctiveAction: 'Door closed, product checked' } }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('acknowledges the selected alarms at once and says which were refused and why', async () => {
    const user = userEvent.setup();
    renderScreen(<AlarmsPage />, { route: '/app/alarms' });
    await screen.findByRole('link', { name: 'Walk-in Fridge' });
    expect(screen.getByRole('button', { name: 'Acknowledge selected (0)' })).toBeDisabled();
    for (const box of screen.getAllByRole('checkbox', { name: 'Select row' })) await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Acknowledge selected (2)' }));
    const dialog = screen.getByRole('dialog', { name: 'Acknowledge 2 alarms' });
    await user.click(within(dialog).getByRole('textbox', { name: 'Reason' }));
    await user.paste('Stock delivery');
    await user.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));
    expect(await screen.findByText('1 alarm(s) acknowledged.')).toBeInTheDocument();
    expect(screen.getByText(`1 alarm(s) were not acknowledged: ${MESSAGES.alarmAlreadyAcknowledged}`)).toBeInTheDocument();
    expect(sent).toEqual([{ method: 'POST', path: '/alarms/acknowledge', body: { reason: 'Stock delivery', ids: ['a-1', 'a-2'] } }]);
  });

  it('names the refused alarms of several acknowledged at once by their codes, in French', async () => {
    fake.api.mockImplementation((path, request) => {
      if (path === '/alarms/acknowledge') {
        sent.push({ method: 'POST', path, body: request?.body });
        // The English words are the server's; the page translates by the code, whatever the text.
        return { acknowledged: [], refused: [{ id: 'a-1', code: 'alarmAlreadyAcknowledged', message: 'Already done by someone.' }, { id: 'a-2', code: 'alarmNotFound', message: 'Gone.' }] };
      }
      return answer(path, request);
    });
    const user = userEvent.setup();
    renderScreen(<AlarmsPage />, { route: '/app/alarms' });
    await screen.findByRole('link', { name: 'Walk-in Fridge' });
    for (const box of screen.getAllByRole('checkbox', { name: 'Select row' })) await user.click(box);
    await act(() => i18next.changeLanguage('fr'));
    await user.click(screen.getByRole('button', { name: 'Acquitter la sélection (2)' }));
    const dialog = screen.getByRole('dialog', { name: 'Acquitter 2 alarmes' });
    await user.click(within(dialog).getByRole('textbox', { name: 'Motif' }));
    await user.paste('Livraison');
    await user.click(within(dialog).getByRole('button', { name: 'Acquitter' }));
    expect(await screen.findByText("2 alarme(s) n'ont pas été acquittée(s) : Cette alarme a déjà été acquittée. Alarme introuvable.")).toBeInTheDocument();
  });

  it('snoozes an alarm for its profile\'s interval after saying how long and how many snoozes are left', async () => {
    const user = userEvent.setup();
    renderScreen(<AlarmsPage />, { route: '/app/alarms' });
    await user.click(await screen.findByRole('button', { name: 'Snooze the alarm of Walk-in Fridge' }));
    const dialog = screen.getByRole('dialog', { name: 'Snooze the alarm of Walk-in Fridge' });
    expect(await within(dialog).findByText('Reminders of this alarm stop for 30 minutes.')).toBeInTheDocument();
    expect(within(dialog).getByText('Snoozes left: 3 of 3.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Snooze' }));
    expect(await screen.findByText(/^Reminders snoozed until/)).toBeInTheDocument();
    expect(sent).toEqual([{ method: 'PUT', path: '/alarms/a-1/snooze', body: undefined }]);
  });

  it('shows a refused snooze by its code and keeps the dialog open', async () => {
    fake.api.mockImplementation((path, request) => {
      if (path === '/alarms/a-1/snooze') throw new ApiError(409, MESSAGES.alarmSnoozeLimitReached, { code: 'alarmSnoozeLimitReached' });
      return answer(path, request);
    });
    await i18next.changeLanguage('fr');
    const user = userEvent.setup();
    renderScreen(<AlarmsPage />, { route: '/app/alarms' });
    await user.click(await screen.findByRole('button', { name: "Mettre en veille l'alarme de Walk-in Fridge" }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Mettre en veille' }));
    expect(await screen.findByText('Cette alarme ne peut plus être mise en veille : la limite de son profil est atteinte.')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('shows the alarm types and states in French', async () => {
    await i18next.changeLanguage('fr');
    renderScreen(<AlarmsPage />, { route: '/app/alarms' });
    expect(await screen.findByRole('link', { name: 'Walk-in Fridge' })).toBeInTheDocument();
    const grid = screen.getByRole('grid');
    expect(within(grid).getByText('Hors plage')).toBeInTheDocument();
    expect(within(grid).getByText("Porte / changement d'état")).toBeInTheDocument();
    expect(within(grid).getByText('Non acquittée')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Historique' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Légende' })).getByText('Sonde absente')).toBeInTheDocument();
  });

  it('applies a saved filter at once, and saves a new one for the user', async () => {
    savedFilter = { type: 'contact' };
    const user = userEvent.setup();
    renderScreen(<AlarmsPage />, { route: '/app/alarms' });
    expect(await screen.findByRole('link', { name: 'Freezer door' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Walk-in Fridge' })).toBeNull();
    expect(listed).toHaveLength(1);
    expect(listed[0]).toContain('type=contact');

    const filter = screen.getByRole('region', { name: 'Filter' });
    await user.click(within(filter).getByRole('combobox', { name: 'Type' }));
    await user.click(screen.getByRole('option', { name: 'Out of range' }));
    await user.click(within(filter).getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('link', { name: 'Walk-in Fridge' })).toBeInTheDocument();
    await waitFor(() => expect(sent).toEqual([{ method: 'PUT', path: '/account/gridsettings/alarms', body: { columnOrder: [], columnVisibility: {}, columnWidths: {}, filter: { type: 'threshold' } } }]));
  });

  it('applies the filter a dashboard link gives over the saved one for the visit, on the tab its status names', async () => {
    savedFilter = { type: 'contact', siteId: 's-9' };
    const user = userEvent.setup();
    renderScreen(<AlarmsPage />, {
      route: '/app/alarms?status=history&type=battery&siteId=s-1&deviceId=GW1&deviceKind=gateway&userViewId=uv-1&from=2026-03-03T12%3A00%3A00.000Z&to=2026-03-10T12%3A00%3A00.000Z&minCount=2',
    });
    expect(await screen.findByRole('link', { name: 'Vaccine fridge' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'History' })).toHaveAttribute('aria-selected', 'true');
    expect(listed).toHaveLength(1);
    const query = new URLSearchParams(listed[0]?.slice('/alarms?'.length));
    expect(Object.fromEntries(query)).toEqual({
      status: 'history', type: 'battery', siteId: 's-1', deviceId: 'GW1', deviceKind: 'gateway', userViewId: 'uv-1',
      from: '2026-03-03T12:00:00.000Z', to: '2026-03-10T12:00:00.000Z', minCount: '2', limit: '100',
    });
    const filter = screen.getByRole('region', { name: 'Filter' });
    expect(within(filter).getByRole('combobox', { name: 'Type' })).toHaveTextContent('Low battery');
    expect(within(filter).getByLabelText('Device id')).toHaveValue('GW1');
    expect(sent).toEqual([]);

    // Another tab keeps the link's filter; the saved one is not touched by the visit.
    await user.click(screen.getByRole('tab', { name: 'Active' }));
    await waitFor(() => expect(listed.at(-1)).toContain('status=active'));
    expect(listed.at(-1)).toContain('type=battery');
    expect(sent).toEqual([]);
  });

  it('opens the Active tab with only a link\'s status, and the saved filter', async () => {
    savedFilter = { type: 'contact' };
    renderScreen(<AlarmsPage />, { route: '/app/alarms?status=active' });
    expect(await screen.findByRole('link', { name: 'Freezer door' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Active' })).toHaveAttribute('aria-selected', 'true');
    expect(listed[0]).toContain('type=contact');
  });

  it('refuses a range over 7 days in the spec\'s words before asking', async () => {
    const user = userEvent.setup();
    renderScreen(<AlarmsPage />, { route: '/app/alarms?tab=history' });
    expect(await screen.findByRole('link', { name: 'Vaccine fridge' })).toBeInTheDocument();
    const filter = screen.getByRole('region', { name: 'Filter' });
    await user.type(within(filter).getByLabelText('From'), '2026-03-01T08:00');
    await user.type(within(filter).getByLabelText('To'), '2026-03-09T08:00');
    await user.click(within(filter).getByRole('button', { name: 'Apply' }));
    expect(await within(filter).findByText('The max range is 7 days.')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('gives a basic user the alarms they reach, to acknowledge and snooze as everyone', async () => {
    fake.role = 'basicuser';
    renderScreen(<AlarmsPage />, { route: '/app/alarms' });
    expect(await screen.findByRole('link', { name: 'Walk-in Fridge' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Acknowledge the alarm of Walk-in Fridge' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Snooze the alarm of Freezer door' })).toBeInTheDocument();
  });
});
