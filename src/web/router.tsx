import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { preload } from 'react-dom';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouteErrorBoundary } from './components/layout/error-boundary.tsx';
import { NotFound } from './components/layout/not-found.tsx';
import { PageLoading, RootLayout } from './components/layout/root-layout.tsx';
import { vendorPageQuery, vendorReviewsQuery } from './features/vendor-page/api.ts';
import HomePage from './pages/home.tsx';

type PageModule = { default: ComponentType };

/** One lazily loaded module per route (but home), so each page downloads only its own code. */
const page = (path: string, load: () => Promise<PageModule>): RouteObject => ({
  path,
  lazy: async () => ({ Component: (await load()).default }),
});

/**
 * Starts a vendor page's requests while its code downloads, and its cover photo (the largest thing on
 * a phone's first screen) as soon as the address is known, instead of after the page has rendered.
 */
const prefetchVendorPage = (queryClient: QueryClient, id: string) => {
  void queryClient
    .fetchQuery(vendorPageQuery(id))
    .then(({ vendor }) => vendor.image && preload(vendor.image, { as: 'image', fetchPriority: 'high' }))
    .catch(() => {}); // the page shows the error (and retries) itself
  void queryClient.prefetchQuery(vendorReviewsQuery(id));
  return null;
};

export const routes = (queryClient: QueryClient): RouteObject[] => [
  {
    Component: RootLayout,
    children: [
      {
        ErrorBoundary: RouteErrorBoundary,
        // While the first page's module loads, the layout (navigation, footer) already shows, with this
        // in place of the page.
        HydrateFallback: PageLoading,
        children: [
          // Most visits start here: part of the first download, the home page shows without waiting for
          // another round trip (and its dozen small chunks) on a phone's network.
          { index: true, Component: HomePage },
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
          page('quotes', () => import('./pages/quotes.tsx')),
          page('quotes/new', () => import('./pages/quote-new.tsx')),
          page('quotes/:id', () => import('./pages/quote-request.tsx')),
          {
            ...page('vendor/:id', () => import('./pages/vendor-profile.tsx')),
            loader: ({ params }) => prefetchVendorPage(queryClient, params.id ?? ''),
          },
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

export const createRouter = (queryClient: QueryClient) => createBrowserRouter(routes(queryClient));
