import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { FullPageLoader } from '../components/FullPageLoader';
import { RequireSignedIn, RequireSignedOut } from './guards';

// Every screen is its own chunk, so the first load carries only the shell (ARCHITECTURE.md).
const SignInPage = lazy(() => import('../features/auth/SignInPage'));
const AppLayout = lazy(() => import('./AppLayout'));
const DashboardPage = lazy(() => import('../features/dashboard/DashboardPage'));
const DepartmentsPage = lazy(() => import('../features/departments/DepartmentsPage'));
const DivisionsPage = lazy(() => import('../features/divisions/DivisionsPage'));

export function AppRoutes() {
  return (
    <Suspense fallback={<FullPageLoader />}>
      <Routes>
        <Route
          path="/login"
          element={
            <RequireSignedOut>
              <SignInPage />
            </RequireSignedOut>
          }
        />
        <Route
          path="/app"
          element={
            <RequireSignedIn>
              <AppLayout />
            </RequireSignedIn>
          }
        >
          <Route index element={<Navigate to="dashboard" replace />} />
          <Route path="dashboard" element={<DashboardPage />} />
          <Route path="departments" element={<DepartmentsPage />} />
          <Route path="divisions" element={<DivisionsPage />} />
          <Route path="*" element={<Navigate to="/app" replace />} />
        </Route>
        <Route path="*" element={<Navigate to="/app" replace />} />
      </Routes>
    </Suspense>
  );
}
