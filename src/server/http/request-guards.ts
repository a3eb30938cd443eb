import type { Context, MiddlewareHandler, Next } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { MESSAGES } from '../../shared/errors.ts';
import { findForbiddenText, hasForbiddenCharacters } from '../../shared/text.ts';
import { AppError } from '../errors.ts';
import { holdBody } from './body-drain.ts';
import { allowedOrigins } from './origins.ts';
import type { AppEnv } from './types.ts';

/** The limit of every JSON body; upload routes (multipart) set their own, tighter per route. */
export const JSON_BODY_LIMIT = 1024 * 1024;
/**
 * No multipart body may exceed this, whatever the route. Upload routes set their own, tighter limit
 * (10 MB photos; a message's five photos, 51 MB) with their own message, so this ceiling sits above
 * the largest of them.
 */
export const MULTIPART_BODY_LIMIT = 52 * 1024 * 1024;

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const isJson = (type: string) => /^application\/([\w.+-]+\+)?json\b/i.test(type);
const isMultipart = (type: string) => /^multipart\/form-data\b/i.test(type);
const isUrlEncoded = (type: string) => /^application\/x-www-form-urlencoded\b/i.test(type);
/**
 * The one route that takes a form: mail clients' one-click unsubscribe (RFC 8058) posts
 * `List-Unsubscribe=One-Click` from their servers. Its signed token is the whole authority.
 */
export const ONE_CLICK_UNSUBSCRIBE_PATH = '/api/email/unsubscribe';

/**
 * A path with a malformed percent-encoding, an encoded NUL or a lone surrogate names nothing:
 * 404 before any route reads it (the error shape under /api, plain text for pages).
 */
export const pathGuard = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  const afterHost = c.req.url.indexOf('/', c.req.url.indexOf('//') + 2);
  const raw = afterHost < 0 ? '/' : c.req.url.slice(afterHost).split(/[?#]/)[0]!;
  let decoded: string | null;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    decoded = null;
  }
  if (decoded === null || hasForbiddenCharacters(decoded)) {
    if (raw.startsWith('/api/')) throw AppError.notFound();
    return c.text('Not found', 404);
  }
  await next();
};

/**
 * What every API request passes before a route sees it: query strings without NUL or lone
 * surrogates; for state-changing requests, an Origin that is Frosted's own (Better Auth checks its
 * own routes), a JSON or multipart body within the size limit, and no NUL or lone surrogate in any
 * JSON string. Together with JSON-only routes this stops cross-site form posts. Whatever is refused,
 * here or by the route, the unread rest of the body is drained before the answer (body-drain.ts), so
 * the answer always reaches the client and a keep-alive connection stays usable.
 */
export const apiRequestGuards = (): MiddlewareHandler<AppEnv> => {
  const tooLarge = () => {
    throw new AppError('PAYLOAD_TOO_LARGE', 413, MESSAGES.payloadTooLarge);
  };
  const jsonLimit = bodyLimit({ maxSize: JSON_BODY_LIMIT, onError: tooLarge });
  const multipartLimit = bodyLimit({ maxSize: MULTIPART_BODY_LIMIT, onError: tooLarge });

  const guardBody = async (c: Context<AppEnv>, next: Next) => {
    const isAuth = c.req.path.startsWith('/api/auth/');
    if (!isAuth) checkOrigin(c.req.header('origin'), c.req.header('sec-fetch-site'), c.var.services.config);

    // A declared type must be JSON (or multipart for uploads), whether or not a body follows: forms
    // and text/plain are what a cross-site page can send without asking. No type and no length is a
    // bodiless request (a browser's DELETE carries neither).
    const type = c.req.header('content-type');
    const length = c.req.header('content-length');
    const hasBody =
      type !== undefined || c.req.header('transfer-encoding') !== undefined || Number(length ?? 0) > 0;
    const oneClick = c.req.path === ONE_CLICK_UNSUBSCRIBE_PATH && type !== undefined && isUrlEncoded(type);
    if (hasBody && !(type && (isJson(type) || (isMultipart(type) && !isAuth) || oneClick)))
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, MESSAGES.jsonRequired);

    const limit = type && isMultipart(type) ? multipartLimit : jsonLimit;
    return limit(c, async () => {
      if (type && isJson(type)) await checkJsonBody(c, { ownRoute: !isAuth });
      await next();
    });
  };

  return async (c, next) => {
    for (const [key, values] of Object.entries(c.req.queries())) {
      if ([key, ...values].some(hasForbiddenCharacters))
        throw AppError.validation({ [key]: MESSAGES.badCharacters });
    }
    if (!STATE_CHANGING.has(c.req.method)) return next();

    const body = holdBody(c);
    try {
      return await guardBody(c, next);
    } finally {
      // Past the drain's bounds the client is not worth waiting for: the connection ends after the answer.
      if (body && !(await body.drain())) c.header('Connection', 'close');
    }
  };
};

function checkOrigin(
  origin: string | undefined,
  fetchSite: string | undefined,
  config: Parameters<typeof allowedOrigins>[0],
) {
  // No Origin: not a browser (curl, a server, a webhook), which cannot carry a user's cookies for us.
  if (origin === undefined) {
    if (fetchSite === 'cross-site') throw AppError.forbidden(MESSAGES.crossOrigin);
    return;
  }
  if (!allowedOrigins(config).includes(origin)) throw AppError.forbidden(MESSAGES.crossOrigin);
}

/**
 * Rejects a JSON body with a NUL or lone surrogate in any key or string, naming where it is. On our
 * own routes (Better Auth answers for its own) malformed JSON is a 400, and an empty body reads as `{}`
 * so that a body whose fields are all optional may be left empty.
 */
async function checkJsonBody(c: Context<AppEnv>, { ownRoute }: { ownRoute: boolean }) {
  const text = await c.req.raw.clone().text();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    if (!ownRoute) return;
    if (text.trim() !== '')
      throw new AppError('VALIDATION_FAILED', 400, 'The request body must be valid JSON.');
    c.req.raw = new Request(c.req.raw, { body: '{}' });
    return;
  }
  const where = findForbiddenText(value);
  if (where) throw AppError.validation({ [where.join('.') || '_']: MESSAGES.badCharacters });
}
