import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@domain/core/messages';
import type { QuickRegisterResult } from '@domain/devices/sensor';
import type { ApiRequest } from '../../api/apiFetch';
import { renderScreen } from '../../test/render';
import { gatewayFixture, navbarFixture } from '../../test/gatewayFixtures';
import QuickRegisterPage from './QuickRegisterPage';

const fake = vi.hoisted(() => ({
  api: vi.fn<(path: string, request?: ApiRequest) => unknown>(),
}));

vi.mock('../../api/apiFetch', () => ({
  apiFetch: async (path: string, request?: ApiRequest) => fake.api(path, request),
  apiFetchAs: async (schema: { parse(value: unknown): unknown }, path: string, request?: ApiRequest) =>
    schema.parse(await fake.api(path, request)),
}));

const at = '2026-01-15T10:00:00.000Z';
const profile = {
  id: 'p-1', name: 'Every 15 minutes', description: '', enabled: true, valueToLog: 'average', intervalMinutes: 15, calculationWindowMinutes: 15,
  deviation: 0.5, schedule: { kind: 'always' }, useCount: 0, createdAt: at, updatedAt: at, createdBy: 'x', updatedBy: 'x', version: 1,
};

function answer(path: string, request?: ApiRequest): unknown {
  if (path === '/locations/navbar') return navbarFixture;
  if (path === '/dataloggingprofiles?limit=100') return { items: [profile] };
  if (path === '/gateways?limit=100&siteId=s-2') return { items: [gatewayFixture('0016C001F000A1B2', 'Bakery gateway', { siteId: 's-2' })] };
  throw new Error(`unexpected call ${request?.method ?? 'GET'} ${path}`);
}

async function choose(user: ReturnType<typeof userEvent.setup>, field: RegExp, option: string) {
  await user.click(screen.getByRole('combobox', { name: field }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('QuickRegisterPage', () => {
  beforeEach(() => {
    fake.api.mockReset();
    fake.api.mockImplementation(answer);
  });

  it('asks where the sensors go and what they are, and for at least one id, before any call', async () => {
    const user = userEvent.setup();
    renderScreen(<QuickRegisterPage />);
    await user.click(await screen.findByRole('button', { name: 'Register' }));
    expect(await screen.findByText(MESSAGES.sensorLocationRequired)).toBeVisible();
    expect(screen.getByText(MESSAGES.sensorSiteRequired)).toBeVisible();
    expect(screen.getByText(MESSAGES.sensorGatewayRequired)).toBeVisible();
    expect(screen.getByText(MESSAGES.sensorModelRequired)).toBeVisible();
    expect(screen.getByText(MESSAGES.connectionTypeRequired)).toBeVisible();
    expect(screen.getByText(MESSAGES.channelLogProfileRequired)).toBeVisible();
    expect(fake.api).not.toHaveBeenCalledWith('/sensors/quickregister', expect.anything());
  });

  it('sends the pasted and scanned ids and shows a result per line with the failures in the API words', async () => {
    const user = userEvent.setup();
    renderScreen(<QuickRegisterPage />);
    const result: QuickRegisterResult = {
      results: [
        { line: 1, id: 'A1B2C3D4', status: 'registered' },
        { line: 2, id: 'A1B2-C3D4', status: 'failed', message: MESSAGES.sensorIdSpecialCharacters },
        { line: 3, id: '0000ABCD', status: 'failed', message: MESSAGES.sensorAlreadyAdded },
      ],
      registered: 1,
      failed: 2,
    };
    fake.api.mockImplementation((path, request) => (request?.method === 'POST' && path === '/sensors/quickregister' ? result : answer(path, request)));

    await choose(user, /^Location/, 'Head Office');
    await choose(user, /^Site/, 'Bakery');
    await choose(user, /^Gateway/, 'Bakery gateway (0016C001F000A1B2)');
    await choose(user, /^Device model/, 'ColdTrack CT-100 Temperature');
    // The model has one connection type: chosen for the user.
    expect(screen.getByRole('combobox', { name: /^Connection type/ })).toHaveTextContent('Sub-GHz radio');
    await choose(user, /^Data logging profile/, 'Every 15 minutes');
    const ids = screen.getByRole('textbox', { name: /^Sensor ids/ });
    // Pasted, then scanned: a scanner types the id and Enter.
    await user.click(ids);
    await user.paste('a1b2c3d4\nA1B2-C3D4\n');
    await user.type(ids, '0000abcd{Enter}');
    expect(screen.getByText('3 sensor id(s) in the list')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Register' }));

    const table = await screen.findByRole('table', { name: 'Quick Register results' });
    const rows = within(table).getAllByRole('row');
    // Line, id, result and message of each line.
    expect(rows.slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['1', 'A1B2C3D4', 'Registered', ''],
      ['2', 'A1B2-C3D4', 'Failed', MESSAGES.sensorIdSpecialCharacters],
      ['3', '0000ABCD', 'Failed', MESSAGES.sensorAlreadyAdded],
    ]);
    expect(screen.getAllByText('1 registered, 2 failed').length).toBeGreaterThan(0);
    expect(fake.api).toHaveBeenCalledWith('/sensors/quickregister', {
      method: 'POST',
      body: expect.objectContaining({
        locationId: 'l-1', siteId: 's-2', gatewayId: '0016C001F000A1B2', deviceModel: 'CT-100', connectionType: 'subGhz',
        dataLoggingProfileId: 'p-1', deviceStatus: 'active', lines: 'a1b2c3d4\nA1B2-C3D4\n0000abcd\n',
      }),
    });

    // The failed lines stay for another try.
    await user.click(screen.getByRole('button', { name: 'Keep only the failed lines' }));
    expect(ids).toHaveValue('A1B2-C3D4\n0000abcd\n');
    expect(screen.queryByRole('table', { name: 'Quick Register results' })).toBeNull();
  });
});
