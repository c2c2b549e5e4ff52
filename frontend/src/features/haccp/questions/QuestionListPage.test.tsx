import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@domain/core/messages';
import type { QuestionTemplate } from '@domain/haccp/question';
import type { ApiRequest } from '../../../api/apiFetch';
import { fake } from '../../../test/fakeApi';
import { renderScreen } from '../../../test/render';
import { enter } from '../../../test/userInput';
import QuestionListPage from './QuestionListPage';

vi.mock('../../../session/useAuth', () => import('../../../test/fakeApi'));
vi.mock('../../../api/apiFetch', () => import('../../../test/fakeApi'));

const at = '2026-01-15T10:00:00.000Z';
const template = (id: string, text: string, extra: Partial<QuestionTemplate> = {}): QuestionTemplate => ({
  id, name: text, text, type: 'yesNo', options: [{ id: 'y', name: 'Yes', isException: false }, { id: 'n', name: 'No', isException: true }],
  correctiveActionIds: [], additionalFields: [], required: true, createdAt: at, updatedAt: at, createdBy: 'x', updatedBy: 'x', version: 1, ...extra,
});

function answer(path: string, request?: ApiRequest): unknown {
  if (path.startsWith('/account/gridsettings/')) return {};
  if (path === '/locations/navbar') return { locations: [] };
  if (path === '/locations/names') return { locations: {}, sites: {} };
  if (request?.method !== undefined) throw new Error(`unexpected call ${request.method} ${path}`);
  if (path === '/questions?limit=100') return { items: [template('t-1', 'Hands washed?')] };
  if (path === '/correctiveactions?limit=100') return { items: [{ id: 'ca-1', name: 'Discard product' }] };
  if (path.startsWith('/sensors?') || path.endsWith('?limit=100')) return { items: [] };
  throw new Error(`unexpected call GET ${path}`);
}

describe('QuestionListPage', () => {
  beforeEach(() => {
    fake.role = 'admin';
    fake.api.mockReset();
    fake.api.mockImplementation(answer);
  });

  it('lists the questions by type; a probe question needs its thresholds, then is added with its corrective action', async () => {
    const user = userEvent.setup({ delay: null });
    renderScreen(<QuestionListPage />);
    const row = (await screen.findByText('Hands washed?')).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('Yes / No')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add question' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add question to the Question List' });
    await enter(user, within(dialog).getByRole('textbox', { name: /^Question/ }), 'Chicken core temperature');
    await user.click(within(dialog).getByRole('combobox', { name: /^Type/ }));
    await user.click(await screen.findByRole('option', { name: 'Probe temperature' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findAllByText(MESSAGES.questionThresholdsRequired)).toHaveLength(2);

    await enter(user, within(dialog).getByRole('textbox', { name: /^Min/ }), '75');
    await enter(user, within(dialog).getByRole('textbox', { name: /^Max/ }), '100');
    await user.click(within(dialog).getByRole('button', { name: 'Add corrective action' }));
    await user.click(within(dialog).getByRole('combobox', { name: /^Corrective action 1/ }));
    await user.click(await screen.findByRole('option', { name: 'Discard product' }));
    fake.api.mockImplementation((path, request) => {
      if (request?.method === 'POST' && path === '/questions') return template('t-2', 'Chicken core temperature', { type: 'probeTemperature', options: [], min: 75, max: 100, correctiveActionIds: ['ca-1'] });
      return answer(path, request);
    });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.api).toHaveBeenCalledWith('/questions', expect.objectContaining({
      method: 'POST', body: expect.objectContaining({ text: 'Chicken core temperature', type: 'probeTemperature', min: '75', max: '100', correctiveActionIds: ['ca-1'] }),
    })));
    expect(await screen.findByText('Chicken core temperature')).toBeInTheDocument();
  });
});
