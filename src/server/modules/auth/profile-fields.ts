import { APIError, createAuthMiddleware } from 'better-auth/api';
import type { z } from 'zod';
import { MESSAGES } from '../../../shared/errors.ts';
import { profileUpdateSchema, signUpProfileSchema } from '../../../shared/schemas/auth.ts';
import { fieldErrors } from '../../http/validate.ts';

/** Better Auth routes that store what a person calls themselves, and the rule each one follows. */
const PROFILE_SCHEMAS: Record<string, z.ZodObject> = {
  '/sign-up/email': signUpProfileSchema,
  '/update-user': profileUpdateSchema,
};

/**
 * A Better Auth `before` hook: names and phone numbers are checked with the shared schemas (limits,
 * formats, no control characters) and stored trimmed. A refusal answers 400 in Better Auth's error
 * shape with our code and one message per field, so forms can show each at its field.
 */
export const validateProfileFields = createAuthMiddleware(async (ctx) => {
  const schema = PROFILE_SCHEMAS[ctx.path];
  const body: unknown = ctx.body;
  if (!schema || !body || typeof body !== 'object' || Array.isArray(body)) return;
  const fields = Object.fromEntries(
    Object.keys(schema.shape)
      .filter((key) => key in body)
      .map((key) => [key, (body as Record<string, unknown>)[key]]),
  );
  const result = schema.safeParse(fields);
  if (!result.success) {
    throw new APIError('BAD_REQUEST', {
      code: 'VALIDATION_FAILED',
      message: MESSAGES.validation,
      fields: fieldErrors(result.error),
    });
  }
  return { context: { body: { ...body, ...result.data } } };
});
