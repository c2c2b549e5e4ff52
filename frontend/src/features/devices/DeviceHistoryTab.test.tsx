import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiRequest } from '../../api/apiFetch';
import { clearStoredState, updateClientState } from '../../session/clientState';
import { changeLanguage } from '../../i18n';
import { renderScreen } from '../../test/render';
import { DeviceHistoryTab } from './DeviceHistoryTab';

const fake = vi.hoisted(() => ({ api: vi.fn<(path: string, request?: ApiRequest) => unknown>() }));

vi.mock('../../api/apiFetch', () => ({
  apiFetch: async (path: string, request?: ApiRequest) => fake.api(path, request),
  apiFetchAs: async (schema: { parse(value: unknown): unknown }, path: string, request?: ApiRequest) =>
    schema.parse(await fake.api(path, request)),
}));

const actor = { userId: 'u-1', email: 'admin@demo.example', role: 'admin' };

const entries = [
  {
    id: 'h-3', at: '2026-03-10T11:00:00.000Z', actor, action: 'update',
    changes: [
      { field: 'gatewayId', before: 'A840410000DE0001', after: 'A840410000DE0002' },
      { field: 'scheduledChanges', before: [], after: [] },
      { field: 'updatedAt', before: '2026-03-10T10:00:00.000Z', after: '2026-03-10T11:00:00.000Z' },
      { field: 'version', before: 2, after: 3 },
    ],
    names: { 'gateway:A840410000DE0001': 'Kitchen Gateway', 'gateway:A840410000DE0002': 'Back of House LoRa' },
  },
  {
    id: 'h-2', at: '2026-03-10T10:00:00.000Z', actor: { userId: 'u-9', email: 'helpdesk@demo.example', role: 'admin' }, action: 'update', summary: 'disable',
    changes: [{ field: 'disabled', before: false, after: true }], proxy: { actorEmail: 'helpdesk@demo.example', sessionId: 'p-1' },
  },
  // A created field comes without `before` (JSON has no undefined).
  {
    id: 'h-1', at: '2026-03-10T09:00:00.000Z', actor, action: 'create',
    changes: [
      { field: 'name', after: 'Walk-in Fridge' },
      { field: 'createdAt', after: '2026-03-10T09:00:00.000Z' },
      { field: 'locationId', after: 'demo-location-hq' },
      { field: 'channels', after: [{ channel: 1, sensorType: 'temperature', sensorSubType: 'refrigerator', dataLoggingProfileId: 'p-1' }] },
      { field: 'deviceStatus', after: 'active' },
    ],
    names: { 'location:demo-location-hq': 'Headquarters', 'dataLoggingProfile:p-1': 'Every 5 minutes' },
  },
];

describe('the history tab', () => {
  beforeEach(() => {
    fake.api.mockReset();
    fake.api.mockImplementation((path) => {
      if (path.startsWith('/sensors/A1B2C3D4/history?')) return { items: entries };
      throw new Error(`unexpected call ${path}`);
    });
  });

  afterEach(async () => {
    clearStoredState();
    await act(() => changeLanguage('en'));
  });

  const rowsOf = async () => {
    const table = await screen.findByRole('table', { name: /History|Historique/ });
    // The header first, the changes once they have come.
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    const rows = within(table).getAllByRole('row');
    return rows.map((row) => within(row));
  };

  it('shows each change as a person writes it: the form\'s labels, names for ids, no bookkeeping or JSON', async () => {
    renderScreen(<DeviceHistoryTab kind="sensors" id="A1B2C3D4" />);
    const [, latest, disabled, created] = await rowsOf();
    expect(latest?.getByText('Gateway: Kitchen Gateway → Back of House LoRa')).toBeInTheDocument();
    expect(disabled?.getByText('Updated (disabled)')).toBeInTheDocument();
    expect(disabled?.getByText('Disabled: No → Yes')).toBeInTheDocument();
    expect(created?.getByText('Created')).toBeInTheDocument();
    expect(created?.getByText('Name: – → Walk-in Fridge')).toBeInTheDocument();
    expect(created?.getByText('Location: – → Headquarters')).toBeInTheDocument();
    expect(created?.getByText('Channels: – → Channel 1: Temperature (Refrigerator), Every 5 minutes')).toBeInTheDocument();
    expect(created?.getByText('Status: – → Active')).toBeInTheDocument();
    expect(created?.getByText('admin@demo.example')).toBeInTheDocument();
    // Made during a proxy session: who really acted, and that it was through a proxy (issue 16 section 3).
    expect(disabled?.getByText('helpdesk@demo.example')).toBeInTheDocument();
    expect(disabled?.getByText('Through a proxy session')).toBeInTheDocument();
    expect(created?.queryByText('Through a proxy session')).toBeNull();
    const table = screen.getByRole('table', { name: 'History' });
    for (const raw of ['createdAt', 'updatedAt', 'version', 'scheduledChanges', 'demo-location-hq', 'A840410000DE0001', '{', '[']) {
      expect(table.textContent).not.toContain(raw);
    }
  });

  it('reads in the user\'s language, with dates in their format and time zone', async () => {
    updateClientState({ timezone: 'Europe/Paris' });
    await act(() => changeLanguage('fr'));
    renderScreen(<DeviceHistoryTab kind="sensors" id="A1B2C3D4" />);
    const [, latest, disabled] = await rowsOf();
    expect(latest?.getByText('Passerelle : Kitchen Gateway → Back of House LoRa')).toBeInTheDocument();
    // 11:00 UTC is 12:00 in Paris in March; French puts the day first.
    expect(latest?.getByText('10 mars 2026, 12:00')).toBeInTheDocument();
    expect(disabled?.getByText('Désactivé : Non → Oui')).toBeInTheDocument();
  });
});
