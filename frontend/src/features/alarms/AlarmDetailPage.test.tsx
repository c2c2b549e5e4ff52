import { screen, within } from '@testing-library/react';
import i18next from 'i18next';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Alarm } from '@domain/alarms/alarm';
import type { ApiRequest } from '../../api/apiFetch';
import { ApiError } from '../../api/ApiError';
import { fake } from '../../test/fakeApi';
import { renderScreen } from '../../test/render';
import { lookupAnswer } from '../../test/sensorFixtures';
import AlarmDetailPage from './AlarmDetailPage';
import { ASYNC_WAIT_MS } from '../../test/waiting';

vi.mock('../../session/useAuth', () => import('../../test/fakeApi'));
vi.mock('../../api/apiFetch', () => import('../../test/fakeApi'));

const started = '2026-03-10T08:00:00.000Z';
const cleared = '2026-03-10T09:10:00.000Z';
function alarmFixture(overrides: Partial<Alarm> = {}): Alarm {
  return {
    id: 'a-1', deviceKind: 'sensor', deviceId: 'A1B2C3D4', deviceName: 'Walk-in Fridge', profileId: 'ap-1', channel: '1', type: 'threshold',
    status: 'active', siteId: 's-1', locationId: 'l-1', startedAt: started, raisedAt: '2026-03-10T08:30:00.000Z', lastRunStartedAt: started,
    lastValue: 4.2, worstValue: 8.4, worstAt: '2026-03-10T08:40:00.000Z', clearedAt: cleared, snoozeCount: 0, version: 3,
    timeline: [
      { kind: 'raised', at: started, value: 8.4 },
      { kind: 'cleared', at: cleared },
    ],
    ...overrides,
  };
}

let alarm: Alarm;
let graphAsked: string[];

function answer(path: string, request?: ApiRequest): unknown {
  const method = request?.method ?? 'GET';
  if (path === '/alarms/a-1' && method === 'GET') return alarm;
  if (path === '/alarms/a-1/notifications' && method === 'GET') return { items: [] };
  if (path.startsWith('/graphdata?')) {
    graphAsked.push(path);
    return { sensorId: 'A1B2C3D4', startDate: '2026-03-10T06:00:00.000Z', endDate: '2026-03-10T10:10:00.000Z', resolution: 'raw', channels: [] };
  }
  const known = lookupAnswer(path);
  if (known !== undefined) return known;
  throw new Error(`unexpected call ${method} ${path}`);
}

function renderDetail() {
  return renderScreen(<Routes><Route path="/app/alarms/:id" element={<AlarmDetailPage />} /></Routes>, { route: '/app/alarms/a-1' });
}

describe('AlarmDetailPage', () => {
  beforeEach(() => {
    fake.role = 'admin';
    alarm = alarmFixture();
    graphAsked = [];
    fake.api.mockReset();
    fake.api.mockImplementation(answer);
  });
  afterEach(async () => {
    await i18next.changeLanguage('en');
  });

  it("shows a checklist's alarm by its checklist, linked to its instance, with the question on its timeline and no readings", async () => {
    alarm = alarmFixture({
      deviceKind: 'checklist', deviceId: 'inst-1', deviceName: 'Closing checks', type: 'checklistException', lastValue: null, worstValue: null, worstAt: started,
      timeline: [{ kind: 'raised', at: started, detail: 'Walk-in fridge temperature' }],
    });
    const { profileId: _profile, channel: _channel, clearedAt: _cleared, locationId: _location, ...rest } = alarm;
    alarm = rest;
    renderDetail();
    expect(await screen.findByRole('heading', { name: 'Checklist exception: Closing checks' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Closing checks' })).toHaveAttribute('href', '/app/haccp/fill/inst-1');
    expect(screen.getByText('Checklist')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Timeline' })).getByText(/Walk-in fridge temperature/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Readings around the alarm' })).not.toBeInTheDocument();
    expect(graphAsked).toHaveLength(0);
  });

  it('shows what, where and when, the timeline, and asks for the readings from two hours before to an hour after', async () => {
    renderDetail();
    expect(await screen.findByRole('heading', { name: 'Out of range: Walk-in Fridge' })).toBeInTheDocument();
    expect(screen.getByText('Cleared, not acknowledged')).toBeInTheDocument();
    expect(screen.getByText('Main Kitchen')).toBeInTheDocument();
    const timeline = screen.getByRole('list', { name: 'Timeline' });
    expect(await within(timeline).findByText('Alarm raised · 8.4 °C')).toBeInTheDocument();
    expect(within(timeline).getByText('Condition cleared')).toBeInTheDocument();
    // Its messages under the timeline (AlarmNotifications.test.tsx has them in detail).
    expect(screen.getByRole('heading', { name: 'Notifications' })).toBeInTheDocument();
    expect(await screen.findByText('No notifications for this alarm yet.')).toBeInTheDocument();
    await vi.waitFor(() => expect(graphAsked).toHaveLength(1), { timeout: ASYNC_WAIT_MS });
    const query = new URLSearchParams(graphAsked[0]?.split('?')[1]);
    expect(query.get('queryId')).toBe('A1B2C3D4');
    expect(new Date(query.get('startDate') ?? '').toISOString()).toBe('2026-03-10T06:00:00.000Z');
    expect(new Date(query.get('endDate') ?? '').toISOString()).toBe('2026-03-10T10:10:00.000Z');
  });

  it('lets a basic user acknowledge the alarm they reach, and shows who did and why', async () => {
    fake.role = 'basicuser';
    fake.api.mockImplementation((path, request) => {
      if (path === '/alarms/a-1/acknowledge') {
        const body = request?.body as { reason: string; correctiveAction?: string };
        alarm = alarmFixture({
          status: 'history', acknowledgedAt: '2026-03-10T09:20:00.000Z', acknowledgedBy: 'basicuser@demo.example', acknowledgeReason: body.reason, version: 4,
          timeline: [...alarm.timeline, { kind: 'acknowledged', at: '2026-03-10T09:20:00.000Z', by: 'basicuser@demo.example', detail: body.reason }],
        });
        return alarm;
      }
      return answer(path, request);
    });
    const user = userEvent.setup();
    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Acknowledge' }));
    const dialog = screen.getByRole('dialog', { name: 'Acknowledge alarm' });
    await user.click(within(dialog).getByRole('textbox', { name: 'Reason' }));
    await user.paste('Door left ajar during delivery');
    await user.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));
    expect(await screen.findByText('Resolved')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Acknowledge' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Snooze' })).toBeNull();
    const timeline = screen.getByRole('list', { name: 'Timeline' });
    expect(within(timeline).getByText('basicuser@demo.example · Door left ajar during delivery')).toBeInTheDocument();
  });

  it('says an alarm it cannot reach is not found, in French by its code', async () => {
    await i18next.changeLanguage('fr');
    fake.api.mockImplementation((path, request) => {
      if (path === '/alarms/a-1') throw new ApiError(404, 'Alarm not found.', { code: 'alarmNotFound' });
      return answer(path, request);
    });
    renderDetail();
    expect(await screen.findByText('Alarme introuvable.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Retour aux alarmes' })).toBeInTheDocument();
  });

  it('names the alarm type and the timeline in French', async () => {
    await i18next.changeLanguage('fr');
    renderDetail();
    expect(await screen.findByRole('heading', { name: 'Hors plage : Walk-in Fridge' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Chronologie' })).getByText('Condition terminée')).toBeInTheDocument();
  });

  it('translates the engine\'s reasons by their codes (and the older English text), keeps people\'s words as typed', async () => {
    await i18next.changeLanguage('fr');
    alarm = alarmFixture({
      timeline: [
        { kind: 'raised', at: started, value: 8.4 },
        { kind: 'cleared', at: cleared, detail: 'deviceDisabled' },
        { kind: 'acknowledged', at: '2026-03-10T09:20:00.000Z', by: 'admin@demo.example', detail: 'device disabled' },
      ],
    });
    renderDetail();
    const timeline = await screen.findByRole('list', { name: 'Chronologie' });
    expect(within(timeline).getByText("L'appareil a été désactivé : ses relevés ne sont plus évalués")).toBeInTheDocument();
    expect(within(timeline).getByText('admin@demo.example · device disabled')).toBeInTheDocument();
  });

  it('names a deleted device\'s clearing in Spanish, from an alarm stored with the older English text', async () => {
    await i18next.changeLanguage('es');
    alarm = alarmFixture({ timeline: [{ kind: 'raised', at: started, value: 8.4 }, { kind: 'cleared', at: cleared, detail: 'device deleted' }] });
    renderDetail();
    expect(await screen.findByText('El dispositivo se eliminó')).toBeInTheDocument();
    expect(screen.queryByText('device deleted')).toBeNull();
  });
});
