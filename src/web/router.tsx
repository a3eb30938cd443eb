import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouteErrorBoundary } from './components/layout/error-boundary.tsx';
import { NotFound } from './components/layout/not-found.tsx';
import { AppLoading, RootLayout } from './components/layout/root-layout.tsx';

type PageModule = { default: ComponentType };

/** One lazily loaded module per route, so each page downloads only its own code. */
const page = (path: string, load: () => Promise<PageModule>): RouteObject => ({
  path,
  lazy: async () => ({ Component: (await load()).default }),
});

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    // The first page's module loads before anything renders; without this the router warns on every load.
    HydrateFallback: AppLoading,
    children: [
      {
        ErrorBoundary: RouteErrorBoundary,
        children: [
          { index: true, lazy: async () => ({ Component: (await import('./pages/home.tsx')).default }) },
          page('auth', () => import('./pages/auth.tsx')),
          page('auth/callback', () => import('./pages/auth-callback.tsx')),
          page('forgot-password', () => import('./pages/forgot-password.tsx')),
          page('reset-password', () => import('./pages/reset-password.tsx')),
          page('oauth-test', () => import('./pages/oauth-test.tsx')),
          page('dashboard-debug', () => import('./pages/dashboard-debug.tsx')),
          page('customer-dashboard-test', () => import('./pages/customer-dashboard-test.tsx')),
          page('customer-dashboard-simple', () => import('./pages/customer-dashboard-simple.tsx')),
          page('admin-seeder', () => import('./pages/admin-seeder.tsx')),
          page('account', () => import('./pages/account.tsx')),
          page('admin', () => import('./pages/admin.tsx')),
          page('admin/mailbox', () => import('./pages/admin-mailbox.tsx')),
          page('customer-dashboard', () => import('./pages/customer-dashboard.tsx')),
          page('customer-dashboard-original', () => import('./pages/customer-dashboard-original.tsx')),
          page('vendor-dashboard', () => import('./pages/vendor-dashboard.tsx')),
          page('vendor-dashboard/profile', () => import('./pages/vendor-profile-edit.tsx')),
          page('messages', () => import('./pages/messages.tsx')),
          page('vendor/:id', () => import('./pages/vendor-profile.tsx')),
          page('designs/:id', () => import('./pages/design.tsx')),
          page('browse-vendors', () => import('./pages/browse-vendors.tsx')),
          page('how-it-works', () => import('./pages/how-it-works.tsx')),
          page('about', () => import('./pages/about.tsx')),
          page('support', () => import('./pages/support.tsx')),
          page('reviews', () => import('./pages/reviews.tsx')),
          page('success-stories', () => import('./pages/success-stories.tsx')),
          page('privacy', () => import('./pages/privacy.tsx')),
          page('terms', () => import('./pages/terms.tsx')),
          page('careers', () => import('./pages/careers.tsx')),
          page('press', () => import('./pages/press.tsx')),
          page('cookies', () => import('./pages/cookies.tsx')),
          { path: '*', Component: NotFound },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
