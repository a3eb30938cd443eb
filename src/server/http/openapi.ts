import { OpenAPIHono, type Hook } from '@hono/zod-openapi';
import { z } from 'zod';
import { ERROR_CODES, MESSAGES } from '../../shared/errors.ts';
import { findForbiddenText } from '../../shared/text.ts';
import { AppError } from '../errors.ts';
import type { AppEnv } from './types.ts';
import { fieldErrors } from './validate.ts';

/** Every error the API answers: `{ error: { code, message, fields? } }` (src/server/http/errors.ts). */
export const apiErrorSchema = z
  .object({
    error: z.object({
      code: z.enum(ERROR_CODES),
      message: z.string(),
      /** One message per invalid field, keyed by its path (`items.0.title`). */
      fields: z.record(z.string(), z.string()).optional(),
    }),
  })
  .openapi('ApiError');

type ValidationResult = Parameters<Hook<unknown, AppEnv, string, undefined>>[0];

/**
 * What a failed request validation throws: our error shape with one message per field, and text with
 * NUL or lone surrogates refused before any schema reads it (PostgreSQL cannot store it).
 */
export const validationHook = (result: ValidationResult): undefined => {
  // On failure `data` is the raw input; on success it is the parsed value (strings keep their NULs).
  const bad = findForbiddenText((result as { data?: unknown }).data);
  if (bad) throw AppError.validation({ [bad.join('.') || '_']: MESSAGES.badCharacters });
  if (!result.success) throw AppError.validation(fieldErrors(result.error));
};

/** A route module: a Hono app whose routes are declared with `createRoute` and validated by their schemas. */
export const openApiRoutes = () => new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

const ERROR_DESCRIPTIONS = {
  400: 'Invalid input; `fields` names each invalid field.',
  401: 'Not signed in.',
  403: 'Not allowed for this account, or the request did not come from Frosted.',
  404: 'Not found (or not yours: another user’s data looks exactly like missing data).',
  409: 'The resource is not in a state that allows this.',
  413: 'The body or file is too large.',
  415: 'The body is not JSON (or, for uploads, not multipart), or the file is not a supported image.',
  429: 'Too many requests, or the daily allowance is used up; see Retry-After.',
  503: 'The database (or the image provider) is briefly unavailable; see Retry-After.',
} as const;
type ErrorStatus = keyof typeof ERROR_DESCRIPTIONS;

const errorContent = { 'application/json': { schema: apiErrorSchema } };

/** The error responses of an operation, all in the one error shape. */
export function errors<const S extends ErrorStatus>(
  ...statuses: S[]
): { [K in S]: { description: string; content: typeof errorContent } } {
  return Object.fromEntries(
    statuses.map((status) => [status, { description: ERROR_DESCRIPTIONS[status], content: errorContent }]),
  ) as unknown as { [K in S]: { description: string; content: typeof errorContent } };
}

/** A JSON response. */
export const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

/**
 * A JSON request body. An optional body (every field optional) may be left out altogether; an absent
 * body then reads as `{}`, so the schema must accept `{}`.
 */
export const jsonBody = <T extends z.ZodType>(schema: T, { required = true } = {}) => {
  if (!required && !schema.safeParse({}).success) throw new Error('An optional JSON body must accept {}.');
  return { required, content: { 'application/json': { schema } } };
};

/** A string path parameter (ids are opaque, at most 100 characters). */
export const idParams = <const K extends string>(name: K) =>
  z.object({ [name]: z.string().min(1).max(100) } as Record<K, z.ZodString>);

/** A form field of a multipart upload, as a JSON Schema. */
interface FormField {
  type: 'string' | 'integer';
  description?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  enum?: readonly string[];
}

/**
 * A multipart upload with its image in `file`. Documented only: the handler reads the form itself,
 * because the file is checked by its content (sharp) and the other fields by the shared schema, each
 * with its own message.
 */
export function multipartBody(
  fields: Record<string, FormField> = {},
  required: string[] = [],
  { fileRequired = true }: { fileRequired?: boolean } = {},
) {
  const file = { type: 'string', format: 'binary', description: 'A JPEG, PNG or WebP image.' } as const;
  return {
    required: true,
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object' as const,
          properties: { file, ...fields },
          required: fileRequired ? ['file', ...required] : required,
        },
      },
    },
  };
}
