import { sql } from 'drizzle-orm';
import { addCalendarDays, vancouverDay } from '../../../shared/time.ts';
import { VERIFICATION_EXPIRY_NOTICE_DAYS } from '../../../shared/verification.ts';
import { queryRows, type Db } from '../../db/client.ts';
import type { Logger } from '../../logger.ts';
import { publish } from '../notifications/index.ts';
import { recomputeVerified } from './service.ts';

interface DueItem {
  id: string;
  vendor_id: string;
  user_id: string;
  kind: string;
  expires_on: string;
}

/**
 * The daily verification round, on the Vancouver day of `now`:
 * - a vendor whose verified item expires within 30 days is told once per expiry date (expiry_notice_at);
 * - an item past its last valid day removes the badge (vendors.verified recomputed) and its vendor is
 *   told once: the round marks the item by its updated_at, the moment it noticed the expiry, so an item
 *   last changed before it expired is the one not yet handled.
 * Runs in the housekeeping job's transaction (src/server/lifecycle/housekeeping.ts); several processes never run it at once.
 */
export async function runVerificationRound(db: Db, { now, log }: { now: Date; log?: Logger | undefined }) {
  const today = vancouverDay(now);
  const noticeUntil = addCalendarDays(today, VERIFICATION_EXPIRY_NOTICE_DAYS);
  const unhandledExpiry = sql`i.expires_on < ${today}::date
    AND i.updated_at < ((i.expires_on + 2)::timestamp AT TIME ZONE 'UTC')`;
  // The vendors first, in id order, as every change to items does (service.ts): no deadlock with a review.
  await db.execute(sql`
    SELECT v.id FROM vendors v
    WHERE v.id IN (
      SELECT i.vendor_id FROM vendor_verification_items i
      WHERE i.status = 'verified' AND i.expires_on IS NOT NULL AND i.expires_on <= ${noticeUntil}::date
        AND (i.expiry_notice_at IS NULL OR (${unhandledExpiry})))
    ORDER BY v.id
    FOR UPDATE`);
  const expiring = await queryRows<DueItem>(
    db,
    sql`
      UPDATE vendor_verification_items i SET expiry_notice_at = ${now}
      FROM vendors v
      WHERE v.id = i.vendor_id AND i.status = 'verified' AND i.expires_on IS NOT NULL
        AND i.expires_on >= ${today}::date AND i.expires_on <= ${noticeUntil}::date
        AND i.expiry_notice_at IS NULL
      RETURNING i.id, i.vendor_id, v.user_id, i.kind, i.expires_on::text AS expires_on`,
  );
  for (const item of expiring)
    await publish(db, {
      type: 'verification.expiring',
      userIds: [item.user_id],
      refs: { vendorId: item.vendor_id, item: item.kind, expiresOn: item.expires_on },
      now,
    });

  // Items expired and not handled since: updated_at before the expiry. Vancouver's midnight after the
  // last valid day is 7 or 8 hours after UTC's, so the SQL bound is one day loose and JS decides.
  const candidates = await queryRows<DueItem & { updated_at: string | Date }>(
    db,
    sql`
      SELECT i.id, i.vendor_id, v.user_id, i.kind, i.expires_on::text AS expires_on, i.updated_at
      FROM vendor_verification_items i JOIN vendors v ON v.id = i.vendor_id
      WHERE i.status = 'verified' AND i.expires_on IS NOT NULL AND ${unhandledExpiry}
      ORDER BY i.vendor_id`,
  );
  const expired = candidates.filter((item) => vancouverDay(new Date(item.updated_at)) <= item.expires_on);
  const vendorIds = new Set<string>();
  for (const item of expired) {
    await db.execute(sql`UPDATE vendor_verification_items SET updated_at = ${now} WHERE id = ${item.id}`);
    vendorIds.add(item.vendor_id);
    await publish(db, {
      type: 'verification.expired',
      userIds: [item.user_id],
      refs: { vendorId: item.vendor_id, item: item.kind },
      now,
    });
  }
  for (const vendorId of vendorIds) await recomputeVerified(db, { vendorId, today });
  if (expiring.length || expired.length)
    log?.info({ expiring: expiring.length, expired: expired.length }, 'verification round');
  return { expiring: expiring.length, expired: expired.length };
}
