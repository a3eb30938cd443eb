import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { DELETE_BATCH, deleteInBatches } from '../../db/batches.ts';

/**
 * Deletes e-mails sent, kept or cancelled before `before`; failed ones stay for admins (the outbox's
 * index on its creation time finds them).
 */
export function pruneDeliveredEmails(db: Db, before: Date): Promise<number> {
  return deleteInBatches(
    db,
    () => sql`
      WITH gone AS (
        DELETE FROM email_outbox WHERE id IN (
          SELECT id FROM email_outbox
          WHERE created_at < ${before} AND status IN ('sent', 'kept', 'cancelled') LIMIT ${DELETE_BATCH})
        RETURNING 1)
      SELECT count(*) AS n FROM gone`,
  );
}
