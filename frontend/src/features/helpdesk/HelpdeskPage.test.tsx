import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { HelpdeskOrganisation, OrganisationHealth } from '@domain/organisation/helpdesk';
import type { ApiRequest } from '../../api/apiFetch';
import { renderScreen } from '../../test/render';
import HelpdeskPage from './HelpdeskPage';

const fake = vi.hoisted(() => ({ api: vi.fn<(path: string, request?: ApiRequest) => unknown>() }));

vi.mock('../../api/apiFetch', () => ({
  apiFetch: async (path: string, request?: ApiRequest) => fake.api(path, request),
  apiFetchAs: async (schema: { parse(value: unknown): unknown }, path: string, request?: ApiRequest) => schema.parse(await fake.api(path, request)),
}));

const quiet: OrganisationHealth = {
  sensors: 4, sensorsOffline: 0, gateways: 1, gatewaysOffline: 0, lowBatteries: 0, activeAlarms: 0, unacknowledgedAlarms: 0, lastDataAt: '2026-11-27T10:00:00.000Z', truncated: false,
};
const organisations: HelpdeskOrganisation[] = [
  { customerId: 'demo-foods', name: 'Demo Foods', status: 'active', health: { ...quiet, sensorsOffline: 2, gatewaysOffline: 1, lowBatteries: 3, activeAlarms: 5, unacknowledgedAlarms: 4 } },
  { customerId: 'harbour-1', name: 'Harbour Pharmacy', status: 'disabled', health: { ...quiet, sensors: 0, gateways: 0, lastDataAt: null } },
];

describe('the helpdesk list of organisations', () => {
  beforeEach(() => {
    fake.api.mockReset();
    fake.api.mockImplementation((path) => {
      if (path.startsWith('/account/gridsettings/')) return { columnOrder: [], columnVisibility: {}, columnWidths: {} };
      if (path === '/helpdesk/organisations?limit=25') return { items: organisations };
      throw new Error(`unexpected ${path}`);
    });
  });

  it('shows each organisation with its status and health, searches by name, and opens one', async () => {
    const user = userEvent.setup();
    renderScreen(
      <Routes>
        <Route path="/app/helpdesk" element={<HelpdeskPage />} />
        <Route path="/app/helpdesk/organisations/:customerId" element={<p>Opened organisation</p>} />
      </Routes>,
      { route: '/app/helpdesk' },
    );

    const demo = (await screen.findByText('Demo Foods')).closest('[role="row"]') as HTMLElement;
    expect(within(demo).getAllByRole('gridcell').map((cell) => cell.textContent).slice(0, 7)).toEqual(['Demo Foods', 'Active', '2', '1', '3', '5', '4']);
    const harbour = screen.getByText('Harbour Pharmacy').closest('[role="row"]') as HTMLElement;
    expect(within(harbour).getByText('Disabled')).toBeInTheDocument();
    expect(within(harbour).getByText('Never')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox'), 'harbour');
    expect(await screen.findByText('Harbour Pharmacy')).toBeInTheDocument();
    expect(screen.queryByText('Demo Foods')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Open Harbour Pharmacy' }));
    expect(await screen.findByText('Opened organisation')).toBeInTheDocument();
  });
});
