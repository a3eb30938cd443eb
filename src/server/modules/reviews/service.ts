import type { SQL } from 'drizzle-orm';
import { and, asc, avg, count, desc, eq, sql } from 'drizzle-orm';
import type { ReviewListQuery, ReviewSort } from '../../../shared/schemas/reviews.ts';
import type { Db } from '../../db/client.ts';
import { cakeDesigns, orders, reviewHelpfulVotes, reviews, users, vendors } from '../../db/schema/index.ts';

const ORDER_BY: Record<ReviewSort, SQL[]> = {
  newest: [desc(reviews.createdAt), desc(reviews.id)],
  oldest: [asc(reviews.createdAt), asc(reviews.id)],
  'rating-high': [desc(reviews.rating), desc(reviews.createdAt), desc(reviews.id)],
  'rating-low': [asc(reviews.rating), desc(reviews.createdAt), desc(reviews.id)],
  helpful: [desc(reviews.helpfulCount), desc(reviews.createdAt), desc(reviews.id)],
};

/**
 * Whether a review is public (for a query joined with its vendor): reviews of vendors who are not (or
 * no longer) approved are not public.
 */
export const publishedReview = () => eq(vendors.status, 'approved');

/**
 * Public reviews with the Reviews page's rating filter and sort. For a signed-in viewer each row also
 * says whether they marked it helpful (so the answer is theirs alone: never from a shared cache).
 */
export async function listPublicReviews({
  db,
  query,
  viewerId,
}: {
  db: Db;
  query: ReviewListQuery;
  /** The signed-in viewer, or null for a visitor. */
  viewerId: string | null;
}) {
  const where = and(
    query.rating === 'all' ? undefined : eq(reviews.rating, Number(query.rating)),
    query.vendorId ? eq(reviews.vendorId, query.vendorId) : undefined,
    publishedReview(),
  );
  const voted = viewerId
    ? sql<boolean>`exists (select 1 from ${reviewHelpfulVotes} where ${reviewHelpfulVotes.reviewId} = ${reviews.id} and ${reviewHelpfulVotes.userId} = ${viewerId})`
    : sql<boolean>`false`;
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        review: reviews,
        customer: {
          firstName: users.firstName,
          lastName: users.lastName,
          name: users.name,
          location: users.location,
        },
        vendor: { id: vendors.id, businessName: vendors.businessName, category: vendors.category },
        vendorOwnerId: vendors.userId,
        design: { occasion: cakeDesigns.occasion, imageUrl: cakeDesigns.imageUrl },
        orderStatus: orders.status,
        viewerVotedHelpful: voted,
      })
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.customerId))
      .innerJoin(vendors, eq(vendors.id, reviews.vendorId))
      .innerJoin(orders, eq(orders.id, reviews.orderId))
      .leftJoin(cakeDesigns, eq(cakeDesigns.id, orders.cakeDesignId))
      .where(where)
      .orderBy(...ORDER_BY[query.sort])
      .limit(query.limit)
      .offset(query.offset),
    db
      .select({ total: count(), average: avg(reviews.rating) })
      .from(reviews)
      .innerJoin(vendors, eq(vendors.id, reviews.vendorId))
      .where(where),
  ]);
  return {
    rows,
    total: totals?.total ?? 0,
    average: totals?.average == null ? null : Number(totals.average),
  };
}

export type ReviewListRow = Awaited<ReturnType<typeof listPublicReviews>>['rows'][number];
