import { z } from 'zod';
import {
  type ReviewList,
  reviewHelpfulParamsSchema,
  reviewHelpfulSchema,
  reviewListQuerySchema,
  reviewListSchema,
  reviewReplySchema,
} from '../../../shared/schemas/reviews.ts';
import { currentActor, signedIn, vendorsOnly } from '../../http/auth-guard.ts';
import { idParams, json, jsonBody, openApiRoutes, routesOf } from '../../http/openapi.ts';
import { rateLimit } from '../../http/rate-limit.ts';
import { setHelpfulVote } from './helpful.ts';
import { presentPublicReview, presentReviewHelpful } from './presenter.ts';
import { replyToReview } from './reply.ts';
import { listPublicReviews } from './service.ts';

const replyLimit = rateLimit({ name: 'review-replies', max: () => 30, windowSeconds: 60 });
const helpfulLimit = rateLimit({ name: 'review-helpful', max: () => 60, windowSeconds: 60, per: 'user' });

const route = routesOf({ tags: ['reviews'] });

const reply = route.post('/{id}/reply', {
  summary: 'Reply publicly to a review of your shop (once)',
  use: [replyLimit, vendorsOnly],
  params: idParams('id'),
  body: jsonBody(reviewReplySchema),
  created: json(z.object({ vendorReply: z.object({ text: z.string(), at: z.string() }) }), 'The reply'),
  errors: [400, 401, 403, 404, 409, 413, 415, 429, 503],
});

const helpful = (method: 'put' | 'delete', summary: string) =>
  route[method]('/{id}/helpful', {
    summary,
    description:
      'Idempotent. Neither the review’s author nor the reviewed shop’s owner may vote (403); a review ' +
      'that is not published reads as missing (404).',
    use: [helpfulLimit, signedIn],
    params: reviewHelpfulParamsSchema,
    ok: json(reviewHelpfulSchema, "The review's helpful count and whether you voted"),
    errors: [400, 401, 403, 404, 429, 503],
  });

const list = route.get('/', {
  summary: 'Published reviews, filtered and sorted, with the average rating',
  description:
    'Signed in, each review also says whether you marked it helpful and whether it is yours or your ' +
    'shop’s; the answer is never stored by shared caches.',
  query: reviewListQuerySchema,
  ok: json(reviewListSchema, 'A page of reviews'),
  errors: [400, 503],
});

export const reviewRoutes = openApiRoutes()
  .openapi(list, async (c) => {
    const query = c.req.valid('query');
    const viewerId = (await currentActor(c))?.id ?? null;
    const { rows, total, average } = await listPublicReviews({ db: c.var.services.db, query, viewerId });
    const body: ReviewList = {
      reviews: rows.map((row) => presentPublicReview(row, viewerId)),
      total,
      averageRating: average === null ? null : Math.round(average * 10) / 10,
    };
    // Per viewer (their votes): for their browser only, never a shared cache.
    c.header('Cache-Control', 'private, no-store');
    return c.json(body, 200);
  })
  .openapi(reply, async (c) => {
    const { id } = c.req.valid('param');
    const { reply: text } = c.req.valid('json');
    const { db, clock } = c.var.services;
    const vendorReply = await replyToReview({
      db,
      actor: c.var.actor,
      reviewId: id,
      reply: text,
      now: clock.now(),
    });
    return c.json({ vendorReply }, 201);
  })
  .openapi(helpful('put', 'Mark a review helpful (once)'), async (c) => {
    const { id } = c.req.valid('param');
    const vote = await setHelpfulVote({
      db: c.var.services.db,
      actor: c.var.actor,
      reviewId: id,
      helpful: true,
    });
    return c.json(presentReviewHelpful(vote), 200);
  })
  .openapi(helpful('delete', 'Take back your helpful vote on a review'), async (c) => {
    const { id } = c.req.valid('param');
    const vote = await setHelpfulVote({
      db: c.var.services.db,
      actor: c.var.actor,
      reviewId: id,
      helpful: false,
    });
    return c.json(presentReviewHelpful(vote), 200);
  });
