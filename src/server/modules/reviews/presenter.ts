import type { PublicReview, ReviewHelpful } from '../../../shared/schemas/reviews.ts';
import { displayName } from '../../../shared/people.ts';
import { reviewViewerRelation } from '../../../shared/review-helpful.ts';
import type { ReviewListRow } from './service.ts';

/** One public review as `viewerId` (null: a visitor) sees it. */
export function presentPublicReview(row: ReviewListRow, viewerId: string | null): PublicReview {
  return {
    id: row.review.id,
    rating: row.review.rating,
    title: row.review.title,
    comment: row.review.comment,
    helpfulCount: row.review.helpfulCount,
    createdAt: row.review.createdAt.toISOString(),
    // Every review belongs to an order; it is a verified purchase once that order completed.
    verified: row.orderStatus === 'completed',
    customerName: displayName(row.customer),
    customerLocation: row.customer.location,
    vendor: row.vendor,
    occasion: row.design?.occasion ?? null,
    imageUrl: row.design?.imageUrl ?? null,
    vendorReply:
      row.review.vendorReply && row.review.vendorRepliedAt
        ? { text: row.review.vendorReply, at: row.review.vendorRepliedAt.toISOString() }
        : null,
    viewerVotedHelpful: Boolean(row.viewerVotedHelpful),
    viewerRelation: reviewViewerRelation(viewerId, {
      authorId: row.review.customerId,
      ownerId: row.vendorOwnerId,
    }),
  };
}

export const presentReviewHelpful = (vote: { helpfulCount: number; voted: boolean }): ReviewHelpful => ({
  helpfulCount: vote.helpfulCount,
  viewerVotedHelpful: vote.voted,
});
