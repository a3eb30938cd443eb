import { z } from '@hono/zod-openapi';
import {
  checkoutSchema,
  groupCheckoutRequestSchema,
  groupCheckoutSchema,
} from '../../../shared/schemas/payments.ts';
import { customersOnly } from '../../http/auth-guard.ts';
import { idParams, json, jsonBody, openApiRoutes, routesOf } from '../../http/openapi.ts';
import { markSubmitted, startCheckout } from './checkout.ts';
import { startGroupCheckout } from './checkout-group.ts';
import { markGroupSubmitted } from './group-sandbox.ts';
import { cardLimit } from './limits.ts';

const route = routesOf({ tags: ['payments'], use: customersOnly });

const checkoutRequest = z.object({ orderId: z.string().min(1).max(100) });

const checkout = route.post('/', {
  summary: 'Pay for a pending order: its checkout (an open payment, or a new one after a failed attempt)',
  body: jsonBody(checkoutRequest),
  ok: json(checkoutSchema, 'The checkout'),
  errors: [400, 401, 403, 404, 409, 413, 415, 503],
});

const submitted = route.post('/{id}/submitted', {
  summary:
    'The browser is confirming this payment with the processor itself (Stripe’s Payment Element): until the answer is recorded, the order asks the processor when it is opened',
  use: [cardLimit, customersOnly],
  params: idParams('id'),
  ok: json(z.object({ confirming: z.literal(true) }), 'Noted: the order asks the processor until it answers'),
  errors: [401, 403, 404, 429, 503],
});

const groupCheckout = route.post('/groups', {
  summary:
    'Pay several of your accepted orders at once: one payment for the total, each order its share of what is due now (the same orders again: the same checkout)',
  body: jsonBody(groupCheckoutRequestSchema),
  ok: json(groupCheckoutSchema, 'The checkout of the orders'),
  errors: [400, 401, 403, 404, 409, 413, 415, 503],
});

const groupSubmitted = route.post('/groups/{id}/submitted', {
  summary:
    'The browser is confirming this checkout’s payment with the processor itself: until the answer is recorded, its orders ask the processor when opened',
  use: [cardLimit, customersOnly],
  params: idParams('id'),
  ok: json(z.object({ confirming: z.literal(true) }), 'Noted'),
  errors: [401, 403, 404, 429, 503],
});

export const paymentRoutes = openApiRoutes()
  .openapi(checkout, async (c) => {
    const { db, payments, clock, log } = c.var.services;
    const { orderId } = c.req.valid('json');
    return c.json(
      await startCheckout({ db, processor: payments, actor: c.var.actor, orderId, now: clock.now(), log }),
      200,
    );
  })
  .openapi(submitted, async (c) => {
    const { db, payments, clock } = c.var.services;
    const paymentId = c.req.valid('param').id;
    await markSubmitted({ db, processor: payments, actor: c.var.actor, paymentId, now: clock.now() });
    return c.json({ confirming: true as const }, 200);
  })
  .openapi(groupCheckout, async (c) => {
    const { db, payments, clock, log } = c.var.services;
    const { orderIds } = c.req.valid('json');
    const actor = c.var.actor;
    return c.json(
      await startGroupCheckout({ db, processor: payments, actor, orderIds, now: clock.now(), log }),
      200,
    );
  })
  .openapi(groupSubmitted, async (c) => {
    const { db, payments, clock } = c.var.services;
    const groupId = c.req.valid('param').id;
    await markGroupSubmitted({ db, processor: payments, actor: c.var.actor, groupId, now: clock.now() });
    return c.json({ confirming: true as const }, 200);
  });
