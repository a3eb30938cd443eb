import { z } from 'zod';

import { REVIEW_RATING_FILTERS, REVIEW_SORTS } from '../catalog.ts';

export { REVIEW_RATING_FILTERS, REVIEW_SORTS, type ReviewRatingFilter, type ReviewSort } from '../catalog.ts';

export const reviewListQuerySchema = z.object({
  rating: z.enum(REVIEW_RATING_FILTERS).default('all'),
  sort: z.enum(REVIEW_SORTS).default('newest'),
  limit: z.coerce.number().int().min(1).max(50).default(20),
  offset: z.coerce.number().int().min(0).max(10_000).default(0),
});
export type ReviewListQuery = z.infer<typeof reviewListQuerySchema>;

export const publicReviewSchema = z.object({
  id: z.string(),
  rating: z.number().int().min(1).max(5),
  title: z.string().nullable(),
  comment: z.string(),
  helpfulCount: z.number().int(),
  createdAt: z.string(),
  verified: z.boolean(),
  customerName: z.string(),
  customerLocation: z.string().nullable(),
  vendor: z.object({ id: z.string(), businessName: z.string() }),
  occasion: z.string().nullable(),
  imageUrl: z.string().nullable(),
});
export type PublicReview = z.infer<typeof publicReviewSchema>;

export const reviewListSchema = z.object({
  reviews: z.array(publicReviewSchema),
  total: z.number().int(),
  averageRating: z.number().nullable(),
});
export type ReviewList = z.infer<typeof reviewListSchema>;
