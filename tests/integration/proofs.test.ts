import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/shared/errors.ts';
import { PROOF_MESSAGES } from '../../src/shared/proofs.ts';
import type { OrderDetail } from '../../src/shared/schemas/orders.ts';
import type { OrderProofs } from '../../src/shared/schemas/proofs.ts';
import { orderProofs, userEvents, vendors } from '../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { manualClock } from '../support/clock.ts';
import { createPendingOrder, createUser, createVendor, payOrder, signIn } from '../support/factories.ts';

/** Design proofs: rounds sent by the vendor, approved or sent back by the customer, until the cut-off. */
const START = '2026-12-01T17:00:00Z';
const clock = manualClock(START);
const HOUR = 3_600_000;
let t: TestApp;
const people = {} as Record<
  'customer' | 'vendor' | 'stranger' | 'otherVendor' | 'admin',
  { id: string; email: string }
>;
const cookies = {} as Record<keyof typeof people, string>;
let vendorId = '';

beforeAll(async () => {
  t = await createTestApp({ authRateLimitMax: 1000 }, { clock });
  const db = t.database.db;
  people.customer = await createUser(db);
  people.stranger = await createUser(db);
  people.admin = await createUser(db, { role: 'admin' });
  people.vendor = await createUser(db, { userType: 'vendor' });
  people.otherVendor = await createUser(db, { userType: 'vendor' });
  // Many orders here share a day: room for them all (capacity is checked at payment too).
  vendorId = (await createVendor(db, { userId: people.vendor.id, ordersPerDay: 20 })).id;
  await createVendor(db, { userId: people.otherVendor.id });
  for (const who of Object.keys(people) as (keyof typeof people)[])
    cookies[who] = await signIn(t.app, people[who].email);
});
afterAll(() => t.close());
beforeEach(() => clock.set(START));

/** An order of our customer with our vendor, for an event `daysAhead` days from now, paid (or not). */
async function order({ paid = true, daysAhead = 9 } = {}) {
  const db = t.database.db;
  const row = await createPendingOrder(db, {
    customerId: people.customer.id,
    vendorId,
    amount: 12_000,
    deliveryDate: new Date(clock.now().getTime() + daysAhead * 24 * HOUR),
    createdAt: clock.now(),
  });
  if (paid)
    await payOrder({
      db,
      processor: t.services.payments,
      log: t.services.log,
      orderId: row.id,
      customer: people.customer,
      vendorOwner: people.vendor,
      vendorActions: ['confirm'],
      now: clock.now(),
    });
  return row;
}

const picture = (r = 200) =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: { r, g: 120, b: 140 } } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: 'secret camera' } } })
    .toBuffer();

const jpegFile = async (name = 'sketch.jpg') =>
  new File([new Uint8Array(await picture())], name, { type: 'image/jpeg' });

const request = (as: keyof typeof cookies, method: string, path: string, body?: FormData) =>
  t.app.request(path, {
    method,
    headers: { Cookie: cookies[as], Origin: 'http://localhost:3000' },
    ...(body && { body }),
  });

async function sendProof(as: keyof typeof cookies, orderId: string, { note = 'Round one.', files = 1 } = {}) {
  const form = new FormData();
  form.set('note', note);
  for (let i = 0; i < files; i++) form.append('images', await jpegFile(`sketch-${i}.jpg`));
  return request(as, 'POST', `/api/orders/${orderId}/proofs`, form);
}

async function requestChanges(as: keyof typeof cookies, orderId: string, proofId: string, message: string) {
  const form = new FormData();
  form.set('message', message);
  form.append('images', await jpegFile('like-this.jpg'));
  return request(as, 'POST', `/api/orders/${orderId}/proofs/${proofId}/request-changes`, form);
}

const approve = (as: keyof typeof cookies, orderId: string, proofId: string) =>
  request(as, 'POST', `/api/orders/${orderId}/proofs/${proofId}/approve`);

const proofsOf = async (as: keyof typeof cookies, orderId: string) => {
  const res = await request(as, 'GET', `/api/orders/${orderId}/proofs`);
  expect(res.status).toBe(200);
  return (await res.json()) as OrderProofs;
};

const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string; fields?: Record<string, string> } }).error;

const proofNotices = async (userId: string, orderId: string) =>
  (await t.database.db.select().from(userEvents).where(eq(userEvents.userId, userId)))
    .filter((e) => e.type.startsWith('proof.') && e.refs.orderId === orderId)
    .map((e) => e.type);

describe('a design proof, round by round', () => {
  it('is sent, sent back with a picture, sent again and approved; each side is told', async () => {
    const o = await order();
    let res = await sendProof('vendor', o.id, { note: 'Pink buttercream, gold leaf.' });
    expect(res.status).toBe(201);
    let proofs = (await res.json()) as OrderProofs;
    expect(proofs.rounds).toHaveLength(1);
    const [first] = proofs.rounds;
    expect(first).toMatchObject({ round: 1, status: 'sent', note: 'Pink buttercream, gold leaf.' });
    expect(first!.images).toHaveLength(1);
    expect(proofs.can).toEqual({ send: false, approve: false, requestChanges: false });
    expect(await proofNotices(people.customer.id, o.id)).toEqual(['proof.sent']);
    expect(await proofNotices(people.vendor.id, o.id)).toEqual([]);

    // The picture is re-encoded to WebP, without the camera's metadata.
    // Private to the order: read as one of its sides (tests/integration/private-pictures.test.ts).
    const file = await request('customer', 'GET', first!.images[0]!.url);
    expect(file.status).toBe(200);
    const meta = await sharp(new Uint8Array(await file.arrayBuffer())).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();

    // One proof waits for an answer at a time.
    res = await sendProof('vendor', o.id);
    expect(res.status).toBe(409);
    expect((await errorOf(res)).message).toBe(PROOF_MESSAGES.awaitingAnswer);

    proofs = await proofsOf('customer', o.id);
    expect(proofs.viewer).toBe('customer');
    expect(proofs.can).toEqual({ send: false, approve: true, requestChanges: true });
    expect(proofs.changes).toEqual({
      cutoffHours: 72,
      closesAt: new Date(o.deliveryDate!.getTime() - 72 * HOUR).toISOString(),
      open: true,
    });

    res = await requestChanges('customer', o.id, first!.id, 'Less gold, please, more like this.');
    expect(res.status).toBe(200);
    proofs = (await res.json()) as OrderProofs;
    expect(proofs.rounds[0]).toMatchObject({
      status: 'changes_requested',
      response: 'Less gold, please, more like this.',
      respondedAt: START.replace('Z', '.000Z'),
    });
    expect(proofs.rounds[0]!.responseImages).toHaveLength(1);
    expect(await proofNotices(people.vendor.id, o.id)).toEqual(['proof.changesRequested']);

    // Answered once: asking again, or approving the same round, is refused.
    res = await approve('customer', o.id, first!.id);
    expect(res.status).toBe(409);
    expect((await errorOf(res)).message).toBe(PROOF_MESSAGES.notAwaiting);

    expect((await proofsOf('vendor', o.id)).can.send).toBe(true);
    res = await sendProof('vendor', o.id, { note: 'Round two: less gold.', files: 2 });
    expect(res.status).toBe(201);
    proofs = (await res.json()) as OrderProofs;
    const second = proofs.rounds[1]!;
    expect(second).toMatchObject({ round: 2, status: 'sent' });
    expect(second.images).toHaveLength(2);

    res = await approve('customer', o.id, second.id);
    expect(res.status).toBe(200);
    proofs = (await res.json()) as OrderProofs;
    expect(proofs.rounds.map((r) => r.status)).toEqual(['changes_requested', 'approved']);
    expect(proofs.rounds[1]!.response).toBeNull();
    expect(await proofNotices(people.customer.id, o.id)).toEqual(['proof.sent', 'proof.sent']);
    expect((await proofNotices(people.vendor.id, o.id)).sort()).toEqual([
      'proof.approved',
      'proof.changesRequested',
    ]);
    // The order's history shows each round, for both sides.
    for (const as of ['customer', 'vendor'] as const) {
      const detail = (await (await request(as, 'GET', `/api/orders/${o.id}`)).json()) as OrderDetail;
      expect(detail.proofSteps.map((step) => `${step.party}: ${step.label}`)).toEqual([
        'vendor: Design proof 1 sent',
        'customer: Changes requested to design proof 1',
        'vendor: Design proof 2 sent',
        'customer: Design proof 2 approved',
      ]);
    }

    // The design is agreed: no further rounds.
    res = await sendProof('vendor', o.id);
    expect(res.status).toBe(409);
    expect((await errorOf(res)).message).toBe(PROOF_MESSAGES.alreadyApproved);
  });
});

describe('who may do what', () => {
  it('another customer or vendor finds no such order; an admin only looks', async () => {
    const o = await order();
    const res1 = await sendProof('vendor', o.id);
    const proofId = ((await res1.json()) as OrderProofs).rounds[0]!.id;
    for (const who of ['stranger', 'otherVendor'] as const) {
      expect((await request(who, 'GET', `/api/orders/${o.id}/proofs`)).status).toBe(404);
      expect((await sendProof(who, o.id)).status).toBe(404);
      expect((await approve(who, o.id, proofId)).status).toBe(404);
      expect((await requestChanges(who, o.id, proofId, 'Mine now.')).status).toBe(404);
    }
    expect((await request('stranger', 'GET', '/api/orders/no-such-order/proofs')).status).toBe(404);
    const admin = await proofsOf('admin', o.id);
    expect(admin.viewer).toBe('admin');
    expect(admin.can).toEqual({ send: false, approve: false, requestChanges: false });
    expect((await approve('admin', o.id, proofId)).status).toBe(403);
    const visitor = await t.app.request(`/api/orders/${o.id}/proofs`);
    expect(visitor.status).toBe(401);
  });

  it('the customer cannot send a proof, the vendor cannot answer one', async () => {
    const o = await order();
    let res = await sendProof('customer', o.id);
    expect(res.status).toBe(403);
    expect((await errorOf(res)).message).toBe('Only the order’s vendor sends design proofs.');
    const proofId = ((await (await sendProof('vendor', o.id)).json()) as OrderProofs).rounds[0]!.id;
    res = await approve('vendor', o.id, proofId);
    expect(res.status).toBe(403);
    res = await requestChanges('vendor', o.id, proofId, 'Self-critique.');
    expect(res.status).toBe(403);
    expect((await approve('customer', o.id, 'not-a-proof')).status).toBe(404);
    expect(await t.database.db.select().from(orderProofs).where(eq(orderProofs.orderId, o.id))).toHaveLength(
      1,
    );
  });

  it('nothing before payment: an unpaid order takes no proof', async () => {
    const o = await order({ paid: false });
    const res = await sendProof('vendor', o.id);
    expect(res.status).toBe(409);
    expect((await errorOf(res)).message).toBe(PROOF_MESSAGES.orderNotOpen);
    expect((await proofsOf('vendor', o.id)).can.send).toBe(false);
  });
});

describe('what is sent is checked', () => {
  it('refuses bytes that are not an image, whatever they claim, and keeps nothing', async () => {
    const o = await order();
    const form = new FormData();
    form.set('note', 'A sketch.');
    form.append('images', new File(['<?php echo 1; ?>'], 'sketch.jpg', { type: 'image/jpeg' }));
    const res = await request('vendor', 'POST', `/api/orders/${o.id}/proofs`, form);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields).toEqual({ images: MESSAGES.unsupportedFile });

    const two = new FormData();
    two.append('images', await jpegFile());
    two.append('images', new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])], 'broken.png'));
    const res2 = await request('vendor', 'POST', `/api/orders/${o.id}/proofs`, two);
    expect(res2.status).toBe(400);
    expect((await errorOf(res2)).fields).toEqual({ images: `Image 2: ${MESSAGES.unsupportedFile}` });
    expect(await t.database.db.select().from(orderProofs).where(eq(orderProofs.orderId, o.id))).toEqual([]);
  });

  it('names each field: no picture, too many, a NUL in the note, no message', async () => {
    const o = await order();
    let res = await sendProof('vendor', o.id, { files: 0 });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields).toEqual({ images: 'Add a sketch or photo of the design.' });
    res = await sendProof('vendor', o.id, { files: 6 });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields?.images).toBe('Add at most 5 images.');
    res = await sendProof('vendor', o.id, { note: 'bad\u0000note' });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields).toEqual({ note: MESSAGES.badCharacters });

    const text = new FormData();
    text.set('images', 'not a file');
    res = await request('vendor', 'POST', `/api/orders/${o.id}/proofs`, text);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields).toEqual({ images: 'Add image files only.' });
    const asJson = await t.app.request(`/api/orders/${o.id}/proofs`, {
      method: 'POST',
      headers: {
        Cookie: cookies.vendor,
        Origin: 'http://localhost:3000',
        'Content-Type': 'application/json',
      },
      body: '{"note": "hi"}',
    });
    expect(asJson.status).toBe(400);

    const proofId = ((await (await sendProof('vendor', o.id)).json()) as OrderProofs).rounds[0]!.id;
    res = await requestChanges('customer', o.id, proofId, '   ');
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields).toEqual({ message: 'Tell the vendor what to change.' });
    const json = await t.app.request(`/api/orders/${o.id}/proofs/${proofId}/request-changes`, {
      method: 'POST',
      headers: {
        Cookie: cookies.customer,
        Origin: 'http://localhost:3000',
        'Content-Type': 'application/json',
      },
      body: '{"message": 5}',
    });
    expect(json.status).toBe(400);
  });
});

describe('the change cut-off', () => {
  it('after it the customer can no longer ask for changes, and is told when they closed; approving still works', async () => {
    const o = await order({ daysAhead: 5 });
    const proofId = ((await (await sendProof('vendor', o.id)).json()) as OrderProofs).rounds[0]!.id;
    const cutoff = new Date(o.deliveryDate!.getTime() - 72 * HOUR);

    clock.set(new Date(cutoff.getTime() - 1000));
    expect((await proofsOf('customer', o.id)).changes.open).toBe(true);

    clock.set(cutoff);
    const proofs = await proofsOf('customer', o.id);
    expect(proofs.changes).toEqual({ cutoffHours: 72, closesAt: cutoff.toISOString(), open: false });
    expect(proofs.can).toEqual({ send: false, approve: true, requestChanges: false });
    const res = await requestChanges('customer', o.id, proofId, 'One more change, please.');
    expect(res.status).toBe(409);
    const error = await errorOf(res);
    expect(error.message).toBe(PROOF_MESSAGES.changesClosed(cutoff, 72));
    expect(error.message).toMatch(/^Changes closed .+ \(72 hours before the event\): the design is locked\./);

    expect((await approve('customer', o.id, proofId)).status).toBe(200);
    expect(await proofNotices(people.vendor.id, o.id)).toEqual(['proof.approved']);
  });

  /** A paid order two days out from a vendor whose cut-off is 24 hours (`order` adds to the order). */
  async function paidOrderOfQuickVendor(order: { changeCutoffHours?: number } = {}) {
    const db = t.database.db;
    const owner = await createUser(db, { userType: 'vendor' });
    const vendor = await createVendor(db, { userId: owner.id, changeCutoffHours: 24 });
    const o = await createPendingOrder(db, {
      customerId: people.customer.id,
      vendorId: vendor.id,
      deliveryDate: new Date(clock.now().getTime() + 48 * HOUR),
      createdAt: clock.now(),
      ...order,
    });
    await payOrder({
      db,
      processor: t.services.payments,
      log: t.services.log,
      orderId: o.id,
      customer: people.customer,
      vendorOwner: owner,
      now: clock.now(),
    });
    return { order: o, vendor };
  }

  it('follows the vendor’s own cut-off', async () => {
    const { order } = await paidOrderOfQuickVendor();
    expect((await proofsOf('customer', order.id)).changes).toMatchObject({ cutoffHours: 24, open: true });
  });

  it('keeps the cut-off agreed when the quote was accepted, whatever the vendor sets later', async () => {
    const { order, vendor } = await paidOrderOfQuickVendor({ changeCutoffHours: 24 });
    // A week's notice from now on: this order keeps its 24 hours, and changes stay open.
    await t.database.db.update(vendors).set({ changeCutoffHours: 168 }).where(eq(vendors.id, vendor.id));
    expect((await proofsOf('customer', order.id)).changes).toMatchObject({ cutoffHours: 24, open: true });
  });
});
