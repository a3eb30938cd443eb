import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { createLogger } from './logger.ts';

/** scripts/start.mjs marks the moment it hands over to the compiled server (its checks and builds end). */
const LAUNCH_MARK = 'frosted:launch';

export interface MainOptions {
  /** Settles when the web app is built: npm start builds it while the database opens. */
  webReady?: Promise<void> | undefined;
}

/**
 * Wall time of each start-up phase in order, so they add up to the total: `launch` (npm start's
 * checks and builds, when it ran), `load` (Node and the modules main.ts needs), then each step.
 */
function startupClock() {
  const phases: Record<string, number> = {};
  let last = 0;
  const launched = performance.getEntriesByName(LAUNCH_MARK)[0]?.startTime;
  const lap = (phase: string) => {
    const now = performance.now();
    phases[phase] = Math.round(now - last);
    last = now;
  };
  if (launched !== undefined) {
    phases.launch = Math.round(launched);
    last = launched;
  }
  lap('load');
  return { phases, lap };
}

/** Reads the configuration, opens the database, migrates, runs the start-up tasks, listens. */
export async function main({ webReady }: MainOptions = {}) {
  const startup = startupClock();
  const config = loadConfig();
  const log = createLogger(config.logLevel);
  // The request side (Better Auth, the designer, mail, storage: most of the code) loads while the
  // database starts; PGlite compiles its WebAssembly off the main thread.
  const modules = Promise.all([
    import('@hono/node-server'),
    import('./app.ts'),
    import('./services.ts'),
    import('./startup.ts'),
    import('./modules/jobs/index.ts'),
    import('./lifecycle/index.ts'),
    import('./modules/payments/index.ts'),
  ]);
  modules.catch(() => {}); // a failed database open is the error to report; this one is awaited below
  const database = await openDatabase({
    url: config.databaseUrl,
    migrationUrl: config.databaseMigrationUrl,
    dataDir: config.pgliteDir,
    log,
  });
  startup.lap('database');
  await database.migrate();
  startup.lap('migrate');
  const [
    { serve },
    { createApp },
    { createServices },
    { runStartupTasks },
    { startJobRunner },
    { scheduleHousekeeping },
    { scheduleRecovery, askAboutUnknownOutcomes },
  ] = await modules;
  startup.lap('modules');
  await runStartupTasks({ config, database, log });
  startup.lap('tasks');
  if (webReady) {
    await webReady;
    startup.lap('web');
  }
  const services = createServices(config, database, log);
  const app = createApp(services);
  // Daily housekeeping (pruning old read notifications and sent e-mails): one pending job for all processes.
  await scheduleHousekeeping(database.db, services.clock.now());
  // Whatever a missed webhook or a crash left half-done with the processor, swept every minute.
  await scheduleRecovery(database.db, services.clock.now());
  // The one job queue: timers (an order completing 24 h after delivery, …), e-mails, refunds, balance
  // charges, payout retries, recovery and housekeeping. Every process polls; each job runs once.
  const jobs = startJobRunner({
    db: database.db,
    clock: services.clock,
    handlers: services.jobHandlers,
    log,
  });
  // A card that went to the processor just before the last process stopped: asked about now, so its
  // customer sees what the processor did rather than an unpaid order (payments/outcomes.ts).
  void askAboutUnknownOutcomes({
    db: database.db,
    processor: services.payments,
    now: services.clock.now(),
    log,
  })
    .then(({ asked }) => asked > 0 && log.info({ asked }, 'payments with an unknown outcome asked about'))
    .catch((err: unknown) => log.error({ err }, 'could not ask about payments with an unknown outcome'));
  startup.lap('services');
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    startup.lap('listen');
    // performance.now() counts from process start, so this includes starting Node and loading the code.
    const ms = Math.round(performance.now());
    // CPU time next to wall time: much less than it means the machine was busy with something else.
    const cpu = process.cpuUsage();
    const cpuMs = Math.round((cpu.user + cpu.system) / 1000);
    const { phases } = startup;
    const breakdown = Object.entries(phases)
      .map(([phase, t]) => `${phase} ${t}`)
      .join(', ');
    log.info(
      { port: info.port, database: database.kind, startupMs: ms, cpuMs, phases },
      `Frosted is ready on ${config.publicUrl} (database: ${database.kind}), started in ${ms} ms (${breakdown}; CPU ${cpuMs} ms)`,
    );
  });

  const shutdown = (signal: string) => {
    log.info({ signal }, 'shutting down');
    // Event streams never end by themselves: they end first, so the server can close its connections.
    const bus = services.events.close().catch((err: unknown) => log.warn({ err }, 'event bus close failed'));
    server.close(() => {
      // Generations in flight finish first, so their rows and quota slots are not left half-written.
      Promise.all([services.designs.drain(), jobs.stop().then(() => services.mailer.drain()), bus])
        .then(() => database.close())
        .finally(() => process.exit(0));
    });
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}

/** Failing to start ends the process with a message, not a stack, when the configuration is wrong. */
export function exitOnStartFailure(err: unknown): never {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error('Frosted failed to start:', err);
  }
  process.exit(1);
}

// `node dist/server/main.js` and `node --import tsx src/server/main.ts` run it; npm start imports it.
if (import.meta.main) main().catch(exitOnStartFailure);
