import { isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { Config } from '../config.ts';

/** The header our server sets (never the client) with the address rate limits count by. */
export const CLIENT_IP_HEADER = 'x-frosted-client-ip';

/** Whether X-Forwarded-For is believed, and how many proxies of ours append to it. */
export type ProxyTrust = Pick<Config, 'trustProxy' | 'trustProxyHops'>;

/**
 * The address our nearest proxy saw, from X-Forwarded-For: each proxy appends the address it received
 * the request from, so with `hops` proxies of ours the client is `hops` entries from the right. What is
 * further left was written by the client and proves nothing. Undefined when that entry is no address.
 */
export function forwardedClientIp(header: string | undefined, hops: number): string | undefined {
  const entries = (header ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return undefined;
  // Fewer entries than proxies: the request skipped the outer ones, so the first entry is the one added.
  const entry = entries[Math.max(0, entries.length - hops)]!;
  return isIP(entry) ? entry : undefined;
}

/**
 * The client's address: the socket's peer, or with TRUST_PROXY the address our proxy put in
 * X-Forwarded-For. In-process requests (tests) have no socket and count as loopback.
 */
export function clientIp(c: Context, proxy: ProxyTrust): string {
  if (proxy.trustProxy) {
    const forwarded = forwardedClientIp(c.req.header('x-forwarded-for'), proxy.trustProxyHops);
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? '127.0.0.1';
  } catch {
    return '127.0.0.1';
  }
}

/**
 * A copy of the request that carries the trusted client address for Better Auth, which reads only this
 * header (`advanced.ipAddress`): its rate limits and stored session addresses follow the same rule.
 */
export function withClientIp(c: Context, proxy: ProxyTrust): Request {
  const headers = new Headers(c.req.raw.headers);
  headers.set(CLIENT_IP_HEADER, clientIp(c, proxy));
  return new Request(c.req.raw, { headers, duplex: 'half' } as RequestInit);
}
