import { beforeAll, describe, expect, inject, it } from 'vitest';
import { MESSAGES } from '@domain/core/messages';
import { DASHBOARD_PANELS } from '@domain/identity/settings';
import { DEMO_ORGANISATION } from '../../local/demo';
import { api, createUser, provisionAccount, type TestUser } from '../support/identity';

const stack = inject('stack');

describe('settings through the local gateway', () => {
  let admin: TestUser;
  let basicUser: TestUser;
  let outsider: TestUser;

  beforeAll(async () => {
    admin = await createUser(stack, 'admin');
    // Corporate access: an administrator without it may name only the sites of their locations.
    await provisionAccount(stack, { email: admin.email, role: 'admin', customerId: admin.customerId, accountId: admin.accountId, hasDefaultLocAccess: true });
    basicUser = await createUser(stack, 'basicuser');
    outsider = await createUser(stack, 'admin', 'other-org-settings');
  });

  it("saves a user's own profile: name, phone (to verify again), time zone, language, unit", async () => {
    const path = `/users/account/${encodeURIComponent(basicUser.email)}`;
    const saved = await api(stack, basicUser, 'PUT', path, {
      firstname: 'Sam', lastname: 'Cook', phone: '+1 555 123 4567', timezone: 'America/New_York', lang: 'es', uom: 'F',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await api(stack, basicUser, 'GET', '/account/me')).body).toMatchObject({
      firstname: 'Sam', lastname: 'Cook', timezone: 'America/New_York', lang: 'es', uom: 'F',
    });
    expect(await api(stack, basicUser, 'PUT', path, { phone: '555' })).toMatchObject({ status: 400, body: { message: MESSAGES.phoneInvalid } });
    expect(await api(stack, basicUser, 'PUT', path, { timezone: 'Mars/Base' })).toMatchObject({ status: 400, body: { message: MESSAGES.timezoneInvalid } });
    // Another user's profile is not theirs to change.
    expect((await api(stack, basicUser, 'PUT', `/users/account/${encodeURIComponent(admin.email)}`, { lang: 'fr' })).status).toBe(403);
  });

  it('refuses a new phone number in the profile while MFA is on: support changes it', async () => {
    const user = await createUser(stack, 'basicuser');
    await provisionAccount(stack, { ...user, phone: '+15551234567', phoneVerified: true, mfaEnabled: true });
    const path = `/users/account/${encodeURIComponent(user.email)}`;
    expect(await api(stack, user, 'PUT', path, { phone: '+15559876543' }))
      .toMatchObject({ status: 400, body: { message: MESSAGES.mfaPhoneChangeSupportOnly } });
    // The same number, or other fields, are still the user's to save.
    expect((await api(stack, user, 'PUT', path, { phone: '+15551234567', lang: 'fr' })).status).toBe(200);
  });

  it('keeps dashboard preferences per user', async () => {
    const preferences = { panels: ['alarmDashboard', 'systemHealth'], defaultUserViewId: null };
    expect((await api(stack, basicUser, 'PUT', '/account/dashboardpreferences', preferences)).status).toBe(200);
    expect((await api(stack, basicUser, 'GET', '/account/dashboardpreferences')).body).toEqual(preferences);
    expect(((await api(stack, admin, 'GET', '/account/dashboardpreferences')).body as { panels: string[] }).panels).toEqual([...DASHBOARD_PANELS]);

    const view = await api(stack, admin, 'POST', '/userviews', { name: `Dash ${Math.random().toString(36).slice(2, 8)}`, siteIds: [DEMO_ORGANISATION.site.id] });
    const withView = { panels: ['systemHealth'], defaultUserViewId: (view.body as { id: string }).id };
    expect((await api(stack, basicUser, 'PUT', '/account/dashboardpreferences', withView)).body).toEqual(withView);
    expect(await api(stack, basicUser, 'PUT', '/account/dashboardpreferences', { panels: [], defaultUserViewId: 'no-such-view' }))
      .toMatchObject({ status: 400, body: { message: MESSAGES.userViewNotFound } });
  });

  it("imports the organisation's texts (administrators), which every user of it then loads, and no one else", async () => {
    const imported = await api(stack, admin, 'PUT', '/translations', { fr: { 'nav.help': 'Assistance' }, es: { 'nav.help': 'Soporte técnico' } });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect((await api(stack, basicUser, 'GET', '/translations')).body).toMatchObject({
      overrides: { en: {}, fr: { 'nav.help': 'Assistance' }, es: { 'nav.help': 'Soporte técnico' } },
      updatedBy: admin.email,
    });
    expect(((await api(stack, outsider, 'GET', '/translations')).body as { overrides: { fr: object } }).overrides.fr).toEqual({});
    expect((await api(stack, basicUser, 'PUT', '/translations', {})).status).toBe(403);

    const reset = await api(stack, admin, 'DELETE', '/translations');
    expect((reset.body as { overrides: unknown }).overrides).toEqual({ en: {}, fr: {}, es: {} });
  });

  it('records a password update in the audit trail', async () => {
    expect((await api(stack, basicUser, 'PUT', '/auditreport', { action: 'passwordUpdate' })).status).toBe(204);
  });
});
