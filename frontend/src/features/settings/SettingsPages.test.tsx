import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUserDetails } from '@domain/identity/account';
import type { Role } from '@domain/identity/roles';
import type { ApiRequest } from '../../api/apiFetch';
import { ApiError } from '../../api/ApiError';
import { IdentityError, type SignedInUser } from '../../api/identity';
import { renderScreen } from '../../test/render';
import { enter } from '../../test/userInput';
import { applyOrganisationTexts } from '../../i18n/organisationTexts';
import ChangePasswordPage from './ChangePasswordPage';
import DashboardPreferencesPage from './DashboardPreferencesPage';
import ProfileSettingsPage from './ProfileSettingsPage';
import SettingsPage from './SettingsPage';
import TranslationsPage from './TranslationsPage';

const fake = vi.hoisted(() => ({
  role: 'admin' as Role,
  api: vi.fn<(path: string, request?: ApiRequest) => unknown>(),
  changeOwnPassword: vi.fn<(current: string, next: string) => Promise<void>>(),
  confirmEmailVerification: vi.fn<(code: string) => Promise<void>>(),
  logout: vi.fn<(options?: { reason?: string }) => Promise<void>>(),
}));

vi.mock('../../session/useAuth', () => ({
  useCurrentUser: (): SignedInUser => ({ email: 'sam@demo.example', role: fake.role, customerId: 'c-1', accountId: 'a-1', portalAccess: true }),
  useAuth: () => ({ logout: fake.logout }),
}));
vi.mock('../../api/apiFetch', () => ({
  apiFetch: async (path: string, request?: ApiRequest) => fake.api(path, request),
  apiFetchAs: async (schema: { parse(value: unknown): unknown }, path: string, request?: ApiRequest) =>
    schema.parse(await fake.api(path, request)),
}));
vi.mock('../../api/identity', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/identity')>()),
  changeOwnPassword: fake.changeOwnPassword,
  confirmEmailVerification: fake.confirmEmailVerification,
}));

const none = { en: {}, fr: {}, es: {} };

describe('Settings', () => {
  beforeEach(() => {
    fake.role = 'admin';
    fake.api.mockReset();
    fake.changeOwnPassword.mockReset();
    fake.confirmEmailVerification.mockReset();
    fake.logout.mockReset();
  });
  afterEach(async () => {
    applyOrganisationTexts(none);
    await i18next.changeLanguage('en');
  });

  it('links the settings pages; Translations only for administrators', async () => {
    renderScreen(<SettingsPage />);
    for (const name of [/Profile Settings/, /Dashboard Preferences/, /Change Password/, /Translations/, /Help/]) {
      expect(screen.getByRole('link', { name })).toBeInTheDocument();
    }
    fake.role = 'basicuser';
    renderScreen(<SettingsPage />);
    expect(screen.getAllByRole('link', { name: /Translations/ })).toHaveLength(1);
  });

  describe('Change Password', () => {
    const fill = async (current: string, next: string, confirm: string) => {
      const user = userEvent.setup();
      renderScreen(<ChangePasswordPage />);
      await enter(user, screen.getByLabelText(/^Current Password/), current);
      await enter(user, screen.getByLabelText(/^New Password/), next);
      await enter(user, screen.getByLabelText(/^Confirm Password/), confirm);
      await user.click(screen.getByRole('button', { name: 'Change Password' }));
    };

    it('checks min 8 and the confirmation before asking the identity service', async () => {
      await fill('Old#2026pass', 'Ab#1', 'Ab#2');
      expect(await screen.findByText('Password must be at least 8 characters')).toBeVisible();
      expect(screen.getByText('New Password and Confirm Password do not match')).toBeVisible();
      expect(fake.changeOwnPassword).not.toHaveBeenCalled();
    });

    it('says the current password is invalid when the identity service refuses it', async () => {
      fake.changeOwnPassword.mockRejectedValue(new IdentityError('invalidCredentials', 'Incorrect username or password.', 'NotAuthorizedException'));
      await fill('Wrong#2026pass', 'New#2026pass', 'New#2026pass');
      expect(await screen.findAllByText('Current Password is Invalid. Please Try Again.')).not.toHaveLength(0);
      expect(fake.api).not.toHaveBeenCalled();
    });

    it('changes it, says so in the spec words, and records the audit entry', async () => {
      fake.changeOwnPassword.mockResolvedValue();
      fake.api.mockResolvedValue(undefined);
      await fill('Old#2026pass', 'New#2026pass', 'New#2026pass');
      expect(await screen.findByText('Password Changed Successfully!')).toBeVisible();
      expect(fake.changeOwnPassword).toHaveBeenCalledWith('Old#2026pass', 'New#2026pass');
      await waitFor(() => expect(fake.api).toHaveBeenCalledWith('/auditreport', { method: 'PUT', body: { action: 'passwordUpdate' } }));
    });
  });

  describe('Profile Settings', () => {
    const me: Partial<CurrentUserDetails> = {
      accountid: 'a-1', customerid: 'c-1', customergroupid: null, email: 'sam@demo.example', firstname: 'Sam', lastname: 'Cook', role: 'basicuser',
      uom: 'C', lang: 'en', timezone: 'Europe/London', isHaccapAvailable: false, isowner: 0, islocationadmin: 0, showHelpdeskDashboard: false,
      hasDefaultLocAccess: false, securityGroupIds: [], tenantname: 'Demo', enablePager: false, isPagerEnabled: false, enableAuditModule: false,
      enableIVR: false, isactive: true, invitedate: null, lastlogindate: null, isEmailVerified: true, locationids: [], phone: '+15551234567', phoneVerified: true,
    };

    it('shows the saved profile, refuses an invalid phone, and saves through the self-profile call', async () => {
      fake.api.mockImplementation((path, request) => (path === '/account/me' ? me : request?.method === 'PUT' ? { accountId: 'a-1' } : undefined));
      const user = userEvent.setup();
      renderScreen(<ProfileSettingsPage />);
      const phone = await screen.findByRole('textbox', { name: 'Phone' });
      await waitFor(() => expect(phone).toHaveValue('+15551234567'));
      expect(screen.getByText('Verified.')).toBeVisible();

      await user.clear(phone);
      await enter(user, phone, '12345');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('Enter a valid phone number: + and the country code, then 10 digits.')).toBeVisible();

      await user.clear(phone);
      await enter(user, phone, '+1 555 765 4321');
      await user.click(screen.getByRole('combobox', { name: 'Unit of measure' }));
      await user.click(await screen.findByRole('option', { name: 'Fahrenheit (°F)' }));
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('Profile saved.')).toBeVisible();
      expect(fake.api).toHaveBeenCalledWith('/users/account/sam%40demo.example', {
        method: 'PUT',
        body: { firstname: 'Sam', lastname: 'Cook', phone: '+15557654321', timezone: 'Europe/London', lang: 'en', uom: 'F' },
      });
    });

    it('changes the email through the identity service\'s verification: a taken address is refused, a wrong code too, then signs out', async () => {
      let taken = true;
      fake.api.mockImplementation((path, request) => {
        if (path === '/account/me') return me;
        if (path === '/cognito/sam%40demo.example' && taken) throw new ApiError(409, 'This email is already registered.', { code: 'emailAlreadyRegistered' });
        return request?.method === 'PUT' ? undefined : me;
      });
      fake.confirmEmailVerification.mockRejectedValueOnce(new IdentityError('codeMismatch', 'Invalid verification code provided, please try again.', 'CodeMismatchException'));
      const user = userEvent.setup();
      renderScreen(<ProfileSettingsPage />);
      await user.click(await screen.findByRole('button', { name: 'Change email' }));
      const address = screen.getByRole('textbox', { name: 'New email' });
      await enter(user, address, 'not-an-email');
      await user.click(screen.getByRole('button', { name: 'Send code' }));
      expect(await screen.findByText('Enter a valid email address.')).toBeVisible();
      await user.clear(address);
      await enter(user, address, 'taken@demo.example');
      await user.click(screen.getByRole('button', { name: 'Send code' }));
      expect(await screen.findByText('This email is already registered.')).toBeVisible();

      taken = false;
      await user.clear(address);
      await enter(user, address, 'sam.cook@demo.example');
      await user.click(screen.getByRole('button', { name: 'Send code' }));
      expect(fake.api).toHaveBeenCalledWith('/cognito/sam%40demo.example', {
        method: 'PUT', body: { UserAttributes: [{ Name: 'email', Value: 'sam.cook@demo.example' }] },
      });
      expect(await screen.findByText(/A verification code has been sent to sam.cook@demo.example/)).toBeVisible();
      const code = screen.getByRole('textbox', { name: 'Verification code' });
      await enter(user, code, '123456');
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      expect(await screen.findByText('Verification Code is Invalid. Please Try Again.')).toBeVisible();
      expect(fake.api).not.toHaveBeenCalledWith('/users/account/sam%40demo.example', expect.objectContaining({ body: { email: 'sam.cook@demo.example' } }));

      await user.clear(code);
      await enter(user, code, '654321');
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      await waitFor(() => expect(fake.logout).toHaveBeenCalledWith({ reason: 'user' }));
      expect(fake.confirmEmailVerification).toHaveBeenLastCalledWith('654321');
      expect(fake.api).toHaveBeenCalledWith('/users/account/sam%40demo.example', { method: 'PUT', body: { email: 'sam.cook@demo.example' } });
      expect(await screen.findByText('Your email is now sam.cook@demo.example: sign in with it.')).toBeVisible();
    });
  });

  it('Dashboard Preferences: hides a panel and picks the view to open with', async () => {
    fake.api.mockImplementation((path, request) => {
      if (path === '/account/dashboardpreferences') {
        return request?.method === 'PUT' ? request.body : { panels: ['systemHealth', 'alarmDashboard'], defaultUserViewId: null };
      }
      if (path === '/userviews?limit=100') {
        return { items: [{ id: 'v-1', name: 'Cold rooms', siteIds: ['s'], departmentIds: [], divisionIds: [], createdAt: 'x', updatedAt: 'x', createdBy: 'x', updatedBy: 'x', version: 1 }] };
      }
      throw new Error(`unexpected ${path}`);
    });
    const user = userEvent.setup();
    renderScreen(<DashboardPreferencesPage />);
    await user.click(await screen.findByRole('checkbox', { name: 'Alarm dashboard' }));
    await user.click(screen.getByRole('combobox', { name: 'Open the dashboard with' }));
    await user.click(await screen.findByRole('option', { name: 'Cold rooms' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Dashboard preferences saved.')).toBeVisible();
    expect(fake.api).toHaveBeenCalledWith('/account/dashboardpreferences', { method: 'PUT', body: { panels: ['systemHealth'], defaultUserViewId: 'v-1' } });
  });

  describe('Translations', () => {
    beforeEach(() => {
      fake.api.mockImplementation((path, request) => {
        if (path !== '/translations') throw new Error(`unexpected ${path}`);
        if (request?.method === 'PUT') return { overrides: { en: {}, fr: {}, es: {}, ...(request.body as object) }, version: 2, updatedAt: 'x', updatedBy: 'sam@demo.example' };
        return { overrides: none, version: 1, updatedAt: null, updatedBy: null };
      });
    });

    it('accepts only .csv files (SPEC section 5)', async () => {
      renderScreen(<TranslationsPage />);
      await screen.findByText("Your organisation uses the product's own texts.");
      fireEvent.change(screen.getByTestId('translation-file'), { target: { files: [new File(['key,en,fr,es'], 'translation.xlsx')] } });
      expect(await screen.findByText('Only .csv files are accepted.')).toBeVisible();
      expect(fake.api).not.toHaveBeenCalledWith('/translations', expect.objectContaining({ method: 'PUT' }));
    });

    it('imports an edited translation.csv, saves the changed texts and shows them at once', async () => {
      renderScreen(<TranslationsPage />);
      await screen.findByText("Your organisation uses the product's own texts.");
      const csv = 'key,en,fr,es\nsettings.translations.title,Interface texts,,\nnav.help,Help,Aide,Ayuda\n';
      fireEvent.change(screen.getByTestId('translation-file'), { target: { files: [new File([csv], 'translation.csv', { type: 'text/csv' })] } });
      expect(await screen.findByText('Texts imported: 1.')).toBeVisible();
      expect(fake.api).toHaveBeenCalledWith('/translations', { method: 'PUT', body: { en: { 'settings.translations.title': 'Interface texts' }, fr: {}, es: {} } });
      expect(await screen.findByRole('heading', { name: 'Interface texts' })).toBeVisible();
    });

    it('refuses a CSV without the key, en, fr and es columns', async () => {
      renderScreen(<TranslationsPage />);
      await screen.findByText("Your organisation uses the product's own texts.");
      fireEvent.change(screen.getByTestId('translation-file'), { target: { files: [new File(['name;value\nx;y'], 'translation.csv')] } });
      expect((await screen.findAllByText(/not a valid translation file/))[0]).toBeVisible();
    });
  });
});
