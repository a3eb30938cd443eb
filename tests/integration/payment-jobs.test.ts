import { readFileSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, orders, payments, refunds } from '../../src/server/db/schema/index.ts';
import { MAX_JOB_ATTEMPTS, retryDelayMs, runDueJobs } from '../../src/server/modules/jobs/index.ts';
import { heldForOrder } from '../../src/server/modules/ledger/index.ts';
import { scheduleRecovery } from '../../src/server/modules/payments/index.ts';
import type { TestApp } from '../support/app.ts';
import { manualClock } from '../support/clock.ts';
import { asOwner } from '../support/db.ts';
import { createDepositOrder, createPendingOrder, createUser, signIn } from '../support/factories.ts';
import { TEST_CARDS, type FakeStripe, type StripeEvent } from '../support/fake-stripe.ts';
import { intentOf, startStripeWorld, type StripeWorld } from '../support/stripe-world.ts';

/*
 * The payments' background work on the one job queue (issue 23, decision 019): a refund, a balance
 * charged to its saved card and the recovery sweep are jobs that whatever runs the queue carries
 * out, against a Stripe-shaped server on loopback. Nothing here calls the payments' own rounds: only
 * the queue, as the server's job runner does.
 */
const clock = manualClock('2026-12-01T17:00:00Z');
const MINUTE = 60_000;
let w: StripeWorld;
let fake: FakeStripe;
let t: TestApp;

beforeAll(async () => {
  w = await startStripeWorld(clock, { depositPercent: 50, balanceDueDays: 14, leadTimeDays: 1 });
  ({ fake, t } = w);
});
afterAll(() => w?.close());

const db = () => t.database.db;
/** One round of the server's job runner: every kind of job, as services wire them. */
const runQueue = () =>
  runDueJobs({ db: db(), now: clock.now(), handlers: t.services.jobHandlers, log: t.services.log });
const jobOf = async (key: string) =>
  (await db().select().from(jobs).where(eq(jobs.key, key)).orderBy(jobs.createdAt)).at(-1)!;
const deliverAll = async (events: StripeEvent[]) => {
  for (const event of events) expect((await w.deliver(event)).status).toBe(200);
};
/** The card taken, and every event Stripe sent about the intent (its charge's included) delivered. */
async function pay(intentId: string) {
  fake.confirm(intentId, TEST_CARDS.succeeds);
  await deliverAll(
    fake.events.filter((e) => e.data.object.id === intentId || e.data.object.payment_intent === intentId),
  );
}
const requestsWithKey = (key: string) => fake.requests.filter((r) => r.idempotencyKey === key);

async function paidOrder(amount: number) {
  const order = await createPendingOrder(db(), {
    customerId: w.customerId,
    vendorId: w.vendorId,
    amount,
    createdAt: clock.now(),
    deliveryDate: new Date(clock.now().getTime() + 30 * 86_400_000),
  });
  const { body } = await w.checkout(order.id);
  await pay(intentOf(body));
  return { order, intentId: intentOf(body) };
}

describe('a refund is a job', () => {
  it('retried with backoff while Stripe refuses it, then kept as a failed job an admin puts back: sent once', async () => {
    const { order, intentId } = await paidOrder(6_000);
    // Stripe refuses every try the queue will make.
    for (let i = 0; i < MAX_JOB_ATTEMPTS; i++)
      fake.failNext('POST /v1/refunds', {
        status: 400,
        type: 'invalid_request_error',
        message: 'Stripe is down.',
      });
    const cancelled = await w.call('customer', 'POST', `/api/orders/${order.id}/transitions`, {
      action: 'cancel',
      note: 'Plans changed',
    });
    expect(cancelled.status).toBe(200);
    const [refund] = await db().select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(refund).toMatchObject({ amount: 6_000, status: 'pending', lastError: expect.any(String) });
    const key = `refund:${refund!.id}`;
    // The cancellation tried at once: one failed attempt, the next one a minute later.
    expect(await jobOf(key)).toMatchObject({ kind: 'payments.sendRefund', status: 'pending', attempts: 1 });
    expect(await runQueue()).toMatchObject({ failed: 0 });
    expect((await jobOf(key)).attempts).toBe(1);

    for (let attempt = 1; attempt < MAX_JOB_ATTEMPTS; attempt++) {
      clock.advance(retryDelayMs(attempt));
      expect(await runQueue()).toMatchObject({ failed: 1 });
    }
    const failed = await jobOf(key);
    expect(failed).toMatchObject({ status: 'failed', attempts: MAX_JOB_ATTEMPTS });
    expect(failed.lastError).toContain('Stripe is down.');
    expect((await db().select().from(refunds).where(eq(refunds.id, refund!.id)))[0]!.status).toBe('pending');
    expect([...fake.refunds.values()].filter((r) => r.payment_intent === intentId)).toHaveLength(0);

    // An admin sees it among the failed jobs and puts it back; the next round sends it.
    const admin = await createUser(db(), { role: 'admin' });
    const cookie = await signIn(t.app, admin.email);
    const asAdmin = (path: string, method = 'GET') =>
      t.app.request(path, { method, headers: { Cookie: cookie, Origin: 'http://localhost:3000' } });
    const listed = (await (await asAdmin('/api/admin/jobs/failed')).json()) as {
      jobs: { id: string; kind: string; key: string }[];
    };
    expect(listed.jobs.find((j) => j.key === key)).toMatchObject({
      id: failed.id,
      kind: 'payments.sendRefund',
    });
    expect((await asAdmin(`/api/admin/jobs/${failed.id}/retry`, 'POST')).status).toBe(200);
    expect(await runQueue()).toMatchObject({ failed: 0 });
    expect((await db().select().from(refunds).where(eq(refunds.id, refund!.id)))[0]).toMatchObject({
      status: 'succeeded',
      lastError: null,
    });
    expect([...fake.refunds.values()].filter((r) => r.payment_intent === intentId)).toHaveLength(1);
    expect(await heldForOrder(db(), order.id)).toBe(0);

    // Nothing more to do: later rounds send nothing again.
    clock.advance(60 * MINUTE);
    await runQueue();
    expect([...fake.refunds.values()].filter((r) => r.payment_intent === intentId)).toHaveLength(1);
  });
});

describe('a balance charged to the saved card is a job', () => {
  it('scheduled by the due-day timer and charged once, with two runners at the same time', async () => {
    const order = await createDepositOrder(db(), {
      customerId: w.customerId,
      vendorId: w.vendorId,
      amount: 10_000,
      createdAt: clock.now(),
    });
    const deposit = await w.checkout(order.id);
    await pay(intentOf(deposit.body));
    expect(await heldForOrder(db(), order.id)).toBe(5_000);

    clock.set(order.balanceDueAt!);
    // Two processes' runners: the due-day timer writes the balance's payment and its charge job,
    // and whichever runner takes that job charges the card.
    await Promise.all([runQueue(), runQueue()]);
    const [balance] = await db()
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.offSession, true)));
    expect(balance).toMatchObject({ status: 'succeeded', amount: 5_000 });
    expect(await jobOf(`payment:${balance!.id}:charge`)).toMatchObject({
      kind: 'payments.chargeSavedCard',
      status: 'done',
    });
    expect(requestsWithKey(`payment:${balance!.id}`).filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(await heldForOrder(db(), order.id)).toBe(10_000);
  });
});

describe('the recovery sweep is a job', () => {
  it('one for all processes; it finishes a payment whose webhook never came, and runs again a minute later', async () => {
    await scheduleRecovery(db(), clock.now());
    await scheduleRecovery(db(), clock.now());
    const pending = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'payments.recover'), eq(jobs.status, 'pending')));
    expect(pending).toHaveLength(1);

    const order = await createPendingOrder(db(), {
      customerId: w.customerId,
      vendorId: w.vendorId,
      amount: 4_200,
      createdAt: clock.now(),
      deliveryDate: new Date(clock.now().getTime() + 30 * 86_400_000),
    });
    const { body } = await w.checkout(order.id);
    // Stripe takes the card; its webhook is lost.
    fake.confirm(intentOf(body), TEST_CARDS.succeeds);
    await runQueue();
    expect((await db().select().from(orders).where(eq(orders.id, order.id)))[0]!.status).toBe('pending');
    expect((await jobOf('payments:recover')).runAt).toEqual(new Date(clock.now().getTime() + MINUTE));

    // Past the time a payment is left to its webhook: the sweep asks Stripe, and the order is paid.
    clock.advance(11 * MINUTE);
    await runQueue();
    expect((await db().select().from(orders).where(eq(orders.id, order.id)))[0]!.status).toBe('paid');
    expect(await jobOf('payments:recover')).toMatchObject({
      status: 'pending',
      runAt: new Date(clock.now().getTime() + MINUTE),
    });
  });
});

describe('work waiting before the queue carried it (migration 0030)', () => {
  it('a pending refund without a job gets one, and the queue sends it', async () => {
    const { order, intentId } = await paidOrder(3_000);
    // Cancelled with Stripe refusing, as before this version: then its job is taken away.
    fake.failNext('POST /v1/refunds', {
      status: 400,
      type: 'invalid_request_error',
      message: 'Stripe is down.',
    });
    await w.call('customer', 'POST', `/api/orders/${order.id}/transitions`, { action: 'cancel', note: 'x' });
    const [refund] = await db().select().from(refunds).where(eq(refunds.orderId, order.id));
    await db()
      .delete(jobs)
      .where(eq(jobs.key, `refund:${refund!.id}`));

    const migration = readFileSync('src/server/db/migrations/0030_payment_jobs.sql', 'utf8');
    await asOwner(t.database, async (owner) => {
      for (const statement of migration.split('--> statement-breakpoint'))
        await owner.execute(sql.raw(statement));
    });
    expect(await jobOf(`refund:${refund!.id}`)).toMatchObject({
      kind: 'payments.sendRefund',
      status: 'pending',
    });
    await runQueue();
    expect([...fake.refunds.values()].filter((r) => r.payment_intent === intentId)).toHaveLength(1);
  });
});
