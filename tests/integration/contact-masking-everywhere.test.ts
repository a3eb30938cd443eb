import sharp from 'sharp';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VendorOrderPage } from '../../src/shared/schemas/dashboard.ts';
import type { OrderDetail } from '../../src/shared/schemas/orders.ts';
import type { OrderProofs } from '../../src/shared/schemas/proofs.ts';
import type { QuoteRequestView, VendorQuoteView } from '../../src/shared/schemas/quotes.ts';
import { emailOutbox } from '../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { manualClock } from '../support/clock.ts';
import { createDesign, createUser, createVendor, quoteBriefFor, signIn } from '../support/factories.ts';

/*
 * Issue 22, item 10: before payment, contact details are masked in everything one side writes to the
 * other, not only in messages: a request's notes, a quote's message, a decline, a change asked for,
 * an order's notes and reasons, a proof's notes, and what e-mails and notifications say of them. Each
 * side reads its own words as written; once the customer has paid the vendor, both read the originals,
 * exactly when their messages show them too.
 */

const CUSTOMER_NOTE = 'Call me at 604-555-1234 or wendy@gmail.com';
const VENDOR_NOTE = 'Text me at 778-555-0101 or maple@bakes.ca';
const MASKED_CUSTOMER_NOTE = 'Call me at [hidden until payment] or [hidden until payment]';
const MASKED_VENDOR_NOTE = 'Text me at [hidden until payment] or [hidden until payment]';
const CONTACTS = ['604-555-1234', 'wendy@gmail.com', '778-555-0101', 'maple@bakes.ca'];
const DESCRIPTION = `Lemon, two tiers. ${CUSTOMER_NOTE}`;
const MASKED_DESCRIPTION = `Lemon, two tiers. ${MASKED_CUSTOMER_NOTE}`;

const clock = manualClock('2026-12-01T17:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ authRateLimitMax: 1000 }, { clock });
});
afterAll(() => t.close());

type Vendor = 'maple' | 'birch' | 'cedar';
type Who = 'wendy' | Vendor;
interface World {
  cookies: Record<Who, string>;
  emails: Record<Who, string>;
  vendorIds: Record<Vendor, string>;
  designId: string;
}

/** A customer with a saved design and three approved vendors, all signed in: each test its own. */
async function world(): Promise<World> {
  const db = t.database.db;
  const w = { cookies: {}, emails: {}, vendorIds: {} } as World;
  const wendy = await createUser(db, { firstName: 'Wendy', lastName: 'Tran' });
  w.emails.wendy = wendy.email;
  w.cookies.wendy = await signIn(t.app, wendy.email);
  w.designId = (await createDesign(db, wendy.id, { description: DESCRIPTION })).id;
  for (const [who, name] of [
    ['maple', 'Maple Bakes'],
    ['birch', 'Birch Cakes'],
    ['cedar', 'Cedar Sweets'],
  ] as const) {
    const owner = await createUser(db, { userType: 'vendor' });
    w.vendorIds[who] = (await createVendor(db, { userId: owner.id, businessName: name })).id;
    w.emails[who] = owner.email;
    w.cookies[who] = await signIn(t.app, owner.email);
  }
  return w;
}

async function call<T = Record<string, unknown>>(
  w: World,
  who: Who,
  method: string,
  path: string,
  body?: unknown,
) {
  const res = await t.app.request(path, {
    method,
    headers: {
      Cookie: w.cookies[who],
      Origin: 'http://localhost:3000',
      ...(body !== undefined && { 'Content-Type': 'application/json' }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as T };
}

/** Fails when any of the phone numbers or e-mail addresses appear in what someone was shown. */
function expectNoContacts(shown: unknown) {
  const text = JSON.stringify(shown);
  for (const contact of CONTACTS) expect(text).not.toContain(contact);
}

/** The customer's request, with the note (in the allergies too) and the design, to all three vendors. */
async function requestQuotes(w: World) {
  const created = await call<{ requestId: string; quoteIds: [string, string, string] }>(
    w,
    'wendy',
    'POST',
    '/api/quote-requests',
    {
      vendorIds: [w.vendorIds.maple, w.vendorIds.birch, w.vendorIds.cedar],
      designId: w.designId,
      brief: { ...quoteBriefFor(clock.now()), notes: CUSTOMER_NOTE, allergies: `Peanuts. ${CUSTOMER_NOTE}` },
    },
  );
  expect(created.status).toBe(201);
  const [maple, birch, cedar] = created.body.quoteIds;
  return { requestId: created.body.requestId, quoteIds: { maple, birch, cedar } };
}

const answer = async (w: World, quoteId: string) =>
  expect(
    (
      await call(w, 'maple', 'POST', `/api/quotes/${quoteId}/answer`, {
        priceCents: 15_000,
        deliveryFeeCents: 0,
        includes: `Two tiers. ${VENDOR_NOTE}`,
        message: VENDOR_NOTE,
        validUntil: new Date(clock.now().getTime() + 7 * 86_400_000).toISOString(),
      })
    ).status,
  ).toBe(200);

const inboxEntry = async (w: World, who: Vendor, quoteId: string) =>
  (await call<{ quotes: VendorQuoteView[] }>(w, who, 'GET', '/api/quotes/inbox')).body.quotes.find(
    (q) => q.id === quoteId,
  )!;
const requestView = async (w: World, requestId: string) =>
  (await call<QuoteRequestView>(w, 'wendy', 'GET', `/api/quote-requests/${requestId}`)).body;
const quoteBy = (w: World, view: QuoteRequestView, who: Vendor) =>
  view.quotes.find((q) => q.vendor.id === w.vendorIds[who])!;
const orderAs = async (w: World, who: Who, orderId: string) =>
  (await call<OrderDetail>(w, who, 'GET', `/api/orders/${orderId}`)).body;

/** Maple's quote for the request, answered and accepted: an order waiting for payment. */
async function acceptedOrder(w: World) {
  const { requestId, quoteIds } = await requestQuotes(w);
  await answer(w, quoteIds.maple);
  const { revision } = quoteBy(w, await requestView(w, requestId), 'maple');
  const accepted = await call<{ orderId: string }>(
    w,
    'wendy',
    'POST',
    `/api/quotes/${quoteIds.maple}/accept`,
    {
      revision,
    },
  );
  expect(accepted.status).toBe(201);
  return { requestId, quoteIds, orderId: accepted.body.orderId };
}

/** Pays a pending order at the sandbox's checkout with a test card, as the customer would. */
async function pay(w: World, orderId: string) {
  const checkout = await call<{ paymentId: string }>(w, 'wendy', 'POST', '/api/payments', { orderId });
  expect(checkout.status).toBe(200);
  const paid = await call(
    w,
    'wendy',
    'POST',
    `/api/payments/${checkout.body.paymentId}/sandbox-confirmation`,
    {
      number: '4242 4242 4242 4242',
      expiry: '12/29',
      cvc: '123',
    },
  );
  expect(paid.body).toMatchObject({ status: 'succeeded' });
}

const jpeg = async () =>
  new File(
    [
      new Uint8Array(
        await sharp({ create: { width: 64, height: 48, channels: 3, background: '#e0a0b0' } })
          .jpeg()
          .toBuffer(),
      ),
    ],
    'sketch.jpg',
    { type: 'image/jpeg' },
  );

/** A proof sent, or changes asked for, with one picture, as the browser posts them. */
async function upload(w: World, who: Who, path: string, fields: Record<string, string>) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  form.append('images', await jpeg());
  const res = await t.app.request(path, {
    method: 'POST',
    headers: { Cookie: w.cookies[who], Origin: 'http://localhost:3000' },
    body: form,
  });
  expect(res.ok).toBe(true);
  return (await res.json()) as OrderProofs;
}
const proofRound = async (w: World, who: Who, orderId: string) =>
  (await call<OrderProofs>(w, who, 'GET', `/api/orders/${orderId}/proofs`)).body.rounds[0]!;

describe('contact details written before payment', () => {
  it('a request note sent to three vendors reaches each masked; the customer reads it as written', async () => {
    const w = await world();
    const { requestId, quoteIds } = await requestQuotes(w);

    for (const who of ['maple', 'birch', 'cedar'] as const) {
      const entry = await inboxEntry(w, who, quoteIds[who]);
      expect(entry.requestId).toBe(requestId);
      expect(entry.brief.notes).toBe(MASKED_CUSTOMER_NOTE);
      expect(entry.brief.kind === 'cake' && entry.brief.allergies).toBe(`Peanuts. ${MASKED_CUSTOMER_NOTE}`);
      expect(entry.design?.description).toBe(MASKED_DESCRIPTION);
      expectNoContacts(entry);
    }

    const own = await requestView(w, requestId);
    expect(own.brief).toMatchObject({ notes: CUSTOMER_NOTE, allergies: `Peanuts. ${CUSTOMER_NOTE}` });
    const list = await call<{ requests: QuoteRequestView[] }>(w, 'wendy', 'GET', '/api/quote-requests');
    expect(list.body.requests.find((r) => r.id === requestId)?.brief.notes).toBe(CUSTOMER_NOTE);
  });

  it('a vendor’s quote message and a decline’s reason reach the comparison page masked; each vendor reads its own', async () => {
    const w = await world();
    const { requestId, quoteIds } = await requestQuotes(w);
    await answer(w, quoteIds.maple);
    const declined = await call(w, 'birch', 'POST', `/api/quotes/${quoteIds.birch}/decline`, {
      reason: VENDOR_NOTE,
    });
    expect(declined.status).toBe(200);

    const view = await requestView(w, requestId);
    const maple = quoteBy(w, view, 'maple');
    expect(maple.message).toBe(MASKED_VENDOR_NOTE);
    expect(maple.includes).toBe(`Two tiers. ${MASKED_VENDOR_NOTE}`);
    expect(maple.events.find((e) => e.action === 'answer')?.message).toBe(MASKED_VENDOR_NOTE);
    expect(quoteBy(w, view, 'birch').events.find((e) => e.action === 'decline')?.message).toBe(
      MASKED_VENDOR_NOTE,
    );
    expectNoContacts(view.quotes);

    // Their own words, as written (the revise form starts from them).
    expect(await inboxEntry(w, 'maple', quoteIds.maple)).toMatchObject({
      message: VENDOR_NOTE,
      includes: `Two tiers. ${VENDOR_NOTE}`,
    });
    expect((await inboxEntry(w, 'birch', quoteIds.birch)).events.at(-1)?.message).toBe(VENDOR_NOTE);
  });

  it('a change request reaches the vendor masked; the customer reads their own', async () => {
    const w = await world();
    const { requestId, quoteIds } = await requestQuotes(w);
    await answer(w, quoteIds.maple);
    const asked = await call(w, 'wendy', 'POST', `/api/quotes/${quoteIds.maple}/change-request`, {
      message: CUSTOMER_NOTE,
      targetPriceCents: 13_000,
    });
    expect(asked.status).toBe(200);

    const change = (await inboxEntry(w, 'maple', quoteIds.maple)).events.find(
      (e) => e.action === 'askChange',
    );
    expect(change?.message).toBe(MASKED_CUSTOMER_NOTE);
    expectNoContacts(change);
    const own = quoteBy(w, await requestView(w, requestId), 'maple');
    expect(own.events.find((e) => e.action === 'askChange')?.message).toBe(CUSTOMER_NOTE);
  });

  it('the order carries the notes, masked to the vendor until paid, and so is a cancellation’s reason', async () => {
    const w = await world();
    const { orderId } = await acceptedOrder(w);

    const forVendor = await orderAs(w, 'maple', orderId);
    expect(forVendor.status).toBe('pending');
    expect(forVendor.brief).toMatchObject({
      notes: MASKED_CUSTOMER_NOTE,
      allergies: `Peanuts. ${MASKED_CUSTOMER_NOTE}`,
    });
    expect(forVendor.design?.description).toBe(MASKED_DESCRIPTION);
    expectNoContacts(forVendor);
    const page = await call<VendorOrderPage>(w, 'maple', 'GET', '/api/me/dashboard/vendor/orders');
    expect(page.body.orders.find((o) => o.id === orderId)?.description).toBe(MASKED_DESCRIPTION);
    const forCustomer = await orderAs(w, 'wendy', orderId);
    expect(forCustomer.brief?.notes).toBe(CUSTOMER_NOTE);
    expect(forCustomer.design?.description).toBe(DESCRIPTION);

    const cancelled = await call(w, 'wendy', 'POST', `/api/orders/${orderId}/transitions`, {
      action: 'cancel',
      note: `Plans changed. ${CUSTOMER_NOTE}`,
    });
    expect(cancelled.status).toBe(200);
    expect((await orderAs(w, 'maple', orderId)).events.at(-1)?.note).toBe(
      `Plans changed. ${MASKED_CUSTOMER_NOTE}`,
    );
    expect((await orderAs(w, 'wendy', orderId)).events.at(-1)?.note).toBe(`Plans changed. ${CUSTOMER_NOTE}`);
  });

  it('the e-mails and notifications of the whole exchange quote none of the contact details', async () => {
    const w = await world();
    const { requestId, quoteIds } = await requestQuotes(w);
    await answer(w, quoteIds.maple);
    await call(w, 'birch', 'POST', `/api/quotes/${quoteIds.birch}/decline`, { reason: VENDOR_NOTE });
    await call(w, 'wendy', 'POST', `/api/quotes/${quoteIds.maple}/change-request`, {
      message: CUSTOMER_NOTE,
    });
    await answer(w, quoteIds.maple);
    const { revision } = quoteBy(w, await requestView(w, requestId), 'maple');
    expect(
      (await call(w, 'wendy', 'POST', `/api/quotes/${quoteIds.maple}/accept`, { revision })).status,
    ).toBe(201);

    await t.services.mailer.deliver();
    const mails = await t.database.db
      .select()
      .from(emailOutbox)
      .where(inArray(emailOutbox.to, Object.values(w.emails)));
    expect(mails.map((m) => m.kind)).toEqual(
      expect.arrayContaining([
        'quote-requested',
        'quote-received',
        'quote-declined',
        'quote-changeRequested',
        'quote-accepted',
        'quote-closed',
      ]),
    );
    for (const mail of mails) {
      expect(mail.subject).not.toBeNull();
      expectNoContacts([mail.subject, mail.html, mail.text]);
    }
    for (const who of ['wendy', 'maple', 'birch', 'cedar'] as const) {
      const notes = await call<{ notifications: unknown[] }>(w, who, 'GET', '/api/me/notifications');
      expect(notes.body.notifications.length).toBeGreaterThan(0);
      expectNoContacts(notes.body);
    }
  });
});

describe('after payment', () => {
  /** What the customer reads of the vendor's last message: the rule quotes now follow. */
  async function lastMessageSeen(w: World, conversationId: string) {
    const thread = await call<{ messages: { body: string }[] }>(
      w,
      'wendy',
      'GET',
      `/api/me/conversations/${conversationId}`,
    );
    return thread.body.messages.at(-1)!.body;
  }

  it('both sides read the originals once paid, as their messages show them; unpaid vendors still do not', async () => {
    const w = await world();
    const { requestId, quoteIds, orderId } = await acceptedOrder(w);
    const conversation = await call<{ id: string }>(w, 'wendy', 'POST', '/api/me/conversations', {
      vendorId: w.vendorIds.maple,
    });
    await call(w, 'maple', 'POST', `/api/me/conversations/${conversation.body.id}/messages`, {
      body: VENDOR_NOTE,
    });
    expect(await lastMessageSeen(w, conversation.body.id)).toBe(MASKED_VENDOR_NOTE);
    expect(quoteBy(w, await requestView(w, requestId), 'maple').message).toBe(MASKED_VENDOR_NOTE);

    await pay(w, orderId);

    expect(await lastMessageSeen(w, conversation.body.id)).toBe(VENDOR_NOTE);
    expect(quoteBy(w, await requestView(w, requestId), 'maple')).toMatchObject({
      message: VENDOR_NOTE,
      includes: `Two tiers. ${VENDOR_NOTE}`,
    });
    const entry = await inboxEntry(w, 'maple', quoteIds.maple);
    expect(entry.brief.notes).toBe(CUSTOMER_NOTE);
    expect(entry.design?.description).toBe(DESCRIPTION);
    const order = await orderAs(w, 'maple', orderId);
    expect(order.brief?.notes).toBe(CUSTOMER_NOTE);
    expect(order.design?.description).toBe(DESCRIPTION);
    const page = await call<VendorOrderPage>(w, 'maple', 'GET', '/api/me/dashboard/vendor/orders');
    expect(page.body.orders.find((o) => o.id === orderId)?.description).toBe(DESCRIPTION);

    // Wendy paid Maple, not Birch or Cedar.
    expect((await inboxEntry(w, 'cedar', quoteIds.cedar)).brief.notes).toBe(MASKED_CUSTOMER_NOTE);
  });

  it('proof notes show as written while paid, and are masked for the other side again after a full refund', async () => {
    const w = await world();
    const { orderId } = await acceptedOrder(w);
    await pay(w, orderId);

    const sent = await upload(w, 'maple', `/api/orders/${orderId}/proofs`, { note: VENDOR_NOTE });
    const proofId = sent.rounds[0]!.id;
    expect((await proofRound(w, 'wendy', orderId)).note).toBe(VENDOR_NOTE);
    await upload(w, 'wendy', `/api/orders/${orderId}/proofs/${proofId}/request-changes`, {
      message: CUSTOMER_NOTE,
    });
    expect((await proofRound(w, 'maple', orderId)).response).toBe(CUSTOMER_NOTE);

    // Cancelled a month ahead: all of it goes back, and the details are hidden again, as in messages.
    const cancelled = await call(w, 'wendy', 'POST', `/api/orders/${orderId}/transitions`, {
      action: 'cancel',
      note: 'Plans changed',
    });
    expect(cancelled.status).toBe(200);
    expect(await proofRound(w, 'wendy', orderId)).toMatchObject({
      note: MASKED_VENDOR_NOTE,
      response: CUSTOMER_NOTE,
    });
    expect(await proofRound(w, 'maple', orderId)).toMatchObject({
      note: VENDOR_NOTE,
      response: MASKED_CUSTOMER_NOTE,
    });
    expect((await orderAs(w, 'maple', orderId)).brief?.notes).toBe(MASKED_CUSTOMER_NOTE);
  });

  it('an admin reads an unpaid order as written', async () => {
    const w = await world();
    const { orderId } = await acceptedOrder(w);
    const admin = await createUser(t.database.db, { role: 'admin' });
    const res = await t.app.request(`/api/orders/${orderId}`, {
      headers: { Cookie: await signIn(t.app, admin.email) },
    });
    expect(((await res.json()) as OrderDetail).brief?.notes).toBe(CUSTOMER_NOTE);
  });
});
