import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { createLogger } from './logger.ts';
import { createServices } from './services.ts';
import { runStartupTasks } from './startup.ts';

async function main() {
  const config = loadConfig();
  const log = createLogger(config.logLevel);
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.pgliteDir, log });
  await database.migrate();
  await runStartupTasks({ config, database, log });
  const services = createServices(config, database, log);
  const app = createApp(services);
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    // performance.now() counts from process start, so this includes loading the code.
    const ms = Math.round(performance.now());
    log.info(
      { port: info.port, database: database.kind, startupMs: ms },
      `Frosted is ready on ${config.publicUrl} (database: ${database.kind}), started in ${ms} ms`,
    );
  });

  const shutdown = (signal: string) => {
    log.info({ signal }, 'shutting down');
    server.close(() => {
      // Generations in flight finish first, so their rows and quota slots are not left half-written.
      services.designs
        .drain()
        .then(() => database.close())
        .finally(() => process.exit(0));
    });
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error('Frosted failed to start:', err);
  }
  process.exit(1);
});
