import { createRoute } from '@hono/zod-openapi';
import { orderDetailSchema, orderTransitionSchema } from '../../../shared/schemas/orders.ts';
import { createReviewSchema, reviewCreatedSchema } from '../../../shared/schemas/reviews.ts';
import { customersOnly, signedIn } from '../../http/auth-guard.ts';
import { rateLimit } from '../../http/rate-limit.ts';
import { errors, idParams, json, jsonBody, openApiRoutes } from '../../http/openapi.ts';
import { createReview } from '../reviews/create-review.ts';
import { getOrderDetail } from './detail.ts';
import { transitionOrder } from './transitions.ts';

const transitionLimit = rateLimit({ name: 'order-transitions', max: () => 60, windowSeconds: 60 });

const detail = createRoute({
  method: 'get',
  path: '/{id}',
  tags: ['orders'],
  summary:
    'One of your orders (as its customer or vendor, or an admin) with its timeline and the changes you can make',
  middleware: [signedIn] as const,
  request: { params: idParams('id') },
  responses: {
    200: json(orderDetailSchema, 'The order'),
    ...errors(400, 401, 404, 503),
  },
});

const transition = createRoute({
  method: 'post',
  path: '/{id}/transitions',
  tags: ['orders'],
  summary: 'Change the order’s status (confirm, start, mark ready, deliver, confirm satisfaction, cancel)',
  description:
    'Allowed changes follow the order lifecycle in src/shared/order-machine.ts. Send the status you saw as `expectedStatus`: if the order changed meanwhile the answer is 409 and nothing is overwritten.',
  middleware: [transitionLimit, signedIn] as const,
  request: { params: idParams('id'), body: jsonBody(orderTransitionSchema) },
  responses: {
    200: json(orderDetailSchema, 'The order after the change'),
    ...errors(400, 401, 403, 404, 409, 413, 415, 429, 503),
  },
});

const review = createRoute({
  method: 'post',
  path: '/{id}/review',
  tags: ['reviews'],
  summary: 'Review a completed order of your own (once)',
  middleware: [customersOnly] as const,
  request: { params: idParams('id'), body: jsonBody(createReviewSchema) },
  responses: {
    201: json(reviewCreatedSchema, 'The review'),
    ...errors(400, 401, 403, 404, 409, 413, 415, 503),
  },
});

export const orderRoutes = openApiRoutes()
  .openapi(detail, async (c) => {
    const { id } = c.req.valid('param');
    return c.json(await getOrderDetail(c.var.services.db, c.var.actor, id), 200);
  })
  .openapi(transition, async (c) => {
    const { id } = c.req.valid('param');
    const { action, expectedStatus, note } = c.req.valid('json');
    const { db, clock } = c.var.services;
    await transitionOrder(db, {
      orderId: id,
      action,
      by: { kind: 'user', actor: c.var.actor },
      expectedStatus,
      note,
      now: clock.now(),
    });
    return c.json(await getOrderDetail(db, c.var.actor, id), 200);
  })
  .openapi(review, async (c) => {
    const { id } = c.req.valid('param');
    const input = c.req.valid('json');
    const review = await createReview({ db: c.var.services.db, actor: c.var.actor, orderId: id, input });
    return c.json({ id: review.id, rating: review.rating, createdAt: review.createdAt.toISOString() }, 201);
  });
