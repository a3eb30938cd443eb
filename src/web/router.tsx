import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { preload } from 'react-dom';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouteErrorBoundary } from './components/layout/error-boundary.tsx';
import { NotFound } from './components/layout/not-found.tsx';
import { AdminLayout, VendorLayout } from './components/layout/app-layout.tsx';
import { PageLoading, RootLayout } from './components/layout/root-layout.tsx';
import { SiteLayout } from './components/layout/site-layout.tsx';
import { prefetchOwnDashboard } from './features/dashboard/api.ts';
import { conversationsQuery } from './features/messages/queries.ts';
import { orderQuery } from './features/orders/queries.ts';
import { vendorPageQuery, vendorReviewsQuery } from './features/vendor-page/api.ts';
import { featuredVendorsQuery } from './features/vendors/api/featured.ts';
import type { Prefetch } from './lib/prefetch.ts';
import HomePage from './pages/home.tsx';

type PageModule = { default: ComponentType; prefetch?: Prefetch };

/**
 * A loader's requests: when the server renders the page (entry-server.tsx) it waits for them, so the
 * HTML carries their data; in the browser the page renders at once and shows its own loading state.
 */
const started = (work: Promise<unknown>) => {
  if (import.meta.env.SSR) return work.then(() => null);
  work.catch(() => {}); // the page shows the error (and retries) itself
  return null;
};

/**
 * Loaders only start requests (the pages' queries keep their data fresh), so a change of the address's
 * query (a Browse Vendors filter) never waits for them: the page updates in the same frame.
 */
const never = () => false;

/** Routes whose HTML the server renders (public pages without signed-in content); the rest start empty. */
export const SERVER_RENDERED = { ssr: true } as const;

/**
 * Signed-in pages the server renders as their user, with the answers it wrote into the page
 * (src/shared/page-start.ts, decision 025); without a session they start empty as before.
 */
export const SIGNED_IN_RENDERED = { ssr: 'signed-in' } as const;

type Rendered = typeof SERVER_RENDERED | typeof SIGNED_IN_RENDERED;

export const isServerRendered = (route: RouteObject) => (route.handle as Rendered | undefined)?.ssr === true;

export const isSignedInRendered = (route: RouteObject) =>
  (route.handle as Rendered | undefined)?.ssr === 'signed-in';

/**
 * Starts a vendor page's requests while its code downloads, and its cover photo (the largest thing on
 * a phone's first screen) as soon as the address is known, instead of after the page has rendered.
 */
const prefetchVendorPage = (queryClient: QueryClient, id: string) =>
  Promise.all([
    queryClient.fetchQuery(vendorPageQuery(id)).then(({ vendor }) => {
      // In server-rendered HTML the cover is an <img> the browser finds at once.
      if (!import.meta.env.SSR && vendor.image) preload(vendor.image, { as: 'image', fetchPriority: 'high' });
    }),
    queryClient.prefetchQuery(vendorReviewsQuery(id)),
  ]);

export const routes = (queryClient: QueryClient): RouteObject[] => {
  /** One lazily loaded module per route (but home), so each page downloads only its own code. */
  const page = (path: string, load: () => Promise<PageModule>, handle?: Rendered): RouteObject => ({
    path,
    handle,
    lazy: async () => {
      const { default: Component, prefetch } = await load();
      return prefetch
        ? { Component, loader: (args) => started(prefetch(queryClient, args)), shouldRevalidate: never }
        : { Component };
    },
  });
  /**
   * A signed-in page the server renders as its user (its data comes with the page), and which, opened
   * from another page, asks for its data alongside its code instead of after it.
   */
  const prefetched = (path: string, load: () => Promise<PageModule>, prefetch: Prefetch): RouteObject => ({
    ...page(path, load, SIGNED_IN_RENDERED),
    // On the server the page's data is the answers the server already has (entry-server.tsx).
    loader: (args) => (import.meta.env.SSR ? null : started(prefetch(queryClient, args))),
    shouldRevalidate: never,
  });
  /**
   * Pages in a layout. While the first page's module loads, the layout (navigation, footer) already
   * shows, with PageLoading in place of the page; an error shows inside the layout.
   */
  const laidOut = (Component: ComponentType, children: RouteObject[]): RouteObject => ({
    Component,
    children: [{ ErrorBoundary: RouteErrorBoundary, HydrateFallback: PageLoading, children }],
  });
  const ssr = SERVER_RENDERED;
  return [
    {
      Component: RootLayout,
      children: [
        // Vendors' and admins' work pages: the app's header, no marketing navigation or footer.
        laidOut(VendorLayout, [
          prefetched(
            'vendor-dashboard',
            () => import('./pages/vendor-dashboard.tsx'),
            (qc) => prefetchOwnDashboard(qc, 'vendor'),
          ),
          page('vendor-dashboard/profile', () => import('./pages/vendor-profile-edit.tsx')),
          page('vendor-dashboard/verification', () => import('./pages/vendor-verification.tsx')),
          page('vendor-dashboard/tax-information', () => import('./pages/vendor-tax-information.tsx')),
          page('vendor-dashboard/invoices/:id', () => import('./pages/fee-invoice.tsx')),
        ]),
        laidOut(AdminLayout, [
          page('admin', () => import('./pages/admin.tsx')),
          page('admin/mailbox', () => import('./pages/admin-mailbox.tsx')),
          page('admin-seeder', () => import('./pages/admin-seeder.tsx')),
        ]),
        laidOut(SiteLayout, [
          // Most visits start here: part of the first download, the home page shows without waiting for
          // another round trip (and its dozen small chunks) on a phone's network.
          {
            index: true,
            Component: HomePage,
            handle: ssr,
            loader: () => started(queryClient.prefetchQuery(featuredVendorsQuery())),
            shouldRevalidate: never,
          },
          page('auth', () => import('./pages/auth.tsx')),
          page('auth/callback', () => import('./pages/auth-callback.tsx')),
          page('forgot-password', () => import('./pages/forgot-password.tsx')),
          page('reset-password', () => import('./pages/reset-password.tsx')),
          page('unsubscribe', () => import('./pages/unsubscribe.tsx')),
          page('oauth-test', () => import('./pages/oauth-test.tsx')),
          page('dashboard-debug', () => import('./pages/dashboard-debug.tsx')),
          page('customer-dashboard-test', () => import('./pages/customer-dashboard-test.tsx')),
          page('customer-dashboard-simple', () => import('./pages/customer-dashboard-simple.tsx')),
          page('account', () => import('./pages/account.tsx')),
          prefetched(
            'customer-dashboard',
            () => import('./pages/customer-dashboard.tsx'),
            (qc) => prefetchOwnDashboard(qc, 'customer'),
          ),
          prefetched(
            'customer-dashboard-original',
            () => import('./pages/customer-dashboard-original.tsx'),
            (qc) => prefetchOwnDashboard(qc, 'customer'),
          ),
          prefetched(
            'messages',
            () => import('./pages/messages.tsx'),
            (qc) => qc.prefetchQuery(conversationsQuery()),
          ),
          page('plans', () => import('./pages/plans.tsx')),
          page('plans/:id', () => import('./pages/plan.tsx')),
          page('quotes', () => import('./pages/quotes.tsx')),
          page('quotes/new', () => import('./pages/quote-new.tsx')),
          page('quotes/:id', () => import('./pages/quote-request.tsx')),
          prefetched(
            'orders/:id',
            () => import('./pages/order.tsx'),
            (qc, { params }) => qc.prefetchQuery(orderQuery(params.id ?? '')),
          ),
          page('orders/:id/pay', () => import('./pages/checkout.tsx')),
          page('receipts/:id', () => import('./pages/receipt.tsx')),
          {
            ...page('vendor/:id', () => import('./pages/vendor-profile.tsx'), ssr),
            loader: ({ params }) => started(prefetchVendorPage(queryClient, params.id ?? '')),
            shouldRevalidate: never,
          },
          page('designs/:id', () => import('./pages/design.tsx')),
          // One route for Browse Vendors and each category's page (/browse-vendors/flowers): choosing a
          // category keeps the page (and what is typed in its search box) instead of mounting another.
          page('browse-vendors/:category?', () => import('./pages/browse-vendors.tsx'), ssr),
          page('how-it-works', () => import('./pages/how-it-works.tsx'), ssr),
          page('about', () => import('./pages/about.tsx'), ssr),
          page('support', () => import('./pages/support.tsx'), ssr),
          page('reviews', () => import('./pages/reviews.tsx'), ssr),
          page('success-stories', () => import('./pages/success-stories.tsx'), ssr),
          page('privacy', () => import('./pages/privacy.tsx'), ssr),
          page('terms', () => import('./pages/terms.tsx'), ssr),
          page('careers', () => import('./pages/careers.tsx'), ssr),
          page('press', () => import('./pages/press.tsx'), ssr),
          page('cookies', () => import('./pages/cookies.tsx'), ssr),
          { path: '*', Component: NotFound, handle: ssr },
        ]),
      ],
    },
  ];
};

export const createRouter = (queryClient: QueryClient) => createBrowserRouter(routes(queryClient));
