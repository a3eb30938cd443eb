import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorCode } from '../shared/errors.ts';
import { MESSAGES } from '../shared/errors.ts';

/** The one error type of the server: a code, an HTTP status and a message safe to show the user. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: ContentfulStatusCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  static notFound(message: string = MESSAGES.notFound): AppError {
    return new AppError('NOT_FOUND', 404, message);
  }

  static validation(fields: Record<string, string>, message: string = MESSAGES.validation): AppError {
    return new AppError('VALIDATION_FAILED', 400, message, fields);
  }

  static unauthenticated(): AppError {
    return new AppError('UNAUTHENTICATED', 401, MESSAGES.unauthenticated);
  }

  static forbidden(message: string = MESSAGES.forbidden): AppError {
    return new AppError('FORBIDDEN', 403, message);
  }
}
