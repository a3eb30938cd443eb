/**
 * An error as it may appear in a log line. Query errors carry the values they were given: drizzle's
 * message ends with "params: <values>" and keeps them in `params`, PGlite adds `params` to its errors,
 * and PostgreSQL's `detail` quotes rows and keys ("Key (email)=(a@b.c) already exists"). Those are
 * message bodies and e-mail addresses, so only named, value-free fields are kept.
 */
export interface SafeError {
  type: string;
  message: string;
  /** PostgreSQL SQLSTATE or Node system error code (ECONNREFUSED). */
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
  stack?: string;
  cause?: SafeError;
  /** The attempts of an AggregateError (one per address tried, for a connection). */
  errors?: SafeError[];
}

const MAX_DEPTH = 5;
const MAX_MESSAGE = 2000;

/** A copy of `err` without SQL parameters or quoted values, for logging. */
export function safeError(err: unknown): SafeError {
  return sanitize(err, 0);
}

function sanitize(err: unknown, depth: number): SafeError {
  if (!(err instanceof Error)) {
    return {
      type: typeof err,
      message: typeof err === 'string' ? clip(err) : 'A non-Error value was thrown',
    };
  }
  const fields = err as Error & Record<string, unknown>;
  const type = typeName(err);
  const code = stringField(fields.code);
  const message = safeMessage(err, code);
  const safe: SafeError = { type, message };
  if (code) safe.code = code;
  for (const key of ['constraint', 'table', 'column'] as const) {
    const value = stringField(fields[key]);
    if (value) safe[key] = value;
  }
  if (err.stack) safe.stack = safeStack(err.stack, type, message);
  if (depth < MAX_DEPTH) {
    if (err.cause !== undefined) safe.cause = sanitize(err.cause, depth + 1);
    if (err instanceof AggregateError && Array.isArray(err.errors)) {
      safe.errors = err.errors.slice(0, 5).map((e: unknown) => sanitize(e, depth + 1));
    }
  }
  return safe;
}

/** DrizzleQueryError keeps the name "Error"; pg names its errors "error"; bundles shorten class names. */
function typeName(err: Error): string {
  const named = [err.constructor.name, err.name].find(
    (n) => n && n.length > 2 && n.toLowerCase() !== 'error',
  );
  return named ?? 'Error';
}

function safeMessage(err: Error, code: string | undefined): string {
  const fields = err as Error & Record<string, unknown>;
  let message = err.message;
  // drizzle's DrizzleQueryError: "Failed query: <sql>\nparams: <values>"; the SQL has only placeholders.
  if (typeof fields.query === 'string' && message.startsWith('Failed query: ')) {
    message = `Failed query: ${fields.query}`;
  }
  // The same text may be quoted inside another library's message.
  message = message.replace(/(^|\n)params: [\s\S]*$/, '');
  // Data exceptions (class 22) quote the offending input: 'invalid input syntax for type uuid: "..."'.
  if (code?.startsWith('22')) message = message.replace(/:\s*".*$/s, '');
  return clip(message);
}

/** The frames only, under the sanitized first line (a stack begins with the raw message). */
function safeStack(stack: string, type: string, message: string): string {
  const frames = stack.split('\n').filter((line) => /^\s+at /.test(line));
  return [`${type}: ${message}`, ...frames].join('\n');
}

const stringField = (value: unknown) =>
  typeof value === 'string' && value.length > 0 ? clip(value) : undefined;

const clip = (text: string) => (text.length > MAX_MESSAGE ? `${text.slice(0, MAX_MESSAGE)}…` : text);
