import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@domain/core/messages';
import type { SensorInput } from '@domain/devices/sensor';
import type { ApiRequest } from '../../api/apiFetch';
import { ApiError } from '../../api/ApiError';
import { renderScreen } from '../../test/render';
import { enter } from '../../test/userInput';
import { lookupAnswer } from '../../test/sensorFixtures';
import { SensorFormDialog } from './SensorFormDialog';

const fake = vi.hoisted(() => ({ api: vi.fn<(path: string, request?: ApiRequest) => unknown>() }));

vi.mock('../../api/apiFetch', () => ({
  apiFetch: async (path: string, request?: ApiRequest) => fake.api(path, request),
  apiFetchAs: async (schema: { parse(value: unknown): unknown }, path: string, request?: ApiRequest) =>
    schema.parse(await fake.api(path, request)),
}));

type User = ReturnType<typeof userEvent.setup>;

async function pick(user: User, field: RegExp, option: string, within_: HTMLElement = document.body) {
  await user.click(within(within_).getByRole('combobox', { name: field }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('SensorFormDialog', () => {
  beforeEach(() => {
    fake.api.mockReset();
    fake.api.mockImplementation((path, request) => {
      const known = lookupAnswer(path);
      if (known !== undefined) return known;
      throw new Error(`unexpected call ${request?.method ?? 'GET'} ${path}`);
    });
  });

  it('shows the spec messages for every required field', async () => {
    const onSave = vi.fn(async () => undefined);
    const user = userEvent.setup();
    renderScreen(<SensorFormDialog onSave={onSave} onClose={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    for (const message of [
      MESSAGES.sensorModelRequired, MESSAGES.sensorIdRequired, MESSAGES.sensorNameRequired, MESSAGES.sensorLocationRequired,
      MESSAGES.sensorSiteRequired, MESSAGES.sensorGatewayRequired, MESSAGES.connectionTypeRequired, MESSAGES.sensorChannelsRequired,
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(onSave).not.toHaveBeenCalled();

    // The model fills in its one connection type and its channel: their messages go.
    await pick(user, /^Model/, 'ColdTrack CT-100 Temperature');
    await waitFor(() => expect(screen.queryByText(MESSAGES.connectionTypeRequired)).toBeNull());
    expect(screen.queryByText(MESSAGES.sensorChannelsRequired)).toBeNull();
    expect(screen.getByRole('combobox', { name: /^Connection type/ })).toHaveTextContent('Sub-GHz radio');
  });

  it('lets the model decide the channels and labels, checks the id against it, and saves what the API takes', async () => {
    const onSave = vi.fn<(input: SensorInput) => Promise<void>>(async () => undefined);
    const user = userEvent.setup();
    renderScreen(<SensorFormDialog defaults={{ locationId: 'l-1', siteId: 's-1' }} onSave={onSave} onClose={() => undefined} />);
    await pick(user, /^Model/, 'ColdTrack CT-500D Door Contact');
    // A contact model: two channels (contact, temperature) and the default labels.
    expect(screen.getByRole('group', { name: 'Channel 1' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Channel 2' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Open label/)).toHaveValue('Open');
    expect(screen.getByLabelText(/^Close label/)).toHaveValue('Closed');
    expect(screen.getByText('Format: 8 hexadecimal characters (0-9, A-F)')).toBeInTheDocument();

    await enter(user, screen.getByLabelText(/^Sensor ID/), 'AB-12');
    await enter(user, screen.getByLabelText(/^Name/), 'Back Door');
    await pick(user, /^Gateway/, 'Kitchen Gateway');
    await pick(user, /^Connection type/, 'LoRaWAN');
    for (const channel of ['Channel 1', 'Channel 2']) {
      await pick(user, /^Data logging profile/, 'Every 5 minutes', screen.getByRole('group', { name: channel }));
    }
    // The organisation's alarm profiles, by name.
    await pick(user, /^Alarm profile/, 'Walk-in cooler');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.sensorIdSpecialCharacters)).toBeInTheDocument();

    await user.clear(screen.getByLabelText(/^Sensor ID/));
    await enter(user, screen.getByLabelText(/^Sensor ID/), 'ab12cd34');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave.mock.calls[0]?.[0]).toMatchObject({
      id: 'AB12CD34', name: 'Back Door', deviceModel: 'CT-500D', locationId: 'l-1', siteId: 's-1', gatewayId: 'A84041000181B2C1',
      connectionType: 'loraWan', openLabel: 'Open', closeLabel: 'Closed', alarmProfileId: 'ap-1',
      channels: [
        { channel: 1, dataLoggingProfileId: 'p-1', sensorType: 'contact', sensorSubType: 'door' },
        { channel: 2, dataLoggingProfileId: 'p-1', sensorType: 'temperature', sensorSubType: 'ambient' },
      ],
    });
  });

  it('shows the API refusal of a sensor already added to another site on the id', async () => {
    const onSave = vi.fn(async () => {
      throw new ApiError(409, MESSAGES.sensorAddedToAnotherSite, { code: 'sensorAddedToAnotherSite', field: 'id' });
    });
    const user = userEvent.setup();
    renderScreen(<SensorFormDialog defaults={{ locationId: 'l-1', siteId: 's-1' }} onSave={onSave} onClose={() => undefined} />);
    await pick(user, /^Model/, 'ColdTrack CT-100 Temperature');
    await enter(user, screen.getByLabelText(/^Sensor ID/), 'A1B2C3D4');
    await enter(user, screen.getByLabelText(/^Name/), 'Fridge');
    await pick(user, /^Gateway/, 'Kitchen Gateway');
    await pick(user, /^Data logging profile/, 'Every 5 minutes');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const id = screen.getByLabelText(/^Sensor ID/);
    await waitFor(() => expect(id).toHaveAccessibleDescription(MESSAGES.sensorAddedToAnotherSite));
  });
});
