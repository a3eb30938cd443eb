import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { openAsBlob } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, type Database, type Db } from '../../src/server/db/client.ts';
import { provided } from './provided.ts';

/**
 * A database migrated once per test run (by tests/global-setup.ts) that each test file copies:
 * a PGlite data-directory dump on disk, or a template database on the PostgreSQL server.
 *
 * On PostgreSQL, DATABASE_URL is a role that may create databases (their owner): it creates, migrates
 * and drops them. The app under test connects as APP_ROLE, as in production (decision 013), with no
 * password of its own (a trusting local server, or PGPASSWORD / ~/.pgpass).
 */
export type DatabaseTemplate = { kind: 'pglite'; dumpFile: string } | { kind: 'postgres'; name: string };

async function withAdmin<T>(baseUrl: string, run: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    return await run(admin);
  } finally {
    await admin.end();
  }
}

/**
 * Settings of every test database on a PostgreSQL server, for each session that connects to it. A
 * commit waits for its WAL to reach the disk before returning (synchronous_commit); a test database
 * is thrown away, so its commits return at once instead (a crash could lose the last commits, never
 * break the database). What a transaction sees, locks and commits is unchanged. On this CI's disk a
 * synchronous commit took 9-16 ms and the suite makes thousands of them.
 */
export const TEST_DATABASE_SETTINGS = (name: string) =>
  `ALTER DATABASE "${name}" SET synchronous_commit = off`;

/** The least-privilege role the app connects as (scripts/db-roles.sql). */
export const APP_ROLE = 'frosted_app';

function databaseUrl(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The same database as APP_ROLE. */
export function appRoleUrl(ownerUrl: string): string {
  const url = new URL(ownerUrl);
  url.username = APP_ROLE;
  url.password = '';
  return url.toString();
}

/** Creates APP_ROLE on the server when it is missing, with the script an administrator runs. */
async function ensureAppRole(baseUrl: string) {
  const script = await readFile(
    path.join(import.meta.dirname, '..', '..', 'scripts', 'db-roles.sql'),
    'utf8',
  );
  await withAdmin(baseUrl, (admin) => admin.query(script));
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or, when DATABASE_URL
 * is set, a new database created on that PostgreSQL server and dropped by `close()`. Under Vitest it
 * is a copy of the run's migrated template; elsewhere it is migrated from scratch.
 */
export async function createTestDatabase(): Promise<Database & { url?: string; ownerUrl?: string }> {
  const template = await provided('databaseTemplate');
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    const loadDataDir = template?.kind === 'pglite' ? await openAsBlob(template.dumpFile) : undefined;
    const database = await openDatabase({ loadDataDir });
    // A no-op on a template copy; it keeps the promise "migrated" should a migration appear mid-run.
    await database.migrate();
    return database;
  }
  // Outside Vitest there is no template, and its setup has not made sure the app's role exists.
  if (template?.kind !== 'postgres') await ensureAppRole(baseUrl);
  const name = `frosted_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  const from = template?.kind === 'postgres' ? ` TEMPLATE "${template.name}"` : '';
  await withAdmin(baseUrl, async (admin) => {
    await admin.query(`CREATE DATABASE "${name}"${from}`);
    await admin.query(TEST_DATABASE_SETTINGS(name));
  });
  const ownerUrl = databaseUrl(baseUrl, name);
  const url = appRoleUrl(ownerUrl);
  const database = await openDatabase({ url, migrationUrl: ownerUrl, poolSize: 5 });
  await database.migrate();
  return {
    ...database,
    // Tests that need a second process's view open their own pool on it, as the app's role.
    url,
    // For what only the tables' owner may do.
    ownerUrl,
    close: async () => {
      await database.close();
      await withAdmin(baseUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}

/**
 * Runs `work` as the tables' owner, for test setup the app's role may not do (ALTER TABLE …): on
 * PostgreSQL a connection of its own to `ownerUrl`; on PGlite the one connection there is.
 */
export async function asOwner<T>(
  database: Database & { ownerUrl?: string },
  work: (db: Db) => Promise<T>,
): Promise<T> {
  if (!database.ownerUrl) return work(database.db);
  const owner = await openDatabase({ url: database.ownerUrl, poolSize: 1 });
  try {
    return await work(owner.db);
  } finally {
    await owner.close();
  }
}

/**
 * Migrates one database for the whole run and returns how to copy it, with a function that removes
 * it afterwards. Built fresh each run, so a changed migration can never leave a stale template.
 */
export async function createDatabaseTemplate(): Promise<{
  template: DatabaseTemplate;
  dispose(): Promise<void>;
}> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    const database = await openDatabase({});
    try {
      await database.migrate();
      // drizzle keeps the driver's client on the instance; PGlite alone can dump its data directory.
      const client = (database.db as unknown as { $client?: unknown }).$client;
      if (!(client instanceof PGlite)) throw new Error('expected a PGlite database');
      await client.exec('CHECKPOINT');
      // Uncompressed: each test file loads it, and unpacking a gzip costs more than reading the disk.
      const dump = await client.dumpDataDir('none');
      const dir = await mkdtemp(path.join(tmpdir(), 'frosted-db-'));
      const dumpFile = path.join(dir, 'migrated.tar');
      await writeFile(dumpFile, new Uint8Array(await dump.arrayBuffer()));
      return {
        template: { kind: 'pglite', dumpFile },
        dispose: () => rm(dir, { recursive: true, force: true }),
      };
    } finally {
      await database.close();
    }
  }
  // Before migrating: migration 0028 grants the role what the app may do.
  await ensureAppRole(baseUrl);
  // Unique per run: other runs may share the server, each with its own template.
  const name = `frosted_tpl_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withAdmin(baseUrl, async (admin) => {
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.query(TEST_DATABASE_SETTINGS(name));
  });
  const dispose = async () => {
    await withAdmin(baseUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
  };
  const database = await openDatabase({ url: databaseUrl(baseUrl, name), poolSize: 1 });
  try {
    await database.migrate();
  } catch (err) {
    await database.close();
    await dispose();
    throw err;
  }
  // Copying a database needs it to have no connections.
  await database.close();
  return { template: { kind: 'postgres', name }, dispose };
}
