import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import {
  FIRST_ANSWERS_ID,
  type FirstAnswers,
  pageModule,
  SESSION_REQUEST,
  SIGNED_IN_MODULES,
  signedInStart,
} from '../../shared/page-start.ts';
import { PAGE_CODE_ID } from '../../shared/page-code.ts';
import { jsonForScript } from '../../shared/ssr.ts';
import { type InProcessFetch, renderDeadline } from './ssr.ts';

/** The modules the app starts with (boot.ts imports them in turn). */
const APP_MODULES = ['framework.ts', 'main.tsx'];

interface ManifestChunk {
  file: string;
  imports?: string[];
  assets?: string[];
}

/** The fonts of the first screen (Latin text and headings): the page's first render needs both. */
const FIRST_FONTS = /\/(?:inter|fraunces)-latin-wght-normal-[\w-]+\.woff2$/;

/** What the server adds to a signed-in page's HTML (decision 025). */
export interface PageStart {
  /** Preloads of the first screen's fonts and of every file of the app's start and the page's code. */
  head: string;
  /** The session and the page's first answers (the session's token left out). */
  answers: FirstAnswers;
  /** Set-Cookie of the session read (Better Auth refreshes a session's expiry as it reads it). */
  setCookies: string[];
}

/** The build's manifest (vite.config.ts `manifest: true`): chunks by module, relative to src/web. */
export type Manifest = Record<string, ManifestChunk>;

/** The build's manifest, or an empty one for an older build (nothing is then named or listed). */
export function readManifest(distDir: string): Manifest {
  const file = path.join(distDir, '.vite', 'manifest.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Manifest) : {};
}

/** The files `modules` load, each after the files it imports (the order they run), but `skip`'s. */
function runOrder(manifest: Manifest, modules: string[], skip = new Set<string>()): string[] {
  const order: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    for (const dep of chunk.imports ?? []) visit(dep);
    if (!skip.has(`/${chunk.file}`)) order.push(`/${chunk.file}`);
  };
  for (const module of modules) visit(module);
  return order;
}

/** The entry's own files (boot.ts and what it imports): run before anything the server names. */
const entryFiles = (manifest: Manifest) => new Set(runOrder(manifest, ['index.html']));

/**
 * For a page the server rendered: the files of its code in the order they run, for boot.ts to fetch
 * together after the first paint and run one per task (run as one graph they were a task of 100 to
 * 170 ms on a phone's CPU). Undefined for a page with no module of its own.
 */
export function pageCode(manifest: Manifest) {
  const entry = entryFiles(manifest);
  const scripts = new Map<string, string>();
  return (pathname: string): string | undefined => {
    const module = pageModule(pathname);
    if (!module || !manifest[module]) return undefined;
    let script = scripts.get(module);
    if (script === undefined) {
      const files = runOrder(manifest, [...APP_MODULES, module], entry);
      script = `<script type="application/json" id="${PAGE_CODE_ID}">${jsonForScript(files)}</script>`;
      scripts.set(module, script);
    }
    return script;
  };
}

/**
 * For the signed-in pages of src/shared/page-start.ts: the session and the page's first GETs, asked of
 * the app in process with the visitor's cookie and written into the page, and the page's code named
 * for the browser to fetch at once. A visitor with no session, an answer other than 200, or a slow
 * database: the page goes out as before and the browser asks for itself.
 */
export function pageStarts(manifest: Manifest, api: InProcessFetch) {
  const entry = entryFiles(manifest);
  const preloads = new Map<string, string>();
  const preloadsOf = (module: string) => {
    let links = preloads.get(module);
    if (links === undefined) {
      const fonts = (manifest['index.html']?.assets ?? [])
        .map((file) => `/${file}`)
        .filter((file) => FIRST_FONTS.test(file));
      links = [
        ...fonts.map((file) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="${file}">`),
        ...runOrder(manifest, [...APP_MODULES, ...SIGNED_IN_MODULES, module], entry).map(
          (file) => `<link rel="modulepreload" crossorigin href="${file}">`,
        ),
      ].join('\n');
      preloads.set(module, links);
    }
    return links;
  };

  const ask = (apiPath: string, cookie: string) =>
    api(
      new Request(new URL(apiPath, 'http://frosted.local'), {
        headers: { cookie, accept: 'application/json' },
      }),
    );

  const answer = async (pathname: string, cookie: string) => {
    const start = signedInStart(pathname);
    if (!start) return undefined;
    const session = await ask(SESSION_REQUEST, cookie);
    const sessionBody = session.status === 200 ? ((await session.json()) as SessionBody | null) : null;
    if (!sessionBody?.user) return undefined;
    const answers: FirstAnswers = { [SESSION_REQUEST]: withoutToken(sessionBody) };
    const pages = await Promise.all(start.paths.map((p) => ask(p, cookie)));
    for (const [i, response] of pages.entries()) {
      if (response.status === 200) answers[start.paths[i]!] = await response.json();
      else void response.body?.cancel().catch(() => {});
    }
    return {
      head: preloadsOf(start.module),
      answers,
      setCookies: session.headers.getSetCookie(),
    } satisfies PageStart;
  };

  return async function pageStart(
    pathname: string,
    cookie: string | undefined,
    log: Logger,
  ): Promise<PageStart | undefined> {
    if (!cookie || !signedInStart(pathname)) return undefined;
    // Longer than a render may take and the page goes out without them (the browser asks for itself).
    let timer: NodeJS.Timeout | undefined;
    const ms = renderDeadline();
    const deadline = new Promise<undefined>((resolve) => {
      if (ms <= 2 ** 31 - 1) timer = setTimeout(() => resolve(undefined), ms);
    });
    try {
      return await Promise.race([answer(pathname, cookie), deadline]);
    } catch (err) {
      log.warn({ err, pathname }, "a signed-in page's first answers failed; the browser asks for them");
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  };
}

interface SessionBody {
  user?: unknown;
  session?: Record<string, unknown>;
}

/** The session as the page uses it: its token (the cookie's value) stays out of the HTML. */
function withoutToken({ session, ...rest }: SessionBody): SessionBody {
  if (!session) return rest;
  const { token: _token, ...kept } = session;
  return { ...rest, session: kept };
}

/** The answers as the browser reads them (src/web/lib/first-answers.ts). */
export const firstAnswersScript = (answers: FirstAnswers) =>
  `<script type="application/json" id="${FIRST_ANSWERS_ID}">${jsonForScript(answers)}</script>`;

/**
 * Whether a request could be signed in: it carries Better Auth's session cookie (`__Secure-` prefixed
 * on https). Without one the session read can only answer "nobody".
 */
export const hasSessionCookie = (cookie: string | undefined) =>
  !!cookie && /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=[^;\s]/.test(cookie);

/** The first answers of a page asked for without a session cookie: its session read answers "nobody". */
export const SIGNED_OUT_SCRIPT = firstAnswersScript({ [SESSION_REQUEST]: null });
