import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../../src/server/db/client.ts';
import { appRoleUrl, TEST_DATABASE_SETTINGS } from './db.ts';

export interface ServerDatabase {
  /** postgres:// URL of the new, migrated database, as the app's role (tests/support/db.ts). */
  url: string;
  /** Ends every connection to the database from the server's side, as a restart does (57P01). */
  terminateConnections(): Promise<void>;
  drop(): Promise<void>;
}

/**
 * A new database on the PostgreSQL server of `baseUrl`, migrated by that role, for tests that open it
 * their own way (through a proxy, say); `drop()` removes it, closing any connection still open.
 */
export async function createServerDatabase(baseUrl: string): Promise<ServerDatabase> {
  const name = `frosted_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(baseUrl, `CREATE DATABASE "${name}"`);
  await adminQuery(baseUrl, TEST_DATABASE_SETTINGS(name));
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 1 });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  return {
    url: appRoleUrl(url.toString()),
    terminateConnections: () =>
      adminQuery(
        baseUrl,
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}' AND pid <> pg_backend_pid()`,
      ),
    drop: () => adminQuery(baseUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}

async function adminQuery(baseUrl: string, statement: string) {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}
