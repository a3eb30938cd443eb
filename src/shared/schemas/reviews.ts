import { z } from 'zod';

import { REVIEW_RATING_FILTERS, REVIEW_SORTS } from '../catalog.ts';
import { REVIEW_VIEWER_RELATIONS } from '../review-helpful.ts';

export { REVIEW_RATING_FILTERS, REVIEW_SORTS, type ReviewRatingFilter, type ReviewSort } from '../catalog.ts';

export const reviewListQuerySchema = z.object({
  rating: z.enum(REVIEW_RATING_FILTERS).default('all'),
  sort: z.enum(REVIEW_SORTS).default('newest'),
  limit: z.coerce.number().int().min(1).max(50).default(20),
  offset: z.coerce.number().int().min(0).max(10_000).default(0),
  /** One vendor's reviews (their public page). */
  vendorId: z.string().min(1).max(100).optional(),
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
  /** The vendor's primary category says what was bought: a cake, or flowers, photos, music… */
  vendor: z.object({ id: z.string(), businessName: z.string(), category: z.string() }),
  occasion: z.string().nullable(),
  imageUrl: z.string().nullable(),
  /** The vendor's public reply (one per review). */
  vendorReply: z.object({ text: z.string(), at: z.string() }).nullable(),
  /** Whether the signed-in viewer marked this review helpful (false for visitors). */
  viewerVotedHelpful: z.boolean(),
  /** 'author': the viewer wrote it; 'owner': the viewer runs the reviewed shop; else null. */
  viewerRelation: z.enum(REVIEW_VIEWER_RELATIONS).nullable(),
});
export type PublicReview = z.infer<typeof publicReviewSchema>;

export const reviewListSchema = z.object({
  reviews: z.array(publicReviewSchema),
  total: z.number().int(),
  averageRating: z.number().nullable(),
});
export type ReviewList = z.infer<typeof reviewListSchema>;

export const REVIEW_LIMITS = { title: 120, commentMin: 10, comment: 2000 } as const;

export const createReviewSchema = z.object({
  rating: z
    .number({ error: 'Please choose a rating from 1 to 5 stars.' })
    .int('Please choose a rating from 1 to 5 stars.')
    .min(1, 'Please choose a rating from 1 to 5 stars.')
    .max(5, 'Please choose a rating from 1 to 5 stars.'),
  title: z
    .string()
    .trim()
    .max(REVIEW_LIMITS.title, `The title must be at most ${REVIEW_LIMITS.title} characters.`)
    .optional(),
  comment: z
    .string({ error: 'Please tell other customers about your cake.' })
    .trim()
    .min(REVIEW_LIMITS.commentMin, `Please write at least ${REVIEW_LIMITS.commentMin} characters.`)
    .max(REVIEW_LIMITS.comment, `The review must be at most ${REVIEW_LIMITS.comment} characters.`),
});
export type CreateReviewInput = z.infer<typeof createReviewSchema>;

export const REPLY_LIMITS = { min: 2, max: 1000 } as const;

/** POST /api/reviews/{id}/reply: the vendor answers a review of theirs, once, in public. */
export const reviewReplySchema = z.object({
  reply: z
    .string({ error: 'Please write your reply.' })
    .trim()
    .min(REPLY_LIMITS.min, 'Please write your reply.')
    .max(REPLY_LIMITS.max, `The reply must be at most ${REPLY_LIMITS.max} characters.`),
});
export type ReviewReplyInput = z.infer<typeof reviewReplySchema>;

export const reviewCreatedSchema = z.object({
  id: z.string(),
  rating: z.number().int(),
  createdAt: z.string(),
});
export type ReviewCreated = z.infer<typeof reviewCreatedSchema>;

/** PUT and DELETE /api/reviews/{id}/helpful: the review voted on. */
export const reviewHelpfulParamsSchema = z.object({ id: z.string().min(1).max(100) });

/** The answer to a helpful vote or its withdrawal: the review's count now, and the viewer's vote. */
export const reviewHelpfulSchema = z.object({
  helpfulCount: z.number().int().min(0),
  viewerVotedHelpful: z.boolean(),
});
export type ReviewHelpful = z.infer<typeof reviewHelpfulSchema>;
