import path from 'node:path';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { Logger } from './logger.ts';
import { ensureAdmin } from './modules/admin/bootstrap.ts';
import { isEmptyDatabase, seedAll } from './modules/seed/service.ts';
import { removeOrphanTempFiles } from './modules/storage/local-store.ts';
import { createObjectStore } from './modules/storage/store.ts';

/**
 * What happens once before the server listens, after migrations: demo data on a first run (never in
 * production unless SEED_ON_FIRST_RUN=true, and then without demo accounts), the configured
 * administrator, and temporary upload files a crash left behind.
 */
export async function runStartupTasks({
  config,
  database,
  log,
}: {
  config: Config;
  database: Database;
  log: Logger;
}) {
  if (config.seedOnFirstRun && (await isEmptyDatabase({ db: database.db }))) {
    await seedAll({ db: database.db, demoAccounts: config.demoTools, store: createObjectStore(config) });
    log.info(
      config.demoTools
        ? 'first run: demo data seeded (see README for the demo accounts)'
        : 'first run: demo data seeded without demo accounts (production)',
    );
  }
  if (config.admin) {
    const { created } = await ensureAdmin({ db: database.db, ...config.admin });
    log.info(
      { email: config.admin.email },
      created ? 'administrator created from ADMIN_EMAIL' : 'administrator ensured from ADMIN_EMAIL',
    );
  }
  if (!config.s3) {
    const removed = await removeOrphanTempFiles(path.join(config.dataDir, 'uploads'));
    if (removed > 0) log.info({ removed }, 'removed temporary upload files left by a crash');
  }
}
