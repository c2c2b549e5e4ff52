import { IDBFactory } from 'fake-indexeddb';
import { screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiRequest } from '../../../api/apiFetch';
import type { InstanceState, TodayInstance } from '../../../api/haccp';
import { updateClientState } from '../../../session/clientState';
import { fake } from '../../../test/fakeApi';
import { renderScreen } from '../../../test/render';
import { enqueue, resetQueueForTests, startQueue } from './answerQueue';
import TodayPage from './TodayPage';
import { ASYNC_WAIT_MS } from '../../../test/waiting';

vi.mock('../../../session/useAuth', () => import('../../../test/fakeApi'));
vi.mock('../../../api/apiFetch', () => import('../../../test/fakeApi'));

// Windows of today (the card shows times alone for today's), in the browser's time zone as the page formats them.
const today = new Date();
const at = (hours: number) => new Date(today.getFullYear(), today.getMonth(), today.getDate(), hours).toISOString();

function instance(id: string, name: string, state: InstanceState, start: number, end: number): TodayInstance {
  return { id, checklistId: `c-${id}`, checklistName: name, siteId: 's-1', siteName: 'Main Kitchen', shiftName: 'Morning', windowStart: at(start), windowEnd: at(end), state, answeredCount: 1, questionCount: 4 };
}

const TODAY: TodayInstance[] = [
  instance('i-1', 'Opening checks', 'completedOnTime', 6, 8),
  instance('i-2', 'Fryer oil', 'missed', 5, 6),
  instance('i-3', 'Closing checks', 'outstanding', 20, 22),
  instance('i-4', 'Fridge temperatures', 'overdue', 7, 9),
  instance('i-5', 'Delivery check', 'inProgress', 9, 11),
  instance('i-6', 'Cleaning round', 'completedLate', 6, 7),
];

let asked: string[];
function answer(path: string, request?: ApiRequest): unknown {
  asked.push(`${request?.method ?? 'GET'} ${path}`);
  if (path === '/haccp/today') return { items: TODAY };
  // The open ones are fetched ahead for offline use; what they hold is the filling page's test.
  if (path.startsWith('/haccp/instances/')) return undefined;
  throw new Error(`unexpected call ${path}`);
}

describe('Today', () => {
  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory();
    resetQueueForTests();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    fake.role = 'basicuser';
    updateClientState({ haccpAvailable: true });
    asked = [];
    fake.api.mockReset();
    fake.api.mockImplementation(answer);
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await i18next.changeLanguage('en');
  });

  it('lists the checklists due with their window and state, most urgent first', async () => {
    renderScreen(<TodayPage />, { route: '/app/haccp/today' });
    const list = await screen.findByRole('list', { name: 'Today' });
    const cards = await within(list).findAllByRole('listitem');
    const names = cards.map((card) => within(card).getByRole('heading').textContent);
    expect(names).toEqual(['Fridge temperatures', 'Delivery check', 'Closing checks', 'Fryer oil', 'Cleaning round', 'Opening checks']);
    const states = cards.map((card) => within(card).getByText(/Overdue|In progress|Outstanding|Missed|Completed late|Completed on time/).textContent);
    expect(states).toEqual(['Overdue', 'In progress', 'Outstanding', 'Missed', 'Completed late', 'Completed on time']);
    const fridge = cards[0];
    if (fridge === undefined) throw new Error('no card');
    expect(within(fridge).getByText('Main Kitchen · Morning')).toBeInTheDocument();
    expect(within(fridge).getByText(/^Window: 7:00\sAM – 9:00\sAM$/)).toBeInTheDocument();
    expect(within(fridge).getByText('1 of 4 answered')).toBeInTheDocument();
    expect(within(fridge).getByRole('link', { name: 'Open checklist Fridge temperatures' })).toHaveAttribute('href', '/app/haccp/fill/i-4');
    // Only the open ones are fetched ahead, so they open with the connection gone.
    await vi.waitFor(() => expect(asked.filter((call) => call.startsWith('GET /haccp/instances/')).sort()).toEqual(['GET /haccp/instances/i-3', 'GET /haccp/instances/i-4', 'GET /haccp/instances/i-5']), { timeout: ASYNC_WAIT_MS });
  });

  it("shows the windows' times in the language shown: 24-hour in French and Spanish", async () => {
    await i18next.changeLanguage('fr');
    const { unmount } = renderScreen(<TodayPage />, { route: '/app/haccp/today' });
    const fridge = await screen.findByRole('link', { name: 'Ouvrir la checklist Fridge temperatures' });
    expect(within(fridge).getByText(/^Créneau\s:\s07:00 – 09:00$/)).toBeInTheDocument();
    unmount();
    await i18next.changeLanguage('es');
    renderScreen(<TodayPage />, { route: '/app/haccp/today' });
    const closing = await screen.findByRole('link', { name: /Closing checks/ });
    expect(within(closing).getByText(/20:00 – 22:00/)).toBeInTheDocument();
  });

  it('shows how many answers wait on the device to be sent, in the plural and singular', async () => {
    const body = (key: string) => ({ idempotencyKey: key, value: 3, answeredAt: at(8) });
    // The fake signed-in user's account (test/fakeApi.ts).
    startQueue('a-1');
    await enqueue({ kind: 'answer', instanceId: 'i-4', questionId: 'q-1', body: body('key-1') });
    await enqueue({ kind: 'answer', instanceId: 'i-4', questionId: 'q-2', body: body('key-2') });
    const { unmount } = renderScreen(<TodayPage />, { route: '/app/haccp/today' });
    expect(await screen.findByRole('status')).toHaveTextContent('2 answers waiting to send');
    unmount();
    resetQueueForTests();
    globalThis.indexedDB = new IDBFactory();
    startQueue('a-1');
    await enqueue({ kind: 'answer', instanceId: 'i-4', questionId: 'q-1', body: body('key-3') });
    renderScreen(<TodayPage />, { route: '/app/haccp/today' });
    expect(await screen.findByRole('status')).toHaveTextContent('1 answer waiting to send');
  });

  it('tells a user without HACCP access why, without calling the API (its refusal would end the session)', async () => {
    updateClientState({ haccpAvailable: false });
    renderScreen(<TodayPage />, { route: '/app/haccp/today' });
    expect(await screen.findByText('You do not have access to HACCP checklists.')).toBeInTheDocument();
    expect(asked).toEqual([]);
  });

  it('says when nothing is due', async () => {
    fake.api.mockImplementation(async () => ({ items: [] }));
    renderScreen(<TodayPage />, { route: '/app/haccp/today' });
    expect(await screen.findByText('No checklists are due for you today.')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
