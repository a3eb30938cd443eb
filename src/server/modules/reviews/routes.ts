import { Hono } from 'hono';
import { reviewListQuerySchema } from '../../../shared/schemas/reviews.ts';
import type { ReviewList } from '../../../shared/schemas/reviews.ts';
import type { AppEnv } from '../../http/types.ts';
import { validQuery } from '../../http/validate.ts';
import { presentPublicReview } from './presenter.ts';
import { listPublicReviews } from './service.ts';

export const reviewRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const query = validQuery(c, reviewListQuerySchema);
  const { rows, total, average } = await listPublicReviews({ db: c.var.services.db, query });
  const body: ReviewList = {
    reviews: rows.map(presentPublicReview),
    total,
    averageRating: average === null ? null : Math.round(average * 10) / 10,
  };
  return c.json(body);
});
