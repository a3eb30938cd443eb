import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Logger } from 'pino';
import type { FirstAnswers } from '../../shared/page-start.ts';
import { SSR_DATA_ID, type ServerRender, type ServerRendered } from '../../shared/ssr.ts';

/** Longer than this and the page goes out empty (the browser renders it) rather than keep a visitor waiting. */
export const RENDER_DEADLINE_MS = 2_000;

let renderDeadlineMs = RENDER_DEADLINE_MS;

/**
 * For tests of the rendered pages: how long a render may take before the page goes out empty, for
 * every renderer in this process; `Infinity` waits for each render to finish. A test that checks the
 * server's HTML must not depend on how busy the machine is. Production never calls it.
 */
export function setRenderDeadline(ms: number) {
  renderDeadlineMs = ms;
}

/** The deadline now in force (page-start.ts keeps to it too). */
export const renderDeadline = () => renderDeadlineMs;

/** How the renderer reaches the API: the app, in process. */
export type InProcessFetch = (request: Request) => Response | Promise<Response>;

/**
 * Renders public pages (and, given their answers, signed-in ones: page-start.ts) to HTML with the page-rendering bundle the build writes next to the web app
 * (dist/web/.ssr/entry-server.js, from src/web/entry-server.tsx). Without that bundle (an older build)
 * or when a render fails or takes too long, pages go out as the empty shell and the browser renders
 * them, as before: server rendering only ever makes a page faster, never breaks it.
 */
export function pageRenderer(distDir: string, api: InProcessFetch) {
  const file = path.join(distDir, '.ssr', 'entry-server.js');
  let loaded: Promise<ServerRender | undefined> | undefined;
  const load = (log: Logger) =>
    (loaded ??= existsSync(file)
      ? import(pathToFileURL(file).href).then(
          (mod: { render: ServerRender }) => mod.render,
          (err: unknown) => {
            log.error({ err }, 'the page-rendering bundle failed to load; pages render in the browser');
            return undefined;
          },
        )
      : Promise.resolve(undefined));

  // Relative API paths, as the web app writes them, resolved against any origin: the app routes by path.
  const fetch = async (apiPath: string, init: RequestInit) =>
    api(new Request(new URL(apiPath, 'http://frosted.local'), init));

  return async function render(
    url: string,
    log: Logger,
    { answers, signedOut }: { answers?: FirstAnswers; signedOut?: boolean } = {},
  ): Promise<ServerRendered | null> {
    const renderPage = await load(log);
    if (!renderPage) return null;
    let timer: NodeJS.Timeout | undefined;
    const ms = renderDeadlineMs;
    const deadline = new Promise<null>((resolve) => {
      // setTimeout takes at most 2^31 - 1 ms (a longer one fires at once): no deadline then.
      if (ms <= 2 ** 31 - 1) timer = setTimeout(() => resolve(null), ms);
    });
    try {
      return await Promise.race([
        renderPage({ url, fetch, ...(answers && { answers }), ...(signedOut && { signedOut }) }),
        deadline,
      ]);
    } catch (err) {
      log.warn({ err, url }, 'server rendering failed; the page renders in the browser');
      return null;
    } finally {
      clearTimeout(timer);
    }
  };
}

/** index.html with the rendered page in its root element and the data the browser takes it over with. */
export const withRenderedPage = (html: string, page: ServerRendered) =>
  // A function, not a string: in a replacement string "$$" and "$&" are patterns ("$$$" price tiers).
  html.replace(
    '<div id="root"></div>',
    () =>
      `<div id="root">${page.html}</div><script type="application/json" id="${SSR_DATA_ID}">${page.data}</script>`,
  );
