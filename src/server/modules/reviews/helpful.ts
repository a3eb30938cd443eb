import { and, eq, sql } from 'drizzle-orm';
import { MESSAGES } from '../../../shared/errors.ts';
import { helpfulVoteRefusal, reviewViewerRelation } from '../../../shared/review-helpful.ts';
import type { Db } from '../../db/client.ts';
import { reviewHelpfulVotes, reviews, vendors } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../actor.ts';
import { publishedReview } from './service.ts';

/**
 * The actor marks a published review helpful (`helpful: true`) or takes their vote back, idempotently.
 * The vote row and reviews.helpful_count change in one transaction, and the count only when the row
 * really came or went (ON CONFLICT DO NOTHING / DELETE … RETURNING), so any number of tabs voting at
 * once count once. The count keeps the demo seed's base: votes add to it and take from it.
 */
export async function setHelpfulVote({
  db,
  actor,
  reviewId,
  helpful,
}: {
  db: Db;
  actor: Actor;
  reviewId: string;
  helpful: boolean;
}): Promise<{ helpfulCount: number; voted: boolean }> {
  return db.transaction(async (tx) => {
    // KEY SHARE: the review cannot be deleted under the vote, yet votes of others (which update the
    // count, a non-key column) do not wait for this one.
    const [review] = await tx
      .select({ authorId: reviews.customerId, ownerId: vendors.userId })
      .from(reviews)
      .innerJoin(vendors, eq(vendors.id, reviews.vendorId))
      .where(and(eq(reviews.id, reviewId), publishedReview()))
      .for('key share', { of: reviews })
      .limit(1);
    if (!review) throw AppError.notFound(MESSAGES.reviewNotFound);
    const refusal = helpfulVoteRefusal(reviewViewerRelation(actor.id, review));
    if (refusal) throw AppError.forbidden(refusal);

    const vote = and(eq(reviewHelpfulVotes.reviewId, reviewId), eq(reviewHelpfulVotes.userId, actor.id));
    const changed = helpful
      ? await tx
          .insert(reviewHelpfulVotes)
          .values({ reviewId, userId: actor.id })
          .onConflictDoNothing()
          .returning({ reviewId: reviewHelpfulVotes.reviewId })
      : await tx.delete(reviewHelpfulVotes).where(vote).returning({ reviewId: reviewHelpfulVotes.reviewId });
    if (changed.length > 0) {
      const [updated] = await tx
        .update(reviews)
        .set({
          // Never below 0 (reviews_helpful_check), should the base have been lowered under the votes.
          helpfulCount: helpful
            ? sql`${reviews.helpfulCount} + 1`
            : sql`greatest(${reviews.helpfulCount} - 1, 0)`,
        })
        .where(eq(reviews.id, reviewId))
        .returning({ helpfulCount: reviews.helpfulCount });
      return { helpfulCount: updated!.helpfulCount, voted: helpful };
    }
    // Nothing changed (the vote was already there, or already gone, perhaps from another tab a moment
    // ago): read the count now, after that tab's commit, rather than the one read before it.
    const [current] = await tx
      .select({ helpfulCount: reviews.helpfulCount })
      .from(reviews)
      .where(eq(reviews.id, reviewId));
    return { helpfulCount: current!.helpfulCount, voted: helpful };
  });
}
