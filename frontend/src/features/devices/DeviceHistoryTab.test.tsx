import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiRequest } from '../../api/apiFetch';
import { renderScreen } from '../../test/render';
import { DeviceHistoryTab } from './DeviceHistoryTab';

const fake = vi.hoisted(() => ({ api: vi.fn<(path: string, request?: ApiRequest) => unknown>() }));

vi.mock('../../api/apiFetch', () => ({
  apiFetch: async (path: string, request?: ApiRequest) => fake.api(path, request),
  apiFetchAs: async (schema: { parse(value: unknown): unknown }, path: string, request?: ApiRequest) =>
    schema.parse(await fake.api(path, request)),
}));

const actor = { userId: 'u-1', email: 'admin@demo.example', role: 'admin' };

describe('the history tab', () => {
  beforeEach(() => {
    fake.api.mockReset();
    fake.api.mockImplementation((path) => {
      if (path.startsWith('/sensors/A1B2C3D4/history?')) {
        return {
          items: [
            { id: 'h-2', at: '2026-03-10T10:00:00.000Z', actor, action: 'update', summary: 'disable', changes: [{ field: 'disabled', before: false, after: true }] },
            // A created field comes without `before` (JSON has no undefined).
            { id: 'h-1', at: '2026-03-10T09:00:00.000Z', actor, action: 'create', changes: [{ field: 'name', after: 'Walk-in Fridge' }] },
          ],
        };
      }
      throw new Error(`unexpected call ${path}`);
    });
  });

  it('lists who changed what and when, newest first, creations included', async () => {
    renderScreen(<DeviceHistoryTab kind="sensors" id="A1B2C3D4" />);
    const table = await screen.findByRole('table', { name: 'History' });
    const rows = await within(table).findAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1] as HTMLElement).getByText('Updated (disabled)')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('disabled: false → true')).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText('Created')).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText('Name: – → Walk-in Fridge')).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText('admin@demo.example')).toBeInTheDocument();
  });
});
