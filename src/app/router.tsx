import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { RedirectIfSignedIn, RequireAuth } from './auth/RequireAuth';
import { SignedInHome } from './auth/SignedInHome';
import { TenantGate } from './auth/TenantGate';
import { ForgotPasswordPage } from './pages/auth/ForgotPasswordPage';
import { LoginPage } from './pages/auth/LoginPage';
import { MfaPage } from './pages/auth/MfaPage';
import { PasswordExpiredPage } from './pages/auth/PasswordExpiredPage';
import { ResetPasswordPage } from './pages/auth/ResetPasswordPage';
import { SetupMfaPage } from './pages/auth/SetupMfaPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { RouteError } from './pages/RouteError';
import { DomainEntryPage } from './pages/system/DomainEntryPage';
import { ForbiddenPage } from './pages/system/ForbiddenPage';
import { ErrorPage, LogoutPage, MaintenancePage } from './pages/system/SimplePages';

const signedOut = (el: React.ReactNode) => <RedirectIfSignedIn>{el}</RedirectIfSignedIn>;
const signedIn = (el: React.ReactNode) => <RequireAuth>{el}</RequireAuth>;

export const routes: RouteObject[] = [
  {
    element: <TenantGate />,
    errorElement: <RouteError />,
    children: [
      { path: '/authentication/login', element: signedOut(<LoginPage />) },
      { path: '/authentication/forgot-password', element: signedOut(<ForgotPasswordPage />) },
      { path: '/authentication/mfa', element: signedOut(<MfaPage />) },
      { path: '/authentication/setup-mfa', element: <SetupMfaPage /> },
      { path: '/authentication/password-expired', element: <PasswordExpiredPage /> },
      { path: '/authentication/domain', element: <DomainEntryPage /> },
      { path: '/reset-password', element: <ResetPasswordPage /> },
      { path: '/maintenance', element: <MaintenancePage /> },
      { path: '/error', element: <ErrorPage /> },
      { path: '/403', element: <ForbiddenPage /> },
      { path: '/404', element: <NotFoundPage /> },
      { path: '/logout', element: <LogoutPage /> },
      { path: '/', element: signedIn(<SignedInHome />) },
      { path: '/tasks', element: signedIn(<SignedInHome />) },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
