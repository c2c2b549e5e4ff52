import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChecklistGroup } from '@domain/haccp/checklist-group';
import type { ApiRequest } from '../../../api/apiFetch';
import { ApiError } from '../../../api/ApiError';
import { fake } from '../../../test/fakeApi';
import { renderScreen } from '../../../test/render';
import ChecklistGroupsPage from './ChecklistGroupsPage';

vi.mock('../../../session/useAuth', () => import('../../../test/fakeApi'));
vi.mock('../../../api/apiFetch', () => import('../../../test/fakeApi'));

const at = '2026-01-15T10:00:00.000Z';
const group = (id: string, name: string, order: number): ChecklistGroup => ({ id, name, order, createdAt: at, updatedAt: at, createdBy: 'x', updatedBy: 'x', version: 1 });
let groups: ChecklistGroup[];

function answer(path: string, request?: ApiRequest): unknown {
  if (path.startsWith('/account/gridsettings/')) return {};
  if (path === '/checklistgroups?limit=100' && request?.method === undefined) return { items: groups };
  if (path === '/checklistgroups/order' && request?.method === 'PUT') {
    const { ids } = request.body as { ids: string[] };
    groups = ids.map((id, order) => ({ ...(groups.find((entry) => entry.id === id) as ChecklistGroup), order }));
    return { items: groups };
  }
  throw new Error(`unexpected call ${request?.method ?? 'GET'} ${path}`);
}

/** The group names as the grid shows them, top to bottom. */
const shownOrder = () => screen.getAllByRole('row').slice(1).map((row) => within(row).queryAllByRole('gridcell')[1]?.textContent);

describe('ChecklistGroupsPage', () => {
  beforeEach(() => {
    fake.role = 'admin';
    fake.api.mockReset();
    fake.api.mockImplementation(answer);
    groups = [group('g-2', 'Closing', 1), group('g-1', 'Opening', 0), group('g-3', 'Fryer', 2)];
  });

  it("lists the groups in the organisation's order and moves one up", async () => {
    const user = userEvent.setup();
    renderScreen(<ChecklistGroupsPage />);
    await screen.findByText('Opening');
    expect(shownOrder()).toEqual(['Opening', 'Closing', 'Fryer']);
    expect(screen.getByRole('button', { name: 'Move Opening up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Fryer down' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Move Fryer up' }));
    expect(fake.api).toHaveBeenCalledWith('/checklistgroups/order', { method: 'PUT', body: { ids: ['g-1', 'g-3', 'g-2'] } });
    await waitFor(() => expect(shownOrder()).toEqual(['Opening', 'Fryer', 'Closing']));
  });

  it('shows a stale order refusal and reloads the list', async () => {
    const user = userEvent.setup();
    renderScreen(<ChecklistGroupsPage />);
    await screen.findByText('Opening');
    fake.api.mockImplementation((path, request) => {
      if (path === '/checklistgroups/order') {
        throw new ApiError(409, 'The checklist groups have changed meanwhile. Reload the page and order them again.', { code: 'checklistGroupOrderStale' });
      }
      return answer(path, request);
    });
    groups = [...groups, group('g-4', 'Deliveries', 3)];
    await user.click(screen.getByRole('button', { name: 'Move Closing down' }));
    expect(await screen.findByText('The checklist groups have changed meanwhile. Reload the page and order them again.')).toBeVisible();
    expect(await screen.findByText('Deliveries')).toBeInTheDocument();
  });

  it('a basic user sees the order without Move, Edit or Delete', async () => {
    fake.role = 'basicuser';
    renderScreen(<ChecklistGroupsPage />);
    await screen.findByText('Opening');
    expect(screen.queryByRole('button', { name: 'Move Closing up' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add checklist group' })).toBeNull();
  });
});
