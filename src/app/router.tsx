import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { RedirectIfSignedIn } from './auth/RequireAuth';
import { RequireAccess } from './routes/RequireAccess';
import { lazyPage } from './routes/lazy-page';
import type { AppRoute } from './routes/types';
import { placeholders } from './routes/placeholders.routes';
import { MtdRoute } from './shell/ShellPages';
import { TenantGate } from './auth/TenantGate';
import { ForgotPasswordPage } from './pages/auth/ForgotPasswordPage';
import { LoginPage } from './pages/auth/LoginPage';
import { MfaPage } from './pages/auth/MfaPage';
import { PasswordExpiredPage } from './pages/auth/PasswordExpiredPage';
import { ResetPasswordPage } from './pages/auth/ResetPasswordPage';
import { SetupMfaPage } from './pages/auth/SetupMfaPage';
import { SsoPage } from './pages/auth/SsoPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { RouteError } from './pages/RouteError';
import { DomainEntryPage } from './pages/system/DomainEntryPage';
import { ErrorPage, LogoutPage, MaintenancePage } from './pages/system/SimplePages';

// The shell (sidebar, header, the hub's connection) loads after sign-in: the sign-in page never carries it.
const SignedInLayout = lazyPage(
  () => import('./routes/SignedInLayout'),
  (m) => m.SignedInLayout,
);

// The 403 page sanitizes the message it shows with DOMPurify (9 KiB gzipped): it loads when it is shown.
const ForbiddenPage = lazyPage(
  () => import('./pages/system/ForbiddenPage'),
  (m) => m.ForbiddenPage,
);

const signedOut = (el: React.ReactNode) => <RedirectIfSignedIn>{el}</RedirectIfSignedIn>;

/** Signed-in routes are discovered: each src/app/routes/<feature>.routes.tsx exports `routes`. */
const builtRoutes = Object.values(
  import.meta.glob<{ routes?: AppRoute[] }>('./routes/*.routes.tsx', { eager: true }),
).flatMap((m) => m.routes ?? []);
/** Placeholders for routes not built yet; a real route with the same path (any parameter names) wins. */
const samePath = (p: string) => p.replace(/:[^/]+/g, ':');
const built = new Set(builtRoutes.map((r) => samePath(r.path)));
const featureRoutes = [...builtRoutes, ...placeholders.filter((p) => !built.has(samePath(p.path)))];

export const routes: RouteObject[] = [
  {
    element: <TenantGate />,
    errorElement: <RouteError />,
    children: [
      { path: '/authentication/login', element: signedOut(<LoginPage />) },
      { path: '/authentication/forgot-password', element: signedOut(<ForgotPasswordPage />) },
      { path: '/authentication/mfa', element: signedOut(<MfaPage />) },
      { path: '/authentication/sso', element: signedOut(<SsoPage />) },
      { path: '/authentication/setup-mfa', element: <SetupMfaPage /> },
      { path: '/authentication/password-expired', element: <PasswordExpiredPage /> },
      { path: '/authentication/domain', element: <DomainEntryPage /> },
      { path: '/reset-password', element: <ResetPasswordPage /> },
      { path: '/maintenance', element: <MaintenancePage /> },
      { path: '/error', element: <ErrorPage /> },
      { path: '/403', element: <ForbiddenPage /> },
      { path: '/404', element: <NotFoundPage /> },
      { path: '/logout', element: <LogoutPage /> },
      { path: '/mtd-corporation-tax', element: <MtdRoute /> },
      {
        element: <SignedInLayout />,
        children: featureRoutes.map((r) => ({
          path: r.path,
          element: <RequireAccess access={r.access}>{r.element}</RequireAccess>,
        })),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
