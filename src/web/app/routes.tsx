/**
 * Every page and its path. The URL holds the state, so any view can be reloaded and shared.
 * Each page is its own chunk, loaded when its route is first visited (react-router's
 * route `lazy`), so the first page a person opens does not wait for every other page's
 * code (issue 29: the first route's JavaScript stays small).
 */
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { SignedIn, SignedOut } from './guards.tsx';

type PageModule = Record<string, unknown>;

/** A lazily loaded page: `load` imports its module, `name` is the component it exports. */
function page<M extends PageModule>(
  load: () => Promise<M>,
  name: keyof M & string,
  options: { signedOut?: boolean } = {},
): () => Promise<{ Component: ComponentType }> {
  return async () => {
    const Page = (await load())[name] as ComponentType;
    if (!options.signedOut) return { Component: Page };
    return {
      Component: function SignedOutPage() {
        return (
          <SignedOut>
            <Page />
          </SignedOut>
        );
      },
    };
  };
}

export const routes: RouteObject[] = [
  { path: '/login', lazy: page(() => import('../pages/login/LoginPage.tsx'), 'LoginPage', { signedOut: true }) },
  { path: '/signup', lazy: page(() => import('../pages/signup/SignUpPage.tsx'), 'SignUpPage', { signedOut: true }) },
  { path: '/verify', lazy: page(() => import('../pages/verify/VerifyPage.tsx'), 'VerifyPage', { signedOut: true }) },
  // Issue 33: a scan's evidence, shareable: a public scan's opens without signing in (the API decides).
  { path: '/scans/:id/evidence', lazy: page(() => import('../pages/receipt/ReceiptPage.tsx'), 'ReceiptPage') },
  // Reachable signed in too: a forgotten password is reset the same way.
  { path: '/reset-password', lazy: page(() => import('../pages/reset/ResetPasswordPage.tsx'), 'ResetPasswordPage') },
  {
    element: <SignedIn />,
    children: [
      { index: true, lazy: page(() => import('../pages/home/DashboardPage.tsx'), 'DashboardPage') },
      { path: 'apps/:slug', lazy: page(() => import('../pages/apps/AppPage.tsx'), 'AppPage') },
      // Issue 15: Cyberscan's pages.
      { path: 'scan', lazy: page(() => import('../pages/scan/ScanPage.tsx'), 'ScanPage') },
      { path: 'scans', lazy: page(() => import('../pages/scans/ScansPage.tsx'), 'ScansPage') },
      { path: 'scans/:id', lazy: page(() => import('../pages/scan-details/ScanDetailsPage.tsx'), 'ScanDetailsPage') },
      // Issue 32: watched tokens, a watch's events and delivery log.
      { path: 'watchlist', lazy: page(() => import('../pages/watchlist/WatchlistPage.tsx'), 'WatchlistPage') },
      { path: 'watchlist/:id', lazy: page(() => import('../pages/watchlist/WatchlistPage.tsx'), 'WatchlistPage') },
      { path: 'keys', lazy: page(() => import('../pages/keys/KeysPage.tsx'), 'KeysPage') },
      { path: 'services', lazy: page(() => import('../pages/services/ServicesPage.tsx'), 'ServicesPage') },
      { path: 'disputes', lazy: page(() => import('../pages/disputes/DisputesPage.tsx'), 'DisputesPage') },
      { path: 'account', lazy: page(() => import('../pages/account/AccountPage.tsx'), 'AccountPage') },
      { path: '*', lazy: page(() => import('../pages/not-found/NotFoundPage.tsx'), 'NotFoundPage') },
    ],
  },
];
