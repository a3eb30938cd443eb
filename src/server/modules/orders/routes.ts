import { Hono } from 'hono';
import { z } from 'zod';
import { createReviewSchema } from '../../../shared/schemas/reviews.ts';
import { requireUserType } from '../../http/auth-guard.ts';
import type { AppEnv } from '../../http/types.ts';
import { parseOrThrow, validJson } from '../../http/validate.ts';
import { createReview } from '../reviews/create-review.ts';

const orderParam = z.object({ id: z.string().min(1).max(100) });

export const orderRoutes = new Hono<AppEnv>().post('/:id/review', async (c) => {
  const actor = await requireUserType(c, 'customer');
  const { id } = parseOrThrow(orderParam, c.req.param());
  const input = await validJson(c, createReviewSchema);
  const review = await createReview({ db: c.var.services.db, actor, orderId: id, input });
  return c.json({ id: review.id, rating: review.rating, createdAt: review.createdAt.toISOString() }, 201);
});
