import { z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { webhookReceiptSchema } from '../../../shared/schemas/payments.ts';
import { AppError } from '../../errors.ts';
import { json, openApiRoutes, routesOf } from '../../http/openapi.ts';
import type { AppEnv } from '../../http/types.ts';
import { applyProcessorEvent, recordIgnoredEvent } from './events.ts';
import { WebhookSignatureError } from './processor.ts';

const BAD_SIGNATURE = 'This request is not signed by Stripe with this server’s webhook secret.';

// Before validation: a processor that sends no webhooks (the sandbox) has no such endpoint, whatever
// is sent to it.
const webhooksOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.var.services.payments.webhooks) throw AppError.notFound();
  await next();
};

const stripeWebhook = routesOf({ tags: ['payments'] }).post('/stripe', {
  summary:
    'Stripe’s webhook endpoint (404 unless PAYMENTS_PROVIDER=stripe): a signed event, applied once; payment_intent.succeeded, payment_failed, requires_action and canceled move payments, charge.refunded records refunds made in Stripe’s Dashboard, charge.dispute.created, updated and closed track card disputes; other events are recorded only',
  use: [webhooksOnly],
  headers: z.object({
    'stripe-signature': z
      .string({ error: 'The Stripe-Signature header is missing.' })
      .min(1, 'The Stripe-Signature header is missing.')
      .max(4096),
  }),
  // Read as the raw text the signature covers, never parsed and re-serialized first.
  body: {
    required: true,
    content: {
      'application/json': {
        schema: { type: 'object' as const, description: 'A Stripe event, as Stripe sent it.' },
      },
    },
  },
  ok: json(webhookReceiptSchema, 'Verified and recorded (Stripe stops redelivering it)'),
  errors: [400, 404, 413, 415, 503],
});

/**
 * Mounted at /api/payments/webhooks. Stripe sends JSON without an Origin header, which the API's
 * request guards let through (no browser, so no user's cookies), under the same 1 MB limit.
 */
export const stripeWebhookRoutes = openApiRoutes().openapi(stripeWebhook, async (c) => {
  const { db, payments, clock, log } = c.var.services;
  if (!payments.webhooks) throw AppError.notFound();
  const payload = await c.req.text();
  let webhook;
  try {
    webhook = await payments.webhooks.parse({
      payload,
      signature: c.req.valid('header')['stripe-signature'],
      receivedAt: clock.now(),
    });
  } catch (err) {
    if (!(err instanceof WebhookSignatureError)) throw err;
    c.var.log.warn({ reason: err.message }, 'Stripe webhook with a bad signature');
    throw new AppError('VALIDATION_FAILED', 400, BAD_SIGNATURE);
  }
  const now = clock.now();
  if (webhook.event) {
    await applyProcessorEvent({ db, provider: payments.name, event: webhook.event, now, log });
  } else {
    await recordIgnoredEvent({ db, provider: payments.name, id: webhook.id, type: webhook.type, now });
  }
  return c.json({ received: true as const }, 200);
});
