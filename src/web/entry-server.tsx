import { dehydrate, type DehydratedState, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  type HydrationState,
  matchRoutes,
  StaticRouterProvider,
} from 'react-router';
import { jsonForScript, type ServerRender } from '../shared/ssr.ts';
import { setApiFetch } from './lib/api.ts';
import { createQueryClient } from './lib/query-client.ts';
import { Ready } from './lib/ready.tsx';
import { isServerRendered, routes } from './router.tsx';

/** What main.tsx reads back from the page to take it over without fetching again. */
export interface SsrData {
  router: HydrationState;
  queries: DehydratedState;
}

/**
 * Renders a public page to HTML with its data (the server calls this for each page request, see
 * src/server/http/ssr.ts): the text and pictures show before any script has loaded, then main.tsx
 * hydrates the same tree. The page is rendered as for a visitor; signed-in parts (the navigation's
 * account buttons) fill in after hydration, as they do today.
 */
export const render: ServerRender = async ({ url, fetch }) => {
  setApiFetch(fetch);
  const queryClient = createQueryClient();
  // One attempt: a failed request makes the browser render the page instead.
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  const table = routes(queryClient);
  const matches = matchRoutes(table, new URL(url).pathname);
  if (!matches || !isServerRendered(matches[matches.length - 1]!.route)) return null;

  const handler = createStaticHandler(table);
  const context = await handler.query(new Request(url));
  if (context instanceof Response || context.errors) return null;
  // A request that failed (a vendor that does not exist, the database away) is the browser's to show:
  // it tells a 404 from an outage and offers Try Again.
  if (
    queryClient
      .getQueryCache()
      .getAll()
      .some((q) => q.state.status === 'error')
  )
    return null;

  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
        <Ready />
      </QueryClientProvider>
    </StrictMode>,
  );
  const data: SsrData = {
    router: { loaderData: context.loaderData, actionData: context.actionData },
    queries: dehydrate(queryClient),
  };
  queryClient.clear();
  return { html, data: jsonForScript(data) };
};
