import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { rateLimits } from '../../db/schema/index.ts';

/** At most one new verification e-mail per address in this time, however often someone tries to sign in. */
export const VERIFICATION_EMAIL_INTERVAL_MS = 5 * 60 * 1000;

/** The address is kept as a digest: the row outlives the account and is no place for an e-mail address. */
export const verificationEmailKey = (email: string) =>
  `mail|verify-email|${createHash('sha256').update(email.toLowerCase()).digest('base64url')}`;

/**
 * Takes the address's turn to be sent a verification e-mail: true when none was sent in the last
 * interval. One conditional upsert, so concurrent attempts cannot both win.
 */
export async function claimVerificationEmail({
  db,
  email,
  now = Date.now(),
}: {
  db: Db;
  email: string;
  now?: number;
}): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`insert into ${rateLimits} (id, key, count, last_request)
        values (${crypto.randomUUID()}, ${verificationEmailKey(email)}, 1, ${now})
        on conflict (key) do update set count = ${rateLimits.count} + 1, last_request = ${now}
        where ${rateLimits.lastRequest} <= ${now - VERIFICATION_EMAIL_INTERVAL_MS}
        returning id`,
  );
  return rows.length > 0;
}

/** Gives a turn back when its e-mail could not be sent, so the next attempt sends one. */
export async function releaseVerificationEmail({
  db,
  email,
  claimedAt,
}: {
  db: Db;
  email: string;
  claimedAt: number;
}): Promise<void> {
  await db
    .update(rateLimits)
    .set({ lastRequest: 0 })
    .where(and(eq(rateLimits.key, verificationEmailKey(email)), eq(rateLimits.lastRequest, claimedAt)));
}
