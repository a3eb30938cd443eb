import type { Context } from 'hono';
import { ORDER_STATUSES } from '../../../shared/order-status.ts';
import {
  orderConversationSchema,
  orderDetailSchema,
  orderTransitionSchema,
} from '../../../shared/schemas/orders.ts';
import { createReviewSchema, reviewCreatedSchema } from '../../../shared/schemas/reviews.ts';
import { claimResponseSchema } from '../../../shared/schemas/claims.ts';
import { type ActorEnv, customersOnly, signedIn } from '../../http/auth-guard.ts';
import { rateLimit } from '../../http/rate-limit.ts';
import { idParams, json, jsonBody, multipartBody, openApiRoutes, routesOf } from '../../http/openapi.ts';
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

const route = routesOf({ tags: ['orders'], use: signedIn });
const transitionLimit = rateLimit({ name: 'order-transitions', max: () => 60, windowSeconds: 60 });
const claimLimit = rateLimit({ name: 'claims', max: () => 20, windowSeconds: 3600 });
const writeErrors = [400, 401, 403, 404, 409, 413, 415, 429, 503] as const;

const detail = route.get('/{id}', {
  summary:
    'One of your orders (as its customer or vendor, or an admin) with its timeline and the changes you can make',
  params: idParams('id'),
  ok: json(orderDetailSchema, 'The order'),
  errors: [400, 401, 404, 503],
});

const transition = route.post('/{id}/transitions', {
  summary: 'Change the order’s status (confirm, start, mark ready, deliver, confirm satisfaction, cancel)',
  description:
    'Allowed changes follow the order lifecycle in src/shared/order-machine.ts. Send the status you saw as `expectedStatus`: if the order changed meanwhile the answer is 409 and nothing is overwritten.',
  use: [transitionLimit, signedIn],
  params: idParams('id'),
  body: jsonBody(orderTransitionSchema),
  ok: json(orderDetailSchema, 'The order after the change'),
  errors: writeErrors,
});

const delivery = route.post('/{id}/delivery', {
  summary: 'Mark Delivered (the order’s vendor), with an optional photo of the cake and a note',
  description:
    'The same change as the `deliver` transition, as multipart so a photo can come with it. The photo is checked by its content and shown on both sides’ timeline.',
  use: [transitionLimit, uploadBodyLimit('deliveries'), signedIn],
  params: idParams('id'),
  body: multipartBody(
    {
      expectedStatus: { type: 'string', enum: ORDER_STATUSES },
      note: { type: 'string', maxLength: 500 },
    },
    [],
    { fileRequired: false },
  ),
  ok: json(orderDetailSchema, 'The order, delivered'),
  errors: writeErrors,
});

const openClaimRoute = route.post('/{id}/claim', {
  summary:
    'Open a satisfaction claim on your delivered order (within 24 hours of delivery), with up to 5 photos',
  description:
    'Multipart: `description` and up to five images in `files`, each checked by its content. The order’s automatic completion waits until Frosted resolves the claim.',
  use: [claimLimit, uploadBodyLimit('claims', MAX_CLAIM_PHOTOS), customersOnly],
  params: idParams('id'),
  body: claimUploadBody,
  created: json(orderDetailSchema, 'The order, with its claim'),
  errors: writeErrors,
});

const claimResponseRoute = route.post('/{id}/claim/response', {
  summary: 'Answer the satisfaction claim on your order (its vendor)',
  use: [claimLimit, signedIn],
  params: idParams('id'),
  body: jsonBody(claimResponseSchema),
  ok: json(orderDetailSchema, 'The order, with the answer'),
  errors: writeErrors,
});

const conversation = route.post('/{id}/conversation', {
  summary: 'Open the conversation with the other side of your order (its customer or its vendor)',
  use: [transitionLimit, signedIn],
  params: idParams('id'),
  created: json(orderConversationSchema, "The conversation's id"),
  errors: [400, 401, 403, 404, 429, 503],
});

const review = route.post('/{id}/review', {
  tags: ['reviews'],
  summary: 'Review a completed order of your own (once)',
  use: customersOnly,
  params: idParams('id'),
  body: jsonBody(createReviewSchema),
  created: json(reviewCreatedSchema, 'The review'),
  errors: [400, 401, 403, 404, 409, 413, 415, 503],
});

/** The order as the signed-in user sees it now: what every change to it answers with. */
const orderNow = (c: Context<ActorEnv>, id: string) =>
  getOrderDetail(c.var.services.db, { actor: c.var.actor, orderId: id, now: c.var.services.clock.now() });

export const orderRoutes = openApiRoutes()
  .openapi(detail, async (c) => {
    const { id } = c.req.valid('param');
    const { db, payments, clock, log } = c.var.services;
    const order = await orderNow(c, id);
    if (order.viewer !== 'customer' || !order.paymentConfirming) return c.json(order, 200);
    // A card whose answer never arrived (a lost webhook, a crash) is asked about as its customer looks,
    // so money already taken is shown as paid, not as an unpaid order (a read that repairs, once).
    await askAboutSubmittedPayments({ db, processor: payments, orderId: id, now: clock.now(), log });
    return c.json(await orderNow(c, id), 200);
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
    return c.json(await orderNow(c, id), 200);
  })
  .openapi(delivery, async (c) => {
    const { id } = c.req.valid('param');
    const { db, clock, storage } = c.var.services;
    const form = await readDeliveryForm(c);
    await deliverWithPhoto({ db, store: storage, actor: c.var.actor, orderId: id, ...form, clock });
    return c.json(await orderNow(c, id), 200);
  })
  .openapi(openClaimRoute, async (c) => {
    const { id } = c.req.valid('param');
    const { db, clock, storage } = c.var.services;
    const form = await readClaimForm(c);
    await openClaimWithPhotos({ db, store: storage, actor: c.var.actor, orderId: id, ...form, clock });
    return c.json(await orderNow(c, id), 201);
  })
  .openapi(claimResponseRoute, async (c) => {
    const { id } = c.req.valid('param');
    const { db, clock } = c.var.services;
    const { response } = c.req.valid('json');
    await respondToClaim({ db, actor: c.var.actor, orderId: id, response, now: clock.now() });
    return c.json(await orderNow(c, id), 200);
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
