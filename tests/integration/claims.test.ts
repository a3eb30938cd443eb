import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClaimsQueue } from '../../src/shared/schemas/claims.ts';
import type { OrderDetail } from '../../src/shared/schemas/orders.ts';
import { emailOutbox, jobs, refunds } from '../../src/server/db/schema/index.ts';
import type { Actor } from '../../src/server/actor.ts';
import { jobHandlers } from '../../src/server/lifecycle/index.ts';
import { runDueJobs } from '../../src/server/modules/jobs/jobs.ts';
import { heldForOrder, vendorBalances } from '../../src/server/modules/ledger/index.ts';
import { startCheckout } from '../../src/server/modules/payments/checkout.ts';
import { confirmSandboxPayment } from '../../src/server/modules/payments/sandbox-checkout.ts';
import { CLAIM_MESSAGES } from '../../src/server/modules/payments/claims.ts';
import { autoCompleteJobKey, transitionOrder } from '../../src/server/modules/orders/transitions.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { manualClock } from '../support/clock.ts';
import { createPendingOrder, createUser, createVendor, signIn } from '../support/factories.ts';

/** Satisfaction claims: opened within 24 h of delivery, answered by the vendor, resolved by an admin with exact money. */
const clock = manualClock('2026-12-01T17:00:00Z');
const HOUR = 3_600_000;
let t: TestApp;
let vendorId = '';
let customerId = '';
let vendorActor: Actor;
let customerActor: Actor;
let vendorEmail = '';
const cookies = { customer: '', vendor: '', stranger: '', admin: '' };

beforeAll(async () => {
  t = await createTestApp({ authRateLimitMax: 1000 }, { clock });
  const db = t.database.db;
  const customer = await createUser(db);
  const stranger = await createUser(db);
  const admin = await createUser(db, { role: 'admin' });
  const owner = await createUser(db, { userType: 'vendor' });
  const vendor = await createVendor(db, { userId: owner.id });
  vendorId = vendor.id;
  customerId = customer.id;
  customerActor = {
    id: customer.id,
    email: customer.email,
    name: 'Customer',
    userType: 'customer',
    role: 'user',
  };
  vendorEmail = owner.email;
  vendorActor = { id: owner.id, email: owner.email, name: 'Vendor', userType: 'vendor', role: 'user' };
  cookies.customer = await signIn(t.app, customer.email);
  cookies.vendor = await signIn(t.app, owner.email);
  cookies.stranger = await signIn(t.app, stranger.email);
  cookies.admin = await signIn(t.app, admin.email);
});
afterAll(() => t.close());

/** A paid order (money held) for an event now, that its vendor has delivered now. */
async function deliveredOrder(amount: number) {
  const db = t.database.db;
  const order = await createPendingOrder(db, {
    customerId,
    vendorId,
    amount,
    deliveryDate: clock.now(),
    createdAt: clock.now(),
  });
  // Paid at the sandbox's checkout, as a customer would.
  const common = {
    db,
    processor: t.services.payments,
    actor: customerActor,
    now: clock.now(),
    log: t.services.log,
  };
  const checkout = await startCheckout({ ...common, orderId: order.id });
  await confirmSandboxPayment({
    ...common,
    paymentId: checkout.paymentId,
    cardNumber: '4242424242424242',
    log: t.services.log,
  });
  for (const action of ['confirm', 'start', 'markReady', 'deliver'])
    await transitionOrder(db, {
      orderId: order.id,
      action,
      by: { kind: 'user', actor: vendorActor },
      now: clock.now(),
    });
  return order;
}

const photo = () =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 200, g: 120, b: 140 } } })
    .jpeg()
    .toBuffer();

async function openClaim(as: keyof typeof cookies, orderId: string, description: string, photos = 1) {
  const form = new FormData();
  form.set('description', description);
  for (let i = 0; i < photos; i++)
    form.append('files', new File([new Uint8Array(await photo())], `cake-${i}.jpg`, { type: 'image/jpeg' }));
  return t.app.request(`/api/orders/${orderId}/claim`, {
    method: 'POST',
    headers: { Cookie: cookies[as], Origin: 'http://localhost:3000' },
    body: form,
  });
}

const json = (as: keyof typeof cookies, method: string, path: string, body?: unknown) =>
  t.app.request(path, {
    method,
    headers: {
      Cookie: cookies[as],
      Origin: 'http://localhost:3000',
      ...(body !== undefined && { 'Content-Type': 'application/json' }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });

const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { message: string; fields?: Record<string, string> } }).error;

describe('satisfaction claims', () => {
  it('the customer opens one within 24 h of delivery, with photos; the order stops completing on its own', async () => {
    const order = await deliveredOrder(10_001);
    const before = await json('customer', 'GET', `/api/orders/${order.id}`);
    expect(((await before.json()) as OrderDetail).claimOpenUntil).toBe(
      new Date(clock.now().getTime() + 24 * HOUR).toISOString(),
    );

    clock.advanceHours(23);
    const res = await openClaim('customer', order.id, 'The top tier collapsed before the party.', 2);
    expect(res.status).toBe(201);
    const detail = (await res.json()) as OrderDetail;
    expect(detail.claim).toMatchObject({
      status: 'open',
      description: 'The top tier collapsed before the party.',
    });
    expect(detail.claim!.photos).toHaveLength(2);
    expect(detail.claimOpenUntil).toBeNull();
    // The vendor is told.
    await t.services.mailer.deliver();
    const mail = await t.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, vendorEmail), eq(emailOutbox.kind, 'claim-opened')));
    expect(mail).toHaveLength(1);

    // A day later nothing completed it: the money waits for Frosted.
    expect(
      await t.database.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.key, autoCompleteJobKey(order.id)), eq(jobs.status, 'pending'))),
    ).toEqual([]);
    clock.advanceHours(30);
    await runDueJobs({ db: t.database.db, now: clock.now(), handlers: jobHandlers, log: t.services.log });
    expect(
      ((await (await json('customer', 'GET', `/api/orders/${order.id}`)).json()) as OrderDetail).status,
    ).toBe('delivered');
    expect(await heldForOrder(t.database.db, order.id)).toBe(10_001);

    // One claim per order; a stranger or the vendor cannot open one.
    expect((await openClaim('customer', order.id, 'And another thing went wrong.')).status).toBe(409);
    expect((await openClaim('stranger', order.id, 'Not my order at all, though.')).status).toBe(404);
    expect((await openClaim('vendor', order.id, 'Vendors cannot open claims.')).status).toBe(403);

    // The vendor answers; the customer cannot answer for them.
    const answer = await json('vendor', 'POST', `/api/orders/${order.id}/claim/response`, {
      response: 'It was fine at pickup.',
    });
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as OrderDetail).claim!.vendorResponse).toBe('It was fine at pickup.');
    expect(
      (await json('customer', 'POST', `/api/orders/${order.id}/claim/response`, { response: 'Hm' })).status,
    ).toBe(404);

    // An admin resolves it with a partial refund of $10.00: the rest goes to the vendor less 8% of it.
    const queue = (await (await json('admin', 'GET', '/api/admin/claims')).json()) as ClaimsQueue;
    const item = queue.open.find((c) => c.orderId === order.id)!;
    expect(item).toMatchObject({
      heldCents: 10_001,
      vendorResponse: 'It was fine at pickup.',
      orderNumber: order.orderNumber,
    });
    expect(
      (
        await json('customer', 'POST', `/api/admin/claims/${item.id}/resolution`, {
          outcome: 'release',
          note: 'x',
        })
      ).status,
    ).toBe(403);
    const tooMuch = await json('admin', 'POST', `/api/admin/claims/${item.id}/resolution`, {
      outcome: 'partial',
      refundCents: 10_002,
      note: 'Too much',
    });
    expect(tooMuch.status).toBe(400);
    expect((await errorOf(tooMuch)).fields).toEqual({
      refundCents: 'A refund can be at most the $100.01 held.',
    });

    const available = (await vendorBalances(t.database.db, vendorId)).availableCents;
    const resolved = await json('admin', 'POST', `/api/admin/claims/${item.id}/resolution`, {
      outcome: 'partial',
      refundCents: 1_000,
      note: 'The top tier was damaged; a partial refund.',
    });
    expect(resolved.status).toBe(200);
    expect(await heldForOrder(t.database.db, order.id)).toBe(0);
    // 9,001 to the vendor's side, less 8% (720) = 8,281.
    expect((await vendorBalances(t.database.db, vendorId)).availableCents - available).toBe(8_281);
    const [refund] = await t.database.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(refund).toMatchObject({ amount: 1_000, status: 'succeeded' });
    const after = (await (await json('customer', 'GET', `/api/orders/${order.id}`)).json()) as OrderDetail;
    expect(after.status).toBe('completed');
    expect(after.claim).toMatchObject({ status: 'resolved', outcome: 'partial', refundCents: 1_000 });
    expect(after.events.at(-1)).toMatchObject({
      label: 'Satisfaction claim resolved by Frosted',
      note: 'The top tier was damaged; a partial refund.',
    });
    await t.services.mailer.deliver();
    const told = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'claim-resolved'));
    expect(told.map((m) => m.to).sort()).toContain(vendorEmail);
    expect(told).toHaveLength(2);

    expect(
      (
        await json('admin', 'POST', `/api/admin/claims/${item.id}/resolution`, {
          outcome: 'refund',
          note: 'Again',
        })
      ).status,
    ).toBe(409);
  });

  it('is too late 24 hours after delivery, and not for an order still being made', async () => {
    const late = await deliveredOrder(5_000);
    clock.advanceHours(24);
    const res = await openClaim('customer', late.id, 'It tasted of soap, honestly.', 0);
    expect(res.status).toBe(409);
    expect((await errorOf(res)).message).toBe(CLAIM_MESSAGES.windowClosed);

    const order = await createPendingOrder(t.database.db, { customerId, vendorId, createdAt: clock.now() });
    const early = await openClaim('customer', order.id, 'Nothing has arrived yet at all.', 0);
    expect(early.status).toBe(409);
    expect((await errorOf(early)).message).toBe(CLAIM_MESSAGES.notDelivered);
    expect((await openClaim('customer', order.id, 'short', 0)).status).toBe(400);
  });

  it('a customer satisfied after all withdraws the claim, and the vendor is paid', async () => {
    const order = await deliveredOrder(4_000);
    expect((await openClaim('customer', order.id, 'The colour is not what we agreed.', 0)).status).toBe(201);
    const res = await json('customer', 'POST', `/api/orders/${order.id}/transitions`, {
      action: 'confirmSatisfied',
    });
    expect(res.status).toBe(200);
    const detail = (await res.json()) as OrderDetail;
    expect(detail.claim!.status).toBe('withdrawn');
    expect(await heldForOrder(t.database.db, order.id)).toBe(0);
  });

  it('an admin cannot complete an order by resolving a claim that does not exist', async () => {
    const order = await deliveredOrder(2_000);
    const res = await json('admin', 'POST', `/api/orders/${order.id}/transitions`, {
      action: 'resolveClaim',
    });
    expect(res.status).toBe(403);
    expect(await heldForOrder(t.database.db, order.id)).toBe(2_000);
  });
});
