import { createRoute } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { MESSAGES } from '../../../shared/errors.ts';
import { ORDER_STATUSES } from '../../../shared/order-status.ts';
import {
  orderConversationSchema,
  orderDeliverySchema,
  orderDetailSchema,
  orderTransitionSchema,
} from '../../../shared/schemas/orders.ts';
import { createReviewSchema, reviewCreatedSchema } from '../../../shared/schemas/reviews.ts';
import {
  CLAIM_DESCRIPTION_MAX,
  claimResponseSchema,
  openClaimSchema,
} from '../../../shared/schemas/claims.ts';
import { AppError } from '../../http/app-error.ts';
import { customersOnly, signedIn } from '../../http/auth-guard.ts';
import { rateLimit } from '../../http/rate-limit.ts';
import { errors, idParams, json, jsonBody, multipartBody, openApiRoutes } from '../../http/openapi.ts';
import { parseOrThrow } from '../../http/validate.ts';
import { BUCKETS, MB } from '../storage/buckets.ts';
import { deleteStoredImage, keyPrefix, storeUploadedImage } from '../storage/images.ts';
import { createReview } from '../reviews/create-review.ts';
import { CLAIM_MESSAGES, MAX_CLAIM_PHOTOS, openClaim, respondToClaim } from '../payments/claims.ts';
import type { StoredImage } from '../storage/images.ts';
import { openOrderConversation } from './conversation.ts';
import { askAboutSubmittedPayments } from '../payments/outcomes.ts';
import { getOrderDetail } from './detail.ts';
import { sendPendingRefunds } from '../payments/service.ts';
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

const photoLimitMb = BUCKETS.deliveries.fileSizeLimit / MB;
const delivery = createRoute({
  method: 'post',
  path: '/{id}/delivery',
  tags: ['orders'],
  summary: 'Mark Delivered (the order’s vendor), with an optional photo of the cake and a note',
  description:
    'The same change as the `deliver` transition, as multipart so a photo can come with it. The photo is checked by its content and shown on both sides’ timeline.',
  middleware: [
    transitionLimit,
    // The photo is checked against its bucket's limit by content later; this stops a huge body early.
    bodyLimit({
      maxSize: BUCKETS.deliveries.fileSizeLimit + MB,
      onError: () => {
        throw new AppError('FILE_TOO_LARGE', 413, MESSAGES.fileTooLarge(photoLimitMb));
      },
    }),
    signedIn,
  ] as const,
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
  responses: {
    200: json(orderDetailSchema, 'The order, delivered'),
    ...errors(400, 401, 403, 404, 409, 413, 415, 429, 503),
  },
});

const claimLimit = rateLimit({ name: 'claims', max: () => 20, windowSeconds: 3600 });
const claimPhotoMb = BUCKETS.claims.fileSizeLimit / MB;
const openClaimRoute = createRoute({
  method: 'post',
  path: '/{id}/claim',
  tags: ['orders'],
  summary:
    'Open a satisfaction claim on your delivered order (within 24 hours of delivery), with up to 5 photos',
  description:
    'Multipart: `description` and up to five images in `files`, each checked by its content. The order’s automatic completion waits until Frosted resolves the claim.',
  middleware: [
    claimLimit,
    bodyLimit({
      maxSize: MAX_CLAIM_PHOTOS * BUCKETS.claims.fileSizeLimit + MB,
      onError: () => {
        throw new AppError('FILE_TOO_LARGE', 413, MESSAGES.fileTooLarge(claimPhotoMb));
      },
    }),
    customersOnly,
  ] as const,
  request: {
    params: idParams('id'),
    body: {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object' as const,
            properties: {
              description: { type: 'string' as const, minLength: 10, maxLength: CLAIM_DESCRIPTION_MAX },
              files: {
                type: 'array' as const,
                maxItems: MAX_CLAIM_PHOTOS,
                items: {
                  type: 'string' as const,
                  format: 'binary',
                  description: 'A JPEG, PNG or WebP image.',
                },
              },
            },
            required: ['description'],
          },
        },
      },
    },
  },
  responses: {
    201: json(orderDetailSchema, 'The order, with its claim'),
    ...errors(400, 401, 403, 404, 409, 413, 415, 429, 503),
  },
});

const claimResponseRoute = createRoute({
  method: 'post',
  path: '/{id}/claim/response',
  tags: ['orders'],
  summary: 'Answer the satisfaction claim on your order (its vendor)',
  middleware: [claimLimit, signedIn] as const,
  request: { params: idParams('id'), body: jsonBody(claimResponseSchema) },
  responses: {
    200: json(orderDetailSchema, 'The order, with the answer'),
    ...errors(400, 401, 403, 404, 409, 413, 415, 429, 503),
  },
});

const conversation = createRoute({
  method: 'post',
  path: '/{id}/conversation',
  tags: ['orders'],
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
    return c.json(await getOrderDetail(db, c.var.actor, id, c.var.services.clock.now()), 200);
  })
  .openapi(delivery, async (c) => {
    const { id } = c.req.valid('param');
    const { db, clock, storage } = c.var.services;
    const form = await c.req.parseBody().catch(() => {
      throw AppError.validation({ file: 'Please choose a photo of the cake, or none.' });
    });
    const input = parseOrThrow(orderDeliverySchema, {
      expectedStatus: form.expectedStatus || undefined,
      note: form.note || undefined,
    });
    const by = { kind: 'user', actor: c.var.actor } as const;
    // A photo is stored only when the change can be made now (by the order's vendor, once it is ready
    // and its delivery window is open);
    // otherwise the transition below refuses it with its own reason (404, 403, 409) and nothing is kept.
    const current = await getOrderDetail(db, c.var.actor, id, c.var.services.clock.now());
    const allowed = current.actions.some((a) => a.action === 'deliver' && a.notYet === null);
    const file = form.file instanceof File && form.file.size > 0 ? form.file : undefined;
    const photo =
      file && allowed
        ? await storeUploadedImage({
            store: storage,
            bucket: 'deliveries',
            bytes: new Uint8Array(await file.arrayBuffer()),
            prefix: keyPrefix('order', id),
          })
        : undefined;
    try {
      await transitionOrder(db, { orderId: id, action: 'deliver', by, ...input, photo, now: clock.now() });
    } catch (err) {
      // Refused (not the vendor, not ready, changed meanwhile): the photo has nothing to belong to.
      if (photo)
        await deleteStoredImage(storage, 'deliveries', [photo.imageKey, photo.thumbKey]).catch(() => {});
      throw err;
    }
    return c.json(await getOrderDetail(db, c.var.actor, id, c.var.services.clock.now()), 200);
  })
  .openapi(openClaimRoute, async (c) => {
    const { id } = c.req.valid('param');
    const { db, clock, storage } = c.var.services;
    const form = await c.req.parseBody({ all: true }).catch(() => {
      throw AppError.validation({ description: 'Please describe what is wrong.' });
    });
    const { description } = parseOrThrow(openClaimSchema, {
      description: typeof form.description === 'string' ? form.description : '',
    });
    const files = (Array.isArray(form.files) ? form.files : [form.files]).filter(
      (f): f is File => f instanceof File && f.size > 0,
    );
    if (files.length > MAX_CLAIM_PHOTOS)
      throw AppError.validation({ files: `Add up to ${MAX_CLAIM_PHOTOS} photos.` });
    // Only an order its customer can claim now gets photos stored; anything else is refused first.
    const current = await getOrderDetail(db, c.var.actor, id, clock.now());
    if (current.viewer !== 'customer') throw AppError.notFound('Order not found.');
    if (!current.claimOpenUntil)
      throw new AppError(
        'CONFLICT',
        409,
        current.claim
          ? CLAIM_MESSAGES.exists
          : current.status === 'delivered'
            ? CLAIM_MESSAGES.windowClosed
            : CLAIM_MESSAGES.notDelivered,
      );
    const stored: StoredImage[] = [];
    try {
      for (const file of files)
        stored.push(
          await storeUploadedImage({
            store: storage,
            bucket: 'claims',
            bytes: new Uint8Array(await file.arrayBuffer()),
            prefix: keyPrefix('order', id),
          }),
        );
      await openClaim({
        db,
        actor: c.var.actor,
        orderId: id,
        description,
        photos: stored.map((p) => ({
          imageKey: p.imageKey,
          thumbKey: p.thumbKey,
          width: p.width,
          height: p.height,
        })),
        now: clock.now(),
      });
    } catch (err) {
      for (const p of stored)
        await deleteStoredImage(storage, 'claims', [p.imageKey, p.thumbKey]).catch(() => {});
      throw err;
    }
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
