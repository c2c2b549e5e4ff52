import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SuperadminAuditEntry } from '@domain/organisation/organisation';
import type { ApiRequest } from '../../../api/apiFetch';
import { renderScreen } from '../../../test/render';
import SuperadminAuditPage from './SuperadminAuditPage';

const fake = vi.hoisted(() => ({ api: vi.fn<(path: string, request?: ApiRequest) => unknown>() }));

vi.mock('../../../api/apiFetch', () => ({
  apiFetch: async (path: string, request?: ApiRequest) => fake.api(path, request),
  apiFetchAs: async (schema: { parse(value: unknown): unknown }, path: string, request?: ApiRequest) => schema.parse(await fake.api(path, request)),
}));

const entry = (id: string, extra: Partial<SuperadminAuditEntry>): SuperadminAuditEntry => ({
  id, at: '2026-11-20T10:00:00.000Z', actor: { userId: 'u-1', email: 'root@platform.example' }, action: 'organisation.update', targetType: 'ORGANISATION', targetId: 'harbour-1', ...extra,
});

describe("the super-administrators' audit trail", () => {
  beforeEach(() => {
    fake.api.mockReset();
    fake.api.mockImplementation((path) => {
      if (path === '/superadmin/customergroups') return { items: [] };
      if (path === '/superadmin/audit?limit=100') return { items: [entry('a-1', { organisationName: 'Harbour Pharmacies' })], nextCursor: 'page-2' };
      if (path === '/superadmin/audit?limit=100&cursor=page-2') return { items: [entry('a-2', { action: 'organisation.discard', targetId: 'gone-1', before: { name: 'Gone Ltd' } })] };
      throw new Error(`unexpected ${path}`);
    });
  });

  it('names organisations as the API does, without loading the organisations list, and loads older pages on demand', async () => {
    const user = userEvent.setup();
    renderScreen(<SuperadminAuditPage />);

    expect(await screen.findByText('Harbour Pharmacies')).toBeInTheDocument();
    expect(screen.queryByText('Gone Ltd')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Show older actions' }));
    // A discarded organisation is named by its entry's own copy.
    expect(await screen.findByText('Gone Ltd')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Show older actions' })).toBeNull());
    expect(fake.api.mock.calls.some(([path]) => path.startsWith('/superadmin/organisations'))).toBe(false);
  });
});
