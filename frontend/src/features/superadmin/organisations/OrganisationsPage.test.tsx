import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@domain/core/messages';
import type { OrganisationWithCounts } from '@domain/organisation/organisation';
import type { ApiRequest } from '../../../api/apiFetch';
import { ApiError } from '../../../api/ApiError';
import { renderScreen } from '../../../test/render';
import { enter } from '../../../test/userInput';
import OrganisationsPage from './OrganisationsPage';

const fake = vi.hoisted(() => ({ api: vi.fn<(path: string, request?: ApiRequest) => unknown>() }));

vi.mock('../../../api/apiFetch', () => ({
  apiFetch: async (path: string, request?: ApiRequest) => fake.api(path, request),
  apiFetchAs: async (schema: { parse(value: unknown): unknown }, path: string, request?: ApiRequest) => schema.parse(await fake.api(path, request)),
}));

const modules = { isHaccapAvailable: false, enableAuditModule: false, enableIVR: false, enablePager: false };
function organisation(customerId: string, name: string, extra: Partial<OrganisationWithCounts> = {}): OrganisationWithCounts {
  return {
    customerId, name, timezone: 'Europe/London', lang: 'en', uom: 'C', customerGroupId: 'g-1', modules, status: 'active',
    createdAt: '2026-01-01T00:00:00.000Z', version: 1, counts: { sites: 3, users: 7, sensors: 12, gateways: 2, activeAlarms: 4 }, ...extra,
  };
}

describe('the super-administrator console of organisations', () => {
  let statuses: Record<string, 'active' | 'disabled'>;

  beforeEach(() => {
    statuses = { 'demo-foods': 'active', 'harbour-1': 'disabled' };
    fake.api.mockReset();
    fake.api.mockImplementation((path, request) => {
      if (path.startsWith('/superadmin/organisations?')) {
        return { items: [organisation('demo-foods', 'Demo Foods', { status: statuses['demo-foods'] }), organisation('harbour-1', 'Harbour Pharmacy', { status: statuses['harbour-1'], counts: { sites: 0, users: 1, sensors: 0, gateways: 0, activeAlarms: 0 } })] };
      }
      if (path === '/superadmin/customergroups') return { items: [{ id: 'g-1', name: 'Harbour Group', createdAt: '2026-01-01T00:00:00.000Z' }] };
      const status = /^\/superadmin\/organisations\/([^/]+)\/status$/.exec(path);
      if (status && request?.method === 'PUT') {
        const id = status[1] ?? '';
        statuses[id] = (request.body as { status: 'active' | 'disabled' }).status;
        return organisation(id, id, { status: statuses[id] });
      }
      throw new Error(`unexpected ${request?.method ?? 'GET'} ${path}`);
    });
  });

  it('lists each organisation with its status and counts, and disables one', async () => {
    const user = userEvent.setup();
    renderScreen(<OrganisationsPage />);

    const demo = (await screen.findByText('Demo Foods')).closest('tr');
    if (demo === null) throw new Error('no row');
    expect(within(demo).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Demo Foods', 'Active', '3', '7', '12', '2', '4', 'EditDisableAct for this organisation']);
    const harbour = screen.getByText('Harbour Pharmacy').closest('tr');
    expect(harbour && within(harbour).getAllByRole('button').map((button) => button.textContent)).toEqual(['Edit', 'Enable']);

    await user.click(within(demo).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(within(demo).getByRole('button', { name: 'Enable' })).toBeDefined());
    expect(fake.api).toHaveBeenCalledWith('/superadmin/organisations/demo-foods/status', { method: 'PUT', body: { status: 'disabled' } });
    expect(within(demo).getByText('Disabled')).toBeDefined();
  });

  it("creates an organisation with its administrator, after showing the API's refusal of the email under it", async () => {
    const user = userEvent.setup();
    const listed = fake.api.getMockImplementation();
    fake.api.mockImplementation((path, request) => {
      if (path === '/superadmin/organisations' && request?.method === 'POST') {
        const { administrator } = request.body as { administrator: { email: string } };
        if (administrator.email === 'admin@demo.example') {
          throw new ApiError(409, MESSAGES.userRegisteredByAnotherClient, { code: 'userRegisteredByAnotherClient', field: 'administrator.email' });
        }
        return organisation('harbour-2', 'Harbour Pharmacy');
      }
      return listed?.(path, request);
    });
    renderScreen(<OrganisationsPage />);

    await user.click(await screen.findByRole('button', { name: 'Add organisation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add organisation' });
    await enter(user, within(dialog).getByLabelText(/^Name/), 'Harbour Pharmacy');
    await user.click(within(dialog).getByLabelText(/Customer group/));
    await user.click(await screen.findByRole('option', { name: 'Harbour Group' }));
    await user.click(within(dialog).getByLabelText('HACCP'));
    await enter(user, within(dialog).getByLabelText(/^First name/), 'Hana');
    await enter(user, within(dialog).getByLabelText(/^Last name/), 'Harbour');
    const email = within(dialog).getByLabelText(/^Email/);
    await enter(user, email, 'admin@demo.example');
    await user.click(within(dialog).getByRole('button', { name: 'Create and invite' }));

    // Refused by the API for the administrator's email: shown under it, the dialog stays open.
    await waitFor(() => expect(email).toHaveAccessibleDescription(MESSAGES.userRegisteredByAnotherClient));
    await user.clear(email);
    await enter(user, email, 'owner@harbour.example');
    await user.click(within(dialog).getByRole('button', { name: 'Create and invite' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.api).toHaveBeenCalledWith('/superadmin/organisations', {
      method: 'POST',
      body: expect.objectContaining({
        name: 'Harbour Pharmacy', customerGroupId: 'g-1', timezone: 'Europe/London', lang: 'en', uom: 'C', modules: { ...modules, isHaccapAvailable: true },
        administrator: { email: 'owner@harbour.example', firstName: 'Hana', lastName: 'Harbour' },
      }),
    });
  });

  it("edits an organisation's fields and shows the API's refusal under the field it names", async () => {
    const user = userEvent.setup();
    const listed = fake.api.getMockImplementation();
    let refuseOnce = true;
    fake.api.mockImplementation((path, request) => {
      if (path === '/superadmin/organisations/demo-foods' && request?.method === 'PUT') {
        if (refuseOnce) {
          refuseOnce = false;
          throw new ApiError(400, MESSAGES.customerGroupNotFound, { code: 'customerGroupNotFound', field: 'customerGroupId' });
        }
        return organisation('demo-foods', 'Demo Foods Ltd');
      }
      return listed?.(path, request);
    });
    renderScreen(<OrganisationsPage />);

    await user.click(await screen.findByRole('button', { name: 'Edit Demo Foods' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Demo Foods' });
    const name = within(dialog).getByLabelText(/^Name/);
    await user.clear(name);
    await user.tab();
    expect(await within(dialog).findByText(MESSAGES.organisationNameRequired)).toBeDefined();
    await enter(user, name, 'Demo Foods Ltd');
    await enter(user, within(dialog).getByLabelText(/^City/), 'Leeds');
    await user.click(within(dialog).getByLabelText('IVR'));
    await enter(user, within(dialog).getByLabelText(/^Subscription start/), '2026-01-01');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    // Refused by the API for the customer group: shown under it, the dialog stays open.
    expect(await within(dialog).findByText(MESSAGES.customerGroupNotFound)).toBeDefined();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.api).toHaveBeenCalledWith('/superadmin/organisations/demo-foods', {
      method: 'PUT',
      body: {
        name: 'Demo Foods Ltd', city: 'Leeds', timezone: 'Europe/London', lang: 'en', uom: 'C', customerGroupId: 'g-1',
        modules: { ...modules, enableIVR: true }, subscriptionStart: '2026-01-01',
      },
    });
  });
});
