import type { PublicReview } from '../../../shared/schemas/reviews.ts';
import { displayName } from '../../../shared/people.ts';
import type { ReviewListRow } from './service.ts';

export function presentPublicReview(row: ReviewListRow): PublicReview {
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
  };
}
