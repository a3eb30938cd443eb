import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Logger } from '../logger.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/**
 * What services run queries on, for both drivers: the database or a transaction a caller opened.
 * A transaction is a Db, so a service called with `tx` joins the caller's transaction, no cast needed.
 */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction opened with `db.transaction()`; every Tx is usable where a Db is expected. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies pending migrations (forward only). */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export interface OpenDatabaseOptions {
  /** postgres:// URL of a server; when absent, embedded PGlite is used. */
  url?: string | undefined;
  /** PGlite data directory; when absent (and no url), an in-memory database. */
  dataDir?: string | undefined;
  /** PGlite only: start from this data-directory dump (`dumpDataDir()`) instead of an empty database. */
  loadDataDir?: Blob | File | undefined;
  poolSize?: number;
  /**
   * How long a query waits for a connection before failing (answered 503). Defaults to 5 s: long
   * enough for a busy pool, short enough that requests fail fast while the database is down.
   */
  connectTimeoutMs?: number;
  /** Where lost connections are reported (warn); unreported when absent. */
  log?: Pick<Logger, 'warn'> | undefined;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = openPool(options.url, options);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(drizzlePg(pool, { schema }), { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  // pg_trgm: the browse search's typo tolerance (migration 0003 creates the extension).
  const client = new PGlite({
    ...(options.dataDir && { dataDir: options.dataDir }),
    ...(options.loadDataDir && { loadDataDir: options.loadDataDir }),
    extensions: { pg_trgm },
  });
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    close: () => client.close(),
  };
}

/**
 * A pg pool that survives the server going away. A connection whose socket dies emits 'error' on its
 * client; a checked-out client (a transaction, the migrator) has no pool listener then, and an
 * unheard 'error' kills the process. So every client gets a listener of its own: the query in
 * flight is rejected anyway, the pool drops the broken client on release and connects anew later.
 */
function openPool(url: string, options: OpenDatabaseOptions): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 5_000,
    idleTimeoutMillis: 10_000,
    // Notices a peer that vanished without closing the socket (a dead host, a dropped NAT entry).
    keepAlive: true,
  });
  // An idle client's error reaches both its own listener and the pool's: report it once.
  const reported = new WeakSet<Error>();
  const report = (err: Error) => {
    if (reported.has(err)) return;
    reported.add(err);
    options.log?.warn({ err }, 'database connection lost');
  };
  pool.on('connect', (client) => client.on('error', report));
  pool.on('error', report);
  return pool;
}

// PostgreSQL: connection exceptions (class 08), shutting down or starting up, too many connections.
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300)$/;
const UNAVAILABLE_SOCKET = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
// pg's own errors have no code, only these messages.
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed|Cannot use a pool after calling end)/;

/**
 * Whether `err` means the database cannot be reached right now (rather than a failed statement):
 * the request may succeed if retried later. Looks through drizzle's DrizzleQueryError and any other
 * wrapper via `cause`, and through the attempts of an AggregateError. A reset socket counts whoever
 * it belonged to: pg's connect errors reach us unwrapped, and any such failure is worth a retry.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  return unavailableAt(err, 0);
}

function unavailableAt(err: unknown, depth: number): boolean {
  if (!(err instanceof Error) || depth > 8) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_SOCKET.has(code)))
    return true;
  if (UNAVAILABLE_MESSAGE.test(err.message)) return true;
  if (err instanceof AggregateError && err.errors.some((e: unknown) => unavailableAt(e, depth + 1)))
    return true;
  return unavailableAt(err.cause, depth + 1);
}

/** Runs raw SQL and returns its rows; both drivers answer with `{ rows }`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
