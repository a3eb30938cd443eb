import { createRoute } from '@hono/zod-openapi';
import { ORDER_STATUSES } from '../../../shared/order-status.ts';
import {
  orderConversationSchema,
  orderDetailSchema,
  orderTransitionSchema,
} from '../../../shared/schemas/orders.ts';
import { createReviewSchema, reviewCreatedSchema } from '../../../shared/schemas/reviews.ts';
import { claimResponseSchema } from '../../../shared/schemas/claims.ts';
import { customersOnly, signedIn } from '../../http/auth-guard.ts';
import { rateLimit } from '../../http/rate-limit.ts';
import { errors, idParams, json, jsonBody, multipartBody, openApiRoutes } from '../../http/openapi.ts';
import { createReview } from '../reviews/index.ts';
import { MAX_CLAIM_PHOTOS, respondToClaim } from '../payments/index.ts';
import { openOrderConversation, transitionOrder } from '../orders/index.ts';
import { askAboutSubmittedPayments } from '../payments/index.ts';
import { getOrderDetail } from './detail.ts';
import {
  claimUploadBody,
  deliverWithPhoto,
  openClaimWithPhotos,
  readClaimForm,
  readDeliveryForm,
  uploadBodyLimit,
} from './uploads.ts';
import { sendPendingRefunds } from '../payments/index.ts';

const tags = ['orders'];
const transitionLimit = rateLimit({ name: 'order-transitions', max: () => 60, windowSeconds: 60 });
const claimLimit = rateLimit({ name: 'claims', max: () => 20, windowSeconds: 3600 });
const writeErrors = errors(400, 401, 403, 404, 409, 413, 415, 429, 503);

const detail = createRoute({
  method: 'get',
  path: '/{id}',
  tags,
  summary:
    'One of your orders (as its customer or vendor, or an admin) with its timeline and the changes you can make',
  middleware: [signedIn] as const,
  request: { params: idParams('id') },
  responses: { 200: json(orderDetailSchema, 'The order'), ...errors(400, 401, 404, 503) },
});

const transition = createRoute({
  method: 'post',
  path: '/{id}/transitions',
  tags,
  summary: 'Change the order’s status (confirm, start, mark ready, deliver, confirm satisfaction, cancel)',
  description:
    'Allowed changes follow the order lifecycle in src/shared/order-machine.ts. Send the status you saw as `expectedStatus`: if the order changed meanwhile the answer is 409 and nothing is overwritten.',
  middleware: [transitionLimit, signedIn] as const,
  request: { params: idParams('id'), body: jsonBody(orderTransitionSchema) },
  responses: { 200: json(orderDetailSchema, 'The order after the change'), ...writeErrors },
});

const delivery = createRoute({
  method: 'post',
  path: '/{id}/delivery',
  tags,
  summary: 'Mark Delivered (the order’s vendor), with an optional photo of the cake and a note',
  description:
    'The same change as the `deliver` transition, as multipart so a photo can come with it. The photo is checked by its content and shown on both sides’ timeline.',
  middleware: [transitionLimit, uploadBodyLimit('deliveries'), signedIn] as const,
  request: {
    params: idParams('id'),
    body: multipartBody(
      {
        expectedStatus: { type: 'string', enum: ORDER_STATUSES },
        note: { type: 'string', maxLength: 500 },
      },
      [],
      { fileRequired: false },
    ),
  },
  responses: { 200: json(orderDetailSchema, 'The order, delivered'), ...writeErrors },
});

const openClaimRoute = createRoute({
  method: 'post',
  path: '/{id}/claim',
  tags,
  summary:
    'Open a satisfaction claim on your delivered order (within 24 hours of delivery), with up to 5 photos',
  description:
    'Multipart: `description` and up to five images in `files`, each checked by its content. The order’s automatic completion waits until Frosted resolves the claim.',
  middleware: [claimLimit, uploadBodyLimit('claims', MAX_CLAIM_PHOTOS), customersOnly] as const,
  request: { params: idParams('id'), body: claimUploadBody },
  responses: { 201: json(orderDetailSchema, 'The order, with its claim'), ...writeErrors },
});

const claimResponseRoute = createRoute({
  method: 'post',
  path: '/{id}/claim/response',
  tags,
  summary: 'Answer the satisfaction claim on your order (its vendor)',
  middleware: [claimLimit, signedIn] as const,
  request: { params: idParams('id'), body: jsonBody(claimResponseSchema) },
  responses: { 200: json(orderDetailSchema, 'The order, with the answer'), ...writeErrors },
});

const conversation = createRoute({
  method: 'post',
  path: '/{id}/conversation',
  tags,
  summary: 'Open the conversation with the other side of your order (its customer or its vendor)',
  middleware: [transitionLimit, signedIn] as const,
  request: { params: idParams('id') },
  responses: {
    201: json(orderConversationSchema, "The conversation's id"),
    ...errors(400, 401, 403, 404, 429, 503),
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
    const { db, payments, clock, log } = c.var.services;
    const order = await getOrderDetail(db, c.var.actor, id, clock.now());
    if (order.viewer !== 'customer' || !order.paymentConfirming) return c.json(order, 200);
    // A card whose answer never arrived (a lost webhook, a crash) is asked about as its customer looks,
    // so money already taken is shown as paid, not as an unpaid order (a read that repairs, once).
    await askAboutSubmittedPayments({ db, processor: payments, orderId: id, now: clock.now(), log });
    return c.json(await getOrderDetail(db, c.var.actor, id, clock.now()), 200);
  })
  .openapi(transition, async (c) => {
    const { id } = c.req.valid('param');
    const { action, expectedStatus, note } = c.req.valid('json');
    const { db, clock, payments, log } = c.var.services;
    await transitionOrder(db, {
      orderId: id,
      action,
      by: { kind: 'user', actor: c.var.actor },
      expectedStatus,
      note,
      now: clock.now(),
    });
    // A cancellation queued a refund: send it now (the job runner retries what fails).
    await sendPendingRefunds({ db, processor: payments, now: clock.now(), log }).catch((err: unknown) =>
      log.error({ err }, 'could not send refunds'),
    );
    return c.json(await getOrderDetail(db, c.var.actor, id, clock.now()), 200);
  })
  .openapi(delivery, async (c) => {
    const { id } = c.req.valid('param');
    const { db, clock, storage } = c.var.services;
    const form = await readDeliveryForm(c);
    await deliverWithPhoto({ db, store: storage, actor: c.var.actor, orderId: id, ...form, clock });
    return c.json(await getOrderDetail(db, c.var.actor, id, clock.now()), 200);
  })
  .openapi(openClaimRoute, async (c) => {
    const { id } = c.req.valid('param');
    const { db, clock, storage } = c.var.services;
    const form = await readClaimForm(c);
    await openClaimWithPhotos({ db, store: storage, actor: c.var.actor, orderId: id, ...form, clock });
    return c.json(await getOrderDetail(db, c.var.actor, id, clock.now()), 201);
  })
  .openapi(claimResponseRoute, async (c) => {
    const { id } = c.req.valid('param');
    const { db, clock } = c.var.services;
    await respondToClaim({
      db,
      actor: c.var.actor,
      orderId: id,
      response: c.req.valid('json').response,
      now: clock.now(),
    });
    return c.json(await getOrderDetail(db, c.var.actor, id, clock.now()), 200);
  })
  .openapi(conversation, async (c) => {
    const { id } = c.req.valid('param');
    const conversationId = await openOrderConversation({
      db: c.var.services.db,
      actor: c.var.actor,
      orderId: id,
    });
    return c.json({ id: conversationId }, 201);
  })
  .openapi(review, async (c) => {
    const { id } = c.req.valid('param');
    const input = c.req.valid('json');
    const review = await createReview({ db: c.var.services.db, actor: c.var.actor, orderId: id, input });
    return c.json({ id: review.id, rating: review.rating, createdAt: review.createdAt.toISOString() }, 201);
  });
