import { screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AlarmProfile } from '@domain/alarms/alarm-profile';
import { MESSAGES } from '@domain/core/messages';
import type { ApiRequest } from '../../api/apiFetch';
import { ApiError } from '../../api/ApiError';
import { updateClientState } from '../../session/clientState';
import { fake } from '../../test/fakeApi';
import { renderScreen } from '../../test/render';
import { enter } from '../../test/userInput';
import AlarmProfilesPage from './AlarmProfilesPage';

vi.mock('../../session/useAuth', () => import('../../test/fakeApi'));
vi.mock('../../api/apiFetch', () => import('../../test/fakeApi'));

const at = '2026-01-15T10:00:00.000Z';
const profile = (id: string, name: string, extra: Partial<AlarmProfile> = {}): AlarmProfile => ({
  id, name, description: 'Vaccines', types: ['outOfRange', 'lowBattery'], alarmDelayMinutes: 0, notificationDelayMinutes: 0,
  snoozeIntervalMinutes: 30, snoozeLimit: 3, measurement: 'temperature', unit: 'C', min: 2, max: 8, deadband: 0.5,
  batteryThresholdPercent: 20, batteryLifeDays: 365, processBased: false, schedule: { kind: 'always' },
  sensorCount: 2, gatewayCount: 1, createdAt: at, updatedAt: at, createdBy: 'x', updatedBy: 'x', version: 1, ...extra,
});

function answer(path: string, request?: ApiRequest): unknown {
  if (path.startsWith('/account/gridsettings/')) return {};
  if (path === '/alarmprofiles?limit=100' && request?.method === undefined) return { items: [profile('ap-1', 'Vaccine fridge')] };
  throw new Error(`unexpected call ${request?.method ?? 'GET'} ${path}`);
}

describe('AlarmProfilesPage', () => {
  beforeEach(() => {
    fake.role = 'admin';
    fake.api.mockReset();
    fake.api.mockImplementation(answer);
    updateClientState({ uom: 'C' });
  });
  afterEach(async () => {
    updateClientState({ uom: 'C' });
    await i18next.changeLanguage('en');
  });

  it('lists the profiles with their types translated and the limits in the user\'s unit', async () => {
    updateClientState({ uom: 'F' });
    renderScreen(<AlarmProfilesPage />);
    expect(await screen.findByText('Vaccine fridge')).toBeInTheDocument();
    expect(screen.getByText('Out of range, Low battery')).toBeInTheDocument();
    expect(screen.getByText('35.6 to 46.4 °F')).toBeInTheDocument();
    expect(screen.getByText('0 min')).toBeInTheDocument();
  });

  it('gives a basic user no Add, Edit or Delete', async () => {
    fake.role = 'basicuser';
    renderScreen(<AlarmProfilesPage />);
    await screen.findByText('Vaccine fridge');
    expect(screen.queryByRole('button', { name: 'Add alarm profile' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Vaccine fridge' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Vaccine fridge' })).toBeNull();
  });

  it('refuses min above max in the spec\'s words before any call, and sends the limits in the user\'s unit', async () => {
    updateClientState({ uom: 'F' });
    const user = userEvent.setup();
    renderScreen(<AlarmProfilesPage />);
    await screen.findByText('Vaccine fridge');
    fake.api.mockImplementation((path, request) => {
      if (request?.method === 'POST' && path === '/alarmprofiles') return profile('ap-2', 'Walk-in cooler', { min: 0, max: 5 });
      return answer(path, request);
    });
    await user.click(screen.getByRole('button', { name: 'Add alarm profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add alarm profile' });
    await enter(user, within(dialog).getByRole('textbox', { name: /^Name/ }), 'Walk-in cooler');
    await enter(user, within(dialog).getByRole('textbox', { name: /^Description/ }), 'Walk-in coolers');
    await enter(user, within(dialog).getByRole('textbox', { name: /^Min/ }), '41');
    await enter(user, within(dialog).getByRole('textbox', { name: /^Max/ }), '32');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(MESSAGES.alarmMinAboveMax)).toBeVisible();
    expect(fake.api).not.toHaveBeenCalledWith('/alarmprofiles', expect.objectContaining({ method: 'POST' }));

    await user.clear(within(dialog).getByRole('textbox', { name: /^Min/ }));
    await enter(user, within(dialog).getByRole('textbox', { name: /^Min/ }), '32');
    await user.clear(within(dialog).getByRole('textbox', { name: /^Max/ }));
    await enter(user, within(dialog).getByRole('textbox', { name: /^Max/ }), '41');
    const delay = within(dialog).getByRole('textbox', { name: /^Alarm delay/ });
    await user.clear(delay);
    await enter(user, delay, '30');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Alarm profile "Walk-in cooler" added.')).toBeVisible();
    expect(fake.api).toHaveBeenCalledWith('/alarmprofiles', {
      method: 'POST',
      body: expect.objectContaining({ name: 'Walk-in cooler', types: ['outOfRange'], alarmDelayMinutes: 30, measurement: 'temperature', unit: 'F', min: 32, max: 41 }) as unknown,
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add alarm profile' })).toBeNull());
    // The answer's °C limits, shown in °F.
    expect(await screen.findByText('32 to 41 °F')).toBeInTheDocument();
  });

  it('edits in the user\'s unit, and asks for the battery fields only with low battery', async () => {
    updateClientState({ uom: 'F' });
    const user = userEvent.setup();
    renderScreen(<AlarmProfilesPage />);
    await user.click(await screen.findByRole('button', { name: 'Edit Vaccine fridge' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit alarm profile' });
    expect(within(dialog).getByRole('textbox', { name: /^Min/ })).toHaveValue('35.6');
    expect(within(dialog).getByRole('textbox', { name: /^Max/ })).toHaveValue('46.4');
    expect(within(dialog).getByRole('textbox', { name: /^Clearing deadband/ })).toHaveValue('0.9');
    expect(within(dialog).getByRole('textbox', { name: /^Battery threshold/ })).toHaveValue('20');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Low battery' }));
    expect(within(dialog).queryByRole('textbox', { name: /^Battery threshold/ })).toBeNull();

    // Sent in °F without the battery fields; a taken name shows under the name.
    fake.api.mockImplementation((path, request) => {
      if (request?.method === 'PUT') throw new ApiError(409, MESSAGES.alarmProfileNameTaken, { code: 'alarmProfileNameTaken' });
      return answer(path, request);
    });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(MESSAGES.alarmProfileNameTaken)).toBeVisible();
    const body = fake.api.mock.calls.find(([path, request]) => path === '/alarmprofiles/ap-1' && request?.method === 'PUT')?.[1]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ types: ['outOfRange'], unit: 'F', min: 35.6, max: 46.4, deadband: 0.9 });
    expect(body['batteryThresholdPercent']).toBeUndefined();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit alarm profile' })).toBeNull());
  });

  it("shows and reads the limits in the user's language: a decimal comma in French", async () => {
    await i18next.changeLanguage('fr');
    updateClientState({ uom: 'F' });
    const user = userEvent.setup();
    renderScreen(<AlarmProfilesPage />);
    expect(await screen.findByText('De 35,6 à 46,4 °F')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Modifier Vaccine fridge' }));
    const dialog = await screen.findByRole('dialog', { name: "Modifier le profil d'alarme" });
    const min = within(dialog).getByRole('textbox', { name: /^Min/ });
    expect(min).toHaveValue('35,6');
    expect(within(dialog).getByRole('textbox', { name: /^Bande morte/ })).toHaveValue('0,9');
    expect(within(dialog).getByText(/Vide : 0,9 °F\./)).toBeInTheDocument();
    await user.clear(min);
    await user.type(min, '-0,5');
    fake.api.mockImplementation((path, request) => (request?.method === 'PUT' ? profile('ap-1', 'Vaccine fridge') : answer(path, request)));
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(fake.api).toHaveBeenCalledWith('/alarmprofiles/ap-1', expect.objectContaining({ method: 'PUT' })));
    const body = fake.api.mock.calls.find(([path, request]) => path === '/alarmprofiles/ap-1' && request?.method === 'PUT')?.[1]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ unit: 'F', min: -0.5, max: 46.4, deadband: 0.9 });
  });

  it('shows the types and a refused delete in the user\'s language, with the counts', async () => {
    await i18next.changeLanguage('fr');
    const user = userEvent.setup();
    renderScreen(<AlarmProfilesPage />);
    expect(await screen.findByText('Hors plage, Batterie faible')).toBeInTheDocument();
    fake.api.mockImplementation((path, request) => {
      if (request?.method === 'DELETE') {
        throw new ApiError(409, MESSAGES.alarmProfileInUse.replace('{{sensorCount}}', '2').replace('{{gatewayCount}}', '1'), { code: 'alarmProfileInUse' });
      }
      return answer(path, request);
    });
    await user.click(screen.getByRole('button', { name: 'Supprimer Vaccine fridge' }));
    const confirm = await screen.findByRole('dialog', { name: "Supprimer le profil d'alarme" });
    await user.click(within(confirm).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText("Ce profil d'alarme ne peut pas être supprimé : 2 capteur(s) et 1 passerelle(s) l'utilisent.")).toBeVisible();
    expect(fake.api).toHaveBeenCalledWith('/alarmprofiles/ap-1', { method: 'DELETE' });
    expect(screen.getByText('Vaccine fridge')).toBeInTheDocument();
  });
});
