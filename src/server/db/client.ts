import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgDialect, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Logger } from '../logger.ts';
import { ensurePgliteDataDir, PGLITE_START_PARAMS } from './pglite.ts';
import { releaseClientsOnEveryPath } from './pool-transactions.ts';
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
  /**
   * Calls `onPayload` with the payload of each NOTIFY on `channel`, from any connection to this
   * database, until the returned function is called; resolves once listening (rejects if the database
   * cannot be reached then). PostgreSQL: one connection of its own, outside the pool, reconnected with
   * backoff when it drops (notifications sent meanwhile are lost: `onReconnect` says when to catch
   * up). PGlite: the embedded client's own listen(). `close()` ends every listener.
   */
  listen(channel: string, onPayload: (payload: string) => void, options?: ListenOptions): Promise<Unlisten>;
  close(): Promise<void>;
}

export interface ListenOptions {
  /** Called each time the listening connection is back after a drop. */
  onReconnect?: () => void;
}
export type Unlisten = () => Promise<void>;

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export interface OpenDatabaseOptions {
  /** postgres:// URL of a server; when absent, embedded PGlite is used. */
  url?: string | undefined;
  /**
   * postgres:// URL of the same database as the tables' owner, which applies the migrations; `url`
   * then connects as the app's least-privilege role (decision 013). Absent: `url` migrates.
   */
  migrationUrl?: string | undefined;
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
    releaseClientsOnEveryPath(db, pool);
    const listeners = new Set<Unlisten>();
    const url = options.url;
    return {
      db,
      kind: 'postgres',
      migrate: () => migrateServer(pool, options),
      listen: async (channel, onPayload, listenOptions) => {
        const stop = await listenOnServer(url, channel, onPayload, { ...options, ...listenOptions });
        const unlisten = () => {
          listeners.delete(unlisten);
          return stop();
        };
        listeners.add(unlisten);
        return unlisten;
      },
      close: async () => {
        await Promise.all([...listeners].map((unlisten) => unlisten()));
        await pool.end();
      },
    };
  }
  if (options.dataDir) await ensurePgliteDataDir(options.dataDir);
  // pg_trgm: the browse search's typo tolerance (migration 0003 creates the extension).
  const client = new PGlite({
    ...(options.dataDir && { dataDir: options.dataDir }),
    ...(options.loadDataDir && { loadDataDir: options.loadDataDir }),
    extensions: { pg_trgm },
    startParams: PGLITE_START_PARAMS,
  });
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    // One process, one database: nothing to reconnect. close() ends the listeners with the client.
    listen: async (channel, onPayload) => {
      const unlisten = await client.listen(channel, onPayload);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    close: () => client.close(),
  };
}

/**
 * Applies pending migrations on a PostgreSQL server. Whether any are pending is a read the app's role
 * may make, so it starts on a database the owner migrated; the migrations themselves run as the owner
 * (`migrationUrl`) on a connection of their own.
 */
async function migrateServer(pool: pg.Pool, options: OpenDatabaseOptions): Promise<void> {
  if (!(await migrationsPending(pool))) return;
  if (options.migrationUrl) {
    const owner = openPool(options.migrationUrl, { ...options, poolSize: 1 });
    try {
      await migratePg(drizzlePg(owner, { schema }), { migrationsFolder });
    } finally {
      await owner.end();
    }
    return;
  }
  try {
    await migratePg(drizzlePg(pool, { schema }), { migrationsFolder });
  } catch (err) {
    if (sqlState(err) !== INSUFFICIENT_PRIVILEGE) throw err;
    throw new Error(
      'Database migrations are pending and the role DATABASE_URL connects as may not apply them: set ' +
        "DATABASE_MIGRATION_URL to the tables' owner (README: Running on a PostgreSQL server).",
      { cause: err },
    );
  }
}

const INSUFFICIENT_PRIVILEGE = '42501';

/** The SQLSTATE of a failed statement, looking through drizzle's wrapper (DrizzleQueryError). */
function sqlState(err: unknown, depth = 0): unknown {
  if (!(err instanceof Error) || depth > 8) return undefined;
  return (err as { code?: unknown }).code ?? sqlState(err.cause, depth + 1);
}

/** True unless drizzle's record of applied migrations reaches the newest one in the journal. */
async function migrationsPending(pool: pg.Pool): Promise<boolean> {
  const newest = Math.max(...readMigrationFiles({ migrationsFolder }).map((m) => m.folderMillis));
  try {
    const { rows } = await pool.query<{ applied: string | null }>(
      'SELECT max(created_at) AS applied FROM drizzle.__drizzle_migrations',
    );
    return rows[0]?.applied == null || Number(rows[0].applied) < newest;
  } catch (err) {
    // No record yet (a new database), or none this role may read: the migrator finds out.
    if (isDatabaseUnavailable(err)) throw err;
    return true;
  }
}

/** How often the listening connection is checked when it has been quiet (a peer that vanished). */
const LISTEN_PING_MS = 30_000;
const LISTEN_BACKOFF_MS = [500, 1_000, 2_000, 5_000, 10_000, 30_000];

/**
 * A connection of its own doing LISTEN on PostgreSQL: the pool's connections come and go, and a
 * LISTEN lasts only as long as its session. A drop (the server restarting, the network) is reported
 * once and retried with backoff until it is back, then `onReconnect` runs; an 'error' on this client
 * is always heard, so it never reaches the process.
 */
async function listenOnServer(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  options: OpenDatabaseOptions & ListenOptions,
): Promise<Unlisten> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  let ping: NodeJS.Timeout | undefined;
  let attempt = 0;

  const connect = async () => {
    const c = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 5_000,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      query_timeout: 10_000,
    });
    c.on('error', (err) => lost(c, err));
    c.on('end', () => lost(c));
    c.on('notification', (msg) => {
      if (msg.channel === channel && msg.payload !== undefined) onPayload(msg.payload);
    });
    try {
      await c.connect();
      await c.query(`LISTEN "${channel.replaceAll('"', '""')}"`);
    } catch (err) {
      c.end().catch(() => {});
      throw err;
    }
    return c;
  };

  const lost = (c: pg.Client, err?: Error) => {
    if (c !== client || stopped) return;
    client = undefined;
    clearInterval(ping);
    options.log?.warn({ err }, 'event bus connection lost; reconnecting');
    c.end().catch(() => {});
    reconnectLater();
  };

  const reconnectLater = () => {
    const delay = LISTEN_BACKOFF_MS[Math.min(attempt++, LISTEN_BACKOFF_MS.length - 1)]!;
    retry = setTimeout(() => {
      retry = undefined;
      if (stopped) return;
      connect().then(
        (c) => {
          if (stopped) return void c.end().catch(() => {});
          use(c);
          attempt = 0;
          options.onReconnect?.();
        },
        () => reconnectLater(),
      );
    }, delay);
    retry.unref();
  };

  const use = (c: pg.Client) => {
    client = c;
    // A peer that vanished without closing the socket shows as a ping that fails or times out.
    ping = setInterval(() => {
      c.query('SELECT 1').catch((err: Error) => lost(c, err));
    }, LISTEN_PING_MS);
    ping.unref();
  };

  use(await connect());
  return async () => {
    stopped = true;
    clearTimeout(retry);
    clearInterval(ping);
    const c = client;
    client = undefined;
    await c?.end().catch(() => {});
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

/**
 * At most this many statement texts get a name per process: a name is never reused for another text
 * (a connection that prepared it would refuse it), and each connection keeps every statement it
 * prepared until it closes (idle ones do after 10 s), so the cap bounds the server's memory too.
 */
export const MAX_NAMED_STATEMENTS = 100;
const statementNames = new Map<string, string>();

/** The name of a statement text, or undefined (unnamed, as queryRows sends it) once the cap is reached. */
export function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < MAX_NAMED_STATEMENTS) {
    name = `frosted_${statementNames.size}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * A statement whose text depends only on `key` (its shape), with a placeholder
 * (`sql.placeholder(name)`) for each of `values`: built and prepared once per key, then executed
 * with each request's values.
 */
export interface Statement {
  key: string;
  build: () => SQL;
  values: Record<string, unknown>;
}

type Prepared = ReturnType<Db['_']['session']['prepareQuery']>;
/** Prepared statements by key, per drizzle session (the pool's, or a transaction's for its life). */
const preparedBySession = new WeakMap<object, Map<string, Prepared>>();
/** Keys kept per session; the oldest is dropped past it (it is prepared again when next used). */
const MAX_PREPARED_KEYS = 500;

/**
 * Runs a hot read whose text repeats (only its values change) as drizzle runs a prepared query: the
 * SQL is built and turned into text once per key, not per request, and on PostgreSQL it is sent as a
 * named prepared statement, so each pooled connection parses and plans it once and afterwards only
 * binds and executes it (PostgreSQL may then keep a generic plan). PGlite, one embedded connection
 * with no round trip to save, runs it unnamed. Same rows, types and errors as queryRows.
 */
export async function queryPrepared<T>(db: Db, statement: Statement): Promise<T[]> {
  const session = db._.session;
  let prepared = preparedBySession.get(session);
  if (!prepared) preparedBySession.set(session, (prepared = new Map()));
  let query = prepared.get(statement.key);
  if (!query) {
    const { dialect } = db as unknown as { dialect: PgDialect };
    const built = dialect.sqlToQuery(statement.build());
    query = session.prepareQuery(built, undefined, statementName(built.sql), false);
    if (prepared.size >= MAX_PREPARED_KEYS) prepared.delete(prepared.keys().next().value!);
    prepared.set(statement.key, query);
  }
  return ((await query.execute(statement.values)) as { rows: T[] }).rows;
}
