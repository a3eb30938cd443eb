import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from '../../src/server/app.ts';
import type { Clock } from '../../src/server/clock.ts';
import type { Config } from '../../src/server/config.ts';
import { createLogger } from '../../src/server/logger.ts';
import { seedAll } from '../../src/server/modules/seed/index.ts';
import { setRenderDeadline } from '../../src/server/http/ssr.ts';
import { createServices, type Services } from '../../src/server/services.ts';
import { testConfig } from './app.ts';
import { freshDatabase } from './e2e-database.ts';
import { provided } from './provided.ts';

export interface TestServer {
  url: string;
  services: Services;
  close(): Promise<void>;
}

/**
 * The real server with the built web app (npm run build) on a loopback port, on a fresh database.
 * Tests build their own world with the factories; `seed` loads the demo data (for the screenshots).
 */
export async function startTestServer({
  seed = false,
  configure,
  clock,
  renderDeadlineMs = process.env.VITEST ? Infinity : undefined,
}: {
  seed?: boolean;
  configure?: (url: string) => Promise<Partial<Config>>;
  /** The time the server's rules go by; tests of timers move it (and run the due jobs) themselves. */
  clock?: Clock;
  /**
   * How long a page's server render may take before it goes out empty (src/server/http/ssr.ts).
   * Under Vitest, no limit: what a test sees must not depend on how busy the machine is. Elsewhere
   * (the benchmarks), the production limit.
   */
  renderDeadlineMs?: number;
} = {}): Promise<TestServer> {
  if (renderDeadlineMs !== undefined) setRenderDeadline(renderDeadlineMs);
  // Listens first, on a port the system chooses (no other process can take it in between); the app,
  // which needs its own address, answers once it is built.
  let fetch: Parameters<typeof serve>[0]['fetch'] = () => new Response('Starting', { status: 503 });
  const server = serve({ fetch: (request, env) => fetch(request, env), port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', () => resolve());
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const closeServer = () => new Promise<void>((resolve) => server.close(() => resolve()));
  const database = await freshDatabase().catch(async (err: unknown) => {
    await closeServer();
    throw err;
  });
  // Browser journeys sign in many times from one address; the limits themselves are tested in integration.
  const config = testConfig({
    port,
    publicUrl: url,
    webDist: (await provided('webDist')) ?? path.resolve('dist/web'),
    authRateLimitMax: 1000,
    ...(await configure?.(url)),
  });
  const services = createServices(config, database, createLogger('silent'), { clock });
  // Demo vendors' verification documents go to the server's own (private) storage.
  if (seed) await seedAll({ db: database.db, store: services.storage });
  fetch = createApp(services).fetch;
  return {
    url,
    services,
    close: async () => {
      await services.events.close();
      await closeServer();
      await services.designs.drain();
      await services.mailer.drain();
      await database.close();
    },
  };
}
