import { sql } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type { PgTransactionConfig } from 'drizzle-orm/pg-core';
import type { TablesRelationalConfig } from 'drizzle-orm/relations';
import type pg from 'pg';

/** The parts of drizzle's pooled session a transaction of its own is built from (private in its types). */
interface SessionParts {
  dialect: ConstructorParameters<typeof NodePgSession>[1];
  schema: ConstructorParameters<typeof NodePgSession>[2];
  options: ConstructorParameters<typeof NodePgSession>[3];
  transaction: NodePgSession<Record<string, unknown>, TablesRelationalConfig>['transaction'];
}

/**
 * drizzle-orm 0.45's pooled `transaction()` runs BEGIN before the try/finally that gives the client
 * back (drizzle-team/drizzle-orm#6241, open): a BEGIN that fails, as it does when the connection
 * drops between checkout and the statement, keeps the client checked out for the life of the process.
 * During an outage every such failure takes a connection from the pool for good, and once the pool
 * is empty the app never recovers. This replaces the session's `transaction()` with one that
 * gives the client back on every path: destroyed (released with the error) when BEGIN or ROLLBACK
 * failed, since its connection is then in an unknown state; and a failed ROLLBACK no longer hides the
 * error that caused it. Nested transactions (savepoints) run on the transaction's own client and
 * are unchanged.
 */
export function releaseClientsOnEveryPath(db: object, pool: pg.Pool): void {
  const session = (db as { session: SessionParts }).session;
  const { dialect, schema, options } = session;
  session.transaction = async <T>(
    run: (tx: NodePgTransaction<Record<string, unknown>, TablesRelationalConfig>) => Promise<T>,
    config?: PgTransactionConfig,
  ): Promise<T> => {
    const client = await pool.connect();
    const tx = new NodePgTransaction<Record<string, unknown>, TablesRelationalConfig>(
      dialect,
      new NodePgSession(client, dialect, schema, options),
      schema,
    );
    try {
      await tx.execute(sql.raw(`begin${config ? ` ${transactionModes(config)}` : ''}`));
    } catch (err) {
      client.release(err as Error);
      throw err;
    }
    let result: T;
    try {
      result = await run(tx);
      await tx.execute(sql`commit`);
    } catch (err) {
      try {
        await tx.execute(sql`rollback`);
      } catch (rollbackErr) {
        client.release(rollbackErr as Error);
        throw err;
      }
      client.release();
      throw err;
    }
    client.release();
    return result;
  };
}

/** BEGIN's modes, as drizzle writes them (its `getTransactionConfigSQL` is private). */
function transactionModes(config: PgTransactionConfig): string {
  const modes: string[] = [];
  if (config.isolationLevel) modes.push(`isolation level ${config.isolationLevel}`);
  if (config.accessMode) modes.push(config.accessMode);
  if (typeof config.deferrable === 'boolean') modes.push(config.deferrable ? 'deferrable' : 'not deferrable');
  return modes.join(' ');
}
