import type { Config } from '../config.ts';

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The origins a browser may send state-changing requests from: PUBLIC_URL's, and outside production,
 * when PUBLIC_URL is a loopback address, the same port under the other loopback names (a developer
 * opening http://127.0.0.1:3000 while PUBLIC_URL says localhost is the same machine and the same app).
 */
export function allowedOrigins(config: Pick<Config, 'publicUrl' | 'env'>): string[] {
  const url = new URL(config.publicUrl);
  const origins = [url.origin];
  if (config.env !== 'production' && LOOPBACK_HOSTS.includes(url.hostname)) {
    for (const host of LOOPBACK_HOSTS) {
      const alias = new URL(url.origin);
      alias.hostname = host;
      if (!origins.includes(alias.origin)) origins.push(alias.origin);
    }
  }
  return origins;
}
