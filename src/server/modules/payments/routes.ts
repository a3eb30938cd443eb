import { createRoute, z } from '@hono/zod-openapi';
import {
  checkoutSchema,
  sandboxAuthenticationSchema,
  sandboxCardSchema,
  stripeOnboardingSchema,
  vendorPayoutsSchema,
} from '../../../shared/schemas/payments.ts';
import { customersOnly, vendorsOnly } from '../../http/auth-guard.ts';
import { rateLimit } from '../../http/rate-limit.ts';
import { errors, idParams, json, jsonBody, openApiRoutes } from '../../http/openapi.ts';
import { parseOrThrow } from '../../http/validate.ts';
import { payoutMethod, requestPayout, startStripeOnboarding, vendorPayouts } from './payouts.ts';
import {
  authenticateSandboxPayment,
  confirmSandboxPayment,
  markSubmitted,
  startCheckout,
} from './service.ts';

const tags = ['payments'];
// Card attempts are limited per user, as a processor would (card testing).
const cardLimit = rateLimit({ name: 'card-attempts', max: () => 20, windowSeconds: 3600, per: 'user' });
const payoutLimit = rateLimit({ name: 'payouts', max: () => 10, windowSeconds: 3600 });
// Each onboarding request may create a Stripe account link.
const onboardingLimit = rateLimit({ name: 'stripe-onboarding', max: () => 20, windowSeconds: 3600 });

const checkoutRequest = z.object({ orderId: z.string().min(1).max(100) });

const checkout = createRoute({
  method: 'post',
  path: '/',
  tags,
  summary: 'Pay for a pending order: its checkout (an open payment, or a new one after a failed attempt)',
  middleware: [customersOnly] as const,
  request: { body: jsonBody(checkoutRequest) },
  responses: { 200: json(checkoutSchema, 'The checkout'), ...errors(400, 401, 403, 404, 409, 413, 415, 503) },
});

// The card is validated here with the shared schema (its expiry against the server's clock).
const sandboxConfirmation = createRoute({
  method: 'post',
  path: '/{id}/sandbox-confirmation',
  tags,
  summary:
    'Sandbox only (404 under Stripe): pay with a test card (4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, 4000 0027 6000 3184 asks for confirmation)',
  middleware: [cardLimit, customersOnly] as const,
  request: { params: idParams('id'), body: jsonBody(sandboxCardSchema()) },
  responses: {
    200: json(
      checkoutSchema,
      'The payment after the attempt (succeeded, failed with a message, or waiting for confirmation)',
    ),
    ...errors(400, 401, 403, 404, 409, 413, 415, 429, 503),
  },
});

const sandboxAuthentication = createRoute({
  method: 'post',
  path: '/{id}/sandbox-authentication',
  tags,
  summary: 'Sandbox only (404 under Stripe): the extra confirmation step (3-D Secure), approved or not',
  middleware: [cardLimit, customersOnly] as const,
  request: { params: idParams('id'), body: jsonBody(sandboxAuthenticationSchema) },
  responses: {
    200: json(checkoutSchema, 'The payment after the confirmation'),
    ...errors(400, 401, 403, 404, 409, 413, 415, 429, 503),
  },
});

const submitted = createRoute({
  method: 'post',
  path: '/{id}/submitted',
  tags,
  summary:
    'The browser is confirming this payment with the processor itself (Stripe’s Payment Element): until the answer is recorded, the order asks the processor when it is opened',
  middleware: [cardLimit, customersOnly] as const,
  request: { params: idParams('id') },
  responses: {
    200: json(
      z.object({ confirming: z.literal(true) }),
      'Noted: the order asks the processor until it answers',
    ),
    ...errors(401, 403, 404, 429, 503),
  },
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

/**
 * The sandbox's own card form (PAYMENTS_PROVIDER=sandbox): mounted only with the sandbox, which
 * production refuses unless a demo deployment opts in (ALLOW_TEST_PAYMENTS_IN_PRODUCTION).
 */
export const sandboxPaymentRoutes = openApiRoutes()
  .openapi(sandboxConfirmation, async (c) => {
    const { db, payments, clock, log } = c.var.services;
    const card = parseOrThrow(
      sandboxCardSchema(() => clock.now()),
      c.req.valid('json'),
    );
    const result = await confirmSandboxPayment({
      db,
      processor: payments,
      actor: c.var.actor,
      paymentId: c.req.valid('param').id,
      cardNumber: card.number,
      now: clock.now(),
      log,
    });
    return c.json(result, 200);
  })
  .openapi(sandboxAuthentication, async (c) => {
    const { db, payments, clock, log } = c.var.services;
    const result = await authenticateSandboxPayment({
      db,
      processor: payments,
      actor: c.var.actor,
      paymentId: c.req.valid('param').id,
      approve: c.req.valid('json').approve,
      now: clock.now(),
      log,
    });
    return c.json(result, 200);
  });

const payoutsView = createRoute({
  method: 'get',
  path: '/',
  tags,
  summary: 'Your money as a vendor: held, available and paid out, per order, and your payouts',
  middleware: [vendorsOnly] as const,
  responses: { 200: json(vendorPayoutsSchema, 'Balances from the ledger'), ...errors(401, 403, 404, 503) },
});

const payoutRequest = createRoute({
  method: 'post',
  path: '/',
  tags,
  summary:
    'Pay out your available balance (under Stripe, to your connected account: 409 until its onboarding is complete)',
  middleware: [payoutLimit, vendorsOnly] as const,
  responses: {
    201: json(z.object({ id: z.string(), amountCents: z.number().int(), status: z.string() }), 'The payout'),
    ...errors(401, 403, 404, 409, 429, 503),
  },
});

const stripeOnboarding = createRoute({
  method: 'post',
  path: '/stripe-onboarding',
  tags,
  summary:
    'Stripe only (404 on the sandbox): your Stripe Express account for payouts (created once) and a link to Stripe’s onboarding',
  middleware: [onboardingLimit, vendorsOnly] as const,
  responses: {
    200: json(stripeOnboardingSchema, 'Where to continue: Stripe’s hosted onboarding (the link works once)'),
    ...errors(401, 403, 404, 429, 503),
  },
});

const payoutsCsv = createRoute({
  method: 'get',
  path: '/export',
  tags,
  summary: 'Your orders’ money as CSV: amount, refunded, service fee, yours, still held',
  middleware: [vendorsOnly] as const,
  responses: {
    200: { description: 'CSV', content: { 'text/csv': { schema: z.string() } } },
    ...errors(401, 403, 404, 503),
  },
});

const dollars = (cents: number) => (cents / 100).toFixed(2);
const csvCell = (v: string) =>
  /[",\n\r]/.test(v) || /^[=+\-@]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v;

export const payoutRoutes = openApiRoutes()
  .openapi(payoutsView, async (c) => {
    const { db, payments, log } = c.var.services;
    const [view, method] = await Promise.all([
      vendorPayouts(db, c.var.actor),
      payoutMethod({ db, processor: payments, actor: c.var.actor, log }),
    ]);
    return c.json({ ...view, payoutMethod: method }, 200);
  })
  .openapi(payoutRequest, async (c) => {
    const { db, payments, clock, log } = c.var.services;
    return c.json(
      await requestPayout({ db, processor: payments, actor: c.var.actor, now: clock.now(), log }),
      201,
    );
  })
  .openapi(stripeOnboarding, async (c) => {
    const { db, payments, config, clock } = c.var.services;
    const link = await startStripeOnboarding({
      db,
      processor: payments,
      actor: c.var.actor,
      publicUrl: config.publicUrl,
      now: clock.now(),
    });
    return c.json(link, 200);
  })
  .openapi(payoutsCsv, async (c) => {
    const view = await vendorPayouts(c.var.services.db, c.var.actor);
    const lines = [
      'order,status,amount_cad,refunded_cad,service_fee_cad,vendor_cad,held_cad',
      ...view.orders.map((o) =>
        [
          o.orderNumber,
          o.status,
          dollars(o.amountCents),
          dollars(o.refundedCents),
          dollars(o.feeCents),
          dollars(o.vendorCents),
          dollars(o.heldCents),
        ]
          .map(csvCell)
          .join(','),
      ),
    ];
    c.header('Content-Disposition', 'attachment; filename="frosted-orders.csv"');
    return c.body(`${lines.join('\r\n')}\r\n`, 200, { 'Content-Type': 'text/csv; charset=utf-8' });
  });
