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
import { SESSION_REQUEST } from '../shared/page-start.ts';
import { jsonForScript, type ServerRender } from '../shared/ssr.ts';
import { setApiFetch } from './lib/api.ts';
import { renderAsSignedIn } from './lib/auth-client.ts';
import { withFirstAnswers } from './lib/first-answers.ts';
import { createQueryClient } from './lib/query-client.ts';
import { Ready } from './lib/ready.tsx';
import { isServerRendered, isSignedInRendered, routes } from './router.tsx';

/** What main.tsx reads back from the page to take it over without fetching again. */
export interface SsrData {
  router: HydrationState;
  queries: DehydratedState;
}

/**
 * Renders a public page to HTML with its data (the server calls this for each page request, see
 * src/server/http/ssr.ts): the text and pictures show before any script has loaded, then main.tsx
 * hydrates the same tree. A public page is rendered as for a visitor: signed out when the request has
 * no session cookie (`signedOut`), else with the signed-in parts (the navigation's account buttons)
 * to fill in after hydration. A signed-in page (`answers`: its session and first
 * answers, decision 025) is rendered as its user from those answers alone, and its queries without an
 * answer show their loading state, as in the browser.
 */
export const render: ServerRender = async ({ url, fetch, answers, signedOut }) => {
  setApiFetch(fetch);
  const queryClient = createQueryClient();
  // One attempt: a failed request makes the browser render the page instead.
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  const table = routes(queryClient);
  const matches = matchRoutes(table, new URL(url).pathname);
  const leaf = matches?.[matches.length - 1]?.route;
  if (!leaf || !(answers ? isSignedInRendered(leaf) : isServerRendered(leaf))) return null;

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
  const draw = () =>
    renderToString(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
          <Ready />
        </QueryClientProvider>
      </StrictMode>,
    );
  // Synchronous: no other render runs meanwhile, so the session and answers are this render's alone.
  const html = answers
    ? withFirstAnswers(answers, () => renderAsSignedIn(answers[SESSION_REQUEST], draw))
    : signedOut
      ? renderAsSignedIn(null, draw)
      : draw();
  const data: SsrData = {
    router: { loaderData: context.loaderData, actionData: context.actionData },
    queries: dehydrate(queryClient),
  };
  queryClient.clear();
  return { html, data: jsonForScript(data) };
};
