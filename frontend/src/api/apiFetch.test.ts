import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ERROR_CODE_HEADER } from '@domain/core/error-headers';
import { LOGIN_MESSAGES } from '@domain/core/login-messages';
import { ApiError } from './ApiError';
import { apiFetch, cancelRequestsInFlight, configureApi, setUnauthorizedHandler } from './apiFetch';
import type { IdentitySession } from './identity';
import { clearStoredState, getClientState, replaceClientState } from '../session/clientState';
import { ASYNC_WAIT_MS } from '../test/waiting';

const identity = vi.hoisted(() => ({
  session: null as IdentitySession | null,
}));

vi.mock('./identity', () => ({
  currentSession: async () => identity.session,
}));

const fetchMock = vi.fn<typeof fetch>();

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('apiFetch', () => {
  beforeEach(() => {
    configureApi({ apiBaseUrl: '/api' });
    identity.session = {
      idToken: 'id-token',
      user: { email: 'admin@demo.example', role: 'admin', customerId: 'cust-1', accountId: 'acct-1', portalAccess: true },
    };
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    setUnauthorizedHandler(undefined);
  });

  it('sends the ID token, the organisation headers and JSON', async () => {
    fetchMock.mockResolvedValue(jsonResponse(201, { id: 'd-1' }));

    await expect(apiFetch('/departments', { method: 'POST', body: { name: 'Bakery' } })).resolves.toEqual({ id: 'd-1' });

    expect(fetchMock).toHaveBeenCalledWith('/api/departments', expect.objectContaining({
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: 'Bearer id-token',
        accountid: 'acct-1',
        customerid: 'cust-1',
      },
      body: JSON.stringify({ name: 'Bakery' }),
    }));
  });

  it('resolves to undefined for 204 No Content', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(apiFetch('/departments/d-1', { method: 'DELETE' })).resolves.toBeUndefined();
  });

  it('carries the server message and status of a refusal', async () => {
    fetchMock.mockResolvedValue(jsonResponse(409, { message: 'A department with this name already exists.' }));
    const failure = await apiFetch('/departments', { method: 'POST', body: { name: 'Bakery' } }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 409, message: 'A department with this name already exists.' });
  });

  it('carries the code and field the server names beside its message', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ message: 'Name is required.' }), {
      status: 400,
      headers: { 'content-type': 'application/json', 'x-error-code': 'nameRequired', 'x-error-field': 'name' },
    }));
    await expect(apiFetch('/departments', { method: 'POST', body: {} }))
      .rejects.toMatchObject({ status: 400, message: 'Name is required.', code: 'nameRequired', field: 'name' });
  });

  it('falls back to An error occurred when the body has no message', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(apiFetch('/departments')).rejects.toMatchObject({ status: 502, message: 'An error occurred' });
  });

  it('falls back to An error occurred when the server cannot be reached', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(apiFetch('/departments')).rejects.toMatchObject({ status: 0, message: 'An error occurred' });
  });

  it('reports a 401 to the session handler', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    fetchMock.mockResolvedValue(jsonResponse(401, { message: 'Unauthorized' }));
    await expect(apiFetch('/departments')).rejects.toMatchObject({ status: 401, message: 'Session timeout.. Please login again.' });
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it("tells the session handler when the session ended because the organisation was disabled (issue 16)", async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ message: LOGIN_MESSAGES.organisationDisabled }), {
      status: 401, headers: { 'content-type': 'application/json', [ERROR_CODE_HEADER]: 'organisationDisabled' },
    }));
    await expect(apiFetch('/departments')).rejects.toMatchObject({ status: 401, message: LOGIN_MESSAGES.organisationDisabled });
    expect(onUnauthorized).toHaveBeenCalledWith('organisationDisabled');
  });

  it('does not call the API without a session', async () => {
    identity.session = null;
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    await expect(apiFetch('/departments')).rejects.toMatchObject({ status: 401 });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('reports a 403 to the session handler too (SPEC section 4)', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    fetchMock.mockResolvedValue(jsonResponse(403, { message: 'You do not have access to this page.' }));
    await expect(apiFetch('/departments')).rejects.toMatchObject({ status: 401, message: 'Session timeout.. Please login again.' });
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('cancels every call in flight at once, but not the ones that outlive the session', async () => {
    // Answered after the cancel, when the test says: never before it, however slow the machine.
    const answers: Array<() => void> = [];
    const pending = (_url: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        answers.push(() => resolve(new Response(null, { status: 204 })));
      });
    fetchMock.mockImplementation(pending);
    const first = apiFetch('/departments');
    const second = apiFetch('/divisions');
    const logout = apiFetch('/users/logout', { method: 'PUT', outlivesSession: true });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3), { timeout: ASYNC_WAIT_MS });
    cancelRequestsInFlight();
    for (const answer of answers) answer();
    await expect(first).rejects.toMatchObject({ name: 'AbortError' });
    await expect(second).rejects.toMatchObject({ name: 'AbortError' });
    await expect(logout).resolves.toBeUndefined();
    // Calls made afterwards (the next sign-in) go through.
    fetchMock.mockResolvedValue(jsonResponse(200, { items: [] }));
    await expect(apiFetch('/departments')).resolves.toEqual({ items: [] });
  });

  it("under a proxy, a refusal of the organisation's rights is shown and does not log the real user out", async () => {
    replaceClientState({
      ...getClientState(),
      proxy: { sessionId: 's-1', token: 'proxy-token', expiresAt: Date.now() + 60_000, customerId: 'cust-2', organisationName: 'Demo Foods', mode: 'read', actorEmail: 'helpdesk@demo.example' },
    });
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ message: 'Forbidden' }), { status: 403 }));
    try {
      await expect(apiFetch('/users')).rejects.toMatchObject({ status: 403 });
      expect(onUnauthorized).not.toHaveBeenCalled();
      expect(fetchMock).toHaveBeenCalledWith('/api/users', expect.objectContaining({
        headers: expect.objectContaining({ 'x-proxy-token': 'proxy-token', customerid: 'cust-2' }),
      }));
    } finally {
      clearStoredState();
    }
  });
  describe('a busy server (503 with Retry-After)', () => {
    const busy = () => new Response(JSON.stringify({ message: 'The portal is busy. Please try again in a moment.' }), {
      status: 503, headers: { 'content-type': 'application/json', 'retry-after': '1', [ERROR_CODE_HEADER]: 'portalBusy' },
    });

    beforeEach(() => {
      vi.useFakeTimers();
    });

    afterEach(() => {
      vi.useRealTimers();
    });

    it('asks a read once more after the wait the server names, and gives its answer', async () => {
      fetchMock.mockResolvedValueOnce(busy()).mockResolvedValueOnce(jsonResponse(200, { items: [] }));
      const read = apiFetch('/departments');
      await vi.advanceTimersByTimeAsync(0);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(999);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      await expect(read).resolves.toEqual({ items: [] });
      expect(fetchMock).toHaveBeenCalledTimes(2);
    });

    it('shows the busy message, by its code, when the server is still busy', async () => {
      fetchMock.mockResolvedValueOnce(busy()).mockResolvedValueOnce(busy());
      const read = apiFetch('/departments').catch((error: unknown) => error);
      await vi.advanceTimersByTimeAsync(1000);
      expect(await read).toMatchObject({ status: 503, code: 'portalBusy', message: 'The portal is busy. Please try again in a moment.' });
      expect(fetchMock).toHaveBeenCalledTimes(2);
    });

    it('does not send a change again', async () => {
      fetchMock.mockResolvedValueOnce(busy());
      await expect(apiFetch('/departments', { method: 'POST', body: { name: 'Bakery' } })).rejects.toMatchObject({ status: 503, code: 'portalBusy' });
      expect(fetchMock).toHaveBeenCalledTimes(1);
    });

    it('gives up the wait when the session ends meanwhile', async () => {
      fetchMock.mockResolvedValueOnce(busy());
      const read = apiFetch('/departments').catch((error: unknown) => error);
      await vi.advanceTimersByTimeAsync(0);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      cancelRequestsInFlight();
      expect(await read).toMatchObject({ name: 'AbortError' });
      expect(fetchMock).toHaveBeenCalledTimes(1);
    });
  });
});
