import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeviceNote } from '@domain/devices/device-records';
import { MESSAGES } from '@domain/core/messages';
import type { ApiRequest } from '../../api/apiFetch';
import { ApiError } from '../../api/ApiError';
import { renderScreen } from '../../test/render';
import { DeviceNotesTab } from './DeviceNotesTab';

const fake = vi.hoisted(() => ({ api: vi.fn<(path: string, request?: ApiRequest) => unknown>() }));

vi.mock('../../api/apiFetch', () => ({
  apiFetch: async (path: string, request?: ApiRequest) => fake.api(path, request),
  apiFetchAs: async (schema: { parse(value: unknown): unknown }, path: string, request?: ApiRequest) =>
    schema.parse(await fake.api(path, request)),
}));

const note: DeviceNote = {
  id: 'n-1', name: 'Door seal', note: 'Seal replaced in March.', createdBy: 'admin@demo.example', createdAt: '2026-03-01T09:00:00.000Z',
  updatedBy: 'admin@demo.example', updatedAt: '2026-03-01T09:00:00.000Z', version: 1,
};

let stored: DeviceNote[];
let deleteAttempts: number;

describe('the notes tab', () => {
  beforeEach(() => {
    stored = [note];
    deleteAttempts = 0;
    fake.api.mockReset();
    fake.api.mockImplementation((path, request) => {
      if (path.startsWith('/gateways/GW1/notes?')) return { items: stored };
      if (path === '/gateways/GW1/notes' && request?.method === 'POST') {
        const body = request.body as { name: string; note: string };
        if (stored.some((entry) => entry.name === body.name)) throw new ApiError(409, MESSAGES.noteNameTaken, { code: 'noteNameTaken', field: 'name' });
        const added = { ...note, id: 'n-2', ...body };
        stored = [added, ...stored];
        return added;
      }
      if (path === '/gateways/GW1/notes/n-1' && request?.method === 'DELETE') {
        deleteAttempts += 1;
        // The first attempt collides with another change; the second goes through.
        if (deleteAttempts === 1) throw new ApiError(409, MESSAGES.concurrentChange, { code: 'concurrentChange' });
        stored = stored.filter((entry) => entry.id !== 'n-1');
        return undefined;
      }
      throw new Error(`unexpected call ${request?.method ?? 'GET'} ${path}`);
    });
  });

  it('lets a reader read the notes but not change them', async () => {
    renderScreen(<DeviceNotesTab kind="gateways" id="GW1" canWrite={false} />);
    expect(await screen.findByText('Seal replaced in March.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add note' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete note Door seal' })).toBeNull();
  });

  it('asks for a name and a note, refuses a name the device already has, and adds a new one', async () => {
    const user = userEvent.setup();
    renderScreen(<DeviceNotesTab kind="gateways" id="GW1" canWrite />);
    await user.click(await screen.findByRole('button', { name: 'Add note' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add note' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(MESSAGES.noteNameRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(MESSAGES.noteTextRequired)).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText(/^Name/), 'Door seal');
    await user.type(within(dialog).getByLabelText(/^Note/), 'Checked again.');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(MESSAGES.noteNameTaken)).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText(/^Name/));
    await user.type(within(dialog).getByLabelText(/^Name/), 'Hinge');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Checked again.')).toBeInTheDocument();
  });

  it('asks before deleting a note, shows a failed delete as an error and deletes on a second try', async () => {
    const user = userEvent.setup();
    renderScreen(<DeviceNotesTab kind="gateways" id="GW1" canWrite />);
    await user.click(await screen.findByRole('button', { name: 'Delete note Door seal' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete note' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(deleteAttempts).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Delete note Door seal' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete note' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(MESSAGES.concurrentChange)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('Seal replaced in March.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete note Door seal' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete note' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Note "Door seal" deleted.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Seal replaced in March.')).toBeNull());
    expect(deleteAttempts).toBe(2);
  });
});
