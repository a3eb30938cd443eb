import { ServerResponse } from 'node:http';
import type { Context } from 'hono';

/**
 * The Node response a request is answered on, when the server is Node's: @hono/node-server hands the
 * app `{ incoming, outgoing }` as its env. Undefined under `app.request` (tests) or another server.
 */
export function nodeResponse(c: Context): ServerResponse | undefined {
  const out = (c.env as { outgoing?: unknown } | undefined)?.outgoing;
  return out instanceof ServerResponse ? out : undefined;
}
