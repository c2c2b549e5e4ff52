import { screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { AuthStatus } from '../features/auth/authContext';
import { renderScreen } from '../test/render';
import { RequireSignedIn, RequireSignedOut } from './guards';

const auth = vi.hoisted(() => ({ status: 'signedOut' as AuthStatus }));

vi.mock('../features/auth/useAuth', () => ({
  useAuth: () => ({ status: auth.status, user: null, signIn: vi.fn(), signOut: vi.fn() }),
}));

function WhereAmI() {
  const location = useLocation();
  return <p>{`at ${location.pathname}${location.search}`}</p>;
}

function routes() {
  return (
    <Routes>
      <Route path="/login" element={<RequireSignedOut><WhereAmI /></RequireSignedOut>} />
      <Route path="/app/*" element={<RequireSignedIn><WhereAmI /></RequireSignedIn>} />
    </Routes>
  );
}

describe('route guards', () => {
  it('sends a signed-out user to /login, carrying the requested address', () => {
    auth.status = 'signedOut';
    renderScreen(routes(), { route: '/app/departments' });
    expect(screen.getByText('at /login?redirect=%2Fapp%2Fdepartments')).toBeInTheDocument();
  });

  it('sends a signed-in user away from /login to the dashboard', () => {
    auth.status = 'signedIn';
    renderScreen(routes(), { route: '/login' });
    expect(screen.getByText('at /app/dashboard')).toBeInTheDocument();
  });
});
