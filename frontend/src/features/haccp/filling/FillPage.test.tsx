import { IDBFactory } from 'fake-indexeddb';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiRequest } from '../../../api/apiFetch';
import type { FillQuestion, InstanceDetail } from '../../../api/haccp';
import { updateClientState } from '../../../session/clientState';
import { fake } from '../../../test/fakeApi';
import { renderScreen } from '../../../test/render';
import { flushQueue, queueSnapshot, resetQueueForTests } from './answerQueue';
import FillPage from './FillPage';
import { ASYNC_WAIT_MS } from '../../../test/waiting';

vi.mock('../../../session/useAuth', () => import('../../../test/fakeApi'));
vi.mock('../../../api/apiFetch', () => import('../../../test/fakeApi'));

const question = (overrides: Partial<FillQuestion> & Pick<FillQuestion, 'id' | 'text' | 'type'>): FillQuestion => ({
  options: [], correctiveActionIds: [], additionalFields: [], required: true, ...overrides,
});

const PROBE = question({ id: 'q-probe', text: 'Probe the chicken', type: 'probeTemperature', min: 0, max: 5, correctiveActionIds: ['ca-1', 'ca-2'] });
const SCALE = question({ id: 'q-scale', text: 'Scale reading', type: 'numeric', min: 1, max: 3 });
const CLEAN = question({ id: 'q-clean', text: 'Is the slicer clean?', type: 'yesNo', options: [{ id: 'yes', name: 'Yes', isException: false }, { id: 'no', name: 'No', isException: true }] });
const FRIDGE = question({ id: 'q-fridge', text: 'Walk-in cooler', type: 'sensorTemperature', sensorId: 'S-1', min: 0, max: 5 });

function detail(overrides: Partial<InstanceDetail['checklist']> = {}): InstanceDetail {
  const now = Date.now();
  return {
    id: 'i-1', checklistId: 'c-1', checklistName: 'Opening checks', siteId: 's-1', siteName: 'Main Kitchen', shiftName: 'Morning',
    windowStart: new Date(now - 3_600_000).toISOString(), windowEnd: new Date(now + 3_600_000).toISOString(), state: 'inProgress',
    answeredCount: 0, questionCount: 4,
    checklist: {
      name: 'Opening checks', description: '', allowPartialUpload: false, allowManualReadings: false, allowNotApplicable: false,
      questions: [PROBE, SCALE, CLEAN, FRIDGE], ...overrides,
    },
    answers: [],
    informationItems: [],
    correctiveActions: [{ id: 'ca-1', name: 'Discard the food' }, { id: 'ca-2', name: 'Cook again to 75 °C' }],
    liveReadings: { 'S-1': { value: 3.4, unit: '°C', at: new Date(now - 60_000).toISOString() } },
  };
}

let instance: InstanceDetail;
let online: boolean;
let sent: { path: string; body: unknown }[];

function answer(path: string, request?: ApiRequest): unknown {
  const method = request?.method ?? 'GET';
  if (method === 'GET' && path === '/haccp/instances/i-1') return instance;
  if (method === 'PUT' && path.startsWith('/haccp/instances/i-1/answers/')) {
    sent.push({ path, body: request?.body });
    return {};
  }
  if (method === 'POST' && path === '/haccp/instances/i-1/submit') {
    sent.push({ path, body: request?.body });
    return {};
  }
  throw new Error(`unexpected call ${method} ${path}`);
}

function renderFill() {
  // The whole list: every question on one page.
  window.localStorage.setItem('haccpFillMode', 'all');
  return renderScreen(<Routes><Route path="/app/haccp/fill/:instanceId" element={<FillPage />} /><Route path="/app/haccp/today" element={<p>Today</p>} /></Routes>, { route: '/app/haccp/fill/i-1' });
}

const card = async (name: string) => screen.findByRole('region', { name });

describe('filling a checklist', () => {
  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory();
    resetQueueForTests();
    online = false;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    instance = detail();
    sent = [];
    fake.role = 'basicuser';
    updateClientState({ haccpAvailable: true });
    fake.api.mockReset();
    fake.api.mockImplementation(answer);
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await i18next.changeLanguage('en');
  });

  it('asks for a corrective action when a reading typed with a decimal comma is out of range, and keeps both in the answer', async () => {
    await i18next.changeLanguage('fr');
    const user = userEvent.setup();
    renderFill();
    const probe = await card('Probe the chicken');
    expect(within(probe).getByText('Autorisé : de 0 à 5')).toBeInTheDocument();
    await user.type(within(probe).getByRole('textbox', { name: 'Votre réponse' }), '8,5');
    const prompt = within(probe).getByRole('group', { name: 'Cette réponse est hors limites : une action corrective est requise.' });
    const save = within(probe).getByRole('button', { name: 'Enregistrer la réponse' });
    expect(save).toBeDisabled();
    await user.click(within(prompt).getByRole('radio', { name: 'Discard the food' }));
    expect(save).toBeEnabled();
    await user.click(save);

    // Offline: kept on the device with its idempotency key, shown as waiting.
    await vi.waitFor(() => expect(queueSnapshot()).toHaveLength(1), { timeout: ASYNC_WAIT_MS });
    expect(queueSnapshot()[0]).toMatchObject({ kind: 'answer', instanceId: 'i-1', questionId: 'q-probe', body: { value: 8.5, correctiveActionId: 'ca-1' } });
    expect(queueSnapshot()[0]?.body.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByRole('status')).toHaveTextContent("1 réponse en attente d'envoi");
    expect(within(probe).getByText("En attente d'envoi")).toBeInTheDocument();
    expect(sent).toEqual([]);

    online = true;
    await flushQueue();
    expect(sent).toEqual([{ path: '/haccp/instances/i-1/answers/q-probe', body: expect.objectContaining({ value: 8.5, correctiveActionId: 'ca-1' }) }]);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('says "No corrective measures found" when the question lists none, and takes the action as text', async () => {
    const user = userEvent.setup();
    renderFill();
    const scale = await card('Scale reading');
    await user.type(within(scale).getByRole('textbox', { name: 'Your answer' }), '2');
    expect(within(scale).queryByRole('group')).not.toBeInTheDocument();
    await user.clear(within(scale).getByRole('textbox', { name: 'Your answer' }));
    await user.type(within(scale).getByRole('textbox', { name: 'Your answer' }), '7');
    expect(within(scale).getByText('No corrective measures found')).toBeInTheDocument();
    const save = within(scale).getByRole('button', { name: 'Save answer' });
    expect(save).toBeDisabled();
    await user.type(within(scale).getByRole('textbox', { name: 'Corrective action taken' }), 'Scale recalibrated');
    await user.click(save);
    await vi.waitFor(() => expect(queueSnapshot()).toHaveLength(1), { timeout: ASYNC_WAIT_MS });
    expect(queueSnapshot()[0]?.body).toMatchObject({ value: 7, correctiveActionText: 'Scale recalibrated' });
  });

  it('asks for a corrective action when a yes/no answer is the exception', async () => {
    const user = userEvent.setup();
    renderFill();
    const clean = await card('Is the slicer clean?');
    await user.click(within(clean).getByRole('button', { name: 'Yes' }));
    expect(within(clean).queryByText('This answer is out of limits: a corrective action is required.')).not.toBeInTheDocument();
    await user.click(within(clean).getByRole('button', { name: 'No' }));
    expect(within(clean).getByText('This answer is out of limits: a corrective action is required.')).toBeInTheDocument();
  });

  it('offers N/A only where the checklist allows it', async () => {
    const user = userEvent.setup();
    const { unmount } = renderFill();
    expect(await card('Probe the chicken')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'N/A' })).not.toBeInTheDocument();
    unmount();

    instance = detail({ allowNotApplicable: true });
    renderFill();
    const probe = await card('Probe the chicken');
    await user.click(within(probe).getByRole('button', { name: 'N/A' }));
    expect(within(probe).getByRole('textbox', { name: 'Your answer' })).toBeDisabled();
    await user.click(within(probe).getByRole('button', { name: 'Save answer' }));
    await vi.waitFor(() => expect(queueSnapshot()).toHaveLength(1), { timeout: ASYNC_WAIT_MS });
    expect(queueSnapshot()[0]?.body).toMatchObject({ notApplicable: true });
    expect(queueSnapshot()[0]?.body).not.toHaveProperty('value');
  });

  it("offers the sensor's live reading, and a typed-in reading only where manual readings are allowed", async () => {
    const user = userEvent.setup();
    const { unmount } = renderFill();
    let fridge = await card('Walk-in cooler');
    expect(within(fridge).getByText(/^Live reading: 3\.4 °C at /)).toBeInTheDocument();
    expect(within(fridge).queryByRole('textbox', { name: 'Reading typed in' })).not.toBeInTheDocument();
    await user.click(within(fridge).getByRole('button', { name: 'Use this reading' }));
    await user.click(within(fridge).getByRole('button', { name: 'Save answer' }));
    await vi.waitFor(() => expect(queueSnapshot()).toHaveLength(1), { timeout: ASYNC_WAIT_MS });
    expect(queueSnapshot()[0]?.body).toMatchObject({ value: 3.4 });
    expect(queueSnapshot()[0]?.body).not.toHaveProperty('manualReading');
    unmount();
    resetQueueForTests();
    globalThis.indexedDB = new IDBFactory();

    instance = detail({ allowManualReadings: true });
    renderFill();
    fridge = await card('Walk-in cooler');
    await user.type(within(fridge).getByRole('textbox', { name: 'Reading typed in' }), '4.1');
    await user.click(within(fridge).getByRole('button', { name: 'Save answer' }));
    await vi.waitFor(() => expect(queueSnapshot()).toHaveLength(1), { timeout: ASYNC_WAIT_MS });
    expect(queueSnapshot()[0]?.body).toMatchObject({ value: 4.1, manualReading: true });
  });

  it("takes a dishwasher's wash and rinse from its sensor's first and second channels", async () => {
    const user = userEvent.setup();
    const washer = question({ id: 'q-washer', text: 'Dishwasher', type: 'dishwasher', dishwasherSensorId: 'D-1', min: 55, max: 90 });
    const at = new Date(Date.now() - 60_000).toISOString();
    instance = { ...detail({ questions: [washer] }), questionCount: 1, liveReadings: { 'D-1': { value: 62, secondValue: 83, unit: '°C', at } } };
    renderFill();
    const washerCard = await card('Dishwasher');
    await user.click(within(washerCard).getByRole('button', { name: 'Use this reading' }));
    await user.click(within(washerCard).getByRole('button', { name: 'Save answer' }));
    await vi.waitFor(() => expect(queueSnapshot()).toHaveLength(1), { timeout: ASYNC_WAIT_MS });
    expect(queueSnapshot()[0]?.body).toMatchObject({ value: { wash: 62, rinse: 83 } });
  });

  it('submits only once every required question is answered, unless partial upload is allowed', async () => {
    const user = userEvent.setup();
    instance = { ...detail(), answers: [{ questionId: 'q-probe', value: 3 }, { questionId: 'q-scale', value: 2 }, { questionId: 'q-clean', value: 'yes' }] };
    const { unmount } = renderFill();
    const submit = await screen.findByRole('button', { name: 'Submit checklist' });
    expect(submit).toBeDisabled();
    expect(screen.getByText('Answer every question to submit.')).toBeInTheDocument();
    const fridge = await card('Walk-in cooler');
    await user.click(within(fridge).getByRole('button', { name: 'Use this reading' }));
    await user.click(within(fridge).getByRole('button', { name: 'Save answer' }));
    await vi.waitFor(() => expect(submit).toBeEnabled(), { timeout: ASYNC_WAIT_MS });
    unmount();

    instance = { ...detail({ allowPartialUpload: true }), answers: [{ questionId: 'q-probe', value: 3 }] };
    resetQueueForTests();
    globalThis.indexedDB = new IDBFactory();
    renderFill();
    expect(await screen.findByRole('button', { name: 'Submit answered questions' })).toBeEnabled();
  });

  it('takes the submission offline after answers still waiting to send, and sends the answers first', async () => {
    const user = userEvent.setup();
    instance = { ...detail(), answers: [{ questionId: 'q-probe', value: 3 }, { questionId: 'q-scale', value: 2 }, { questionId: 'q-clean', value: 'yes' }] };
    renderFill();
    const fridge = await card('Walk-in cooler');
    await user.click(within(fridge).getByRole('button', { name: 'Use this reading' }));
    await user.click(within(fridge).getByRole('button', { name: 'Save answer' }));
    // Offline: the answer counts, shown as waiting to send, and the checklist may be submitted.
    expect(await within(fridge).findByText('Waiting to send')).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Submit checklist' });
    await vi.waitFor(() => expect(submit).toBeEnabled(), { timeout: ASYNC_WAIT_MS });
    await user.click(submit);
    await vi.waitFor(() => expect(queueSnapshot().map((item) => item.kind)).toEqual(['answer', 'submit']), { timeout: ASYNC_WAIT_MS });
    expect(await screen.findByText('Today')).toBeInTheDocument();
    expect(sent).toEqual([]);

    online = true;
    await flushQueue();
    expect(sent.map((call) => call.path)).toEqual(['/haccp/instances/i-1/answers/q-fridge', '/haccp/instances/i-1/submit']);
  });
});
