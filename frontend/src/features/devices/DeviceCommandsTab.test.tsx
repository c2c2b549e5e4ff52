import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeviceCommand } from '@domain/devices/device-commands';
import { MESSAGES } from '@domain/core/messages';
import type { ApiRequest } from '../../api/apiFetch';
import { renderScreen } from '../../test/render';
import { DeviceCommandsTab } from './DeviceCommandsTab';

const fake = vi.hoisted(() => ({ api: vi.fn<(path: string, request?: ApiRequest) => unknown>() }));

vi.mock('../../api/apiFetch', () => ({
  apiFetch: async (path: string, request?: ApiRequest) => fake.api(path, request),
  apiFetchAs: async (schema: { parse(value: unknown): unknown }, path: string, request?: ApiRequest) =>
    schema.parse(await fake.api(path, request)),
}));

const executed: DeviceCommand = {
  id: '01JABCDEFGHJKMNPQRSTVWXYZ0', deviceKind: 'sensor', deviceId: 'A1B2C3D4', command: 'setWakeUpInterval', parameters: { hours: 6 },
  status: 'executed', response: 'interval set to 6 h', sentAt: '2026-03-10T09:00:00.000Z', executedAt: '2026-03-10T09:00:03.000Z',
  requestedBy: 'admin@demo.example', createdAt: '2026-03-10T09:00:00.000Z',
};

let stored: DeviceCommand[];
let posted: unknown[];

describe('the commands tab', () => {
  beforeEach(() => {
    stored = [executed];
    posted = [];
    fake.api.mockReset();
    fake.api.mockImplementation((path, request) => {
      if (path.startsWith('/sensors/A1B2C3D4/commands?')) return { items: stored };
      if (path === '/sensors/A1B2C3D4/commands' && request?.method === 'POST') {
        posted.push(request.body);
        const body = request.body as { command: DeviceCommand['command']; parameters: Record<string, unknown> };
        const command: DeviceCommand = { ...executed, id: '01JABCDEFGHJKMNPQRSTVWXYZ1', command: body.command, parameters: body.parameters, status: 'sent', sentAt: new Date().toISOString(), response: undefined, executedAt: undefined };
        stored = [command, ...stored];
        return command;
      }
      throw new Error(`unexpected call ${request?.method ?? 'GET'} ${path}`);
    });
  });

  it('lists commands with their status, response, sent and executed times', async () => {
    renderScreen(<DeviceCommandsTab kind="sensors" id="A1B2C3D4" canWrite={false} connectionType="subGhz" />);
    const table = await screen.findByRole('table', { name: 'Commands' });
    const row = (await within(table).findByText('Set wake-up interval')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Executed')).toBeInTheDocument();
    expect(within(row).getByText('interval set to 6 h')).toBeInTheDocument();
    expect(within(row).getByText('Wake-up interval (hours): 6')).toBeInTheDocument();
    // A basic user reads the list but sends nothing.
    expect(screen.queryByRole('form', { name: 'Send a command' })).toBeNull();
  });

  it('offers only the commands of the device, checks the parameter range with the spec message, then sends', async () => {
    const user = userEvent.setup();
    renderScreen(<DeviceCommandsTab kind="sensors" id="A1B2C3D4" canWrite connectionType="subGhz" />);
    await user.click(await screen.findByRole('combobox', { name: 'Command' }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toContain('Set priority');
    // Wi-Fi settings are for Wi-Fi sensors; gateway troubleshooting for gateways.
    expect(options).not.toContain('Set WiFi timeout');
    expect(options).not.toContain('Restart radio');
    await user.click(screen.getByRole('option', { name: 'Set priority' }));

    const priority = screen.getByLabelText(/^Priority/);
    expect(screen.getByText('From 0 to 15')).toBeInTheDocument();
    await user.type(priority, '16');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(MESSAGES.commandPriorityRange)).toBeInTheDocument();
    expect(posted).toEqual([]);

    await user.clear(priority);
    await user.type(priority, '12');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(posted).toEqual([{ command: 'setPriority', parameters: { priority: 12 } }]));
    const table = screen.getByRole('table', { name: 'Commands' });
    const row = (await within(table).findByText('Set priority')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Sent')).toBeInTheDocument();
  });
});
