import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ApiErrorBody } from '../../shared/errors.ts';
import { MESSAGES } from '../../shared/errors.ts';
import { AppError } from './app-error.ts';
import type { AppEnv } from './types.ts';

/** Every error leaves the API as { error: { code, message, fields? } }. */
export function handleError(err: Error, c: Context<AppEnv>): Response {
  if (err instanceof AppError) {
    const body: ApiErrorBody = { error: { code: err.code, message: err.message } };
    if (err.fields) body.error.fields = err.fields;
    return c.json(body, err.status);
  }
  if (err instanceof HTTPException) {
    const status = err.status;
    const code = status === 413 ? 'VALIDATION_FAILED' : status === 401 ? 'UNAUTHENTICATED' : 'INTERNAL';
    return c.json(
      { error: { code, message: err.message || MESSAGES.internal } } satisfies ApiErrorBody,
      status,
    );
  }
  c.var.log.error({ err }, 'unhandled error');
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
