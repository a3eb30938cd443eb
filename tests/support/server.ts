import { createServer } from 'node:net';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from '../../src/server/app.ts';
import type { Clock } from '../../src/server/clock.ts';
import type { Config } from '../../src/server/config.ts';
import { createLogger } from '../../src/server/logger.ts';
import { seedAll } from '../../src/server/modules/seed/service.ts';
import { createServices, type Services } from '../../src/server/services.ts';
import { testConfig } from './app.ts';
import { createTestDatabase } from './db.ts';
import { provided } from './provided.ts';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

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
}: {
  seed?: boolean;
  configure?: (url: string) => Promise<Partial<Config>>;
  /** The time the server's rules go by; tests of timers move it (and run the due jobs) themselves. */
  clock?: Clock;
} = {}): Promise<TestServer> {
  const database = await createTestDatabase();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
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
  const server = serve({ fetch: createApp(services).fetch, port, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  return {
    url,
    services,
    close: async () => {
      await services.events.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await services.designs.drain();
      await services.mailer.drain();
      await database.close();
    },
  };
}
