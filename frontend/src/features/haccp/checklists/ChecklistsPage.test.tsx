import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@domain/core/messages';
import type { Checklist } from '@domain/haccp/checklist';
import type { QuestionTemplate } from '@domain/haccp/question';
import type { ApiRequest } from '../../../api/apiFetch';
import { fake } from '../../../test/fakeApi';
import { renderScreen } from '../../../test/render';
import ChecklistsPage from './ChecklistsPage';

vi.mock('../../../session/useAuth', () => import('../../../test/fakeApi'));
vi.mock('../../../api/apiFetch', () => import('../../../test/fakeApi'));

const at = '2026-01-15T10:00:00.000Z';
const NAVBAR = { locations: [{ id: 'l-1', name: 'HQ', displayName: 'HQ', sites: [{ id: 's-1', name: 'Main Kitchen' }] }] };
const checklist = (id: string, name: string, groupId: string): Checklist => ({
  id, name, groupId, description: '', siteId: 's-1', locationIds: ['l-1'], shiftId: 'sh-1', departmentIds: [], divisionIds: [],
  allowPartialUpload: false, allowManualReadings: true, allowNotApplicable: false, scheduleType: 'location',
  questions: [{ id: 'q-1', text: 'Floor clean?', type: 'yesNo', options: [{ id: 'yes', name: 'Yes', isException: false }, { id: 'no', name: 'No', isException: true }], correctiveActionIds: [], additionalFields: [], required: true }],
  createdAt: at, updatedAt: at, createdBy: 'x', updatedBy: 'x', version: 1,
});
const template: QuestionTemplate = {
  id: 't-1', name: 'Hands washed?', text: 'Hands washed?', type: 'yesNo', options: [{ id: 'o-y', name: 'Yes', isException: false }, { id: 'o-n', name: 'No', isException: true }],
  correctiveActionIds: [], additionalFields: [{ id: 'f-1', name: 'Who' }], required: true, createdAt: at, updatedAt: at, createdBy: 'x', updatedBy: 'x', version: 1,
};

function answer(path: string, request?: ApiRequest): unknown {
  if (path.startsWith('/account/gridsettings/')) return {};
  if (path === '/locations/navbar') return NAVBAR;
  if (path === '/locations/names') return { locations: {}, sites: {} };
  if (request?.method !== undefined) throw new Error(`unexpected call ${request.method} ${path}`);
  if (path === '/checklists?limit=100') return { items: [checklist('c-1', 'Opening checks', 'g-1'), checklist('c-2', 'Closing checks', 'g-2')] };
  if (path === '/checklistgroups?limit=100') return { items: [{ id: 'g-1', name: 'Kitchen' }, { id: 'g-2', name: 'Bar' }] };
  if (path === '/shifts?limit=100') return { items: [{ id: 'sh-1', name: 'Morning', siteId: 's-1', locationId: 'l-1', shiftType: 'allDay', schedules: [], createdAt: at, updatedAt: at, createdBy: 'x', updatedBy: 'x', version: 1 }] };
  if (path === '/questions?limit=100') return { items: [template] };
  if (path.startsWith('/sensors?')) return { items: [] };
  if (path.endsWith('?limit=100')) return { items: [] };
  throw new Error(`unexpected call GET ${path}`);
}

describe('ChecklistsPage', () => {
  beforeEach(() => {
    fake.role = 'admin';
    fake.api.mockReset();
    fake.api.mockImplementation(answer);
  });

  it('lists the checklists with their group, site, shift and question count', async () => {
    renderScreen(<ChecklistsPage />);
    const row = (await screen.findByText('Opening checks')).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('Kitchen')).toBeInTheDocument();
    expect(within(row).getByText('Main Kitchen')).toBeInTheDocument();
    expect(within(row).getByText('Morning')).toBeInTheDocument();
  });

  it("refuses moving a checklist row into another group in the spec's words, and says nothing within its group", async () => {
    renderScreen(<ChecklistsPage />);
    await screen.findByText('Opening checks');
    await screen.findAllByText('Bar');
    const data = new Map<string, string>();
    const dataTransfer = { setData: (type: string, value: string) => data.set(type, value), getData: (type: string) => data.get(type) ?? '' };
    fireEvent.dragStart(screen.getByTestId('checklist-row-c-1'), { dataTransfer });
    fireEvent.drop(screen.getByTestId('checklist-row-c-1'), { dataTransfer });
    expect(screen.queryByText(MESSAGES.checklistRowMoveBetweenGroups)).toBeNull();
    fireEvent.drop(screen.getByTestId('checklist-row-c-2'), { dataTransfer });
    expect(await screen.findByText(MESSAGES.checklistRowMoveBetweenGroups)).toBeVisible();
  });

  it('refuses a checklist without its name, site, location and shift before any call', async () => {
    const user = userEvent.setup({ delay: null });
    renderScreen(<ChecklistsPage />);
    await user.click(await screen.findByRole('button', { name: 'Add checklist' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add checklist' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    for (const message of [MESSAGES.checklistNameRequired, MESSAGES.checklistSiteRequired, MESSAGES.checklistLocationRequired, MESSAGES.checklistShiftRequired]) {
      expect(await within(dialog).findByText(message)).toBeVisible();
    }
    expect(fake.api).not.toHaveBeenCalledWith('/checklists', expect.objectContaining({ method: 'POST' }));
  });

  it('adds a Question List entry as a copy, reorders, and saves the questions in their order', async () => {
    const user = userEvent.setup({ delay: null });
    renderScreen(<ChecklistsPage />);
    await user.click(await screen.findByRole('button', { name: 'Edit Opening checks' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit checklist' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Question List' }));
    await user.click(await screen.findByRole('option', { name: 'Hands washed?' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add from the Question List' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move question 2 up' }));
    fake.api.mockImplementation((path, request) => {
      if (request?.method === 'PUT' && path === '/checklists/c-1') return checklist('c-1', 'Opening checks', 'g-1');
      return answer(path, request);
    });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.api).toHaveBeenCalledWith('/checklists/c-1', expect.objectContaining({ method: 'PUT' })));
    const call = fake.api.mock.calls.find(([path, request]) => path === '/checklists/c-1' && request?.method === 'PUT');
    const body = call?.[1]?.body as { questions: { id?: string; text: string; additionalFields: { id?: string; name: string }[] }[] };
    expect(body.questions.map((question) => question.text)).toEqual(['Hands washed?', 'Floor clean?']);
    // The Question List's entry is copied: the template's ids are not the checklist's.
    expect(body.questions[0]?.id).toBeUndefined();
    expect(body.questions[0]?.additionalFields).toEqual([{ name: 'Who' }]);
    expect(body.questions[1]?.id).toBe('q-1');
  });
});
