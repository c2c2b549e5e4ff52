import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { NamedItem } from '@domain/organisation/named-catalog';
import type { Role } from '@domain/identity/roles';
import { MESSAGES } from '@domain/core/messages';
import { ApiError } from '../../api/ApiError';
import type { ApiRequest } from '../../api/apiFetch';
import type { SignedInUser } from '../../api/identity';
import { clearStoredState, updateClientState } from '../../session/clientState';
import { initI18n } from '../../i18n';
import { renderScreen } from '../../test/render';
import { NamedCatalogPage } from './NamedCatalogPage';

const fake = vi.hoisted(() => ({
  role: 'admin' as Role,
  /** The fake API: path and request in, response body out (throw an ApiError to refuse). */
  api: vi.fn<(path: string, request?: ApiRequest) => unknown>(),
}));

vi.mock('../../session/useAuth', () => ({
  useCurrentUser: (): SignedInUser => ({
    email: `${fake.role}@demo.example`,
    role: fake.role,
    customerId: 'c-1',
    accountId: 'a-1',
    portalAccess: true,
  }),
}));

vi.mock('../../api/apiFetch', () => ({
  apiFetch: async (path: string, request?: ApiRequest) => fake.api(path, request),
  apiFetchAs: async (schema: { parse(value: unknown): unknown }, path: string, request?: ApiRequest) =>
    schema.parse(await fake.api(path, request)),
}));

function item(id: string, name: string): NamedItem {
  const at = '2026-01-15T10:00:00.000Z';
  return { id, name, createdAt: at, updatedAt: at, createdBy: 'u-1', updatedBy: 'u-1', version: 1 };
}

describe('NamedCatalogPage', () => {
  beforeEach(() => {
    fake.api.mockReset();
    // Two pages, to show the list follows the cursor.
    fake.api.mockImplementation((path) => {
      if (path === '/departments?limit=100') return { items: [item('d-1', 'Bakery')], nextCursor: 'next' };
      if (path === '/departments?limit=100&cursor=next') return { items: [item('d-2', 'Cold room')] };
      throw new Error(`unexpected call ${path}`);
    });
  });

  it('hides Add, Edit and Delete from a basic user', async () => {
    fake.role = 'basicuser';
    renderScreen(<NamedCatalogPage path="/departments" section="departments" />);

    expect(await screen.findByText('Cold room')).toBeInTheDocument();
    expect(screen.getByText('Bakery')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add department' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit / })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete / })).toBeNull();
  });

  it('shows the first page at once, while the next is still coming, then both', async () => {
    // Prepare: the second page answers only when the test lets it.
    fake.role = 'basicuser';
    let sendSecondPage: (page: unknown) => void = () => undefined;
    const secondPage = new Promise((resolve) => { sendSecondPage = resolve; });
    fake.api.mockImplementation((path) => {
      if (path === '/departments?limit=100') return { items: [item('d-1', 'Bakery')], nextCursor: 'next' };
      if (path === '/departments?limit=100&cursor=next') return secondPage;
      throw new Error(`unexpected call ${path}`);
    });
    // Act
    renderScreen(<NamedCatalogPage path="/departments" section="departments" />);
    // Assess: the first page's row, the grid still loading, no row of the second page yet.
    expect(await screen.findByText('Bakery')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    expect(screen.queryByText('Cold room')).toBeNull();
    sendSecondPage({ items: [item('d-2', 'Cold room')] });
    expect(await screen.findByText('Cold room')).toBeInTheDocument();
    expect(screen.getByText('Bakery')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
  });

  it('shows Add and per-row Edit and Delete to an admin', async () => {
    fake.role = 'admin';
    renderScreen(<NamedCatalogPage path="/departments" section="departments" />);

    expect(await screen.findByRole('button', { name: 'Edit Cold room' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Cold room' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Bakery' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add department' })).toBeInTheDocument();
  });

  it('adds, then reloads the list', async () => {
    fake.role = 'admin';
    const user = userEvent.setup();
    renderScreen(<NamedCatalogPage path="/departments" section="departments" />);
    await screen.findByText('Cold room');

    fake.api.mockImplementation((path, request) => {
      if (request?.method === 'POST') return item('d-3', 'Dairy');
      if (path === '/departments?limit=100') return { items: [item('d-1', 'Bakery'), item('d-2', 'Cold room'), item('d-3', 'Dairy')] };
      throw new Error(`unexpected call ${path}`);
    });
    await user.click(screen.getByRole('button', { name: 'Add department' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add department' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Dairy');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Department "Dairy" added.')).toBeVisible();
    expect(fake.api).toHaveBeenCalledWith('/departments', { method: 'POST', body: { name: 'Dairy' } });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add department' })).toBeNull());
    expect(await screen.findByText('Dairy')).toBeInTheDocument();
  });

  it('deletes after confirmation', async () => {
    fake.role = 'admin';
    const user = userEvent.setup();
    renderScreen(<NamedCatalogPage path="/departments" section="departments" />);
    await user.click(await screen.findByRole('button', { name: 'Delete Bakery' }));

    fake.api.mockImplementation((path, request) => {
      if (request?.method === 'DELETE') return undefined;
      if (path === '/departments?limit=100') return { items: [item('d-2', 'Cold room')] };
      throw new Error(`unexpected call ${path}`);
    });
    const confirm = await screen.findByRole('dialog', { name: 'Delete department' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Department "Bakery" deleted.')).toBeVisible();
    expect(fake.api).toHaveBeenCalledWith('/departments/d-1', { method: 'DELETE' });
  });

  it('toasts a refusal in French, translated by its code', async () => {
    // Prepare: the page in French; the API refuses the new name in its English words, with the code beside them.
    initI18n('fr');
    try {
      fake.role = 'admin';
      const user = userEvent.setup();
      renderScreen(<NamedCatalogPage path="/departments" section="departments" />);
      await screen.findByText('Cold room');
      fake.api.mockImplementation((path, request) => {
        if (request?.method === 'POST') throw new ApiError(409, MESSAGES.departmentNameTaken, { code: 'departmentNameTaken', field: 'name' });
        throw new Error(`unexpected call ${path}`);
      });
      // Act
      await user.click(screen.getByRole('button', { name: 'Ajouter un département' }));
      const dialog = await screen.findByRole('dialog', { name: 'Ajouter un département' });
      await user.type(within(dialog).getByRole('textbox', { name: 'Nom' }), 'Bakery');
      await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
      // Assess: the toast (outside the dialog, which shows it under the name too) says it in French, never in the API's English.
      const french = 'Un département portant ce nom existe déjà.';
      await waitFor(() => expect(screen.getAllByText(french).filter((element) => !dialog.contains(element))).toHaveLength(1));
      expect(within(dialog).getByText(french)).toBeInTheDocument();
      expect(screen.queryByText(MESSAGES.departmentNameTaken)).toBeNull();
    } finally {
      initI18n('en');
    }
  });

  it("shows when an item changed in the user's language and time zone", async () => {
    // Prepare: French, and a profile in New York (10:00 UTC is 05:00 there in January).
    fake.role = 'basicuser';
    initI18n('fr');
    updateClientState({ timezone: 'America/New_York' });
    try {
      renderScreen(<NamedCatalogPage path="/departments" section="departments" />);
      const row = (await screen.findByText('Bakery')).closest('[role="row"]');
      expect(row).not.toBeNull();
      expect(within(row as HTMLElement).getByText('15 janv. 2026, 05:00')).toBeInTheDocument();
    } finally {
      clearStoredState();
      initI18n('en');
    }
  });
});
