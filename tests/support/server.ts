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
import { freshDatabase, workersKeepModules } from './e2e-database.ts';
import { provided } from './provided.ts';

export interface TestServer {
  url: string;
  services: Services;
  close(): Promise<void>;
}

type Fetch = Parameters<typeof serve>[0]['fetch'];

/** A loopback port whose answers come from whichever app it is lent to. */
interface Listener {
  port: number;
  serve(fetch: Fetch): void;
  close(): Promise<void>;
}

// Kept on the process, not the module: a worker's files share them even should this module load twice.
const LISTENERS = Symbol.for('frosted.e2e-listener-pool');
const processState = globalThis as { [LISTENERS]?: Listener[] };

const NOT_SERVING: Fetch = () => new Response('No test server here now', { status: 503 });

/**
 * The real server with the built web app (npm run build) on a loopback port, on a fresh database.
 * Tests build their own world with the factories; `seed` loads the demo data (for the screenshots).
 *
 * Each call makes a new app with its own services (configuration, clock, mailer, event bus). Where a
 * worker runs browser test file after file with the same modules, `close()` keeps the port and the
 * database for the worker's next server instead of ending them: the next file gets the same address
 * with the database emptied to the migrated template (tests/support/e2e-database.ts), and new
 * browser contexts, so nothing a file left behind reaches the next one. Servers open at the same time
 * (two in one file) never share either.
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
  const keep = await workersKeepModules();
  const idle = keep ? (processState[LISTENERS] ??= []) : undefined;
  const listener = idle?.pop() ?? (await listen({ keep }));
  const url = `http://127.0.0.1:${listener.port}`;
  const release = () => (idle ? idle.push(listener) : listener.close());
  const database = await freshDatabase().catch(async (err: unknown) => {
    await release();
    throw err;
  });
  try {
    // Browser journeys sign in many times from one address; the limits themselves are tested in integration.
    const config = testConfig({
      port: listener.port,
      publicUrl: url,
      webDist: (await provided('webDist')) ?? path.resolve('dist/web'),
      authRateLimitMax: 1000,
      ...(await configure?.(url)),
    });
    const services = createServices(config, database, createLogger('silent'), { clock });
    // Demo vendors' verification documents go to the server's own (private) storage.
    if (seed) await seedAll({ db: database.db, store: services.storage });
    listener.serve(createApp(services).fetch);
    let open = true;
    return {
      url,
      services,
      close: async () => {
        if (!open) return;
        open = false;
        listener.serve(NOT_SERVING);
        await services.events.close();
        await services.designs.drain();
        await services.mailer.drain();
        await database.close();
        await release();
      },
    };
  } catch (err) {
    listener.serve(NOT_SERVING);
    await database.close();
    await release();
    throw err;
  }
}

/**
 * Listens on a port the system chooses (no other process can take it in between); the app, which
 * needs its own address, answers once it is built. A kept listener does not hold its worker open.
 */
async function listen({ keep }: { keep: boolean }): Promise<Listener> {
  let fetch: Fetch = () => new Response('Starting', { status: 503 });
  const server = serve({ fetch: (request, env) => fetch(request, env), port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', () => resolve());
    server.once('error', reject);
  });
  if (keep) server.unref();
  return {
    port: (server.address() as AddressInfo).port,
    serve: (next) => {
      fetch = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
