import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ApiErrorBody } from '../../shared/errors.ts';
import { MESSAGES } from '../../shared/errors.ts';
import { isDatabaseUnavailable } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { safeError } from './log-safe-error.ts';
import type { AppEnv } from './types.ts';

const RETRY_AFTER_SECONDS = 5;

/** Every error leaves the API as { error: { code, message, fields? } }. */
export function handleError(err: Error, c: Context<AppEnv>): Response {
  if (err instanceof AppError) {
    const body: ApiErrorBody = { error: { code: err.code, message: err.message } };
    if (err.fields) body.error.fields = err.fields;
    return c.json(body, err.status);
  }
  if (err instanceof HTTPException) {
    const status = err.status;
    // 415 comes from a route declared for JSON that was sent a form (the guards let multipart through).
    if (status === 415) {
      return c.json(
        { error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: MESSAGES.jsonRequired } } satisfies ApiErrorBody,
        415,
      );
    }
    const code =
      status === 413 || status === 400
        ? 'VALIDATION_FAILED'
        : status === 401
          ? 'UNAUTHENTICATED'
          : 'INTERNAL';
    return c.json(
      { error: { code, message: err.message || MESSAGES.internal } } satisfies ApiErrorBody,
      status,
    );
  }
  if (isDatabaseUnavailable(err)) {
    // The pool reconnects on its own once the database is back; the client may simply retry.
    c.var.log.warn({ err: safeError(err) }, 'database unavailable');
    c.header('Retry-After', String(RETRY_AFTER_SECONDS));
    return c.json(
      { error: { code: 'UNAVAILABLE', message: MESSAGES.unavailable } } satisfies ApiErrorBody,
      503,
    );
  }
  // Never the raw error: a query error carries its parameters (message bodies, e-mail addresses).
  c.var.log.error({ err: safeError(err) }, 'unhandled error');
  return c.json({ error: { code: 'INTERNAL', message: MESSAGES.internal } } satisfies ApiErrorBody, 500);
}

export function apiNotFound(c: Context<AppEnv>): Response {
  return c.json(
    {
      error: { code: 'NOT_FOUND', message: `No API route for ${c.req.method} ${c.req.path}` },
    } satisfies ApiErrorBody,
    404,
  );
}
