import { describe, expect, it } from 'vitest';
import { loginPageAfterLogout, signInDestination } from './landing';

describe('signInDestination', () => {
  it('sends helpdesk to /app/helpdesk and everyone else to /app/dashboard', () => {
    expect(signInDestination({ role: 'helpdesk', search: '' })).toBe('/app/helpdesk');
    expect(signInDestination({ role: 'admin', search: '' })).toBe('/app/dashboard');
    expect(signInDestination({ role: null, search: '' })).toBe('/app/dashboard');
  });

  it('honours the login parameter as the redirect target', () => {
    expect(signInDestination({ role: 'admin', search: '?login=%2Fapp%2Fdepartments' })).toBe('/app/departments');
  });

  it('honours redirect only for a direct-report link', () => {
    expect(signInDestination({ role: 'basicuser', search: '?redirect=%2Fapp%2Fdirect-report%2F42' })).toBe('/app/direct-report/42');
    expect(signInDestination({ role: 'basicuser', search: '?redirect=%2Fapp%2Fdepartments' })).toBe('/app/dashboard');
  });

  it('never leaves the portal', () => {
    expect(signInDestination({ role: 'admin', search: '?login=https://elsewhere.example/app' })).toBe('/app/dashboard');
    expect(signInDestination({ role: 'admin', search: '?login=//elsewhere.example/app' })).toBe('/app/dashboard');
    expect(signInDestination({ role: 'admin', search: '?redirect=https://elsewhere.example/app/direct-report' })).toBe('/app/dashboard');
  });

  it('sends an SSO account without locations to the no-access page', () => {
    expect(signInDestination({ role: 'admin', search: '', sso: true, locationIds: [] })).toBe('/login/redirect');
    expect(signInDestination({ role: 'admin', search: '', sso: true, locationIds: ['l-1'] })).toBe('/app/dashboard');
    expect(signInDestination({ role: 'admin', search: '', sso: false, locationIds: [] })).toBe('/app/dashboard');
  });
});

describe('loginPageAfterLogout', () => {
  it('sends helpdesk users to the helpdesk login', () => {
    expect(loginPageAfterLogout(true)).toBe('/login/helpdesk');
    expect(loginPageAfterLogout(false)).toBe('/login');
  });
});
