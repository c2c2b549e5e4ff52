import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiRequest } from '../../../api/apiFetch';
import { ApiError } from '../../../api/ApiError';
import { fake } from '../../../test/fakeApi';
import { enqueue, flushQueue, loadQueue, queueSnapshot, resetQueueForTests, startQueue, waitingCount, type NewQueuedItem } from './answerQueue';

vi.mock('../../../api/apiFetch', () => import('../../../test/fakeApi'));

const answer = (questionId: string, key: string, value: number): NewQueuedItem => ({
  kind: 'answer',
  instanceId: 'i-1',
  questionId,
  body: { idempotencyKey: key, value, answeredAt: '2026-11-27T08:00:00.000Z' },
});

let online = true;
let sent: { path: string; request: ApiRequest | undefined }[];

describe('the answer queue (IndexedDB)', () => {
  beforeEach(() => {
    // A fresh database a test: what one test keeps is not the next one's.
    globalThis.indexedDB = new IDBFactory();
    resetQueueForTests();
    online = true;
    startQueue('a-1');
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    sent = [];
    fake.api.mockReset();
    fake.api.mockImplementation(async (path, request) => {
      sent.push({ path, request });
      return {};
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('keeps answers offline, counts them, and sends each once when the connection returns, in order', async () => {
    online = false;
    await enqueue(answer('q-1', 'key-1', 3.5));
    await enqueue(answer('q-2', 'key-2', 4));
    await enqueue({ kind: 'submit', instanceId: 'i-1', body: { idempotencyKey: 'key-3' } });
    await flushQueue();
    expect(sent).toEqual([]);
    expect(waitingCount(queueSnapshot())).toBe(3);

    online = true;
    // The online event, a retry and a new page's start all at once: one run sends.
    window.dispatchEvent(new Event('online'));
    await Promise.all([flushQueue(), flushQueue(), flushQueue()]);
    await flushQueue();

    expect(sent.map(({ path, request }) => [request?.method, path, (request?.body as { idempotencyKey: string }).idempotencyKey])).toEqual([
      ['PUT', '/haccp/instances/i-1/answers/q-1', 'key-1'],
      ['PUT', '/haccp/instances/i-1/answers/q-2', 'key-2'],
      ['POST', '/haccp/instances/i-1/submit', 'key-3'],
    ]);
    expect(queueSnapshot()).toEqual([]);
  });

  it('survives a reload: what was kept is read back from the device and sent once', async () => {
    online = false;
    await enqueue(answer('q-1', 'key-1', 2));
    await enqueue(answer('q-2', 'key-2', 3));
    // A new page (the same database): the module's memory is gone, the device's is not.
    resetQueueForTests();
    expect(queueSnapshot()).toEqual([]);
    startQueue('a-1');
    await loadQueue();
    expect(waitingCount(queueSnapshot())).toBe(2);

    online = true;
    await Promise.all([flushQueue(), flushQueue()]);
    expect(sent.map(({ request }) => (request?.body as { idempotencyKey: string }).idempotencyKey)).toEqual(['key-1', 'key-2']);
    resetQueueForTests();
    await loadQueue();
    expect(queueSnapshot()).toEqual([]);
  });

  it("sends only the signed-in account's answers: another's wait for them on a shared tablet", async () => {
    online = false;
    await enqueue(answer('q-1', 'key-1', 2));
    startQueue('a-2');
    await enqueue(answer('q-1', 'key-2', 3));
    online = true;
    await flushQueue();
    expect(sent.map(({ request }) => (request?.body as { idempotencyKey: string }).idempotencyKey)).toEqual(['key-2']);
    expect(queueSnapshot().map((item) => [item.owner, item.body.idempotencyKey])).toEqual([['a-1', 'key-1']]);
    startQueue('a-1');
    await flushQueue();
    expect(sent.map(({ request }) => (request?.body as { idempotencyKey: string }).idempotencyKey)).toEqual(['key-2', 'key-1']);
  });

  it('keeps the newest answer to a question waiting, not both', async () => {
    online = false;
    await enqueue(answer('q-1', 'key-1', 9));
    await enqueue(answer('q-1', 'key-2', 4));
    expect(queueSnapshot().map((item) => item.body.idempotencyKey)).toEqual(['key-2']);
    online = true;
    await flushQueue();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.request?.body).toMatchObject({ idempotencyKey: 'key-2', value: 4 });
  });

  it('keeps everything, in order, when the server cannot be reached, and sends it on the next try', async () => {
    fake.api.mockImplementationOnce(async () => {
      throw new ApiError(0);
    });
    online = false;
    await enqueue(answer('q-1', 'key-1', 1));
    online = true;
    await flushQueue();
    expect(waitingCount(queueSnapshot())).toBe(1);
    await flushQueue();
    expect(queueSnapshot()).toEqual([]);
    // The failed try reached nothing; the second is the one send.
    expect(sent.map(({ request }) => (request?.body as { idempotencyKey: string }).idempotencyKey)).toEqual(['key-1']);
  });

  it('sets a refused answer aside with the reason, not sent again, and goes on with the rest', async () => {
    fake.api.mockImplementation(async (path, request) => {
      sent.push({ path, request });
      if (path.endsWith('/q-1')) throw new ApiError(400, 'This answer is out of limits: select a corrective action or describe the one taken.');
      return {};
    });
    online = false;
    await enqueue(answer('q-1', 'key-1', 40));
    await enqueue(answer('q-2', 'key-2', 3));
    online = true;
    await flushQueue();
    await flushQueue();
    expect(sent.map(({ path }) => path)).toEqual(['/haccp/instances/i-1/answers/q-1', '/haccp/instances/i-1/answers/q-2']);
    expect(queueSnapshot()).toHaveLength(1);
    expect(queueSnapshot()[0]?.rejection?.message).toBe('This answer is out of limits: select a corrective action or describe the one taken.');
    expect(waitingCount(queueSnapshot())).toBe(0);
  });

  it('holds a submission back while an answer of its checklist was refused, and sends a new one after the corrected answer', async () => {
    const refusal = 'This answer is out of limits: select a corrective action or describe the one taken.';
    fake.api.mockImplementation(async (path, request) => {
      sent.push({ path, request });
      if ((request?.body as { value?: number } | undefined)?.value === 40) throw new ApiError(400, refusal);
      return {};
    });
    online = false;
    await enqueue(answer('q-1', 'key-1', 40));
    await enqueue({ kind: 'submit', instanceId: 'i-1', body: { idempotencyKey: 'submit-1' } });
    online = true;
    await flushQueue();
    expect(sent.map(({ path }) => path)).toEqual(['/haccp/instances/i-1/answers/q-1']);
    expect(queueSnapshot().map((item) => [item.kind, item.rejection?.message])).toEqual([['answer', refusal], ['submit', refusal]]);

    await enqueue(answer('q-1', 'key-2', 3));
    await enqueue({ kind: 'submit', instanceId: 'i-1', body: { idempotencyKey: 'submit-2' } });
    await flushQueue();
    expect(sent.map(({ path }) => path)).toEqual(['/haccp/instances/i-1/answers/q-1', '/haccp/instances/i-1/answers/q-1', '/haccp/instances/i-1/submit']);
    expect(queueSnapshot()).toEqual([]);
  });
});
