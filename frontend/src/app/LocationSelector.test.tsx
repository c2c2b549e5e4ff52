import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Navbar } from '@domain/identity/account';
import type { ApiRequest } from '../api/apiFetch';
import { ApiError } from '../api/ApiError';
import { renderScreen } from '../test/render';
import { getClientState } from './clientState';
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

  it('says when the locations cannot be read', async () => {
    fake.api.mockImplementation(() => {
      throw new ApiError(500);
    });
    renderScreen(<LocationSelector />);
    expect(await screen.findByText('An error occurred while fetching locations and sites for navbar.')).toBeInTheDocument();
  });
});
