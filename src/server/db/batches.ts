import type { SQL } from 'drizzle-orm';
import { queryRows, type Db } from './client.ts';

/** Rows per statement when deleting what has grown old, so a large backlog never holds long locks. */
export const DELETE_BATCH = 5_000;

/**
 * Runs a `WITH gone AS (DELETE … LIMIT DELETE_BATCH RETURNING 1) SELECT count(*) AS n FROM gone`
 * statement until it deletes fewer than a batch; returns how many rows went.
 */
export async function deleteInBatches(db: Db, statement: () => SQL): Promise<number> {
  let total = 0;
  for (;;) {
    const rows = await queryRows<{ n: number | string }>(db, statement());
    const n = Number(rows[0]?.n ?? 0);
    total += n;
    if (n < DELETE_BATCH) return total;
  }
}
