import { and, eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkoutGroups,
  claims,
  disputes,
  feeCharges,
  feeInvoices,
  ledgerEntries,
  ledgerTransactions,
  orders as ordersTable,
  payments,
  processorEvents,
  refunds,
  sandboxDisputes as sandboxDisputesTable,
} from '../../src/server/db/schema/index.ts';
import { openClaim, resolveClaim } from '../../src/server/modules/payments/claims.ts';
import { AppError } from '../../src/server/errors.ts';
import type { Actor } from '../../src/server/actor.ts';
import { disputeTotals, heldForOrder, ledgerTotals } from '../../src/server/modules/ledger/index.ts';
import { sandboxDisputes } from '../../src/server/modules/payments/sandbox-disputes.ts';
import { transitionOrder } from '../../src/server/modules/orders/transitions.ts';
import type { ProcessorEvent } from '../../src/server/modules/payments/processor.ts';
import { applyProcessorEvent } from '../../src/server/modules/payments/events.ts';
import { startCheckout } from '../../src/server/modules/payments/checkout.ts';
import { startGroupCheckout } from '../../src/server/modules/payments/checkout-group.ts';
import { claimGroupSubmission } from '../../src/server/modules/payments/group-outcomes.ts';
import { confirmSandboxGroup } from '../../src/server/modules/payments/group-sandbox.ts';
import { sendPendingRefunds } from '../../src/server/modules/payments/refunds.ts';
import {
  authenticateSandboxPayment,
  confirmSandboxPayment,
} from '../../src/server/modules/payments/sandbox-checkout.ts';
import { requestPayout } from '../../src/server/modules/payments/payouts.ts';
import { askAboutUnknownOutcomes, claimSubmission } from '../../src/server/modules/payments/outcomes.ts';
import type { SandboxProcessor } from '../../src/server/modules/payments/sandbox.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { manualClock } from '../support/clock.ts';
import { createPendingOrder, createUser, createVendor } from '../support/factories.ts';

/**
 * Random sequences of what can happen to orders' money (pay with good and bad cards and cards that ask
 * for a confirmation, events delivered again in reverse, events the processor sends under new ids and
 * out of order, cancellations at random moments by either side, delivery and completion, satisfaction
 * claims resolved by release, refund or a partial refund, payouts, a crash after the processor sent a
 * refund and before we recorded it, refunds sent late) keep the books exact after every step.
 */
const clock = manualClock('2026-12-01T17:00:00Z');
const HOUR = 3_600_000;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
});
afterAll(() => t.close());

type Step =
  | { kind: 'pay'; order: number; card: 'good' | 'declined' | 'confirmation' | 'confirmationRefused' }
  | { kind: 'payInTabs'; order: number; tabs: number }
  | {
      kind: 'payTogether';
      orders: number[];
      card: 'good' | 'declined';
      tabs: number;
      crash: boolean;
    }
  | { kind: 'crashAfterCharge'; order: number }
  | { kind: 'restart' }
  | { kind: 'replayEvents'; order: number }
  | { kind: 'foreignEvents'; order: number }
  | { kind: 'claim'; order: number }
  | { kind: 'resolve'; outcome: 'release' | 'refund' | 'partial'; share: number }
  | { kind: 'cancel'; order: number; by: 'customer' | 'vendor'; crashAfterRefundSent: boolean }
  | { kind: 'complete'; order: number }
  | { kind: 'time'; hours: number }
  | { kind: 'payout' }
  | { kind: 'sendRefunds' }
  | { kind: 'dispute'; order: number }
  | { kind: 'decideDispute'; outcome: 'won' | 'lost'; lateReplay: boolean };

const ORDERS = 3;
/** Each kind of step, weighted so that runs often pay and then reach delivery, claims and their resolution. */
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('pay' as const),
      order: fc.nat(ORDERS - 1),
      card: fc.constantFrom(
        'good' as const,
        'good' as const,
        'declined' as const,
        'confirmation' as const,
        'confirmationRefused' as const,
      ),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('payInTabs' as const),
      order: fc.nat(ORDERS - 1),
      tabs: fc.integer({ min: 2, max: 4 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('crashAfterCharge' as const), order: fc.nat(ORDERS - 1) }),
  },
  {
    // Several orders in one checkout: from several tabs at once, or with a crash after the charge.
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('payTogether' as const),
      orders: fc.uniqueArray(fc.nat(ORDERS - 1), { minLength: 2, maxLength: ORDERS }),
      card: fc.constantFrom('good' as const, 'good' as const, 'declined' as const),
      tabs: fc.integer({ min: 1, max: 3 }),
      crash: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'restart' as const }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('replayEvents' as const), order: fc.nat(ORDERS - 1) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('foreignEvents' as const), order: fc.nat(ORDERS - 1) }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('claim' as const), order: fc.nat(ORDERS - 1) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('resolve' as const),
      outcome: fc.constantFrom('release' as const, 'refund' as const, 'partial' as const),
      share: fc.double({ min: 0, max: 1, noNaN: true }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('cancel' as const),
      order: fc.nat(ORDERS - 1),
      by: fc.constantFrom('customer' as const, 'vendor' as const),
      crashAfterRefundSent: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('complete' as const), order: fc.nat(ORDERS - 1) }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('time' as const), hours: fc.integer({ min: 1, max: 30 }) }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'payout' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'sendRefunds' as const }) },
  // A card dispute on a paid order's charge, at any moment (its money held, released or paid out), and
  // the bank's decision, with the first event of the dispute arriving again after it.
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('dispute' as const), order: fc.nat(ORDERS - 1) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('decideDispute' as const),
      outcome: fc.constantFrom('won' as const, 'lost' as const),
      lateReplay: fc.boolean(),
    }),
  },
);

const CARDS = {
  good: '4242424242424242',
  declined: '4000000000000002',
  confirmation: '4000002760003184',
  confirmationRefused: '4000002760003184',
} as const;

/** What lost disputes took from an order's held funds (the customer kept it; decision 031). */
const lostFromHeld = async (orderId: string) => {
  const [row] = await t.database.db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(
      and(eq(ledgerTransactions.kind, 'dispute_lost'), eq(ledgerEntries.accountId, `order_held:${orderId}`)),
    );
  return Number(row!.total);
};

/** Ledger transactions whose entries do not sum to zero (there must be none). */
const unbalancedTransactions = async () =>
  (
    await t.database.db
      .select({ id: ledgerEntries.transactionId, total: sql<string>`sum(${ledgerEntries.amount})` })
      .from(ledgerEntries)
      .groupBy(ledgerEntries.transactionId)
      .having(sql`sum(${ledgerEntries.amount}) <> 0`)
  ).map((r) => r.id);

/** The tax every fee charge recorded (decision 029): what the tax accounts must hold. */
const chargedTax = async () => {
  const [row] = await t.database.db
    .select({
      gst: sql<string>`coalesce(sum(${feeCharges.gstCents}), 0)`,
      pst: sql<string>`coalesce(sum(${feeCharges.pstCents}), 0)`,
    })
    .from(feeCharges);
  return { gst: Number(row!.gst), pst: Number(row!.pst) };
};

/** Invoices whose totals are not the sums of the charges they took. */
const invoicesOffTheirCharges = async () =>
  (
    await t.database.db
      .select({ id: feeInvoices.id })
      .from(feeInvoices)
      .leftJoin(feeCharges, eq(feeCharges.invoiceId, feeInvoices.id))
      .groupBy(feeInvoices.id, feeInvoices.feeCents, feeInvoices.gstCents, feeInvoices.pstCents)
      .having(
        sql`${feeInvoices.feeCents} <> coalesce(sum(${feeCharges.feeCents}), 0)
          OR ${feeInvoices.gstCents} <> coalesce(sum(${feeCharges.gstCents}), 0)
          OR ${feeInvoices.pstCents} <> coalesce(sum(${feeCharges.pstCents}), 0)`,
      )
  ).map((r) => r.id);

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
    const seen = {
      resolvedClaims: 0,
      crashedRefunds: 0,
      confirmationSteps: 0,
      tabRaces: 0,
      crashes: 0,
      groupsPaid: 0,
      disputesDecided: 0,
    };
    // 60 random runs reach a resolved claim 3-5 times: by luck, none (about 1 CI leg in 50). Should a
    // place below be missed, more runs are made, a few rounds at most, rather than fail for luck.
    const missed = () => Object.values(seen).some((n) => n === 0);
    for (let round = 0; round === 0 || (round < 4 && missed()); round++)
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.integer({ min: 1_000, max: 50_000 }), { minLength: ORDERS, maxLength: ORDERS }),
          fc.array(fc.integer({ min: 1, max: 100 }), { minLength: ORDERS, maxLength: ORDERS }),
          fc.integer({ min: 0, max: 100 }),
          fc.array(step, { minLength: 8, maxLength: 24 }),
          // GST and PST on the fee as the orders were made with them (decision 029).
          fc.integer({ min: 0, max: 1_500 }),
          fc.constantFrom(0, 0, 700, 998),
          async (amounts, deliveryHours, refundPercent, steps, gstBps, pstBps) => {
            const customer = await createUser(db);
            const adminUser = await createUser(db, { role: 'admin', password: null });
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
            const admin: Actor = { ...asCustomer, id: adminUser.id, email: adminUser.email, role: 'admin' };
            const orders = await Promise.all(
              amounts.map((amount, i) =>
                createPendingOrder(db, {
                  customerId: customer.id,
                  vendorId: vendor.id,
                  amount,
                  refundPercent,
                  gstBps,
                  pstBps,
                  deliveryDate: new Date(clock.now().getTime() + deliveryHours[i]! * HOUR),
                  createdAt: clock.now(),
                }),
              ),
            );
            /** The n-th of the orders that are paid and not over yet (else the n-th order, to be refused). */
            const liveOrder = async (n: number) => {
              const live = await db
                .select({ id: ordersTable.id })
                .from(ordersTable)
                .where(
                  and(
                    inArray(
                      ordersTable.id,
                      orders.map((o) => o.id),
                    ),
                    inArray(ordersTable.status, ['paid', 'confirmed', 'in_progress', 'ready', 'delivered']),
                  ),
                )
                .orderBy(ordersTable.id);
              return (live[n % Math.max(live.length, 1)] ?? orders[n]!).id;
            };
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
                      log,
                    });
                    const after = await confirmSandboxPayment({
                      db,
                      processor: t.services.payments,
                      actor: asCustomer,
                      paymentId: checkout.paymentId,
                      cardNumber: CARDS[s.card],
                      now,
                      log,
                    });
                    if (after.status === 'requires_action') seen.confirmationSteps++;
                    if (after.status === 'requires_action')
                      await authenticateSandboxPayment({
                        db,
                        processor: t.services.payments,
                        actor: asCustomer,
                        paymentId: checkout.paymentId,
                        approve: s.card === 'confirmation',
                        now,
                        log,
                      });
                  })(),
                );
              } else if (s.kind === 'payInTabs') {
                // The same order paid from several tabs at once: each opens the checkout and sends the card.
                seen.tabRaces++;
                await Promise.all(
                  Array.from({ length: s.tabs }, () =>
                    tolerate(
                      (async () => {
                        const common = { db, processor: t.services.payments, actor: asCustomer, now, log };
                        const checkout = await startCheckout({ ...common, orderId: orders[s.order]!.id });
                        await confirmSandboxPayment({
                          ...common,
                          paymentId: checkout.paymentId,
                          cardNumber: CARDS.good,
                        });
                      })(),
                    ),
                  ),
                );
              } else if (s.kind === 'payTogether') {
                const common = { db, processor: t.services.payments, actor: asCustomer, now, log };
                const orderIds = s.orders.map((n) => orders[n]!.id);
                await Promise.all(
                  Array.from({ length: s.tabs }, () =>
                    tolerate(
                      (async () => {
                        const group = await startGroupCheckout({ ...common, orderIds });
                        if (s.crash) {
                          // The card reached the processor; the process died before our books heard.
                          const claimed = await claimGroupSubmission(db, {
                            groupId: group.checkoutGroupId,
                            status: 'requires_payment',
                            now,
                          });
                          const [row] = await db
                            .select({ ref: checkoutGroups.providerRef })
                            .from(checkoutGroups)
                            .where(eq(checkoutGroups.id, group.checkoutGroupId));
                          if (claimed && row?.ref)
                            await (t.services.payments as SandboxProcessor).confirmCard(
                              row.ref,
                              CARDS[s.card],
                            );
                          return;
                        }
                        const after = await confirmSandboxGroup({
                          ...common,
                          groupId: group.checkoutGroupId,
                          cardNumber: CARDS[s.card],
                        });
                        if (after.status === 'succeeded') seen.groupsPaid++;
                      })(),
                    ),
                  ),
                );
              } else if (s.kind === 'crashAfterCharge') {
                // The card went to the processor, which charged it, and the process died before our
                // books heard of it. The next look at the order, or the next start-up, asks.
                await tolerate(
                  (async () => {
                    const common = { db, processor: t.services.payments, actor: asCustomer, now, log };
                    const checkout = await startCheckout({ ...common, orderId: orders[s.order]!.id });
                    const [payment] = await db
                      .select()
                      .from(payments)
                      .where(eq(payments.id, checkout.paymentId));
                    if (
                      !(await claimSubmission(db, {
                        paymentId: payment!.id,
                        status: 'requires_payment',
                        now,
                      }))
                    )
                      return;
                    await (t.services.payments as SandboxProcessor).confirmCard(
                      payment!.providerRef!,
                      CARDS.good,
                    );
                    seen.crashes++;
                  })(),
                );
              } else if (s.kind === 'restart') {
                await askAboutUnknownOutcomes({ db, processor: t.services.payments, now, log });
              } else if (s.kind === 'foreignEvents') {
                // The processor's own retries carry new event ids and arrive in any order: a failure
                // after the success, the success again. Nothing may move twice or be undone.
                const paid = await db
                  .select({ ref: payments.providerRef, amount: payments.amount, status: payments.status })
                  .from(payments)
                  .where(eq(payments.orderId, orders[s.order]!.id));
                // A checkout group's payment too: its retries name the group's charge.
                const groups = await db
                  .selectDistinct({
                    ref: checkoutGroups.providerRef,
                    amount: checkoutGroups.amount,
                    status: checkoutGroups.status,
                  })
                  .from(checkoutGroups)
                  .innerJoin(payments, eq(payments.checkoutGroupId, checkoutGroups.id))
                  .where(eq(payments.orderId, orders[s.order]!.id));
                paid.push(
                  ...groups.map((g) => ({
                    ...g,
                    status: g.status === 'succeeded' ? ('succeeded' as const) : ('failed' as const),
                  })),
                );
                for (const p of paid) {
                  if (!p.ref) continue;
                  const events: ProcessorEvent[] = [
                    {
                      id: `evt_${crypto.randomUUID()}`,
                      type: 'payment.failed',
                      paymentRef: p.ref,
                      message: 'Late failure',
                    },
                    ...(p.status === 'succeeded'
                      ? [
                          {
                            id: `evt_${crypto.randomUUID()}`,
                            type: 'payment.succeeded' as const,
                            paymentRef: p.ref,
                            amountCents: p.amount,
                            currency: 'cad',
                          },
                        ]
                      : []),
                  ];
                  for (const event of events)
                    await applyProcessorEvent({ db, provider: 'sandbox', event, now, log });
                  if (p.status === 'succeeded') {
                    const [after] = await db
                      .select({ status: payments.status })
                      .from(payments)
                      .where(eq(payments.providerRef, p.ref));
                    const [afterGroup] = await db
                      .select({ status: checkoutGroups.status })
                      .from(checkoutGroups)
                      .where(eq(checkoutGroups.providerRef, p.ref));
                    expect((after ?? afterGroup)!.status).toBe('succeeded');
                  }
                }
              } else if (s.kind === 'claim') {
                const orderId = await liveOrder(s.order);
                for (const action of ['confirm', 'start', 'markReady', 'deliver'])
                  await tolerate(
                    transitionOrder(db, { orderId, action, by: { kind: 'user', actor: asVendor }, now }),
                  );
                await tolerate(
                  openClaim({
                    db,
                    actor: asCustomer,
                    orderId,
                    description: 'The tiers leaned.',
                    photos: [],
                    now,
                  }),
                );
              } else if (s.kind === 'resolve') {
                // An admin takes the oldest open claim of these orders.
                const [claim] = await db
                  .select()
                  .from(claims)
                  .where(
                    and(
                      inArray(
                        claims.orderId,
                        orders.map((o) => o.id),
                      ),
                      eq(claims.status, 'open'),
                    ),
                  )
                  .orderBy(claims.createdAt)
                  .limit(1);
                if (claim) {
                  const held = await heldForOrder(db, claim.orderId);
                  await tolerate(
                    resolveClaim({
                      db,
                      actor: admin,
                      claimId: claim.id,
                      input: {
                        outcome: s.outcome,
                        refundCents: s.outcome === 'partial' ? Math.floor(held * s.share) : undefined,
                        note: 'Resolved in the property test',
                      },
                      now,
                    }).then(() => seen.resolvedClaims++),
                  );
                }
              } else if (s.kind === 'replayEvents') {
                // Every event this order's payments produced, delivered again, newest first.
                const stored = await db
                  .select({ payload: processorEvents.payload })
                  .from(processorEvents)
                  .where(
                    sql`${processorEvents.payload}->>'paymentRef' IN (SELECT provider_ref FROM payments WHERE order_id = ${orders[s.order]!.id}
                    UNION SELECT g.provider_ref FROM checkout_groups g JOIN payments p ON p.checkout_group_id = g.id WHERE p.order_id = ${orders[s.order]!.id})`,
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
                const orderId = s.crashAfterRefundSent ? await liveOrder(s.order) : orders[s.order]!.id;
                await tolerate(
                  transitionOrder(db, {
                    orderId,
                    action: s.by === 'customer' ? 'cancel' : 'vendorCancel',
                    by: { kind: 'user', actor: by },
                    note: 'Random cancellation',
                    now,
                  }),
                );
                if (s.crashAfterRefundSent) {
                  // The processor sends the refund the cancellation queued, then the process dies before
                  // recording it: the next round sends it again under the same key, recorded (and sent) once.
                  // A share of a group is refunded from the group's payment, as sendRefundJob does.
                  const [queued] = await db
                    .select({
                      refund: refunds,
                      ref: sql<
                        string | null
                      >`coalesce(${payments.providerRef}, ${checkoutGroups.providerRef})`,
                    })
                    .from(refunds)
                    .innerJoin(payments, eq(payments.id, refunds.paymentId))
                    .leftJoin(checkoutGroups, eq(checkoutGroups.id, payments.checkoutGroupId))
                    .where(and(eq(refunds.orderId, orderId), eq(refunds.status, 'pending')))
                    .limit(1);
                  if (queued) {
                    seen.crashedRefunds++;
                    await t.services.payments.refund({
                      paymentRef: queued.ref!,
                      amountCents: queued.refund.amount,
                      idempotencyKey: `refund:${queued.refund.id}`,
                    });
                  }
                }
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
              } else if (s.kind === 'dispute') {
                const [paid] = await db
                  .select({
                    ref: sql<string>`coalesce(${payments.providerRef}, ${checkoutGroups.providerRef})`,
                  })
                  .from(payments)
                  .leftJoin(checkoutGroups, eq(checkoutGroups.id, payments.checkoutGroupId))
                  .where(and(eq(payments.orderId, orders[s.order]!.id), eq(payments.status, 'succeeded')));
                if (paid) {
                  const bank = sandboxDisputes(db, clock);
                  await bank.open(paid.ref);
                  for (const event of await bank.eventsOf(paid.ref))
                    for (let i = 0; i < 2; i++)
                      await applyProcessorEvent({ db, provider: 'sandbox', event, now, log });
                }
              } else if (s.kind === 'decideDispute') {
                const [open] = await db
                  .select()
                  .from(disputes)
                  .where(sql`${disputes.closedAt} IS NULL`)
                  .orderBy(disputes.createdAt)
                  .limit(1);
                if (open) {
                  const [opened] = await sandboxDisputes(db, clock).eventsOf(
                    (
                      await db
                        .select()
                        .from(sandboxDisputesTable)
                        .where(eq(sandboxDisputesTable.id, open.providerRef))
                    )[0]!.chargeId,
                  );
                  const event = await t.services.payments.disputeDesk!.resolve(open.providerRef, s.outcome);
                  await applyProcessorEvent({ db, provider: 'sandbox', event, now, log });
                  if (s.lateReplay)
                    await applyProcessorEvent({
                      db,
                      provider: 'sandbox',
                      event: { ...opened!, id: `${opened!.id}:late`, status: 'needs_response' },
                      now,
                      log,
                    });
                  seen.disputesDecided++;
                }
              } else if (s.kind === 'payout') {
                await tolerate(
                  requestPayout({
                    db,
                    processor: t.services.payments,
                    actor: asVendor,
                    now,
                    log,
                    platformGstNumber: '123456789RT0001',
                  }),
                );
              } else {
                await sendPendingRefunds({ db, processor: t.services.payments, now, log });
              }

              for (const order of orders) expect(await heldForOrder(db, order.id)).toBeGreaterThanOrEqual(0);
              const totals = await ledgerTotals(db);
              const disputed = await disputeTotals(db);
              expect(totals.collectedCents).toBe(
                totals.refundedCents +
                  totals.refundsOwedCents +
                  totals.paidOutCents +
                  totals.availableCents +
                  totals.heldCents +
                  totals.feesCents +
                  totals.gstCents +
                  totals.pstCents +
                  // What customers kept from lost disputes, less the platform's part of it (decision 031).
                  disputed.chargebacksCents -
                  disputed.chargebackLossesCents,
              );
              // The tax accounts hold exactly the tax the fee charges (and so the invoices) say was charged.
              const charged = await chargedTax();
              expect([totals.gstCents, totals.pstCents]).toEqual([charged.gst, charged.pst]);
              // A dispute lost after its money was released may take a vendor below zero, never further.
              expect(totals.availableCents + disputed.chargebacksCents).toBeGreaterThanOrEqual(0);
              expect(totals.refundsOwedCents).toBeGreaterThanOrEqual(0);
              // Every ledger transaction balances, read back from the entries (the trigger enforces it too).
              expect(await unbalancedTransactions()).toEqual([]);
            }
            // The process starts again: whatever a crash left with the processor is asked about.
            await askAboutUnknownOutcomes({ db, processor: t.services.payments, now: clock.now(), log });
            // The processor's records agree with the ledger: each refund and payout was sent once.
            const processed = await t.services.payments.totals();
            const books = await ledgerTotals(db);
            expect(processed.collectedCents).toBe(books.collectedCents);
            expect(processed.paidOutCents).toBe(books.paidOutCents);
            // Each invoice's totals are the sums of the charges it took, and a charge is invoiced once.
            expect(await invoicesOffTheirCharges()).toEqual([]);
            // Whatever happened, once refunds are sent nothing is owed, and no order holds money it should not.
            await sendPendingRefunds({ db, processor: t.services.payments, now: clock.now(), log });
            expect((await ledgerTotals(db)).refundsOwedCents).toBe(0);
            expect((await t.services.payments.totals()).refundedCents).toBe(
              (await ledgerTotals(db)).refundedCents,
            );
            for (const order of orders) {
              const held = await heldForOrder(db, order.id);
              const [row] = await db.select().from(ordersTable).where(eq(ordersTable.id, order.id));
              if (row!.status === 'completed' || row!.status === 'cancelled' || row!.status === 'pending')
                expect(held, `order ${row!.status}`).toBe(0);
              else expect(held).toBe(row!.amount - (await lostFromHeld(order.id)));
            }
          },
        ),
        { numRuns: round === 0 ? 60 : 30 },
      );
    // The runs did reach the interesting places (a property that never got there proves nothing).
    expect(seen.resolvedClaims).toBeGreaterThan(0);
    expect(seen.crashedRefunds).toBeGreaterThan(0);
    expect(seen.confirmationSteps).toBeGreaterThan(0);
    expect(seen.tabRaces).toBeGreaterThan(0);
    expect(seen.crashes).toBeGreaterThan(0);
    expect(seen.groupsPaid).toBeGreaterThan(0);
    expect(seen.disputesDecided).toBeGreaterThan(0);
  }, 240_000);
});
