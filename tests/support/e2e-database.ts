import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import type { Db, Unlisten } from '../../src/server/db/client.ts';
import * as schema from '../../src/server/db/schema/index.ts';
import { createTestDatabase } from './db.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Whether a worker runs one browser test file after another with the same modules (tests/global-setup-browser.ts). */
    e2eWorkersKeepModules: boolean | undefined;
  }
}

type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;

/** A worker's PGlite database between two test servers, with how to bring it back to the template. */
interface Kept {
  database: TestDatabase;
  client: PGlite;
  reset(): Promise<void>;
}

// Kept on the process, not the module: a worker's files share it even should this module load twice.
const POOL = Symbol.for('frosted.e2e-database-pool');
const processState = globalThis as { [POOL]?: Kept[] };

/**
 * A database for a test server, as the run's migrated template left it (tests/support/db.ts).
 *
 * Where a worker runs file after file with the same modules (the browser tests), on PGlite, the
 * worker keeps its databases: `close()` hands one back, and the next server takes it emptied to the
 * template's state again (every table's rows and every sequence, in one transaction: a quarter of a
 * second, where loading a fresh copy took one to three seconds of this worker's only thread). A
 * server never shares its database with another running server. Elsewhere (PostgreSQL, where a copy
 * is quick; the scripts), a new copy that `close()` removes.
 */
export async function freshDatabase(): Promise<TestDatabase> {
  if (!(await workersKeepDatabases())) return createTestDatabase();
  const idle = (processState[POOL] ??= []);
  let kept = idle.pop();
  if (kept) {
    try {
      await kept.reset();
    } catch (err) {
      // A database that cannot be emptied is not used again: the next server gets a new copy.
      console.warn('A kept test database could not be reset; using a new copy.', err);
      await kept.database.close().catch(() => {});
      kept = undefined;
    }
  }
  kept ??= await keepable(await createTestDatabase());
  return lend(kept, idle);
}

/**
 * The kept database as a server's own: what it listens to ends when it closes, and closing hands
 * the database back instead of closing it (once). Its `db` is a new handle on the same connection:
 * what the app remembers per database handle (the vendor counts of src/server/modules/vendors/
 * count-cache.ts, by the browse version that an emptied database starts again from) is not carried
 * over from the server before.
 */
function lend(kept: Kept, idle: Kept[]): TestDatabase {
  const listeners = new Set<Unlisten>();
  let open = true;
  return {
    ...kept.database,
    db: drizzle(kept.client, { schema }) as unknown as Db,
    listen: async (channel, onPayload, options) => {
      const stop = await kept.database.listen(channel, onPayload, options);
      const unlisten = async () => {
        listeners.delete(unlisten);
        await stop();
      };
      listeners.add(unlisten);
      return unlisten;
    },
    close: async () => {
      if (!open) return;
      open = false;
      await Promise.all([...listeners].map((unlisten) => unlisten()));
      idle.push(kept);
    },
  };
}

/**
 * Learns, on a fresh copy, what the template holds: the few rows migrations insert (they go back
 * after each emptying) and the sequences (they restart). Triggers are off while emptying, as in a
 * restore: the ledger's tables refuse TRUNCATE (append-only), and nothing else should run.
 */
async function keepable(database: TestDatabase): Promise<Kept> {
  const client = (database.db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof PGlite)) throw new Error('expected a PGlite database');
  const names = async (query: string) =>
    (await client.query<{ name: string }>(query)).rows.map((r) => r.name);
  const system = `('pg_catalog', 'information_schema', 'drizzle')`;
  const tables = await names(
    `SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables WHERE schemaname NOT IN ${system} ORDER BY 1`,
  );
  const sequences = await names(
    `SELECT format('%I.%I', schemaname, sequencename) AS name FROM pg_sequences WHERE schemaname NOT IN ${system} ORDER BY 1`,
  );
  const rows: { table: string; json: string }[] = [];
  for (const table of tables) {
    const { rows: result } = await client.query<{ json: string }>(
      `SELECT coalesce(json_agg(t), '[]')::text AS json FROM ${table} t`,
    );
    const json = result[0]!.json;
    if (json !== '[]') rows.push({ table, json });
  }
  const reset = () =>
    client.transaction(async (tx) => {
      await tx.exec(
        `SET LOCAL session_replication_role = replica; TRUNCATE ${tables.join(', ')} RESTART IDENTITY`,
      );
      for (const { table, json } of rows)
        await tx.query(`INSERT INTO ${table} SELECT * FROM json_populate_recordset(null::${table}, $1)`, [
          json,
        ]);
      for (const sequence of sequences) await tx.exec(`ALTER SEQUENCE ${sequence} RESTART`);
    });
  return { database, client, reset: async () => void (await reset()) };
}

/** Whether this worker keeps its databases from file to file (in-memory PGlite, same modules). */
export async function workersKeepDatabases(): Promise<boolean> {
  if (!process.env.VITEST || process.env.DATABASE_URL) return false;
  return workersKeepModules();
}

/** Whether this worker runs browser test file after file with the same modules. */
export async function workersKeepModules(): Promise<boolean> {
  if (!process.env.VITEST) return false;
  const { inject } = await import('vitest');
  return inject('e2eWorkersKeepModules') === true;
}
