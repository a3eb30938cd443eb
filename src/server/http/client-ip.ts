import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/** The header our server sets (never the client) with the address rate limits count by. */
export const CLIENT_IP_HEADER = 'x-frosted-client-ip';

/**
 * The client's address: the socket's peer, or with TRUST_PROXY the first X-Forwarded-For hop.
 * In-process requests (tests) have no socket and count as loopback.
 */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? '127.0.0.1';
  } catch {
    return '127.0.0.1';
  }
}

/** A copy of the request that carries the trusted client address for Better Auth's rate limiter. */
export function withClientIp(c: Context, trustProxy: boolean): Request {
  const headers = new Headers(c.req.raw.headers);
  headers.set(CLIENT_IP_HEADER, clientIp(c, trustProxy));
  return new Request(c.req.raw, { headers, duplex: 'half' } as RequestInit);
}
