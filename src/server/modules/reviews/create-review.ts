import { and, eq, sql } from 'drizzle-orm';
import type { CreateReviewInput } from '../../../shared/schemas/reviews.ts';
import { canLeaveReview } from '../../../shared/order-status.ts';
import type { Db } from '../../db/client.ts';
import { orders, reviews, vendors } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../actor.ts';

/**
 * A customer reviews one of their own completed orders, once. The vendor's rating and review count
 * change in the same transaction, so they always match the reviews.
 */
export async function createReview({
  db,
  actor,
  orderId,
  input,
}: {
  db: Db;
  actor: Actor;
  orderId: string;
  input: CreateReviewInput;
}) {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id, status: orders.status, vendorId: orders.vendorId })
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.customerId, actor.id)))
      .for('update')
      .limit(1);
    // Another customer's order looks exactly like a missing one.
    if (!order) throw AppError.notFound('Order not found');
    if (!canLeaveReview(order.status))
      throw new AppError('CONFLICT', 409, 'You can review an order once it is completed.');
    const [review] = await tx
      .insert(reviews)
      .values({
        id: crypto.randomUUID(),
        orderId: order.id,
        customerId: actor.id,
        vendorId: order.vendorId,
        rating: input.rating,
        title: input.title || null,
        comment: input.comment,
      })
      .onConflictDoNothing({ target: reviews.orderId })
      .returning();
    if (!review) throw new AppError('CONFLICT', 409, 'You have already reviewed this order.');
    await tx
      .update(vendors)
      .set({
        // From the exact sum and count, so the average never drifts however many reviews come.
        rating: sql`round((${vendors.ratingSum} + ${input.rating})::numeric / (${vendors.reviewCount} + 1), 2)`,
        ratingSum: sql`${vendors.ratingSum} + ${input.rating}`,
        reviewCount: sql`${vendors.reviewCount} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(vendors.id, order.vendorId));
    return review;
  });
}
