import path from 'node:path';
import { sql } from 'drizzle-orm';
import { ConfigError, type Config } from './config.ts';
import { queryRows, type Database } from './db/client.ts';
import type { Logger } from './logger.ts';
import { ensureAdmin } from './modules/admin/index.ts';
import { isEmptyDatabase, seedAll } from './modules/seed/index.ts';
import { removeOrphanTempFiles } from './modules/storage/index.ts';
import { createObjectStore } from './modules/storage/index.ts';

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
  if (database.kind === 'postgres') await checkDatabaseRole({ config, database, log });
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

/**
 * A superuser or the tables' owner can skip the ledger's triggers (decision 013). With
 * DATABASE_MIGRATION_URL set, DATABASE_URL is meant to be the least-privilege role: connecting as one
 * of those stops the start. Without it (one URL that migrates too), say so once.
 */
async function checkDatabaseRole({
  config,
  database,
  log,
}: {
  config: Config;
  database: Database;
  log: Logger;
}) {
  const [role] = await queryRows<{ name: string; superuser: boolean; owner: boolean }>(
    database.db,
    sql`SELECT current_user AS name, r.rolsuper AS superuser, pg_has_role(current_user, c.relowner, 'MEMBER') AS owner
        FROM pg_roles r, pg_class c
        WHERE r.rolname = current_user AND c.oid = 'public.ledger_entries'::regclass`,
  );
  if (!role || !(role.superuser || role.owner)) return;
  const what = role.superuser ? 'a superuser' : "the tables' owner";
  if (config.databaseMigrationUrl)
    throw new ConfigError(
      `Invalid environment configuration:\n  DATABASE_URL: connects as "${role.name}", ${what}; with DATABASE_MIGRATION_URL set it must be the app's least-privilege role (frosted_app, README: Running on a PostgreSQL server)`,
    );
  log.warn(
    { role: role.name },
    `DATABASE_URL connects as ${what}, which can bypass the ledger's append-only rule: connect the app as frosted_app (README: Running on a PostgreSQL server)`,
  );
}
