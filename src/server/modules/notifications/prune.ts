import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { DELETE_BATCH, deleteInBatches } from '../../db/batches.ts';

/** Read notifications and delivered e-mails are kept this long, then deleted (unread ones stay). */
export const RETENTION_DAYS = 90;

/** Deletes notifications read before `before` (the partial index on read notifications finds them). */
export function pruneReadNotifications(db: Db, before: Date): Promise<number> {
  return deleteInBatches(
    db,
    () => sql`
      WITH gone AS (
        DELETE FROM user_events WHERE id IN (
          SELECT id FROM user_events WHERE read_at IS NOT NULL AND read_at < ${before} LIMIT ${DELETE_BATCH})
        RETURNING 1)
      SELECT count(*) AS n FROM gone`,
  );
}
