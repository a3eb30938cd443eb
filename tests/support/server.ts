import { createServer } from 'node:net';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from '../../src/server/app.ts';
import type { Config } from '../../src/server/config.ts';
import { createLogger } from '../../src/server/logger.ts';
import { seedAll } from '../../src/server/modules/seed/service.ts';
import { createServices, type Services } from '../../src/server/services.ts';
import { testConfig } from './app.ts';
import { createTestDatabase } from './db.ts';

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

/** The real server with the built web app (npm run build) on a loopback port, on a fresh database. */
export async function startTestServer({
  seed = true,
  configure,
}: { seed?: boolean; configure?: (url: string) => Promise<Partial<Config>> } = {}): Promise<TestServer> {
  const database = await createTestDatabase();
  if (seed) await seedAll({ db: database.db });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // Browser journeys sign in many times from one address; the limits themselves are tested in integration.
  const config = testConfig({
    port,
    publicUrl: url,
    webDist: path.resolve('dist/web'),
    authRateLimitMax: 1000,
    ...(await configure?.(url)),
  });
  const services = createServices(config, database, createLogger('silent'));
  const server = serve({ fetch: createApp(services).fetch, port, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  return {
    url,
    services,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await services.designs.drain();
      await database.close();
    },
  };
}
