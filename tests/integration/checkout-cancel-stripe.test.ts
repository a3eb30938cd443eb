import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Checkout, GroupCheckout } from '../../src/shared/schemas/payments.ts';
import { checkoutGroups, jobs } from '../../src/server/db/schema/index.ts';
import { heldForOrder } from '../../src/server/modules/ledger/index.ts';
import { CANCEL_PAYMENT_JOB, cancelPaymentJob } from '../../src/server/modules/payments/cancel-replaced.ts';
import { runDueJobs } from '../../src/server/modules/jobs/index.ts';
import { manualClock } from '../support/clock.ts';
import { createPendingOrder } from '../support/factories.ts';
import { TEST_CARDS } from '../support/fake-stripe.ts';
import { intentOf, startStripeWorld, type StripeWorld } from '../support/stripe-world.ts';

/**
 * A checkout replaced by a newer one is cancelled at Stripe (issue 25): a tab left open on the old
 * PaymentIntent can no longer charge the card. The cancel is a job after the commit, keyed by the
 * intent, retried by the queue when Stripe refuses it; an intent paid meanwhile is left to its outcome.
 */
const clock = manualClock('2026-12-01T17:00:00Z');
const DAY = 86_400_000;
let w: StripeWorld;

beforeAll(async () => {
  w = await startStripeWorld(clock);
});
afterAll(() => w?.close());

const newOrder = (amount: number) =>
  createPendingOrder(w.t.database.db, {
    customerId: w.customerId,
    vendorId: w.vendorId,
    amount,
    deliveryDate: new Date(clock.now().getTime() + 14 * DAY),
    createdAt: clock.now(),
  });
const group = (orderIds: string[]) =>
  w.call<GroupCheckout>('customer', 'POST', '/api/payments/groups', { orderIds });
const groupIntent = (c: GroupCheckout) => c.clientSecret!.split('_secret_')[0]!;
const cancels = (pi: string) =>
  w.fake.requests.filter((r) => r.method === 'POST' && r.path === `/v1/payment_intents/${pi}/cancel`);

describe('a replaced checkout is cancelled at Stripe', () => {
  it('a single checkout replaced by a group, then the group replaced by a single one: each old intent cancelled, once, with its key', async () => {
    const db = w.t.database.db;
    const a = await newOrder(11_000);
    const b = await newOrder(22_000);
    const single = await w.checkout(a.id);
    expect(single.status).toBe(200);
    const oldSingle = intentOf(single.body as Checkout);

    const together = await group([a.id, b.id]);
    expect(together.status).toBe(200);
    expect(w.fake.intents.get(oldSingle)!.status).toBe('canceled');
    expect(cancels(oldSingle)).toHaveLength(1);
    expect(cancels(oldSingle)[0]!.idempotencyKey).toBe(`cancel:${oldSingle}`);
    // The old tab's Pay: Stripe refuses a canceled intent, nothing is charged.
    expect(() => w.fake.confirm(oldSingle, TEST_CARDS.succeeds)).toThrow(/canceled/);

    // Paid alone after all: the group lets go of a, and its intent is cancelled.
    const oldGroup = groupIntent(together.body as GroupCheckout);
    const alone = await w.checkout(a.id);
    expect(alone.status).toBe(200);
    expect(w.fake.intents.get(oldGroup)!.status).toBe('canceled');
    const [replaced] = await db
      .select()
      .from(checkoutGroups)
      .where(eq(checkoutGroups.id, (together.body as GroupCheckout).checkoutGroupId));
    expect(replaced!.status).toBe('replaced');
    expect(() => w.fake.confirm(oldGroup, TEST_CARDS.succeeds)).toThrow(/canceled/);

    // The new checkout pays, once.
    for (const e of w.fake.confirm(intentOf(alone.body as Checkout), TEST_CARDS.succeeds)) await w.deliver(e);
    expect(await heldForOrder(db, a.id)).toBe(a.amount);
    expect(await heldForOrder(db, b.id)).toBe(0);
  });

  it('a cancel Stripe refuses stays on its job and is retried; one already paid is left to its outcome', async () => {
    const db = w.t.database.db;
    const a = await newOrder(5_000);
    const b = await newOrder(6_000);
    const first = await group([a.id, b.id]);
    const pi = groupIntent(first.body as GroupCheckout);
    w.fake.failNext(`POST /v1/payment_intents/${pi}/cancel`);
    // A single checkout of b replaces the group; Stripe refuses the cancel this time.
    expect((await w.checkout(b.id)).status).toBe(200);
    expect(w.fake.intents.get(pi)!.status).toBe('requires_payment_method');
    const [job] = await db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `cancel_payment:${pi}`));
    expect(job).toMatchObject({ kind: CANCEL_PAYMENT_JOB, status: 'pending', attempts: 1 });
    expect(job!.lastError).toContain('Refused by the test.');

    // The queue's next try, after its backoff.
    const run = (at: Date) =>
      runDueJobs({
        db,
        now: at,
        handlers: { [CANCEL_PAYMENT_JOB]: cancelPaymentJob(w.t.services.payments) },
        log: w.t.services.log,
      });
    await run(new Date(clock.now().getTime() + 10 * 60_000));
    expect(w.fake.intents.get(pi)!.status).toBe('canceled');
    const [done] = await db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `cancel_payment:${pi}`));
    expect(done!.status).toBe('done');

    // Paid in an old tab just before it was replaced: Stripe will not cancel it; the job is done.
    const c = await newOrder(7_000);
    const d = await newOrder(8_000);
    const paidGroup = await group([c.id, d.id]);
    const paidPi = groupIntent(paidGroup.body as GroupCheckout);
    w.fake.confirm(paidPi, TEST_CARDS.succeeds);
    expect((await w.checkout(c.id)).status).toBe(200);
    expect(w.fake.intents.get(paidPi)!.status).toBe('succeeded');
    const [left] = await db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `cancel_payment:${paidPi}`));
    expect(left!.status).toBe('done');
  });
});
