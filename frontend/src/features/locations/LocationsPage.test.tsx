import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Location } from '@domain/organisation/location';
import { MESSAGES } from '@domain/core/messages';
import type { ApiRequest } from '../../api/apiFetch';
import { ApiError } from '../../api/ApiError';
import type { SignedInUser } from '../../api/identity';
import { placeNamers, usePlaceNames } from '../../api/locations';
import { getClientState, updateClientState } from '../../session/clientState';
import { ProxyBanner } from '../proxy';
import { restoreMainUser } from '../../session/proxySession';
import { renderScreen } from '../../test/render';
import LocationsPage from './LocationsPage';
import PendingSharedLocationsPage from './PendingSharedLocationsPage';

const fake = vi.hoisted(() => ({
  api: vi.fn<(path: string, request?: ApiRequest) => unknown>(),
}));

vi.mock('../../session/useAuth', () => ({
  useCurrentUser: (): SignedInUser => ({ email: 'admin@demo.example', role: 'admin', customerId: 'c-1', accountId: 'a-1', portalAccess: true }),
}));

vi.mock('../../api/apiFetch', () => ({
  apiFetch: async (path: string, request?: ApiRequest) => fake.api(path, request),
  apiFetchAs: async (schema: { parse(value: unknown): unknown }, path: string, request?: ApiRequest) =>
    schema.parse(await fake.api(path, request)),
}));

const at = '2026-01-15T10:00:00.000Z';
function location(id: string, name: string, standing: Partial<Location> = {}): Location {
  return {
    id, name, displayName: name, address: '1 Market Street', city: 'London', state: 'Greater London', country: 'United Kingdom',
    postalCode: 'EC1A 1BB', ownerCustomerId: 'c-1', isOwner: true, isAdmin: true, isShared: false, isAcceptancePending: false,
    accessLevel: 'owner', createdAt: at, updatedAt: at, createdBy: 'a', updatedBy: 'a', version: 1, ...standing,
  };
}

const own = location('l-1', 'Head Office');
const sharedAsUser = location('l-2', 'Partner Depot', { ownerCustomerId: 'c-2', ownerOrganisationName: 'Partner Foods', isOwner: false, isAdmin: false, isShared: true, accessLevel: 'user' });
const sharedAsAdmin = location('l-3', 'Partner Kitchen', { ownerCustomerId: 'c-2', ownerOrganisationName: 'Partner Foods', isOwner: false, isAdmin: true, isShared: true, accessLevel: 'admin' });

const GRID_SETTINGS = { columnOrder: [], columnVisibility: {}, columnWidths: {} };

/** What a sensor or gateway list names a location by: the names lookup (GET /locations/names). */
function LocationNameProbe({ id }: { id: string }) {
  const { data } = usePlaceNames();
  return <output aria-label="Named location">{data === undefined ? '' : placeNamers([], data).locationName(id)}</output>;
}
let deleteAnswer: () => unknown;

describe('LocationsPage', () => {
  beforeEach(() => {
    deleteAnswer = () => undefined;
    fake.api.mockReset();
    fake.api.mockImplementation((path, request) => {
      if (path.startsWith('/account/gridsettings/')) return GRID_SETTINGS;
      if (path === '/locations?limit=100') return { items: [own] };
      if (path === '/locations/shared') return { items: [sharedAsUser, sharedAsAdmin] };
      if (path === '/locations/l-1' && request?.method === 'DELETE') return deleteAnswer();
      if (path === '/locations/navbar') return { locations: [] };
      throw new Error(`unexpected call ${request?.method ?? 'GET'} ${path}`);
    });
  });

  it('offers edit, share and delete on its own location with corporate access; only edit on a location shared as administrator; nothing on one shared as user', async () => {
    updateClientState({ corporateAdmin: true });
    renderScreen(<LocationsPage />);
    expect(await screen.findByText('Head Office')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Head Office' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Share Head Office' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Head Office' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Partner Kitchen' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Share Partner Kitchen' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Partner Kitchen' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Partner Depot$/ })).toBeNull();
    // Who shared it, and at what level.
    const row = screen.getByText('Partner Depot').closest('[role="row"]');
    expect(row).not.toBeNull();
    expect(within(row as HTMLElement).getByText('Partner Foods')).toBeInTheDocument();
    expect(within(row as HTMLElement).getByText('User')).toBeInTheDocument();
  });

  it('hides delete and the corporate view without corporate access', async () => {
    updateClientState({ corporateAdmin: false });
    renderScreen(<LocationsPage />);
    expect(await screen.findByRole('button', { name: 'Edit Head Office' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Head Office' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Open corporate view of Head Office' })).toBeNull();
  });

  it('confirms a delete, and shows the refusal in the spec words', async () => {
    updateClientState({ corporateAdmin: true });
    deleteAnswer = () => {
      throw new ApiError(409, MESSAGES.locationHasDevices, { code: 'locationHasDevices' });
    };
    const user = userEvent.setup();
    renderScreen(<LocationsPage />);
    await user.click(await screen.findByRole('button', { name: 'Delete Head Office' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Delete the location "Head Office"\?/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(MESSAGES.locationHasDevices)).toBeInTheDocument();
    expect(screen.getByText('Head Office')).toBeInTheDocument();
  });

  it('asks the names lookup again once a location is renamed, so the lists that name it by id show the new name', async () => {
    updateClientState({ corporateAdmin: true });
    let name = 'Head Office';
    const answer = fake.api.getMockImplementation();
    fake.api.mockImplementation((path, request) => {
      if (path === '/locations/names') return { locations: [{ id: 'l-1', name }], sites: [] };
      if (path === '/locations/l-1' && request?.method === 'PUT') {
        name = (request.body as { name: string }).name;
        return { ...own, name, displayName: name, version: 2 };
      }
      if (path.startsWith('/locations?limit=100')) return { items: [{ ...own, name, displayName: name }] };
      return answer?.(path, request);
    });
    const user = userEvent.setup();
    renderScreen(<><LocationsPage /><LocationNameProbe id="l-1" /></>);
    const probe = await screen.findByRole('status', { name: 'Named location' });
    await waitFor(() => expect(probe).toHaveTextContent('Head Office'));
    const namesReads = () => fake.api.mock.calls.filter(([path]) => path === '/locations/names').length;
    const before = namesReads();

    await user.click(await screen.findByRole('button', { name: 'Edit Head Office' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit location' });
    const nameField = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.clear(nameField);
    await user.type(nameField, 'Main Office');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(probe).toHaveTextContent('Main Office'));
    expect(namesReads()).toBeGreaterThan(before);
  });

  it('lets an administrator with corporate access open a corporate view of one of their locations: reason, mode, then the banner names the location and the selector holds it', async () => {
    updateClientState({ corporateAdmin: true, customerId: 'c-1', tenantName: 'Demo Foods', proxy: null });
    const answer = fake.api.getMockImplementation();
    const started: unknown[] = [];
    fake.api.mockImplementation((path, request) => {
      if (path === '/proxy-sessions' && request?.method === 'POST') {
        started.push(request.body);
        return {
          sessionId: 'p-1', token: 'proxy-token', expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(), customerId: 'c-1',
          organisationName: 'Demo Foods', mode: 'read', locationId: 'l-1', locationName: 'Head Office',
          actor: { userId: 'u-1', email: 'admin@demo.example', role: 'admin', customerId: 'c-1' },
        };
      }
      return answer?.(path, request);
    });
    const user = userEvent.setup();
    try {
      renderScreen(<><ProxyBanner /><LocationsPage /></>);
      // Not offered for a location another organisation shared.
      await user.click(await screen.findByRole('button', { name: 'Open corporate view of Head Office' }));
      expect(screen.queryByRole('button', { name: /Open corporate view of Partner/ })).toBeNull();
      const dialog = await screen.findByRole('dialog', { name: 'Corporate view of Head Office' });
      await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Check the kitchen sensors');
      await user.click(within(dialog).getByRole('button', { name: 'Start' }));
      expect(await screen.findByText(/admin@demo\.example is acting for Head Office — \d\d:\d\d left/)).toBeInTheDocument();
      expect(started).toEqual([{ customerId: 'c-1', reason: 'Check the kitchen sensors', mode: 'read', locationId: 'l-1' }]);
      expect(getClientState().selectedLocation).toEqual({ locationId: 'l-1', siteId: null });
      // Under the proxy the action is gone (nobody proxies while proxying).
      expect(screen.queryByRole('button', { name: 'Open corporate view of Head Office' })).toBeNull();
    } finally {
      restoreMainUser();
    }
  });
});

describe('PendingSharedLocationsPage', () => {
  beforeEach(() => {
    fake.api.mockReset();
  });

  it('accepts a shared location, which then leaves the pending list', async () => {
    const pending = location('l-9', 'Offered Store', { ownerCustomerId: 'c-2', ownerOrganisationName: 'Partner Foods', isOwner: false, isAdmin: false, isShared: true, isAcceptancePending: true, accessLevel: 'user' });
    const answered: string[] = [];
    fake.api.mockImplementation((path, request) => {
      if (path.startsWith('/account/gridsettings/')) return GRID_SETTINGS;
      if (path === '/locations/shared/pending') return { items: answered.length ? [] : [pending] };
      if (path === '/locations/shared/l-9' && request?.method === 'PUT') {
        answered.push(JSON.stringify(request.body));
        return { ...pending, isAcceptancePending: false };
      }
      throw new Error(`unexpected call ${request?.method ?? 'GET'} ${path}`);
    });
    const user = userEvent.setup();
    renderScreen(<PendingSharedLocationsPage />);
    expect(await screen.findByText('Offered Store')).toBeInTheDocument();
    expect(screen.getByText('Partner Foods')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Accept Offered Store' }));
    expect(await screen.findByText('You now have access to "Offered Store".')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Offered Store')).toBeNull());
    expect(answered).toEqual([JSON.stringify({ accept: true })]);
  });
});
