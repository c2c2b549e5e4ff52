import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SignInOutcome } from '../../api/identity';
import { renderScreen } from '../../test/render';
import type { AuthContextValue } from './authContext';
import SignInPage from './SignInPage';

const auth = vi.hoisted(() => ({
  signIn: vi.fn<AuthContextValue['signIn']>(),
}));

vi.mock('./useAuth', () => ({
  useAuth: (): AuthContextValue => ({ status: 'signedOut', user: null, signIn: auth.signIn, signOut: vi.fn() }),
}));

const loginButton = () => screen.getByRole('button', { name: 'Login' });

describe('SignInPage', () => {
  beforeEach(() => {
    auth.signIn.mockReset();
  });

  it('keeps Login disabled and shows the spec messages while the form is invalid', async () => {
    const user = userEvent.setup();
    renderScreen(<SignInPage />, { route: '/login' });

    expect(loginButton()).toBeDisabled();
    const username = screen.getByLabelText(/Username/);
    const password = screen.getByLabelText(/Password/, { selector: 'input' });

    await user.type(username, 'not-an-email');
    await user.tab();
    expect(await screen.findByText('Username must be a valid email address!')).toBeVisible();

    await user.clear(username);
    expect(await screen.findByText('Username is required!')).toBeVisible();

    await user.click(password);
    await user.tab();
    expect(await screen.findByText('Password is required!')).toBeVisible();
    expect(loginButton()).toBeDisabled();

    await user.type(username, 'admin@demo.example');
    await user.type(password, 'Demo#2026pass');
    await waitFor(() => expect(loginButton()).toBeEnabled());
    expect(screen.queryByText('Username is required!')).toBeNull();
    expect(screen.queryByText('Password is required!')).toBeNull();
  });

  it('shows Loading... while signing in, then the invalid-credentials toast', async () => {
    let settle: (outcome: SignInOutcome) => void = () => undefined;
    auth.signIn.mockImplementation(() => new Promise((resolve) => (settle = resolve)));
    const user = userEvent.setup();
    renderScreen(<SignInPage />, { route: '/login' });

    await user.type(screen.getByLabelText(/Username/), 'admin@demo.example');
    await user.type(screen.getByLabelText(/Password/, { selector: 'input' }), 'wrong');
    await user.click(loginButton());

    const busy = await screen.findByRole('button', { name: 'Loading...' });
    expect(busy).toBeDisabled();
    expect(auth.signIn).toHaveBeenCalledWith('admin@demo.example', 'wrong');

    settle({ status: 'invalidCredentials' });
    expect(await screen.findByText('Username/Password is Invalid. Please Try Again.')).toBeVisible();
    await waitFor(() => expect(loginButton()).toBeEnabled());
  });

  it('shows the version in the footer', () => {
    renderScreen(<SignInPage />, { route: '/login' });
    expect(screen.getByText('Version 2.3.2')).toBeVisible();
  });
});
