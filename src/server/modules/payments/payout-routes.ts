import { z } from '@hono/zod-openapi';
import { stripeOnboardingSchema, vendorPayoutsSchema } from '../../../shared/schemas/payments.ts';
import { vendorsOnly } from '../../http/auth-guard.ts';
import { json, openApiRoutes, routesOf } from '../../http/openapi.ts';
import { onboardingLimit, payoutLimit } from './limits.ts';
import { payoutMethod, requestPayout, startStripeOnboarding } from './payouts.ts';
import { vendorPayouts } from './vendor-payouts.ts';

const route = routesOf({ tags: ['payments'], use: vendorsOnly });

const payoutsView = route.get('/', {
  summary: 'Your money as a vendor: held, available and paid out, per order, and your payouts',
  ok: json(vendorPayoutsSchema, 'Balances from the ledger'),
  errors: [401, 403, 404, 503],
});

const payoutRequest = route.post('/', {
  summary:
    'Pay out your available balance (under Stripe, to your connected account: 409 until its onboarding is complete)',
  use: [payoutLimit, vendorsOnly],
  created: json(
    z.object({ id: z.string(), amountCents: z.number().int(), status: z.string() }),
    'The payout',
  ),
  errors: [401, 403, 404, 409, 429, 503],
});

const stripeOnboarding = route.post('/stripe-onboarding', {
  summary:
    'Stripe only (404 on the sandbox): your Stripe Express account for payouts (created once) and a link to Stripe’s onboarding',
  use: [onboardingLimit, vendorsOnly],
  ok: json(stripeOnboardingSchema, 'Where to continue: Stripe’s hosted onboarding (the link works once)'),
  errors: [401, 403, 404, 429, 503],
});

const payoutsCsv = route.get('/export', {
  summary: 'Your orders’ money as CSV: amount, refunded, service fee, tax on the fee, yours, still held',
  ok: { description: 'CSV', content: { 'text/csv': { schema: z.string() } } },
  errors: [401, 403, 404, 503],
});

const dollars = (cents: number) => (cents / 100).toFixed(2);
const csvCell = (v: string) =>
  /[",\n\r]/.test(v) || /^[=+\-@]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v;

export const payoutRoutes = openApiRoutes()
  .openapi(payoutsView, async (c) => {
    const { db, payments, log } = c.var.services;
    const [view, method] = await Promise.all([
      vendorPayouts({ db, actor: c.var.actor }),
      payoutMethod({ db, processor: payments, actor: c.var.actor, log }),
    ]);
    return c.json({ ...view, payoutMethod: method }, 200);
  })
  .openapi(payoutRequest, async (c) => {
    const { db, payments, clock, log, config } = c.var.services;
    return c.json(
      await requestPayout({
        db,
        processor: payments,
        actor: c.var.actor,
        now: clock.now(),
        log,
        platformGstNumber: config.feeTax.platformGstNumber,
      }),
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
    const view = await vendorPayouts({ db: c.var.services.db, actor: c.var.actor });
    const lines = [
      'order,status,amount_cad,refunded_cad,service_fee_cad,tax_on_fee_cad,vendor_cad,held_cad',
      ...view.orders.map((o) =>
        [
          o.orderNumber,
          o.status,
          dollars(o.amountCents),
          dollars(o.refundedCents),
          dollars(o.feeCents),
          dollars(o.taxCents),
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
