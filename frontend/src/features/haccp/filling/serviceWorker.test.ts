import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The portal's service worker (frontend/public/service-worker.js), run in a stand-in of its
 * global scope: which requests it answers, and from where, for the HACCP pages offline.
 */
// Vitest runs from the repository's root (import.meta.url is not a file URL under the frontend project's transform).
const source = readFileSync(resolve('frontend/public/service-worker.js'), 'utf8');
const ORIGIN = 'https://portal.example';

type Listener = (event: unknown) => void;

class MemoryCache {
  readonly entries = new Map<string, Response>();
  async match(key: Request | string) { return this.entries.get(typeof key === 'string' ? new URL(key, ORIGIN).href : key.url)?.clone(); }
  async put(key: Request | string, response: Response) { this.entries.set(typeof key === 'string' ? new URL(key, ORIGIN).href : key.url, response); }
  async keys() { return [...this.entries.keys()].map((url) => new Request(url)); }
  async delete(key: Request | string) { return this.entries.delete(typeof key === 'string' ? new URL(key, ORIGIN).href : key.url); }
}

let listeners: Map<string, Listener[]>;
let cache: MemoryCache;
let network: ReturnType<typeof vi.fn<(request: Request) => Promise<Response>>>;

function startWorker() {
  listeners = new Map();
  cache = new MemoryCache();
  network = vi.fn<(request: Request) => Promise<Response>>();
  const self = {
    location: new URL(`${ORIGIN}/service-worker.js`),
    addEventListener: (type: string, listener: Listener) => listeners.set(type, [...(listeners.get(type) ?? []), listener]),
    skipWaiting: () => undefined,
    clients: { claim: async () => undefined },
    registration: { showNotification: async () => undefined },
  };
  const caches = { open: async () => cache, match: (key: string) => cache.match(key), keys: async () => ['portal-offline-v1'], delete: async () => true };
  new Function('self', 'caches', 'fetch', source)(self, caches, network);
}

/** Dispatches a fetch event: the worker's answer, or undefined when it leaves the request to the browser. */
async function dispatch(request: Request): Promise<Response | undefined> {
  let answer: Promise<Response> | undefined;
  for (const listener of listeners.get('fetch') ?? []) listener({ request, respondWith: (response: Promise<Response>) => { answer = response; } });
  return answer;
}

const apiGet = (path: string, account: string) => new Request(`${ORIGIN}/api${path}`, { headers: { authorization: 'Bearer token', accountid: account } });

describe('the service worker, offline', () => {
  beforeEach(startWorker);

  it("keeps the HACCP reads network first, each account's own, and answers from them when the network is gone", async () => {
    network.mockResolvedValueOnce(Response.json({ items: [{ id: 'i-1' }] }));
    expect(await (await dispatch(apiGet('/haccp/today', 'a-1')))?.json()).toEqual({ items: [{ id: 'i-1' }] });
    network.mockResolvedValueOnce(Response.json({ id: 'i-1', answers: [] }));
    await dispatch(apiGet('/haccp/instances/i-1', 'a-1'));

    network.mockRejectedValue(new TypeError('Failed to fetch'));
    expect(await (await dispatch(apiGet('/haccp/today', 'a-1')))?.json()).toEqual({ items: [{ id: 'i-1' }] });
    expect(await (await dispatch(apiGet('/haccp/instances/i-1', 'a-1')))?.json()).toEqual({ id: 'i-1', answers: [] });
    // Another account on the same tablet gets nothing of the first one's.
    await expect(dispatch(apiGet('/haccp/today', 'a-2'))).rejects.toThrow('Failed to fetch');
  });

  it('leaves every other API call and every write to the network, uncached', async () => {
    expect(await dispatch(apiGet('/sensors', 'a-1'))).toBeUndefined();
    expect(await dispatch(apiGet('/alarms/summary', 'a-1'))).toBeUndefined();
    expect(await dispatch(new Request(`${ORIGIN}/api/haccp/instances/i-1/answers/q-1`, { method: 'PUT', headers: { authorization: 'Bearer token' }, body: '{}' }))).toBeUndefined();
    expect(await dispatch(new Request(`${ORIGIN}/api/haccp/instances/i-1/submit`, { method: 'POST', headers: { authorization: 'Bearer token' }, body: '{}' }))).toBeUndefined();
    expect(cache.entries.size).toBe(0);
  });

  it('serves the kept shell to the filling pages only when the network is gone, and the newest shell while it answers', async () => {
    const navigate = (path: string) => {
      const request = new Request(`${ORIGIN}${path}`);
      Object.defineProperty(request, 'mode', { value: 'navigate' });
      return request;
    };
    network.mockResolvedValueOnce(new Response('<html>shell v2</html>'));
    expect(await (await dispatch(navigate('/app/dashboard')))?.text()).toBe('<html>shell v2</html>');
    network.mockRejectedValue(new TypeError('Failed to fetch'));
    expect(await (await dispatch(navigate('/app/haccp/fill/i-1')))?.text()).toBe('<html>shell v2</html>');
    expect(await (await dispatch(navigate('/app/haccp/today')))?.text()).toBe('<html>shell v2</html>');
    await expect(dispatch(navigate('/app/sensors'))).rejects.toThrow('Failed to fetch');
  });

  it('still shows pushed alarm notifications', () => {
    expect(listeners.get('push')).toHaveLength(1);
    expect(listeners.get('notificationclick')).toHaveLength(1);
  });
});
