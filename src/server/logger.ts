import pino from 'pino';
import { safeError } from './http/log-safe-error.ts';

export type Logger = pino.Logger;

/** Log lines are written once this many bytes wait, or LOG_FLUSH_MS after the last write at most. */
export const LOG_BATCH_BYTES = 4096;
export const LOG_FLUSH_MS = 1000;

/**
 * A file or descriptor (stdout: 1) written as the server logs: asynchronously, in batches of
 * LOG_BATCH_BYTES (one write per request line cost the server about 7% of its time under load), and
 * every LOG_FLUSH_MS whatever waits, so a quiet server's lines still appear within a second. pino
 * writes what waits when the process exits, also on a crash; a process killed outright (SIGKILL, out
 * of memory) loses at most the last second of lines.
 */
export function logDestination(dest: number | string): pino.DestinationStream {
  return pino.destination({ dest, sync: false, minLength: LOG_BATCH_BYTES, periodicFlush: LOG_FLUSH_MS });
}

// Every logger of the process shares one stdout writer: several would interleave their batches.
let stdout: pino.DestinationStream | undefined;

/**
 * JSON lines on stdout (or on `destination`, which tests read). Every Error in a log call is written
 * through safeError, wherever it sits (`{ err }`, Better Auth's `{ args: [err] }`), so no call site
 * can put SQL parameters or PostgreSQL's quoted values into the logs.
 */
export function createLogger(
  level: string,
  destination: pino.DestinationStream = (stdout ??= logDestination(1)),
): Logger {
  const options: pino.LoggerOptions = {
    level,
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', '*.password', ...SELLER_IDENTIFIER_PATHS],
      remove: true,
    },
    serializers: { err: (value: unknown) => scrub(value, 0) },
    formatters: { log: (object) => scrub(object, 0) as Record<string, unknown> },
  };
  return pino(options, destination);
}

/**
 * Sellers' tax identifiers (decision 030), wherever a log call might carry them: at the top of the
 * object, one level down (`{ input: { tin } }`) or in a request body. Never written to the logs.
 */
export const SELLER_IDENTIFIER_FIELDS = ['tin', 'sin', 'dateOfBirth', 'businessRegistrationNumber'] as const;
const SELLER_IDENTIFIER_PATHS = SELLER_IDENTIFIER_FIELDS.flatMap((f) => [f, `*.${f}`, `*.*.${f}`]);

const MAX_DEPTH = 3;

function scrub(value: unknown, depth: number): unknown {
  if (value instanceof Error) return safeError(value);
  if (depth >= MAX_DEPTH || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => scrub(item, depth + 1));
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, scrub(item, depth + 1)]));
}
