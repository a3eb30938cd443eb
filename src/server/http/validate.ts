import type { Context } from 'hono';
import type { z } from 'zod';
import { MESSAGES } from '../../shared/errors.ts';
import { findForbiddenText } from '../../shared/text.ts';
import { AppError } from '../errors.ts';

/** Turns zod issues into one message per field (the first issue of each field wins). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

/**
 * Validates input a route reads itself (a multipart form); text with NUL or lone surrogates never
 * reaches a schema. Declared request parts are validated by their route (src/server/http/openapi.ts).
 */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const bad = findForbiddenText(input);
  if (bad) throw AppError.validation({ [bad.join('.') || '_']: MESSAGES.badCharacters });
  const result = schema.safeParse(input);
  if (!result.success) throw AppError.validation(fieldErrors(result.error));
  return result.data;
}

export const validQuery = <S extends z.ZodType>(c: Context, schema: S): z.infer<S> =>
  parseOrThrow(schema, c.req.query());
