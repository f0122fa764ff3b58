/** Every page and its path. The URL holds the state, so any view can be reloaded and shared. */
import type { RouteObject } from 'react-router';
import { SignedIn, SignedOut } from './guards.tsx';
import { LoginPage } from '../pages/login/LoginPage.tsx';
import { SignUpPage } from '../pages/signup/SignUpPage.tsx';
import { VerifyPage } from '../pages/verify/VerifyPage.tsx';
import { ResetPasswordPage } from '../pages/reset/ResetPasswordPage.tsx';
import { DashboardPage } from '../pages/home/DashboardPage.tsx';
import { AppPage } from '../pages/apps/AppPage.tsx';
import { KeysPage } from '../pages/keys/KeysPage.tsx';
import { ServicesPage } from '../pages/services/ServicesPage.tsx';
import { AccountPage } from '../pages/account/AccountPage.tsx';
import { NotFoundPage } from '../pages/not-found/NotFoundPage.tsx';
import { ScanPage } from '../pages/scan/ScanPage.tsx';
import { ScansPage } from '../pages/scans/ScansPage.tsx';
import { ScanDetailsPage } from '../pages/scan-details/ScanDetailsPage.tsx';

export const routes: RouteObject[] = [
  {
    path: '/login',
    element: (
      <SignedOut>
        <LoginPage />
      </SignedOut>
    ),
  },
  {
    path: '/signup',
    element: (
      <SignedOut>
        <SignUpPage />
      </SignedOut>
    ),
  },
  {
    path: '/verify',
    element: (
      <SignedOut>
        <VerifyPage />
      </SignedOut>
    ),
  },
  // Reachable signed in too: a forgotten password is reset the same way.
  { path: '/reset-password', element: <ResetPasswordPage /> },
  {
    element: <SignedIn />,
    children: [
      { index: true, element: <DashboardPage /> },
      { path: 'apps/:slug', element: <AppPage /> },
      // Issue 15: Cyberscan's pages.
      { path: 'scan', element: <ScanPage /> },
      { path: 'scans', element: <ScansPage /> },
      { path: 'scans/:id', element: <ScanDetailsPage /> },
      { path: 'keys', element: <KeysPage /> },
      { path: 'services', element: <ServicesPage /> },
      { path: 'account', element: <AccountPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
