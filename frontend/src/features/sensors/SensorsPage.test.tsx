import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiRequest } from '../../api/apiFetch';
import type { SignedInUser } from '../../api/identity';
import { updateClientState } from '../../session/clientState';
import { renderScreen } from '../../test/render';
import InactiveSensorsPage from './InactiveSensorsPage';
import { lookupAnswer, minutesAgo, sensorFixture } from '../../test/sensorFixtures';
import SensorsPage from './SensorsPage';

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

const fridge = sensorFixture();
const door = sensorFixture({
  id: 'B1B2C3D4', name: 'Back Door', deviceModel: 'CT-500D', openLabel: 'Ajar', closeLabel: 'Shut',
  channels: [{ channel: 1, dataLoggingProfileId: 'p-1', sensorType: 'contact', sensorSubType: 'door' }],
  // Silent for 77 minutes (and a half), though the API answered when it was still online.
  live: { online: true, reading: { 1: 1 }, lastReadingAt: minutesAgo(77.5) },
});
const disabled = sensorFixture({
  id: 'C1B2C3D4', name: 'Old Freezer', disabled: true,
  disable: { disabledOn: '2026-03-01T09:00:00.000Z', disabledBy: 'admin@demo.example', reason: 'Defrosting for a week' },
});

let sensorQueries: string[];

describe('the sensor lists', () => {
  beforeEach(() => {
    sensorQueries = [];
    fake.api.mockReset();
    fake.api.mockImplementation((path, request) => {
      const known = lookupAnswer(path);
      if (known !== undefined) return known;
      if (path.startsWith('/sensors/inactive?')) return { items: [disabled] };
      if (path.startsWith('/sensors?')) {
        sensorQueries.push(path);
        return { items: [fridge, door] };
      }
      throw new Error(`unexpected call ${request?.method ?? 'GET'} ${path}`);
    });
  });

  it('shows each sensor with its site, live reading in the user unit, battery and online state; the gateway in the column settings', async () => {
    fake.role = 'admin';
    updateClientState({ uom: 'F', selectedLocation: { locationId: 'l-1', siteId: 's-1' } });
    renderScreen(<SensorsPage />);
    const fridgeRow = (await screen.findByRole('link', { name: 'Walk-in Fridge' })).closest('[role="row"]') as HTMLElement;
    expect(within(fridgeRow).getByText('38.3 °F · 61 %RH')).toBeInTheDocument();
    expect(within(fridgeRow).getByText('Main Kitchen')).toBeInTheDocument();
    // Hidden by default, so the list fits 1366 px (issue 17 item 5).
    expect(within(fridgeRow).queryByText('Kitchen Gateway')).toBeNull();
    expect(screen.getByRole('columnheader', { name: 'Connection' })).toBeInTheDocument();
    expect(within(fridgeRow).getByText('87 %')).toBeInTheDocument();
    expect(within(fridgeRow).getByText('Online')).toBeInTheDocument();
    const doorRow = screen.getByRole('link', { name: 'Back Door' }).closest('[role="row"]') as HTMLElement;
    // Judged when shown, from its own newest reading: offline, its value with its age (issue 17 item 1).
    expect(within(doorRow).getByText('Ajar · 1 h 17 min ago')).toBeInTheDocument();
    expect(within(doorRow).getByText('Offline')).toBeInTheDocument();
    // The value's time beside it (item 3).
    expect(screen.getByRole('columnheader', { name: 'Last reading at' })).toBeInTheDocument();
    // The top bar's site narrows the list.
    expect(screen.getByText('Sensors of the site Main Kitchen')).toBeInTheDocument();
    expect(sensorQueries[0]).toContain('locationId=l-1');
    expect(sensorQueries[0]).toContain('siteId=s-1');
  });

  it('shows on a phone each sensor as a card with its value, state and, as the grid, its count of active alarms', async () => {
    fake.role = 'basicuser';
    const answer = fake.api.getMockImplementation();
    fake.api.mockImplementation((path, request) => (path === '/alarms/summary'
      ? { active: 2, unacknowledged: 2, byType: {}, bySite: {}, byDevice: { [fridge.id]: 2 } }
      : answer?.(path, request)));
    const phone = vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
      matches: query.includes('max-width'), media: query, onchange: null,
      addListener: () => undefined, removeListener: () => undefined,
      addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false,
    }));
    try {
      renderScreen(<SensorsPage />);
      const fridgeCard = (await screen.findByRole('link', { name: 'Walk-in Fridge' })).closest('[role="listitem"]') as HTMLElement;
      expect(screen.queryByRole('grid')).toBeNull();
      expect(within(fridgeCard).getByText('Online')).toBeInTheDocument();
      const alarms = await within(fridgeCard).findByRole('link', { name: 'Walk-in Fridge: 2 active alarm(s)' });
      expect(alarms).toHaveAttribute('href', `/app/sensors/${fridge.id}?tab=alarms`);
      expect(alarms).toHaveTextContent('2');
      // A sensor without active alarms shows no count.
      const doorCard = screen.getByRole('link', { name: 'Back Door' }).closest('[role="listitem"]') as HTMLElement;
      expect(within(doorCard).queryByRole('link', { name: /active alarm/ })).toBeNull();
    } finally {
      phone.mockRestore();
    }
  });

  it('offers an administrator Add and Edit, and a basic user neither', async () => {
    fake.role = 'admin';
    const { unmount } = renderScreen(<SensorsPage />);
    expect(await screen.findByRole('button', { name: 'Add sensor' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Edit Walk-in Fridge' })).toBeInTheDocument();
    unmount();

    fake.role = 'basicuser';
    renderScreen(<SensorsPage />);
    expect(await screen.findByRole('link', { name: 'Walk-in Fridge' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add sensor' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Walk-in Fridge' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Open Walk-in Fridge' })).toBeInTheDocument();
  });

  it('lists inactive sensors with who disabled them and why; only an administrator may enable one', async () => {
    fake.role = 'basicuser';
    const { unmount } = renderScreen(<InactiveSensorsPage />);
    const row = (await screen.findByRole('link', { name: 'Old Freezer' })).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('Defrosting for a week')).toBeInTheDocument();
    expect(within(row).getByText('admin@demo.example')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enable Old Freezer' })).toBeNull();
    unmount();

    fake.role = 'admin';
    const user = userEvent.setup();
    renderScreen(<InactiveSensorsPage />);
    await user.click(await screen.findByRole('button', { name: 'Enable Old Freezer' }));
    expect(await screen.findByRole('dialog', { name: 'Enable sensor' })).toBeInTheDocument();
  });
});
