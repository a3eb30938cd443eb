import pino from 'pino';
import { safeError } from './http/log-safe-error.ts';

export type Logger = pino.Logger;

/**
 * JSON lines on stdout (or on `destination`, which tests read). Every Error in a log call is written
 * through safeError, wherever it sits (`{ err }`, Better Auth's `{ args: [err] }`), so no call site
 * can put SQL parameters or PostgreSQL's quoted values into the logs.
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    redact: { paths: ['req.headers.cookie', 'req.headers.authorization', '*.password'], remove: true },
    serializers: { err: (value: unknown) => scrub(value, 0) },
    formatters: { log: (object) => scrub(object, 0) as Record<string, unknown> },
  };
  return destination ? pino(options, destination) : pino(options);
}

const MAX_DEPTH = 3;

function scrub(value: unknown, depth: number): unknown {
  if (value instanceof Error) return safeError(value);
  if (depth >= MAX_DEPTH || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => scrub(item, depth + 1));
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, scrub(item, depth + 1)]));
}
