import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Navbar } from '@domain/identity/account';
import type { ApiRequest } from '../api/apiFetch';
import { ApiError } from '../api/ApiError';
import { renderScreen } from '../test/render';
import { DEFAULT_SESSION_STATE, getClientState, replaceClientState } from '../session/clientState';
import { initialSelection, LocationSelector } from './LocationSelector';

const fake = vi.hoisted(() => ({ api: vi.fn<(path: string, request?: ApiRequest) => unknown>() }));

vi.mock('../api/apiFetch', () => ({
  apiFetch: async (path: string, request?: ApiRequest) => fake.api(path, request),
  apiFetchAs: async (schema: { parse(value: unknown): unknown }, path: string, request?: ApiRequest) =>
    schema.parse(await fake.api(path, request)),
}));

const navbar: Navbar = {
  locations: [
    { id: 'l-1', name: 'HQ', displayName: 'HQ', sites: [{ id: 's-1', name: 'Main Kitchen' }] },
    { id: 'l-2', name: 'Depot', displayName: 'Depot', sites: [{ id: 's-2', name: 'Cold Store' }, { id: 's-3', name: 'Dock' }] },
  ],
};

describe('initialSelection', () => {
  it('takes the saved choice while it still exists, else the first location', () => {
    expect(initialSelection(navbar, { locationId: 'l-2', siteId: 's-3' })).toEqual({ locationId: 'l-2', siteId: 's-3' });
    expect(initialSelection(navbar, { locationId: 'l-2', siteId: 'gone' })).toEqual({ locationId: 'l-2', siteId: null });
    expect(initialSelection(navbar, { locationId: 'gone', siteId: 's-3' })).toEqual({ locationId: 'l-1', siteId: null });
    expect(initialSelection(navbar, null)).toEqual({ locationId: 'l-1', siteId: null });
    expect(initialSelection({ locations: [] }, null)).toBeNull();
  });
});

describe('LocationSelector', () => {
  beforeEach(() => {
    fake.api.mockReset();
  });

  it('starts from the last selection, and saves a new one', async () => {
    const user = userEvent.setup();
    fake.api.mockImplementation((path, request) => {
      if (path === '/locations/navbar') return navbar;
      if (path === '/users/portallastselectedlocation' && request?.method === 'PUT') return request.body;
      if (path === '/users/portallastselectedlocation') return { locationId: 'l-2', siteId: 's-2' };
      throw new Error(`unexpected ${path}`);
    });
    renderScreen(<LocationSelector />);
    expect(await screen.findByText('Cold Store')).toBeInTheDocument();
    expect(getClientState().selectedLocation).toEqual({ locationId: 'l-2', siteId: 's-2' });

    await user.click(screen.getByRole('combobox', { name: 'Location' }));
    await user.click(screen.getByRole('option', { name: 'HQ' }));
    await waitFor(() => expect(getClientState().selectedLocation).toEqual({ locationId: 'l-1', siteId: null }));
    expect(fake.api).toHaveBeenCalledWith('/users/portallastselectedlocation', { method: 'PUT', body: { locationId: 'l-1', siteId: null } });
    expect(screen.getByRole('combobox', { name: 'Site' })).toHaveTextContent('All sites');
  });

  it("shows the organisation's places as a proxy starts from a page without any, and hides them again as it ends (issue 16)", async () => {
    // A helpdesk user has no location of their own; acting for Demo Foods, the API answers Demo Foods'.
    replaceClientState({ ...DEFAULT_SESSION_STATE, loggedIn: true, role: 'helpdesk', customerId: 'support' });
    fake.api.mockImplementation((path) => {
      const proxied = getClientState().proxy !== null;
      if (path === '/locations/navbar') return proxied ? navbar : { locations: [] };
      if (path === '/users/portallastselectedlocation') return { locationId: null, siteId: null };
      throw new Error(`unexpected ${path}`);
    });
    renderScreen(<LocationSelector />);
    await waitFor(() => expect(fake.api).toHaveBeenCalledWith('/locations/navbar', undefined));
    expect(screen.queryByRole('combobox', { name: 'Location' })).not.toBeInTheDocument();

    const helpdesk = getClientState();
    act(() => replaceClientState({
      ...helpdesk, role: 'admin', customerId: 'demo-foods', selectedLocation: null,
      proxyMainUser: { ...helpdesk },
      proxy: { sessionId: 'p-1', token: 't', expiresAt: Date.now() + 60_000, customerId: 'demo-foods', organisationName: 'Demo Foods', mode: 'read', actorEmail: 'h@support.example' },
    }));
    // The selection follows the places' answer (a re-render of its own).
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Location' })).toHaveTextContent('HQ'));

    act(() => replaceClientState({ ...helpdesk, proxy: null, proxyMainUser: null }));
    await waitFor(() => expect(screen.queryByRole('combobox', { name: 'Location' })).not.toBeInTheDocument());
  });

  it('says when the locations cannot be read', async () => {
    fake.api.mockImplementation(() => {
      throw new ApiError(500);
    });
    renderScreen(<LocationSelector />);
    expect(await screen.findByText('An error occurred while fetching locations and sites for navbar.')).toBeInTheDocument();
  });
});
