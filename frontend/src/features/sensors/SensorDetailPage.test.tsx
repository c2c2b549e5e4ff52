import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fillTemplate } from '@domain/devices/gateway';
import { MESSAGES } from '@domain/core/messages';
import type { Sensor } from '@domain/devices/sensor';
import type { ApiRequest } from '../../api/apiFetch';
import { ApiError } from '../../api/ApiError';
import type { SignedInUser } from '../../api/identity';
import { renderScreen } from '../../test/render';
import SensorDetailPage from './SensorDetailPage';
import { lookupAnswer, sensorFixture } from '../../test/sensorFixtures';

const fake = vi.hoisted(() => ({
  api: vi.fn<(path: string, request?: ApiRequest) => unknown>(),
  role: 'admin' as 'admin' | 'basicuser',
}));

vi.mock('../../session/useAuth', () => ({
  useCurrentUser: (): SignedInUser => ({ email: `${fake.role}@demo.example`, role: fake.role, customerId: 'c-1', accountId: 'a-1', portalAccess: true }),
}));

vi.mock('../../api/apiFetch', () => ({
  apiFetch: async (path: string, request?: ApiRequest) => fake.api(path, request),
  apiFetchAs: async (schema: { parse(value: unknown): unknown }, path: string, request?: ApiRequest) =>
    schema.parse(await fake.api(path, request)),
}));

let sensor: Sensor;
let requests: { method: string; path: string; body: unknown }[];

function renderDetail(tab?: string) {
  return renderScreen(
    <Routes><Route path="/app/sensors/:id" element={<SensorDetailPage />} /></Routes>,
    { route: `/app/sensors/A1B2C3D4${tab === undefined ? '' : `?tab=${tab}`}` },
  );
}

describe('the sensor detail', () => {
  beforeEach(() => {
    sensor = sensorFixture();
    requests = [];
    fake.api.mockReset();
    fake.api.mockImplementation((path, request) => {
      const method = request?.method ?? 'GET';
      if (method !== 'GET') requests.push({ method, path, body: request?.body });
      const known = lookupAnswer(path);
      if (known !== undefined) return known;
      if (path === '/sensors/A1B2C3D4' && method === 'GET') return sensor;
      if (path === '/sensors/A1B2C3D4' && method === 'DELETE') throw new ApiError(409, fillTemplate(MESSAGES.sensorHasNotes, { name: sensor.name }), { code: 'sensorHasNotes' });
      if (path === '/sensors/A1B2C3D4/disable') {
        sensor = { ...sensor, disabled: true, disable: { disabledOn: new Date().toISOString(), disabledBy: 'admin@demo.example', reason: 'Cleaning' } };
        return sensor;
      }
      if (path.startsWith('/graphdata?')) return { sensorId: sensor.id, startDate: '2026-03-09T10:00:00.000Z', endDate: '2026-03-10T10:00:00.000Z', resolution: 'raw', channels: [] };
      if (path.startsWith('/sensors/A1B2C3D4/readings?')) return { items: [] };
      throw new Error(`unexpected call ${method} ${path}`);
    });
  });
  afterEach(async () => {
    await i18next.changeLanguage('en');
  });

  it('shows a basic user the sensor, its state and every tab, and no way to change it', async () => {
    fake.role = 'basicuser';
    const user = userEvent.setup();
    renderDetail();
    expect(await screen.findByRole('heading', { name: 'Walk-in Fridge' })).toBeInTheDocument();
    expect(screen.getByText('Online')).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    const tabs = within(screen.getByRole('tablist', { name: 'Sensor tabs' })).getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['Data', 'Details', 'Alarms', 'Notes', 'Files', 'Calibrations', 'Commands', 'Equipment', 'History']);
    for (const action of ['Edit', 'Disable', 'Delete']) expect(screen.queryByRole('button', { name: action })).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'Alarms' }));
    expect(await screen.findByText('No active alarms for this sensor.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'History' }));
    expect(await screen.findByText('No alarms for this sensor yet')).toBeInTheDocument();
  });

  it('lists the sensor\'s active alarms on its Alarms tab, asked by its id', async () => {
    const asked: string[] = [];
    const answer = fake.api.getMockImplementation();
    fake.api.mockImplementation((path, request) => {
      if (path.startsWith('/alarms?')) {
        asked.push(path);
        return { items: [{
          id: 'al-1', deviceKind: 'sensor', deviceId: 'A1B2C3D4', deviceName: 'Walk-in Fridge', channel: '1', type: 'threshold', status: 'active',
          siteId: 's-1', startedAt: '2026-03-10T08:00:00.000Z', raisedAt: '2026-03-10T08:30:00.000Z', lastRunStartedAt: '2026-03-10T08:00:00.000Z',
          lastValue: 7.5, worstValue: 8.1, worstAt: '2026-03-10T08:20:00.000Z', snoozeCount: 0, timeline: [], version: 1,
        }] };
      }
      return answer?.(path, request);
    });
    renderDetail('alarms');
    expect(await screen.findByText('Out of range')).toBeInTheDocument();
    expect(screen.getByText('Not acknowledged')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Acknowledge the alarm of Walk-in Fridge' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Snooze the alarm of Walk-in Fridge' })).toBeInTheDocument();
    expect(asked[0]).toContain('deviceId=A1B2C3D4');
    expect(asked[0]).toContain('status=active');
  });

  it('names the sensor\'s alarm profile on the details tab', async () => {
    fake.role = 'basicuser';
    sensor = sensorFixture({ alarmProfileId: 'ap-1' });
    renderDetail('details');
    const label = await screen.findByText('Alarm profile');
    // Named once the profiles' list has come (its id until then).
    await waitFor(() => expect(label.nextElementSibling).toHaveTextContent('Walk-in cooler'));
  });

  it("writes the live signal-to-noise ratio on the details tab in the user's language", async () => {
    await i18next.changeLanguage('fr');
    renderDetail('details');
    const label = await screen.findByText('SNR');
    expect(label.nextElementSibling).toHaveTextContent('7,5 dB');
  });

  it('shows the refusal to delete a sensor that has notes', async () => {
    fake.role = 'admin';
    const user = userEvent.setup();
    renderDetail('details');
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete sensor' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Sensor Walk-in Fridge cannot be deleted while it has notes.')).toBeInTheDocument();
    expect(requests).toEqual([{ method: 'DELETE', path: '/sensors/A1B2C3D4', body: undefined }]);
  });

  it('disables a sensor with a reason, and offers to enable it afterwards', async () => {
    fake.role = 'admin';
    const user = userEvent.setup();
    renderDetail('details');
    await user.click(await screen.findByRole('button', { name: 'Disable' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable sensor' });
    expect(within(dialog).getByLabelText('Disabled by')).toHaveValue('admin@demo.example');
    await user.click(within(dialog).getByRole('radio', { name: 'At a scheduled time' }));
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(await within(dialog).findByText(MESSAGES.disableReasonRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(MESSAGES.dateTimeInvalid)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('radio', { name: 'Now' }));
    await user.type(within(dialog).getByLabelText(/^Reason/), 'Cleaning');
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(requests).toEqual([{ method: 'POST', path: '/sensors/A1B2C3D4/disable', body: { reason: 'Cleaning' } }]));
    expect(await screen.findByRole('button', { name: 'Enable' })).toBeInTheDocument();
    expect(screen.getAllByText('Disabled').length).toBeGreaterThan(0);
  });
});
