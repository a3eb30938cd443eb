import { z } from '@hono/zod-openapi';
import { checkoutSchema } from '../../../shared/schemas/payments.ts';
import { customersOnly } from '../../http/auth-guard.ts';
import { idParams, json, jsonBody, openApiRoutes, routesOf } from '../../http/openapi.ts';
import { markSubmitted, startCheckout } from './checkout.ts';
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
  });
