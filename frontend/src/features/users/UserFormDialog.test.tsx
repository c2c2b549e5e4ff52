import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@domain/core/messages';
import { ALL_MODULES } from '@domain/organisation/modules';
import type { Role } from '@domain/identity/roles';
import type { User, UserFieldsInput } from '@domain/identity/user';
import { ApiError } from '../../api/ApiError';
import type { ApiRequest } from '../../api/apiFetch';
import type { SignedInUser } from '../../api/identity';
import { DEFAULT_SESSION_STATE, replaceClientState } from '../../session/clientState';
import { renderScreen } from '../../test/render';
import { enter } from '../../test/userInput';
import { UserFormDialog } from './UserFormDialog';

const fake = vi.hoisted(() => ({
  role: 'admin' as Role,
  api: vi.fn<(path: string, request?: ApiRequest) => unknown>(),
}));

vi.mock('../../session/useAuth', () => ({
  useCurrentUser: (): SignedInUser => ({
    email: `${fake.role}@demo.example`, role: fake.role, customerId: 'c-1', accountId: 'a-1', portalAccess: true,
  }),
}));

vi.mock('../../api/apiFetch', () => ({
  apiFetch: async (path: string, request?: ApiRequest) => fake.api(path, request),
  apiFetchAs: async (schema: { parse(value: unknown): unknown }, path: string, request?: ApiRequest) =>
    schema.parse(await fake.api(path, request)),
}));

const NAVBAR = { locations: [{ id: 'l-1', name: 'HQ', displayName: 'HQ', sites: [{ id: 's-1', name: 'Main Kitchen' }] }] };

function savedUser(overrides: Partial<User> = {}): User {
  return {
    id: 'u-9', accountId: 'u-9', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: '+15551234567',
    role: 'basicuser', roleid: 2, employeeId: '', timezone: 'UTC', lang: 'en', uom: 'C', locationIds: [], siteIds: ['s-1'],
    departmentIds: [], divisionIds: [], isPortalLogin: true, isHaccpAvailable: false, isMobileLogin: false, isLocationAdmin: false,
    notificationsEnabled: true, smsEnabled: false, mfaEnabled: false, mfaRequired: false, enablePager: false, pagerType: null,
    pagerNumber: '', pagerVerified: false, phoneVerified: false, enableAuditModule: false, enableIVR: false, customerGroupId: null,
    isactive: true, isEmailVerified: true, invitedate: null, lastlogindate: null, createdAt: '', updatedAt: '', version: 1,
    ...overrides,
  };
}

function renderForm(props: { user?: User; onSave?: (input: UserFieldsInput) => Promise<void> } = {}) {
  const onSave = vi.fn(props.onSave ?? (async () => undefined));
  renderScreen(
    <UserFormDialog {...(props.user ? { user: props.user } : {})} roles={['admin', 'basicuser', 'helpdesk']} onSave={onSave} onVerified={() => undefined} onClose={() => undefined} />,
  );
  return onSave;
}

describe('UserFormDialog', () => {
  beforeEach(() => {
    fake.role = 'admin';
    replaceClientState(DEFAULT_SESSION_STATE);
    fake.api.mockReset();
    fake.api.mockImplementation((path) => {
      if (path === '/locations/navbar') return NAVBAR;
      if (path.startsWith('/departments') || path.startsWith('/divisions')) return { items: [] };
      throw new Error(`unexpected call ${path}`);
    });
  });

  it('says what is missing with the spec\'s rules before anything is sent', async () => {
    const onSave = renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText(MESSAGES.firstNameRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.lastNameRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.emailRequired)).toBeInTheDocument();
    // The rules between fields come once the fields themselves are there.
    await enter(userEvent, screen.getByRole('textbox', { name: 'First name' }), 'Ada');
    await enter(userEvent, screen.getByRole('textbox', { name: 'Last name' }), 'Lovelace');
    await enter(userEvent, screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText(MESSAGES.siteSelectionRequired)).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it("offers neither HACCP access nor the pager where the organisation has not got them (issue 16)", async () => {
    replaceClientState({ ...DEFAULT_SESSION_STATE, organisationModules: { ...ALL_MODULES, isHaccapAvailable: false, enablePager: false } });
    renderForm();
    expect(await screen.findByRole('switch', { name: 'MFA' })).toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'Pager enabled' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Pager number' })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'HACCP access' })).not.toBeInTheDocument();
  });

  it('refuses MFA without a verified phone, and a pager without its number', async () => {
    const onSave = renderForm();
    await enter(userEvent, screen.getByRole('textbox', { name: 'First name' }), 'Ada');
    await enter(userEvent, screen.getByRole('textbox', { name: 'Last name' }), 'Lovelace');
    await enter(userEvent, screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await userEvent.click(screen.getByRole('combobox', { name: 'Sites' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Main Kitchen' }));
    await enter(userEvent, screen.getByRole('textbox', { name: 'Phone' }), '+1 555 123 4567');
    await userEvent.click(screen.getByRole('switch', { name: 'MFA' }));
    await userEvent.click(screen.getByRole('switch', { name: 'Pager enabled' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText(MESSAGES.mfaNeedsVerifiedPhone)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.pagerNumberRequired)).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('switch', { name: 'MFA' }));
    await userEvent.click(screen.getByRole('switch', { name: 'Pager enabled' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]?.[0]).toMatchObject({ email: 'ada@example.com', phone: '+15551234567', siteIds: ['s-1'], mfaEnabled: false });
  });

  it('forces a helpdesk user\'s access flags and locks them', async () => {
    renderForm({ user: savedUser({ isHaccpAvailable: true, isMobileLogin: true }) });
    await userEvent.click(screen.getByRole('combobox', { name: 'Role' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Helpdesk (support)' }));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'HACCP access' })).not.toBeChecked());
    expect(screen.getByRole('switch', { name: 'HACCP access' })).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Mobile access' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Portal access' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Notifications' })).not.toBeChecked();
  });

  it('lets an administrator not turn MFA off, and support do so', async () => {
    renderForm({ user: savedUser({ phoneVerified: true, mfaEnabled: true }) });
    expect(screen.getByRole('switch', { name: 'MFA' })).toBeDisabled();
    expect(screen.getByText(MESSAGES.mfaOffSupportOnly)).toBeInTheDocument();
  });

  it('offers to verify a saved phone, not one just typed', async () => {
    fake.role = 'helpdesk';
    renderForm({ user: savedUser() });
    expect(screen.getByRole('switch', { name: 'MFA' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Verify' })).toBeInTheDocument();
    await userEvent.clear(screen.getByRole('textbox', { name: 'Phone' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Phone' }), '+15550000000');
    expect(screen.queryByRole('button', { name: 'Verify' })).toBeNull();
  });

  it('shows a refusal of the API beside its field', async () => {
    renderForm({
      user: savedUser(),
      onSave: async () => { throw new ApiError(409, MESSAGES.userRegisteredByAnotherClient, { code: 'userRegisteredByAnotherClient', field: 'email' }); },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.userRegisteredByAnotherClient)).toBeInTheDocument();
  });
});
