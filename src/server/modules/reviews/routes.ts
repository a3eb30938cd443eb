import { z } from 'zod';
import {
  type ReviewList,
  reviewListQuerySchema,
  reviewListSchema,
  reviewReplySchema,
} from '../../../shared/schemas/reviews.ts';
import { vendorsOnly } from '../../http/auth-guard.ts';
import { idParams, json, jsonBody, openApiRoutes, routesOf } from '../../http/openapi.ts';
import { rateLimit } from '../../http/rate-limit.ts';
import { presentPublicReview } from './presenter.ts';
import { replyToReview } from './reply.ts';
import { listPublicReviews } from './service.ts';

const replyLimit = rateLimit({ name: 'review-replies', max: () => 30, windowSeconds: 60 });

const route = routesOf({ tags: ['reviews'] });

const reply = route.post('/{id}/reply', {
  summary: 'Reply publicly to a review of your shop (once)',
  use: [replyLimit, vendorsOnly],
  params: idParams('id'),
  body: jsonBody(reviewReplySchema),
  created: json(z.object({ vendorReply: z.object({ text: z.string(), at: z.string() }) }), 'The reply'),
  errors: [400, 401, 403, 404, 409, 413, 415, 429, 503],
});

const list = route.get('/', {
  summary: 'Published reviews, filtered and sorted, with the average rating',
  query: reviewListQuerySchema,
  ok: json(reviewListSchema, 'A page of reviews'),
  errors: [400, 503],
});

export const reviewRoutes = openApiRoutes()
  .openapi(list, async (c) => {
    const query = c.req.valid('query');
    const { rows, total, average } = await listPublicReviews({ db: c.var.services.db, query });
    const body: ReviewList = {
      reviews: rows.map(presentPublicReview),
      total,
      averageRating: average === null ? null : Math.round(average * 10) / 10,
    };
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
  });
