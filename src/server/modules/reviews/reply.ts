import { and, eq, isNull } from 'drizzle-orm';
import { MESSAGES } from '../../../shared/errors.ts';
import type { Db } from '../../db/client.ts';
import { reviews } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../actor.ts';
import { vendorOf } from '../auth/index.ts';

/**
 * The vendor answers a review of their own shop, once and in public. One statement: it writes only
 * when the review is theirs and has no reply yet, so two replies at once leave exactly one.
 */
export async function replyToReview({
  db,
  actor,
  reviewId,
  reply,
  now,
}: {
  db: Db;
  actor: Actor;
  reviewId: string;
  reply: string;
  now: Date;
}): Promise<{ text: string; at: string }> {
  // Another vendor's review looks exactly like a missing one.
  const notFound = () => AppError.notFound(MESSAGES.reviewNotFound);
  const vendor = await vendorOf({ db, actor });
  if (!vendor) throw notFound();
  const [updated] = await db
    .update(reviews)
    .set({ vendorReply: reply, vendorRepliedAt: now })
    .where(and(eq(reviews.id, reviewId), eq(reviews.vendorId, vendor.id), isNull(reviews.vendorReply)))
    .returning({ text: reviews.vendorReply, at: reviews.vendorRepliedAt });
  if (updated?.text && updated.at) return { text: updated.text, at: updated.at.toISOString() };
  const [mine] = await db
    .select({ id: reviews.id })
    .from(reviews)
    .where(and(eq(reviews.id, reviewId), eq(reviews.vendorId, vendor.id)));
  if (!mine) throw notFound();
  throw new AppError('CONFLICT', 409, 'You have already replied to this review.');
}
