import { hydrate, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, type DataRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { config as zodConfig } from 'zod';
import { SSR_DATA_ID } from '../shared/ssr.ts';
import type { SsrData } from './entry-server.tsx';
import { startWithFirstSession } from './lib/auth-client.ts';
import { firstSession } from './lib/first-answers.ts';
import { createQueryClient } from './lib/query-client.ts';
import { Ready } from './lib/ready.tsx';
import { routes } from './router.tsx';

// zod compiles object schemas with `new Function` when it may; the page's Content-Security-Policy
// forbids that (no 'unsafe-eval'), and its probe would be reported as a violation.
zodConfig({ jitless: true });

const queryClient = createQueryClient();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

const app = (router: DataRouter) => (
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Ready />
    </QueryClientProvider>
  </StrictMode>
);

/**
 * Loads the code of the routes the address matches, so the first render is the page the server
 * rendered rather than the router's loading state.
 */
async function resolveLazyRoutes(table: RouteObject[]) {
  const matches = matchRoutes(table, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}

/**
 * Lets the browser paint and answer input between steps of starting the app: each step is then a task
 * of its own instead of one long task (Total Blocking Time).
 */
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start(root: HTMLElement) {
  // A signed-in page came with its session (decision 025): render as its user at once, as the server did.
  startWithFirstSession(firstSession());
  const table = routes(queryClient);
  const ssr = document.getElementById(SSR_DATA_ID)?.textContent;
  if (!ssr) {
    // A transition lets React yield to the browser every few milliseconds while it builds the first
    // page, instead of one long task that keeps a phone from answering a tap (Total Blocking Time).
    startTransition(() => createRoot(root).render(app(createBrowserRouter(table))));
    return;
  }
  // The server rendered this page (entry-server.tsx): take over its HTML with the data it used.
  await yieldToBrowser();
  const data = JSON.parse(ssr) as SsrData;
  hydrate(queryClient, data.queries);
  await resolveLazyRoutes(table);
  await yieldToBrowser();
  const router = createBrowserRouter(table, { hydrationData: data.router });
  startTransition(() => {
    hydrateRoot(root, app(router));
  });
}

void start(root);
