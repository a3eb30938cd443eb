import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders as ordersTable, processorEvents } from '../../src/server/db/schema/index.ts';
import { AppError } from '../../src/server/http/app-error.ts';
import type { Actor } from '../../src/server/modules/auth/actor.ts';
import { heldForOrder, ledgerTotals } from '../../src/server/modules/ledger/ledger.ts';
import { transitionOrder } from '../../src/server/modules/orders/transitions.ts';
import type { ProcessorEvent } from '../../src/server/modules/payments/processor.ts';
import {
  applyProcessorEvent,
  confirmSandboxPayment,
  requestPayout,
  sendPendingRefunds,
  startCheckout,
} from '../../src/server/modules/payments/service.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { manualClock } from '../support/clock.ts';
import { createPendingOrder, createUser, createVendor } from '../support/factories.ts';

/**
 * Random sequences of what can happen to orders' money (pay with good and bad cards, events delivered
 * again, cancellations at random moments by either side, delivery and completion, payouts, refunds
 * sent late as after a crash) keep the books exact after every step.
 */
const clock = manualClock('2026-12-01T17:00:00Z');
const HOUR = 3_600_000;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
});
afterAll(() => t.close());

type Step =
  | { kind: 'pay'; order: number; card: 'good' | 'declined' }
  | { kind: 'replayEvents'; order: number }
  | { kind: 'cancel'; order: number; by: 'customer' | 'vendor' }
  | { kind: 'complete'; order: number }
  | { kind: 'time'; hours: number }
  | { kind: 'payout' }
  | { kind: 'sendRefunds' };

const ORDERS = 3;
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('pay' as const),
    order: fc.nat(ORDERS - 1),
    card: fc.constantFrom('good' as const, 'declined' as const),
  }),
  fc.record({ kind: fc.constant('replayEvents' as const), order: fc.nat(ORDERS - 1) }),
  fc.record({
    kind: fc.constant('cancel' as const),
    order: fc.nat(ORDERS - 1),
    by: fc.constantFrom('customer' as const, 'vendor' as const),
  }),
  fc.record({ kind: fc.constant('complete' as const), order: fc.nat(ORDERS - 1) }),
  fc.record({ kind: fc.constant('time' as const), hours: fc.integer({ min: 1, max: 30 }) }),
  fc.constant({ kind: 'payout' as const }),
  fc.constant({ kind: 'sendRefunds' as const }),
);

/** Refusals are part of the game (cancelling a completed order, paying a paid one); anything else is a bug. */
const tolerate = async (work: Promise<unknown>) => {
  try {
    await work;
  } catch (err) {
    if (!(err instanceof AppError) || err.status >= 500) throw err;
  }
};

describe('the books stay exact', () => {
  it('over random sequences of payments, replays, cancellations, completions, payouts and late refunds', async () => {
    const db = t.database.db;
    const log = t.services.log;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1_000, max: 50_000 }), { minLength: ORDERS, maxLength: ORDERS }),
        fc.array(fc.integer({ min: 1, max: 100 }), { minLength: ORDERS, maxLength: ORDERS }),
        fc.integer({ min: 0, max: 100 }),
        fc.array(step, { minLength: 1, maxLength: 14 }),
        async (amounts, deliveryHours, refundPercent, steps) => {
          const customer = await createUser(db);
          const owner = await createUser(db, { userType: 'vendor' });
          const vendor = await createVendor(db, {
            userId: owner.id,
            cancellationRefundPercent: refundPercent,
          });
          const asCustomer: Actor = {
            id: customer.id,
            email: customer.email,
            name: customer.name,
            userType: 'customer',
            role: 'user',
          };
          const asVendor: Actor = { ...asCustomer, id: owner.id, email: owner.email, userType: 'vendor' };
          const orders = await Promise.all(
            amounts.map((amount, i) =>
              createPendingOrder(db, {
                customerId: customer.id,
                vendorId: vendor.id,
                amount,
                refundPercent,
                deliveryDate: new Date(clock.now().getTime() + deliveryHours[i]! * HOUR),
                createdAt: clock.now(),
              }),
            ),
          );
          for (const s of steps) {
            const now = clock.now();
            if (s.kind === 'time') clock.advanceHours(s.hours);
            else if (s.kind === 'pay') {
              const order = orders[s.order]!;
              await tolerate(
                (async () => {
                  const checkout = await startCheckout({
                    db,
                    processor: t.services.payments,
                    actor: asCustomer,
                    orderId: order.id,
                    now,
                  });
                  await confirmSandboxPayment({
                    db,
                    processor: t.services.payments,
                    actor: asCustomer,
                    paymentId: checkout.paymentId,
                    cardNumber: s.card === 'good' ? '4242424242424242' : '4000000000000002',
                    now,
                    log,
                  });
                })(),
              );
            } else if (s.kind === 'replayEvents') {
              // Every event this order's payments produced, delivered again, newest first.
              const stored = await db
                .select({ payload: processorEvents.payload })
                .from(processorEvents)
                .where(
                  sql`${processorEvents.payload}->>'paymentRef' IN (SELECT provider_ref FROM payments WHERE order_id = ${orders[s.order]!.id})`,
                )
                .orderBy(processorEvents.receivedAt);
              for (const { payload } of stored.reverse())
                await applyProcessorEvent({
                  db,
                  provider: 'sandbox',
                  event: payload as unknown as ProcessorEvent,
                  now,
                  log,
                });
            } else if (s.kind === 'cancel') {
              const by = s.by === 'customer' ? asCustomer : asVendor;
              await tolerate(
                transitionOrder(db, {
                  orderId: orders[s.order]!.id,
                  action: s.by === 'customer' ? 'cancel' : 'vendorCancel',
                  by: { kind: 'user', actor: by },
                  note: 'Random cancellation',
                  now,
                }),
              );
            } else if (s.kind === 'complete') {
              const orderId = orders[s.order]!.id;
              for (const action of ['confirm', 'start', 'markReady', 'deliver'])
                await tolerate(
                  transitionOrder(db, { orderId, action, by: { kind: 'user', actor: asVendor }, now }),
                );
              await tolerate(
                transitionOrder(db, {
                  orderId,
                  action: 'confirmSatisfied',
                  by: { kind: 'user', actor: asCustomer },
                  now,
                }),
              );
            } else if (s.kind === 'payout') {
              await tolerate(
                requestPayout({ db, processor: t.services.payments, actor: asVendor, now, log }),
              );
            } else {
              await sendPendingRefunds({ db, processor: t.services.payments, now, log });
            }

            for (const order of orders) expect(await heldForOrder(db, order.id)).toBeGreaterThanOrEqual(0);
            const totals = await ledgerTotals(db);
            expect(totals.collectedCents).toBe(
              totals.refundedCents +
                totals.refundsOwedCents +
                totals.paidOutCents +
                totals.availableCents +
                totals.heldCents +
                totals.feesCents,
            );
            expect(totals.availableCents).toBeGreaterThanOrEqual(0);
            expect(totals.refundsOwedCents).toBeGreaterThanOrEqual(0);
          }
          // Whatever happened, once refunds are sent nothing is owed, and no order holds money it should not.
          await sendPendingRefunds({ db, processor: t.services.payments, now: clock.now(), log });
          expect((await ledgerTotals(db)).refundsOwedCents).toBe(0);
          for (const order of orders) {
            const held = await heldForOrder(db, order.id);
            const [row] = await db.select().from(ordersTable).where(eq(ordersTable.id, order.id));
            if (row!.status === 'completed' || row!.status === 'cancelled' || row!.status === 'pending')
              expect(held, `order ${row!.status}`).toBe(0);
            else expect(held).toBe(row!.amount);
          }
        },
      ),
      { numRuns: 25 },
    );
  }, 240_000);
});
