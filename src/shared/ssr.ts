/**
 * The contract between the server and the page-rendering bundle (src/web/entry-server.tsx, built into
 * dist/web/.ssr): the server loads the bundle by path, so neither side imports the other.
 */

import type { FirstAnswers } from './page-start.ts';

/** How the rendered page reaches the API: the app itself, in process. */
export type ApiFetch = (path: string, init: RequestInit) => Promise<Response>;

export interface ServerRenderInput {
  /** The page's full address (path and query decide what is rendered). */
  url: string;
  fetch: ApiFetch;
  /**
   * A signed-in page's session and first answers (page-start.ts): the page is rendered as that user
   * from them alone. Without them only public pages are rendered.
   */
  answers?: FirstAnswers;
  /**
   * A public page asked for without a session cookie: nobody can be signed in, so the page is rendered
   * signed out (Sign In in the navigation) rather than with the account buttons still to come.
   */
  signedOut?: boolean;
}

export interface ServerRendered {
  /** The page's markup, for inside `<div id="root">`. */
  html: string;
  /** What the browser needs to take the page over (router and query state), as JSON safe inside a script tag. */
  data: string;
}

/** null: this page is not rendered on the server (it shows signed-in content, or it failed to load). */
export type ServerRender = (input: ServerRenderInput) => Promise<ServerRendered | null>;

/** The id of the `<script type="application/json">` that carries `ServerRendered.data`. */
export const SSR_DATA_ID = 'ssr-data';

/** JSON that cannot end its script tag early (`</script>`) or open a comment (`<!--`). */
export const jsonForScript = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
