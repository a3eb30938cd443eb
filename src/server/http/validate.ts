import type { Context } from 'hono';
import type { z } from 'zod';
import { MESSAGES } from '../../shared/errors.ts';
import { findForbiddenText } from '../../shared/text.ts';
import { AppError } from './app-error.ts';

/** Turns zod issues into one message per field (the first issue of each field wins). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

/** Validates any input (body, form, params, query); text with NUL or lone surrogates never reaches a schema. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const bad = findForbiddenText(input);
  if (bad) throw AppError.validation({ [bad.join('.') || '_']: MESSAGES.badCharacters });
  const result = schema.safeParse(input);
  if (!result.success) throw AppError.validation(fieldErrors(result.error));
  return result.data;
}

/** The JSON body; an empty body reads as {} so optional-only bodies may be omitted. */
export async function readJson(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AppError('VALIDATION_FAILED', 400, 'The request body must be valid JSON.');
  }
}

export const validQuery = <S extends z.ZodType>(c: Context, schema: S): z.infer<S> =>
  parseOrThrow(schema, c.req.query());

export const validJson = async <S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> =>
  parseOrThrow(schema, await readJson(c));
