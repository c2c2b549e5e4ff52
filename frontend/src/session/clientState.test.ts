import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  clearStoredState,
  CLIENT_STATE_STORAGE_KEY,
  DEFAULT_SESSION_STATE,
  getClientState,
  lastActivityAt,
  offsetOf,
  recordActivity,
  replaceClientState,
  sessionStateFrom,
  updateClientState,
  useClientState,
} from './clientState';

describe('stored client state', () => {
  it('starts from the spec defaults: language en, offset +00:00, modules hidden, not logged in', () => {
    const state = getClientState();
    expect(state).toMatchObject({
      loggedIn: false,
      language: 'en',
      offset: '+00:00',
      status: null,
      selectedLocation: null,
      proxyMainUser: null,
      preferences: { module: { audit: { isVisible: false } }, feature: { ivr: { isVisible: false } } },
    });
    expect(state.deviceId).not.toBe('');
  });

  it('keeps one device id for the browser', () => {
    const first = getClientState().deviceId;
    updateClientState({ role: 'admin' });
    expect(getClientState().deviceId).toBe(first);
  });

  it('gives the same object until something changes, then the new values', () => {
    const before = getClientState();
    expect(getClientState()).toBe(before);
    updateClientState({ accountId: 'acct-1', selectedLocation: { locationId: 'l-1', siteId: null } });
    const after = getClientState();
    expect(after).not.toBe(before);
    expect(after).toMatchObject({ accountId: 'acct-1', selectedLocation: { locationId: 'l-1', siteId: null } });
  });

  it('reads the language choice kept by the language switch', () => {
    window.localStorage.setItem('lang', 'fr');
    expect(getClientState().language).toBe('fr');
  });

  it('drops stored values of the wrong type for their defaults', () => {
    expect(sessionStateFrom({ loggedIn: 'yes', role: 'owner', offset: 'UTC', uom: 'F', securityGroupIds: ['a', 1], accountId: 'acct-1' }))
      .toEqual({ ...DEFAULT_SESSION_STATE, uom: 'F', accountId: 'acct-1' });
    window.localStorage.setItem(CLIENT_STATE_STORAGE_KEY, '{not json');
    expect(getClientState().loggedIn).toBe(false);
  });

  it('clears everything at logout except the language and the device id', () => {
    const device = getClientState().deviceId;
    window.localStorage.setItem('lang', 'es');
    replaceClientState({ ...DEFAULT_SESSION_STATE, loggedIn: true, sessionId: 's-1' });
    recordActivity(1_000);
    window.localStorage.setItem('CognitoIdentityServiceProvider.client.user.idToken', 'token');
    window.sessionStorage.setItem('resend', '1');

    clearStoredState();

    expect(getClientState()).toMatchObject({ loggedIn: false, sessionId: null, language: 'es', deviceId: device });
    expect(lastActivityAt()).toBeNull();
    expect(window.localStorage.getItem('CognitoIdentityServiceProvider.client.user.idToken')).toBeNull();
    expect(window.sessionStorage.length).toBe(0);
  });

  it('re-renders its readers on a change, here or in another tab', () => {
    const { result } = renderHook(() => useClientState());
    expect(result.current.role).toBeNull();
    act(() => updateClientState({ role: 'basicuser' }));
    expect(result.current.role).toBe('basicuser');

    act(() => {
      // Another tab writes the shared storage; the browser then sends this tab a storage event.
      window.localStorage.setItem(CLIENT_STATE_STORAGE_KEY, JSON.stringify({ ...DEFAULT_SESSION_STATE, role: 'admin' }));
      window.dispatchEvent(new StorageEvent('storage', { key: CLIENT_STATE_STORAGE_KEY }));
    });
    expect(result.current.role).toBe('admin');
  });

  it('works out USER_OFFSET from the time zone', () => {
    const winter = new Date('2026-01-15T12:00:00Z');
    expect(offsetOf('Europe/Paris', winter)).toBe('+01:00');
    expect(offsetOf('America/New_York', winter)).toBe('-05:00');
    expect(offsetOf('Asia/Kolkata', winter)).toBe('+05:30');
    expect(offsetOf('UTC', winter)).toBe('+00:00');
    expect(offsetOf('Not/AZone', winter)).toBe('+00:00');
    expect(offsetOf(null, winter)).toBe('+00:00');
  });
});
