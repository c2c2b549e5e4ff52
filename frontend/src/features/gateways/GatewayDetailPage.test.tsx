import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fillTemplate, type GatewayData } from '@domain/devices/gateway';
import { MESSAGES } from '@domain/core/messages';
import type { ApiRequest } from '../../api/apiFetch';
import { ApiError } from '../../api/ApiError';
import { CLIENT_STATE_STORAGE_KEY } from '../../session/clientState';
import { fake } from '../../test/fakeApi';
import { renderScreen } from '../../test/render';
import GatewayDetailPage from './GatewayDetailPage';
import { alarmProfilesFixture, gatewayFixture, navbarFixture, notificationGroupsFixture } from '../../test/gatewayFixtures';

vi.mock('../../session/useAuth', () => import('../../test/fakeApi'));
vi.mock('../../api/apiFetch', () => import('../../test/fakeApi'));

const ID = '0016C001F000A1B2';
const dock = gatewayFixture(ID, 'Dock gateway', {
  sensorCount: 2, notes: 'Above the loading bay door.', position: { latitude: 51.5, longitude: -0.12 }, alarmProfileId: 'ap-9', notificationGroupId: 'ng-1',
});
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const data: GatewayData = {
  gateway: { id: ID, name: 'Dock gateway', online: true, lastCommunicated: '2026-01-15T10:00:00.000Z', signal: -71, firmware: '2.4.1' },
  sensors: [
    {
      id: 'A1B2C3D4', name: 'Walk-in fridge', deviceModel: 'CT-200', channels: [{ channel: 1, sensorType: 'temperature' }, { channel: 2, sensorType: 'humidity' }],
      online: true, lastReadingAt: minutesAgo(2), reading: { 1: 3.5, 2: 61 }, battery: 88, signal: -80, snr: 7.5,
    },
    // Silent for 77 minutes (and a half): offline when shown, whatever the API said, its value with its age.
    {
      id: '0000ABCD', name: 'Back door', deviceModel: 'CT-500D', channels: [{ channel: 1, sensorType: 'contact' }, { channel: 2, sensorType: 'temperature' }],
      openLabel: 'Door ajar', closeLabel: 'Door shut', online: true, lastReadingAt: minutesAgo(77.5), reading: { 1: 1, 2: -18 },
    },
    // The fryer's second channel is its oil temperature: °C (°F here), not the first channel's %TPM.
    {
      id: 'A1B2C3D4E5F6', name: 'Fryer oil', deviceModel: 'OQ-700',
      channels: [{ channel: 1, sensorType: 'oilQuality', sensorSubType: 'totalPolarMaterial' }, { channel: 2, sensorType: 'oilQuality', sensorSubType: 'oilTemperature' }],
      online: true, lastReadingAt: minutesAgo(1), reading: { 1: 14.5, 2: 178.3 },
    },
  ],
};
const sensors = {
  items: [
    { id: 'A1B2C3D4', name: 'Walk-in fridge', deviceModel: 'CT-200', siteId: 's-1', isActive: true },
    { id: '0000ABCD', name: 'Back door', deviceModel: 'CT-500D', siteId: 's-1', isActive: true },
  ],
};

function answer(path: string, request?: ApiRequest): unknown {
  if (path === '/locations/navbar') return navbarFixture;
  if (path === '/alarmprofiles?limit=100') return alarmProfilesFixture;
  if (path === '/notificationgroups?limit=100') return notificationGroupsFixture;
  if (path === `/gateways/${ID}` && request?.method === undefined) return dock;
  if (path === `/gateways/${ID}/sensors`) return sensors;
  if (path === `/gateways/${ID}/data`) return data;
  throw new Error(`unexpected call ${request?.method ?? 'GET'} ${path}`);
}

function renderDetail(tab?: string) {
  return renderScreen(
    <Routes><Route path="/app/gateways/:id" element={<GatewayDetailPage />} /></Routes>,
    { route: `/app/gateways/${ID}${tab === undefined ? '' : `?tab=${tab}`}` },
  );
}

describe('GatewayDetailPage', () => {
  beforeEach(() => {
    fake.role = 'admin';
    fake.api.mockReset();
    fake.api.mockImplementation(answer);
  });
  afterEach(async () => {
    await i18next.changeLanguage('en');
  });

  it('shows what the gateway is and where, and its sensors with their live state', async () => {
    renderDetail();
    expect(await screen.findByRole('heading', { name: 'Dock gateway' })).toBeInTheDocument();
    expect(await screen.findByText('Main Kitchen')).toBeInTheDocument();
    expect(screen.getByText('00:1A:2B:3C:4D:5E')).toBeInTheDocument();
    expect(screen.getByText('51.5, -0.12')).toBeInTheDocument();
    expect(screen.getByText('Above the loading bay door.')).toBeInTheDocument();
    // Its alarm profile and notification group by name, not by id.
    expect(await screen.findByText('Gateway offline')).toBeInTheDocument();
    expect(await screen.findByText('Kitchen on call')).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Sensors', 'Notes', 'Files', 'Troubleshooting commands', 'History', 'Data']);
    const table = await screen.findByRole('table', { name: 'Sensors' });
    expect(within(table).getByRole('link', { name: 'Walk-in fridge' })).toHaveAttribute('href', '/app/sensors/A1B2C3D4');
    expect(await within(table).findByText('88 %')).toBeInTheDocument();
    expect(within(table).getByText('Offline')).toBeInTheDocument();
  });

  it("shows its sensors' latest readings in the user's unit on the Data tab", async () => {
    window.localStorage.setItem(CLIENT_STATE_STORAGE_KEY, JSON.stringify({ uom: 'F' }));
    renderDetail('data');
    const table = await screen.findByRole('table', { name: "Its sensors' latest readings" });
    expect(await within(table).findByText('38.3 °F · 61 %RH')).toBeInTheDocument();
    // Each sensor by its own channels and labels (issue 17 item 4), a silent one offline with its age (item 1).
    expect(within(table).getByText('Door ajar · -0.4 °F · 1 h 17 min ago')).toBeInTheDocument();
    expect(within(table).getByText('14.5 %TPM · 352.9 °F')).toBeInTheDocument();
    const backDoor = within(table).getByRole('row', { name: /Back door/ });
    expect(within(backDoor).getByText('Offline')).toBeInTheDocument();
    expect(within(table).getByText('7.5 dB')).toBeInTheDocument();
    // The firmware, in the gateway's summary and its live state.
    expect(screen.getAllByText('2.4.1')).toHaveLength(2);
  });

  it("writes a sensor's signal-to-noise ratio with the user's decimal comma in French", async () => {
    await i18next.changeLanguage('fr');
    renderDetail('data');
    const table = await screen.findByRole('table', { name: 'Dernières mesures de ses capteurs' });
    expect(await within(table).findByText('7,5 dB')).toBeInTheDocument();
  });

  it('gives a basic user no Edit or Delete', async () => {
    fake.role = 'basicuser';
    renderDetail();
    await screen.findByRole('heading', { name: 'Dock gateway' });
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('shows a refused delete in the user language, naming the gateway and its sensor count', async () => {
    const user = userEvent.setup();
    await i18next.changeLanguage('fr');
    renderDetail();
    await screen.findByRole('heading', { name: 'Dock gateway' });
    fake.api.mockImplementation((path, request) => {
      if (request?.method === 'DELETE') throw new ApiError(409, fillTemplate(MESSAGES.gatewayDeleteRefused, { name: 'Dock gateway', sensorCount: 2, noteCount: 1 }), { code: 'gatewayDeleteRefused' });
      return answer(path, request);
    });
    await user.click(screen.getByRole('button', { name: 'Supprimer' }));
    const confirm = await screen.findByRole('dialog', { name: 'Supprimer la passerelle' });
    await user.click(within(confirm).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText("La passerelle Dock gateway ne peut pas être supprimée : elle a 2 capteur(s) et 1 note(s). Retirez-les d'abord.")).toBeVisible();
    // Still on the gateway, once the confirmation has closed.
    expect(await screen.findByRole('heading', { name: 'Dock gateway' })).toBeInTheDocument();
  });
});
