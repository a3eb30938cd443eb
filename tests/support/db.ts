import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { openAsBlob } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/server/db/client.ts';
import { provided } from './provided.ts';

/**
 * A database migrated once per test run (by tests/global-setup.ts) that each test file copies:
 * a PGlite data-directory dump on disk, or a template database on the PostgreSQL server.
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

function databaseUrl(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or, when DATABASE_URL
 * is set, a new database created on that PostgreSQL server and dropped by `close()`. Under Vitest it
 * is a copy of the run's migrated template; elsewhere it is migrated from scratch.
 */
export async function createTestDatabase(): Promise<Database & { url?: string }> {
  const template = await provided('databaseTemplate');
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    const loadDataDir = template?.kind === 'pglite' ? await openAsBlob(template.dumpFile) : undefined;
    const database = await openDatabase({ loadDataDir });
    // A no-op on a template copy; it keeps the promise "migrated" should a migration appear mid-run.
    await database.migrate();
    return database;
  }
  const name = `frosted_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  const from = template?.kind === 'postgres' ? ` TEMPLATE "${template.name}"` : '';
  await withAdmin(baseUrl, (admin) => admin.query(`CREATE DATABASE "${name}"${from}`));
  const url = databaseUrl(baseUrl, name);
  const database = await openDatabase({ url, poolSize: 5 });
  await database.migrate();
  return {
    ...database,
    // Tests that need a second process's view open their own pool on it.
    url,
    close: async () => {
      await database.close();
      await withAdmin(baseUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
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
      const dump = await client.dumpDataDir('gzip');
      const dir = await mkdtemp(path.join(tmpdir(), 'frosted-db-'));
      const dumpFile = path.join(dir, 'migrated.tar.gz');
      await writeFile(dumpFile, new Uint8Array(await dump.arrayBuffer()));
      return {
        template: { kind: 'pglite', dumpFile },
        dispose: () => rm(dir, { recursive: true, force: true }),
      };
    } finally {
      await database.close();
    }
  }
  // Unique per run: other runs may share the server, each with its own template.
  const name = `frosted_tpl_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withAdmin(baseUrl, (admin) => admin.query(`CREATE DATABASE "${name}"`));
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
