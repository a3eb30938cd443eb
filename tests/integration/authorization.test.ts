import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  conversations,
  eventPlans,
  feeInvoices,
  payments,
  payouts,
  quotes,
  reviews,
} from '../../src/server/db/schema/index.ts';
import { recordPayment } from '../../src/server/modules/ledger/index.ts';
import { addDays, vancouverDay } from '../../src/shared/time.ts';
import type { Actor as ServiceActor } from '../../src/server/actor.ts';
import { startCheckout } from '../../src/server/modules/payments/checkout.ts';
import { answerQuote, createQuoteRequest } from '../../src/server/modules/quotes/index.ts';
import { quoteBriefSchema } from '../../src/shared/schemas/quotes.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import {
  createGeneratedDesign,
  createOrder,
  createUser,
  createVendor,
  signIn,
} from '../support/factories.ts';

/**
 * Every API route, called as each kind of actor. A new route fails the completeness check below
 * until it is added here with who may use it.
 */
type Actor = 'anonymous' | 'customerA' | 'customerB' | 'pendingVendor' | 'approvedVendor' | 'admin';
const ACTORS: Actor[] = ['anonymous', 'customerA', 'customerB', 'pendingVendor', 'approvedVendor', 'admin'];

let t: TestApp;
const cookies: Partial<Record<Actor, string>> = {};
const ids = {
  approvedVendor: '',
  pendingVendor: '',
  orderA: '',
  orderB: '',
  conversationA: '',
  generationA: '',
  imageA: '',
  reviewA: '',
  reviewedOrderA: '',
  quoteRequestA: '',
  quoteToAnswer: '',
  quoteToDecline: '',
  quoteToChange: '',
  quoteToAccept: '',
  paymentA: '',
  pendingOrderA: '',
  planA: '',
  planToDelete: '',
  receiptA: '',
  invoiceOfApproved: '',
};
/** A quote brief for an event a month away (past every default lead time). */
const quoteBrief = () =>
  quoteBriefSchema.parse({
    occasion: 'Birthday',
    flavor: 'Lemon',
    size: '8 inch (8-10)',
    servings: 10,
    fulfillment: 'pickup',
    eventDate: vancouverDay(addDays(new Date(), 30)),
  });
const quoteAnswer = () => ({
  priceCents: 12_000,
  deliveryFeeCents: 0,
  validUntil: addDays(new Date(), 7).toISOString(),
});
const publicFileKey = `authorization/${crypto.randomUUID()}.webp`;

beforeAll(async () => {
  t = await createTestApp({ authRateLimitMax: 1000 });
  const db = t.database.db;
  const a = await createUser(db);
  const b = await createUser(db);
  const pendingOwner = await createUser(db, { userType: 'vendor' });
  const approvedOwner = await createUser(db, { userType: 'vendor' });
  const admin = await createUser(db, { role: 'admin' });
  const pending = await createVendor(db, { userId: pendingOwner.id, status: 'pending', verified: false });
  const approved = await createVendor(db, { userId: approvedOwner.id });
  const other = await createVendor(db);
  ids.approvedVendor = approved.id;
  ids.pendingVendor = pending.id;
  ids.orderA = (await createOrder(db, { customerId: a.id, vendorId: approved.id, amount: 1_111 })).id;
  ids.orderB = (await createOrder(db, { customerId: b.id, vendorId: other.id, amount: 2_222 })).id;
  const reviewedOrder = await createOrder(db, { customerId: a.id, vendorId: approved.id });
  ids.reviewedOrderA = reviewedOrder.id;
  ids.reviewA = crypto.randomUUID();
  await db.insert(reviews).values({
    id: ids.reviewA,
    orderId: reviewedOrder.id,
    customerId: a.id,
    vendorId: approved.id,
    rating: 5,
    comment: 'Lovely cake, thank you.',
  });
  // Four requests of customer A to the approved vendor, one quote each, answered where the case needs it.
  const asA: ServiceActor = { id: a.id, email: a.email, name: a.name, userType: 'customer', role: 'user' };
  const asVendor: ServiceActor = {
    ...asA,
    id: approvedOwner.id,
    email: approvedOwner.email,
    userType: 'vendor',
  };
  const request = async () =>
    createQuoteRequest({
      db,
      actor: asA,
      input: { vendorIds: [approved.id], brief: quoteBrief() },
      now: new Date(),
    });
  const first = await request();
  ids.quoteRequestA = first.requestId;
  ids.quoteToAnswer = first.quoteIds[0]!;
  ids.quoteToDecline = (await request()).quoteIds[0]!;
  for (const key of ['quoteToChange', 'quoteToAccept'] as const) {
    ids[key] = (await request()).quoteIds[0]!;
    await answerQuote({ db, actor: asVendor, quoteId: ids[key], input: quoteAnswer(), now: new Date() });
  }
  // Customer A's event plans: one to read and change, one to delete.
  for (const key of ['planA', 'planToDelete'] as const) {
    ids[key] = crypto.randomUUID();
    await db.insert(eventPlans).values({
      id: ids[key],
      customerId: a.id,
      type: 'birthday',
      title: 'A party',
      eventDate: vancouverDay(addDays(new Date(), 30)),
      startTime: '15:00',
      venueAddress: '1 Main St, Vancouver, BC V5K 0A1',
      guests: 20,
      budgetCents: 50_000,
      categories: ['cakes'],
    });
  }
  // A pending order of customer A with its checkout started: a payment to pay (or not).
  const pendingA = await createOrder(db, {
    customerId: a.id,
    vendorId: approved.id,
    amount: 3_333,
    status: 'pending',
  });
  ids.pendingOrderA = pendingA.id;
  ids.paymentA = (
    await startCheckout({
      db,
      processor: t.services.payments,
      actor: asA,
      orderId: pendingA.id,
      now: new Date(),
      log: t.services.log,
    })
  ).paymentId;
  // Customer A's payment of order A, posted: its receipt. The approved vendor's payout, with its invoice.
  ids.receiptA = crypto.randomUUID();
  await db.insert(payments).values({
    id: ids.receiptA,
    orderId: ids.orderA,
    provider: 'sandbox',
    amount: 1_111,
    status: 'succeeded',
  });
  await recordPayment(db, {
    orderId: ids.orderA,
    vendorId: approved.id,
    amountCents: 1_111,
    key: `payment:${ids.receiptA}`,
  });
  const payoutId = crypto.randomUUID();
  await db.insert(payouts).values({ id: payoutId, vendorId: approved.id, amount: 100 });
  ids.invoiceOfApproved = crypto.randomUUID();
  await db.insert(feeInvoices).values({
    id: ids.invoiceOfApproved,
    number: `FRI-1999-${payoutId.slice(0, 6)}`,
    year: 1999,
    sequence: 1,
    vendorId: approved.id,
    payoutId,
    issuedAt: new Date(),
    vendorName: approved.businessName,
    feeCents: 8,
    gstCents: 0,
    pstCents: 0,
  });
  ids.conversationA = crypto.randomUUID();
  await db.insert(conversations).values({ id: ids.conversationA, customerId: a.id, vendorId: approved.id });
  const designA = await createGeneratedDesign(db, t.services.storage, { userId: a.id });
  ids.generationA = designA.generationId;
  ids.imageA = designA.image.id;
  cookies.customerA = await signIn(t.app, a.email);
  cookies.customerB = await signIn(t.app, b.email);
  cookies.pendingVendor = await signIn(t.app, pendingOwner.email);
  cookies.approvedVendor = await signIn(t.app, approvedOwner.email);
  cookies.admin = await signIn(t.app, admin.email);
  await t.services.storage.put('portfolio', publicFileKey, new Uint8Array([1, 2, 3]), 'image/webp');
});
afterAll(() => t.close());

const scalarInstalled = (() => {
  try {
    createRequire(import.meta.url).resolve('@scalar/api-reference');
    return true;
  } catch {
    return false;
  }
})();

type Expect = Record<Actor, number>;
const all = (status: number): Expect => Object.fromEntries(ACTORS.map((a) => [a, status])) as Expect;
const adminOnly = (ok: number): Expect => ({ ...all(403), anonymous: 401, admin: ok });
const signedIn = (ok: number): Expect => ({ ...all(ok), anonymous: 401 });

interface Case {
  route: string;
  label?: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: () => string;
  body?: unknown;
  expect: Expect;
}

const CASES: Case[] = [
  { route: '/api/health', method: 'GET', path: () => '/api/health', expect: all(200) },
  { route: '/api/config', method: 'GET', path: () => '/api/config', expect: all(200) },
  { route: '/api/openapi.json', method: 'GET', path: () => '/api/openapi.json', expect: all(200) },
  { route: '/api/docs', method: 'GET', path: () => '/api/docs', expect: all(200) },
  { route: '/api/docs/init.js', method: 'GET', path: () => '/api/docs/init.js', expect: all(200) },
  {
    route: '/api/docs/scalar.js',
    label: 'served from node_modules once @scalar/api-reference is installed',
    method: 'GET',
    path: () => '/api/docs/scalar.js',
    expect: all(scalarInstalled ? 200 : 404),
  },
  {
    route: '/api/files/:bucket/:key{.+}',
    method: 'GET',
    path: () => `/api/files/portfolio/${publicFileKey}`,
    expect: all(200),
  },
  {
    route: '/api/files/:bucket/:key{.+}',
    label: 'a missing file',
    method: 'GET',
    path: () => '/api/files/portfolio/authorization/missing.webp',
    expect: all(404),
  },
  { route: '/api/vendors', method: 'GET', path: () => '/api/vendors', expect: all(200) },
  { route: '/api/vendors/featured', method: 'GET', path: () => '/api/vendors/featured', expect: all(200) },
  {
    route: '/api/vendors/:id',
    method: 'GET',
    path: () => `/api/vendors/${ids.approvedVendor}`,
    expect: all(200),
  },
  {
    route: '/api/vendors/:id',
    label: 'an unapproved vendor',
    method: 'GET',
    path: () => `/api/vendors/${ids.pendingVendor}`,
    expect: all(404),
  },
  { route: '/api/reviews', method: 'GET', path: () => '/api/reviews', expect: all(200) },
  { route: '/api/designs/quota', method: 'GET', path: () => '/api/designs/quota', expect: all(200) },
  {
    route: '/api/designs/generations',
    label: 'an empty form',
    method: 'POST',
    path: () => '/api/designs/generations',
    body: {},
    expect: all(400),
  },
  {
    // A signed-in customer's generation is theirs alone; nobody else learns it exists.
    route: '/api/designs/generations/:id',
    method: 'GET',
    path: () => `/api/designs/generations/${ids.generationA}`,
    expect: { ...all(404), customerA: 200 },
  },
  {
    route: '/api/designs/generations/:id/events',
    method: 'GET',
    path: () => `/api/designs/generations/${ids.generationA}/events`,
    expect: { ...all(404), customerA: 200 },
  },
  {
    route: '/api/designs',
    method: 'POST',
    path: () => '/api/designs',
    body: {
      get imageId() {
        return ids.imageA;
      },
    },
    expect: { ...all(404), anonymous: 401, customerA: 201, pendingVendor: 403, approvedVendor: 403 },
  },
  {
    // Shared links are public by design: the id is the link.
    route: '/api/designs/:id',
    method: 'GET',
    path: () => `/api/designs/${ids.imageA}`,
    expect: all(200),
  },
  {
    route: '/api/support/requests',
    method: 'POST',
    path: () => '/api/support/requests',
    body: { name: 'Pat', email: 'pat@example.test', subject: 'Hello', message: 'A question about delivery.' },
    expect: all(201),
  },
  {
    route: '/api/vendor-applications',
    method: 'POST',
    path: () => '/api/vendor-applications',
    body: {},
    expect: all(400),
  },
  {
    route: '/api/orders/:id/review',
    method: 'POST',
    path: () => `/api/orders/${ids.orderA}/review`,
    body: { rating: 5, comment: 'A wonderful cake, thank you!' },
    // Customer A reviews their own order; everyone else is refused (B and the admin cannot see it exist).
    expect: {
      anonymous: 401,
      customerA: 201,
      customerB: 404,
      pendingVendor: 403,
      approvedVendor: 403,
      admin: 404,
    },
  },
  {
    route: '/api/orders/:id',
    method: 'GET',
    path: () => `/api/orders/${ids.orderA}`,
    // Its customer, its vendor and admins; anyone else cannot tell it exists.
    expect: {
      anonymous: 401,
      customerA: 200,
      customerB: 404,
      pendingVendor: 404,
      approvedVendor: 200,
      admin: 200,
    },
  },
  {
    route: '/api/orders/:id/transitions',
    method: 'POST',
    path: () => `/api/orders/${ids.orderA}/transitions`,
    body: { action: 'cancel', note: 'Plans changed' },
    // The order is completed: its customer may cancel orders, but not this one now (409); its vendor
    // and an admin never make the customer's cancel (403); others cannot see it (404).
    expect: {
      anonymous: 401,
      customerA: 409,
      customerB: 404,
      pendingVendor: 404,
      approvedVendor: 403,
      admin: 403,
    },
  },
  {
    route: '/api/orders/:id/conversation',
    method: 'POST',
    path: () => `/api/orders/${ids.orderA}/conversation`,
    // The order's customer and vendor only (an admin sees orders but takes no part in their talk).
    expect: { ...all(404), anonymous: 401, customerA: 201, approvedVendor: 201 },
  },
  {
    route: '/api/orders/:id/delivery',
    method: 'POST',
    path: () => `/api/orders/${ids.orderA}/delivery`,
    body: {},
    // Mark Delivered is its vendor's alone, and this order is completed (409); its customer and an
    // admin may see the order but never deliver it (403); others cannot see it (404).
    expect: {
      anonymous: 401,
      customerA: 403,
      customerB: 404,
      pendingVendor: 404,
      approvedVendor: 409,
      admin: 403,
    },
  },
  {
    route: '/api/orders/:id/claim',
    method: 'POST',
    path: () => `/api/orders/${ids.orderA}/claim`,
    body: {},
    // Customers only; a JSON body has no description (400) whoever's order it is, so nothing is learnt.
    expect: { ...all(400), anonymous: 401, pendingVendor: 403, approvedVendor: 403 },
  },
  {
    route: '/api/orders/:id/claim/response',
    method: 'POST',
    path: () => `/api/orders/${ids.orderA}/claim/response`,
    body: { response: 'It left us perfect.' },
    // Order A has no claim: nobody finds one to answer.
    expect: { ...all(404), anonymous: 401 },
  },
  {
    route: '/api/admin/claims',
    method: 'GET',
    path: () => '/api/admin/claims',
    expect: { ...all(403), anonymous: 401, admin: 200 },
  },
  {
    route: '/api/admin/claims/:id/resolution',
    method: 'POST',
    path: () => `/api/admin/claims/${crypto.randomUUID()}/resolution`,
    body: { outcome: 'release', note: 'Looks fine to us.' },
    expect: { ...all(403), anonymous: 401, admin: 404 },
  },
  {
    route: '/api/admin/disputes',
    method: 'GET',
    path: () => '/api/admin/disputes',
    expect: adminOnly(200),
  },
  {
    route: '/api/admin/disputes/:id',
    method: 'GET',
    path: () => `/api/admin/disputes/${crypto.randomUUID()}`,
    expect: adminOnly(404),
  },
  {
    route: '/api/admin/disputes/:id/evidence',
    method: 'POST',
    path: () => `/api/admin/disputes/${crypto.randomUUID()}/evidence`,
    expect: adminOnly(404),
  },
  {
    route: '/api/admin/disputes/:id/sandbox-resolution',
    method: 'POST',
    path: () => `/api/admin/disputes/${crypto.randomUUID()}/sandbox-resolution`,
    body: { outcome: 'won' },
    expect: adminOnly(404),
  },
  {
    route: '/api/orders/:id/dispute',
    method: 'GET',
    path: () => `/api/orders/${ids.orderA}/dispute`,
    // Vendors only; order A has no dispute, so no vendor finds one (another's order looks the same).
    expect: { ...all(403), anonymous: 401, pendingVendor: 404, approvedVendor: 404 },
  },
  {
    route: '/api/orders/:id/dispute/note',
    method: 'PUT',
    path: () => `/api/orders/${ids.orderA}/dispute/note`,
    body: { note: 'They picked it up themselves.' },
    expect: { ...all(403), anonymous: 401, pendingVendor: 404, approvedVendor: 404 },
  },
  {
    route: '/api/admin/reconciliation',
    method: 'GET',
    path: () => '/api/admin/reconciliation',
    expect: adminOnly(200),
  },
  {
    route: '/api/payments',
    method: 'POST',
    path: () => '/api/payments',
    get body() {
      return { orderId: ids.orderA };
    },
    // Customers pay their own pending orders: order A is completed (409); anyone else's is not found.
    expect: { ...all(404), anonymous: 401, customerA: 409, pendingVendor: 403, approvedVendor: 403 },
  },
  {
    route: '/api/payments/:id/sandbox-authentication',
    method: 'POST',
    path: () => `/api/payments/${ids.paymentA}/sandbox-authentication`,
    body: { approve: true },
    // Its customer only, and this payment is not waiting for a confirmation (409).
    expect: { ...all(404), anonymous: 401, customerA: 409, pendingVendor: 403, approvedVendor: 403 },
  },
  {
    route: '/api/payments/:id/sandbox-confirmation',
    method: 'POST',
    path: () => `/api/payments/${ids.paymentA}/sandbox-confirmation`,
    body: { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' },
    // Only the payment's customer can pay with a card; everyone else learns nothing of it.
    expect: { ...all(404), anonymous: 401, customerA: 200, pendingVendor: 403, approvedVendor: 403 },
  },
  {
    route: '/api/payments/:id/submitted',
    method: 'POST',
    path: () => `/api/payments/${ids.paymentA}/submitted`,
    // Only the payment's customer says their browser is confirming it (paid by now: nothing to mark).
    expect: { ...all(404), anonymous: 401, customerA: 200, pendingVendor: 403, approvedVendor: 403 },
  },
  {
    route: '/api/me/payouts',
    method: 'GET',
    path: () => '/api/me/payouts',
    expect: { ...all(403), anonymous: 401, pendingVendor: 200, approvedVendor: 200 },
  },
  {
    route: '/api/me/payouts/export',
    method: 'GET',
    path: () => '/api/me/payouts/export',
    expect: { ...all(403), anonymous: 401, pendingVendor: 200, approvedVendor: 200 },
  },
  {
    route: '/api/me/payouts',
    method: 'POST',
    path: () => '/api/me/payouts',
    // Vendors only; with nothing available yet, a payout is refused (409).
    expect: { ...all(403), anonymous: 401, pendingVendor: 409, approvedVendor: 409 },
  },
  {
    route: '/api/me/payouts/stripe-onboarding',
    method: 'POST',
    path: () => '/api/me/payouts/stripe-onboarding',
    // Vendors only; on the sandbox there is no Stripe account to set up (404).
    expect: { ...all(403), anonymous: 401, pendingVendor: 404, approvedVendor: 404 },
  },
  // Receipts (decision 029): the order's customer only; another customer's reads as missing.
  {
    route: '/api/me/receipts',
    method: 'GET',
    path: () => `/api/me/receipts?orderId=${ids.orderA}`,
    expect: { ...all(404), anonymous: 401, customerA: 200, pendingVendor: 403, approvedVendor: 403 },
  },
  {
    route: '/api/me/receipts/:id',
    method: 'GET',
    path: () => `/api/me/receipts/${ids.receiptA}`,
    expect: { ...all(404), anonymous: 401, customerA: 200, pendingVendor: 403, approvedVendor: 403 },
  },
  // Fee invoices: the vendor's own; another vendor's reads as missing.
  {
    route: '/api/me/invoices/:id',
    method: 'GET',
    path: () => `/api/me/invoices/${ids.invoiceOfApproved}`,
    expect: { ...all(403), anonymous: 401, pendingVendor: 404, approvedVendor: 200 },
  },
  {
    route: '/api/payments/webhooks/stripe',
    method: 'POST',
    path: () => '/api/payments/webhooks/stripe',
    body: { id: 'evt_test', object: 'event', type: 'payment_intent.succeeded' },
    // Stripe's, signed (tests/integration/stripe.test.ts); with the sandbox it does not exist.
    expect: all(404),
  },
  {
    route: '/api/reviews/:id/reply',
    method: 'POST',
    path: () => `/api/reviews/${ids.reviewA}/reply`,
    body: { reply: 'Thank you, it was a joy to bake.' },
    // Vendors only; of them, only the reviewed shop (others cannot see it is a review of theirs).
    expect: {
      anonymous: 401,
      customerA: 403,
      customerB: 403,
      pendingVendor: 404,
      approvedVendor: 201,
      admin: 403,
    },
  },
  ...(['PUT', 'DELETE'] as const).map((method): Case => ({
    route: '/api/reviews/:id/helpful',
    method,
    path: () => `/api/reviews/${ids.reviewA}/helpful`,
    // Any signed-in reader but the review's author (customer A) and the reviewed shop's owner.
    expect: { ...signedIn(200), customerA: 403, approvedVendor: 403 },
  })),
  {
    route: '/api/quote-requests',
    method: 'POST',
    path: () => '/api/quote-requests',
    body: { vendorIds: [] as string[], brief: quoteBrief() },
    // Customers only (an admin's account is a customer's); the body is checked after who is asking.
    expect: { ...all(400), anonymous: 401, pendingVendor: 403, approvedVendor: 403 },
  },
  {
    route: '/api/quote-requests',
    method: 'GET',
    path: () => '/api/quote-requests',
    expect: { ...all(200), anonymous: 401, pendingVendor: 403, approvedVendor: 403 },
  },
  {
    route: '/api/quote-requests/:id',
    method: 'GET',
    path: () => `/api/quote-requests/${ids.quoteRequestA}`,
    expect: { ...all(404), anonymous: 401, customerA: 200, pendingVendor: 403, approvedVendor: 403 },
  },
  {
    route: '/api/quotes/inbox',
    method: 'GET',
    path: () => '/api/quotes/inbox',
    expect: { ...all(403), anonymous: 401, pendingVendor: 200, approvedVendor: 200 },
  },
  {
    route: '/api/quotes/:id/answer',
    method: 'POST',
    path: () => `/api/quotes/${ids.quoteToAnswer}/answer`,
    body: quoteAnswer(),
    // Only the vendor asked; another shop cannot tell the quote exists.
    expect: { ...all(403), anonymous: 401, pendingVendor: 404, approvedVendor: 200 },
  },
  {
    route: '/api/quotes/:id/decline',
    method: 'POST',
    path: () => `/api/quotes/${ids.quoteToDecline}/decline`,
    body: { reason: 'Fully booked' },
    expect: { ...all(403), anonymous: 401, pendingVendor: 404, approvedVendor: 200 },
  },
  {
    route: '/api/quotes/:id/change-request',
    method: 'POST',
    path: () => `/api/quotes/${ids.quoteToChange}/change-request`,
    body: { message: 'Could it be a little smaller?' },
    expect: { ...all(404), anonymous: 401, customerA: 200, pendingVendor: 403, approvedVendor: 403 },
  },
  {
    route: '/api/quotes/:id/accept',
    method: 'POST',
    path: () => `/api/quotes/${ids.quoteToAccept}/accept`,
    body: { revision: 1 },
    expect: { ...all(404), anonymous: 401, customerA: 201, pendingVendor: 403, approvedVendor: 403 },
  },
  {
    route: '/api/me/dashboard/customer',
    method: 'GET',
    path: () => '/api/me/dashboard/customer',
    expect: signedIn(200),
  },
  {
    route: '/api/me/dashboard/vendor',
    method: 'GET',
    path: () => '/api/me/dashboard/vendor',
    expect: {
      anonymous: 401,
      customerA: 403,
      customerB: 403,
      pendingVendor: 200,
      approvedVendor: 200,
      admin: 403,
    },
  },
  {
    route: '/api/me/dashboard/vendor/orders',
    method: 'GET',
    path: () => '/api/me/dashboard/vendor/orders?view=active',
    expect: {
      anonymous: 401,
      customerA: 403,
      customerB: 403,
      pendingVendor: 200,
      approvedVendor: 200,
      admin: 403,
    },
  },
  {
    route: '/api/me/favorites/vendors',
    method: 'GET',
    path: () => '/api/me/favorites/vendors',
    // Favorites are for customer accounts (the admin signs up as one).
    expect: { ...signedIn(200), pendingVendor: 403, approvedVendor: 403 },
  },
  {
    route: '/api/me/favorites/vendors/:vendorId',
    method: 'PUT',
    path: () => `/api/me/favorites/vendors/${ids.approvedVendor}`,
    expect: { ...signedIn(200), pendingVendor: 403, approvedVendor: 403 },
  },
  {
    route: '/api/me/favorites/vendors/:vendorId',
    label: 'an unapproved vendor',
    method: 'PUT',
    path: () => `/api/me/favorites/vendors/${ids.pendingVendor}`,
    expect: { ...signedIn(404), pendingVendor: 403, approvedVendor: 403 },
  },
  {
    route: '/api/me/favorites/vendors/:vendorId',
    method: 'DELETE',
    path: () => `/api/me/favorites/vendors/${ids.approvedVendor}`,
    expect: { ...signedIn(200), pendingVendor: 403, approvedVendor: 403 },
  },
  {
    route: '/api/me/privacy/export',
    method: 'GET',
    path: () => '/api/me/privacy/export',
    expect: signedIn(200),
  },
  {
    route: '/api/me/privacy/age',
    method: 'POST',
    path: () => '/api/me/privacy/age',
    body: { confirmAge: true },
    expect: signedIn(200),
  },
  {
    // A wrong password is refused at its field: nobody's account closes in this test.
    route: '/api/me/privacy/close',
    method: 'POST',
    path: () => '/api/me/privacy/close',
    body: { password: 'not-the-password' },
    expect: signedIn(400),
  },
  {
    route: '/api/me/conversations',
    method: 'GET',
    path: () => '/api/me/conversations',
    expect: signedIn(200),
  },
  {
    route: '/api/me/conversations',
    method: 'POST',
    path: () => '/api/me/conversations',
    body: {
      get vendorId() {
        return ids.approvedVendor;
      },
    },
    // Customers (the admin signs up as one) open a conversation; vendor accounts cannot.
    expect: { ...signedIn(201), pendingVendor: 403, approvedVendor: 403 },
  },
  {
    route: '/api/me/conversations/:id',
    method: 'GET',
    path: () => `/api/me/conversations/${ids.conversationA}`,
    // Only the two sides: customer A and the vendor; everyone else cannot tell it exists.
    expect: { ...signedIn(404), customerA: 200, approvedVendor: 200 },
  },
  {
    route: '/api/me/conversations/:id/messages',
    method: 'GET',
    path: () => `/api/me/conversations/${ids.conversationA}/messages`,
    expect: { ...signedIn(404), customerA: 200, approvedVendor: 200 },
  },
  {
    route: '/api/me/conversations/:id/read',
    method: 'POST',
    path: () => `/api/me/conversations/${ids.conversationA}/read`,
    expect: { ...signedIn(404), customerA: 200, approvedVendor: 200 },
  },
  {
    route: '/api/me/conversations/:id/messages',
    method: 'POST',
    path: () => `/api/me/conversations/${ids.conversationA}/messages`,
    body: { body: 'Is the 14th still free?' },
    expect: { ...signedIn(404), customerA: 201, approvedVendor: 201 },
  },
  // Everyone signed in has their own notifications; another user's ids simply match nothing.
  {
    route: '/api/me/notifications',
    method: 'GET',
    path: () => '/api/me/notifications',
    expect: signedIn(200),
  },
  {
    route: '/api/me/notifications/read',
    method: 'POST',
    path: () => '/api/me/notifications/read',
    body: { ids: ['1'] },
    expect: signedIn(200),
  },
  {
    route: '/api/me/notifications/read-all',
    method: 'POST',
    path: () => '/api/me/notifications/read-all',
    expect: signedIn(200),
  },
  { route: '/api/me/unread', method: 'GET', path: () => '/api/me/unread', expect: signedIn(200) },
  // E-mail settings are each user's own; the unsubscribe link needs no sign-in, only a signed token.
  {
    route: '/api/me/email-preferences',
    method: 'GET',
    path: () => '/api/me/email-preferences',
    expect: signedIn(200),
  },
  {
    route: '/api/me/email-preferences',
    method: 'PUT',
    path: () => '/api/me/email-preferences',
    body: { orders: true },
    expect: signedIn(200),
  },
  {
    route: '/api/email/unsubscribe',
    method: 'GET',
    path: () => '/api/email/unsubscribe?token=bm90.Zm9yZ2Vk',
    expect: all(400),
  },
  {
    route: '/api/email/unsubscribe',
    method: 'POST',
    path: () => '/api/email/unsubscribe?token=bm90.Zm9yZ2Vk',
    body: {},
    expect: all(400),
  },
  { route: '/api/me/events', method: 'GET', path: () => '/api/me/events', expect: signedIn(200) },
  {
    route: '/api/me/vendor-profile',
    method: 'GET',
    path: () => '/api/me/vendor-profile',
    expect: { ...signedIn(403), pendingVendor: 200, approvedVendor: 200 },
  },
  {
    route: '/api/me/vendor-profile',
    method: 'PUT',
    path: () => '/api/me/vendor-profile',
    body: {
      businessName: 'Renamed Bakery',
      businessAddress: '1 Test St, Vancouver',
      phone: '604-555-0111',
      location: 'vancouver',
      specialty: 'wedding',
      specialties: [],
      priceTier: 2,
      dietaryOptions: [],
      offersDelivery: false,
      offersPickup: true,
      cancellationRefundPercent: 50,
      leadTimeDays: 3,
      ordersPerDay: 3,
    },
    // Only an approved vendor changes their own profile; a pending one waits for approval.
    expect: { ...signedIn(403), approvedVendor: 200 },
  },
  {
    route: '/api/me/vendor-profile/portfolio',
    method: 'GET',
    path: () => '/api/me/vendor-profile/portfolio',
    expect: { ...signedIn(403), approvedVendor: 200 },
  },
  {
    route: '/api/me/vendor-profile/portfolio',
    method: 'POST',
    path: () => '/api/me/vendor-profile/portfolio',
    body: {},
    // Reaches the approved vendor's own portfolio, where a request without a photo is refused.
    expect: { ...signedIn(403), approvedVendor: 400 },
  },
  {
    route: '/api/me/vendor-profile/portfolio/order',
    method: 'PUT',
    path: () => '/api/me/vendor-profile/portfolio/order',
    body: { ids: ['not-mine'] },
    expect: { ...signedIn(403), approvedVendor: 400 },
  },
  {
    route: '/api/me/vendor-profile/portfolio/:itemId',
    method: 'DELETE',
    path: () => '/api/me/vendor-profile/portfolio/not-mine',
    expect: { ...signedIn(403), approvedVendor: 404 },
  },
  // A vendor's packages: an approved vendor's own.
  {
    route: '/api/me/vendor-profile/packages',
    method: 'GET',
    path: () => '/api/me/vendor-profile/packages',
    expect: { ...signedIn(403), approvedVendor: 200 },
  },
  {
    route: '/api/me/vendor-profile/packages',
    method: 'POST',
    path: () => '/api/me/vendor-profile/packages',
    body: {},
    // Vendors' bodies are checked first (an empty one is refused); a pending vendor's valid one is a 403.
    expect: { ...signedIn(403), pendingVendor: 400, approvedVendor: 400 },
  },
  {
    route: '/api/me/vendor-profile/packages/order',
    method: 'PUT',
    path: () => '/api/me/vendor-profile/packages/order',
    body: { ids: ['not-mine'] },
    expect: { ...signedIn(403), approvedVendor: 400 },
  },
  {
    route: '/api/me/vendor-profile/packages/:packageId',
    method: 'PUT',
    path: () => '/api/me/vendor-profile/packages/not-mine',
    body: { name: 'Bouquet', description: '', priceCents: 10_000 },
    expect: { ...signedIn(403), approvedVendor: 404 },
  },
  {
    route: '/api/me/vendor-profile/packages/:packageId',
    method: 'DELETE',
    path: () => '/api/me/vendor-profile/packages/not-mine',
    expect: { ...signedIn(403), approvedVendor: 404 },
  },
  {
    route: '/api/me/vendor-profile/image',
    method: 'PUT',
    path: () => '/api/me/vendor-profile/image',
    body: {},
    expect: { ...signedIn(403), approvedVendor: 400 },
  },
  {
    route: '/api/vendors/:id/availability',
    method: 'GET',
    path: () => `/api/vendors/${ids.approvedVendor}/availability`,
    expect: all(200),
  },
  {
    route: '/api/vendors/:id/availability',
    label: 'pending vendor',
    method: 'GET',
    path: () => `/api/vendors/${ids.pendingVendor}/availability`,
    // A vendor not yet approved is not listed: nobody but its owner finds its calendar.
    expect: { ...all(404), pendingVendor: 200 },
  },
  {
    route: '/api/orders/:id/proofs',
    method: 'GET',
    path: () => `/api/orders/${ids.orderA}/proofs`,
    // Its customer, its vendor and admins; anyone else cannot tell the order exists.
    expect: { ...all(404), anonymous: 401, customerA: 200, approvedVendor: 200, admin: 200 },
  },
  {
    route: '/api/orders/:id/proofs',
    method: 'POST',
    path: () => `/api/orders/${ids.orderA}/proofs`,
    body: {},
    // A request without a picture is refused before the order is looked at, so nothing is learnt.
    expect: { ...all(400), anonymous: 401 },
  },
  {
    route: '/api/orders/:id/proofs/:proofId/approve',
    method: 'POST',
    path: () => `/api/orders/${ids.orderA}/proofs/${crypto.randomUUID()}/approve`,
    // Order A has no proofs: nobody finds one to approve.
    expect: { ...all(404), anonymous: 401 },
  },
  {
    route: '/api/orders/:id/proofs/:proofId/request-changes',
    method: 'POST',
    path: () => `/api/orders/${ids.orderA}/proofs/${crypto.randomUUID()}/request-changes`,
    body: {},
    // Without a message the request is refused before the order is looked at.
    expect: { ...all(400), anonymous: 401 },
  },
  {
    route: '/api/me/vendor-profile/calendar',
    method: 'GET',
    path: () => '/api/me/vendor-profile/calendar',
    // The calendar and analytics are the approved vendor's: a pending one waits for approval.
    expect: { ...signedIn(403), approvedVendor: 200 },
  },
  {
    route: '/api/me/vendor-profile/calendar/blackouts/:day',
    method: 'PUT',
    path: () => `/api/me/vendor-profile/calendar/blackouts/${vancouverDay(addDays(new Date(), 40))}`,
    body: {},
    expect: { ...signedIn(403), approvedVendor: 200 },
  },
  {
    route: '/api/me/vendor-profile/calendar/blackouts/:day',
    method: 'DELETE',
    path: () => `/api/me/vendor-profile/calendar/blackouts/${vancouverDay(addDays(new Date(), 40))}`,
    expect: { ...signedIn(403), approvedVendor: 200 },
  },
  {
    route: '/api/me/vendor-profile/verification',
    method: 'GET',
    path: () => '/api/me/vendor-profile/verification',
    // The checklist is part of the application: pending vendors fill it in too.
    expect: { ...signedIn(403), pendingVendor: 200, approvedVendor: 200 },
  },
  {
    route: '/api/me/vendor-profile/verification/items/:kind/document',
    method: 'PUT',
    path: () => '/api/me/vendor-profile/verification/items/insurance/document',
    body: {},
    expect: { ...signedIn(403), pendingVendor: 400, approvedVendor: 400 },
  },
  {
    route: '/api/me/vendor-profile/verification/items/:kind/document',
    method: 'GET',
    path: () => '/api/me/vendor-profile/verification/items/insurance/document',
    // Private documents answer 404 to everyone without one, visitors included: nothing to probe.
    expect: all(404),
  },
  {
    route: '/api/me/vendor-profile/tax-information',
    method: 'GET',
    path: () => '/api/me/vendor-profile/tax-information',
    // Part of the application too: pending vendors give it before their first payout.
    expect: { ...signedIn(403), pendingVendor: 200, approvedVendor: 200 },
  },
  {
    route: '/api/me/vendor-profile/tax-information',
    method: 'PUT',
    path: () => '/api/me/vendor-profile/tax-information',
    body: {},
    expect: { ...signedIn(403), pendingVendor: 400, approvedVendor: 400 },
  },
  {
    route: '/api/me/vendor-profile/seller-reports',
    method: 'GET',
    path: () => '/api/me/vendor-profile/seller-reports',
    expect: { ...signedIn(403), pendingVendor: 200, approvedVendor: 200 },
  },
  {
    route: '/api/me/vendor-profile/seller-reports/:year/csv',
    method: 'GET',
    path: () => '/api/me/vendor-profile/seller-reports/2025/csv',
    // Only a vendor's own copy, and only of a year they were reported for.
    expect: { ...signedIn(403), pendingVendor: 404, approvedVendor: 404 },
  },
  {
    route: '/api/admin/seller-reports',
    method: 'GET',
    path: () => '/api/admin/seller-reports',
    expect: adminOnly(200),
  },
  {
    route: '/api/admin/seller-reports',
    method: 'POST',
    path: () => '/api/admin/seller-reports',
    body: {},
    expect: adminOnly(400),
  },
  {
    route: '/api/admin/seller-reports/:year',
    method: 'GET',
    path: () => '/api/admin/seller-reports/2025',
    expect: adminOnly(404),
  },
  {
    route: '/api/admin/seller-reports/:year/csv',
    method: 'GET',
    path: () => '/api/admin/seller-reports/2025/csv',
    expect: adminOnly(404),
  },
  {
    route: '/api/admin/seller-reports/vendors/:vendorId/tax-information',
    method: 'GET',
    path: () => `/api/admin/seller-reports/vendors/${ids.approvedVendor}/tax-information`,
    expect: adminOnly(200),
  },
  {
    route: '/api/me/vendor-analytics',
    method: 'GET',
    path: () => '/api/me/vendor-analytics',
    expect: { ...signedIn(403), approvedVendor: 200 },
  },
  {
    route: '/api/admin/verification/queue',
    method: 'GET',
    path: () => '/api/admin/verification/queue',
    expect: adminOnly(200),
  },
  {
    route: '/api/admin/verification/vendors/:vendorId',
    method: 'GET',
    path: () => `/api/admin/verification/vendors/${ids.approvedVendor}`,
    expect: adminOnly(200),
  },
  {
    route: '/api/admin/verification/vendors/:vendorId/items/:kind/document',
    method: 'GET',
    path: () => `/api/admin/verification/vendors/${ids.approvedVendor}/items/insurance/document`,
    // Admins only, and 404 to everyone else so a document's existence is not revealed.
    expect: all(404),
  },
  {
    route: '/api/admin/verification/vendors/:vendorId/items/:kind/verify',
    method: 'POST',
    path: () => `/api/admin/verification/vendors/${ids.approvedVendor}/items/insurance/verify`,
    body: {},
    expect: adminOnly(400),
  },
  {
    route: '/api/admin/verification/vendors/:vendorId/items/:kind/reject',
    method: 'POST',
    path: () => `/api/admin/verification/vendors/${ids.approvedVendor}/items/insurance/reject`,
    body: {},
    expect: adminOnly(400),
  },
  { route: '/api/admin/seed', method: 'GET', path: () => '/api/admin/seed', expect: adminOnly(200) },
  {
    route: '/api/admin/seed',
    method: 'POST',
    path: () => '/api/admin/seed',
    body: { table: 'vendors' },
    expect: adminOnly(200),
  },
  {
    route: '/api/admin/seed/clear',
    method: 'POST',
    path: () => '/api/admin/seed/clear',
    expect: adminOnly(200),
  },
  { route: '/api/admin/mailbox', method: 'GET', path: () => '/api/admin/mailbox', expect: adminOnly(200) },
  {
    route: '/api/admin/mailbox/:id',
    method: 'GET',
    path: () => '/api/admin/mailbox/none',
    expect: adminOnly(404),
  },
  {
    route: '/api/admin/mailbox/:id/retry',
    method: 'POST',
    path: () => '/api/admin/mailbox/none/retry',
    expect: adminOnly(404),
  },
  {
    route: '/api/admin/jobs/failed',
    method: 'GET',
    path: () => '/api/admin/jobs/failed',
    expect: adminOnly(200),
  },
  {
    route: '/api/admin/jobs/:id/retry',
    method: 'POST',
    path: () => '/api/admin/jobs/none/retry',
    expect: adminOnly(404),
  },
  {
    route: '/api/admin/vendor-applications',
    method: 'GET',
    path: () => '/api/admin/vendor-applications',
    expect: adminOnly(200),
  },
  {
    route: '/api/admin/vendor-applications/:id/reject',
    method: 'POST',
    path: () => `/api/admin/vendor-applications/${ids.pendingVendor}/reject`,
    body: { reason: 'x' },
    expect: adminOnly(400),
  },
  {
    route: '/api/admin/vendor-applications/:id/approve',
    method: 'POST',
    path: () => `/api/admin/vendor-applications/${ids.pendingVendor}/approve`,
    expect: adminOnly(200),
  },
  // Event plans: the customer's own; another customer's reads as missing; vendors have none.
  {
    route: '/api/plans',
    method: 'POST',
    path: () => '/api/plans',
    body: {},
    expect: { ...all(400), anonymous: 401, pendingVendor: 403, approvedVendor: 403 },
  },
  {
    route: '/api/plans',
    method: 'GET',
    path: () => '/api/plans',
    expect: { ...all(200), anonymous: 401, pendingVendor: 403, approvedVendor: 403 },
  },
  {
    route: '/api/plans/:id',
    method: 'GET',
    path: () => `/api/plans/${ids.planA}`,
    expect: { ...all(404), anonymous: 401, customerA: 200, pendingVendor: 403, approvedVendor: 403 },
  },
  {
    route: '/api/plans/:id',
    method: 'PATCH',
    path: () => `/api/plans/${ids.planA}`,
    body: { guests: 25 },
    expect: { ...all(404), anonymous: 401, customerA: 200, pendingVendor: 403, approvedVendor: 403 },
  },
  {
    route: '/api/plans/:id',
    method: 'DELETE',
    path: () => `/api/plans/${ids.planToDelete}`,
    expect: { ...all(404), anonymous: 401, customerA: 200, pendingVendor: 403, approvedVendor: 403 },
  },
  {
    route: '/api/plans/:id/requests',
    method: 'POST',
    path: () => `/api/plans/${ids.planA}/requests`,
    body: { vendorIds: [] as string[], brief: quoteBrief() },
    // Customers only; the body is checked before the plan is looked up.
    expect: { ...all(400), anonymous: 401, pendingVendor: 403, approvedVendor: 403 },
  },
  {
    route: '/api/orders/:id/schedule',
    method: 'GET',
    path: () => `/api/orders/${ids.orderA}/schedule`,
    // The order's customer and vendor (no plan here: an empty schedule); anyone else learns nothing.
    expect: { ...all(404), anonymous: 401, customerA: 200, approvedVendor: 200 },
  },
  // One checkout for several orders: the customer's own orders and groups only.
  {
    route: '/api/payments/groups',
    method: 'POST',
    path: () => '/api/payments/groups',
    get body() {
      return { orderIds: [ids.pendingOrderA, ids.orderB] };
    },
    expect: { ...all(404), anonymous: 401, pendingVendor: 403, approvedVendor: 403 },
  },
  ...(
    [
      ['submitted', undefined],
      ['sandbox-confirmation', { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' }],
      ['sandbox-authentication', { approve: true }],
    ] as const
  ).map(([step, body]): Case => ({
    route: `/api/payments/groups/:id/${step}`,
    method: 'POST',
    path: () => `/api/payments/groups/not-a-group/${step}`,
    ...(body && { body }),
    expect: { ...all(404), anonymous: 401, pendingVendor: 403, approvedVendor: 403 },
  })),
];

describe('authorization matrix', () => {
  it('covers every API route the app has', () => {
    const covered = new Set(CASES.map((c) => `${c.method} ${c.route}`));
    const routes = t.app.routes
      .filter(
        (r) =>
          r.path.startsWith('/api/') &&
          !r.path.startsWith('/api/auth/') &&
          r.path !== '/api/*' &&
          r.method !== 'ALL',
      )
      .map((r) => `${r.method} ${r.path}`);
    const missing = [...new Set(routes)].filter((r) => !covered.has(r));
    expect(missing, 'routes without an authorization case').toEqual([]);
  });

  for (const c of CASES) {
    it(`${c.method} ${c.route}${c.label ? ` (${c.label})` : ''}`, async () => {
      for (const actor of ACTORS) {
        const headers: Record<string, string> = { Origin: 'http://localhost:3000' };
        if (cookies[actor]) headers.Cookie = cookies[actor]!;
        if (c.body !== undefined) headers['Content-Type'] = 'application/json';
        const res = await t.app.request(c.path(), {
          method: c.method,
          headers,
          ...(c.body !== undefined && { body: JSON.stringify(c.body) }),
        });
        expect(res.status, `${actor} ${c.method} ${c.path()}`).toBe(c.expect[actor]);
      }
    });
  }

  it("Better Auth's admin endpoints are for admins only", async () => {
    for (const actor of ACTORS) {
      const res = await t.app.request('/api/auth/admin/list-users', {
        headers: cookies[actor] ? { Cookie: cookies[actor]! } : {},
      });
      expect(res.status, actor).toBe(actor === 'admin' ? 200 : 401 + (actor === 'anonymous' ? 0 : 2));
    }
  });

  it("nobody reads another customer's orders or another vendor's orders", async () => {
    const orderIds = async (actor: Actor, path: string) => {
      const body = await (await t.app.request(path, { headers: { Cookie: cookies[actor]! } })).json();
      return (body.orders as { id: string }[]).map((o) => o.id);
    };
    // A's orders: the three made for this test and the one accepting a quote made in the matrix.
    const [accepted] = await t.database.db.select().from(quotes).where(eq(quotes.id, ids.quoteToAccept));
    const mine = [ids.orderA, ids.reviewedOrderA, ids.pendingOrderA, accepted!.orderId!].sort();
    expect((await orderIds('customerA', '/api/me/dashboard/customer')).sort()).toEqual(mine);
    expect(await orderIds('customerB', '/api/me/dashboard/customer')).toEqual([ids.orderB]);
    const vendorOrders = async (actor: Actor) => [
      ...(await orderIds(actor, '/api/me/dashboard/vendor/orders?view=active')),
      ...(await orderIds(actor, '/api/me/dashboard/vendor/orders?view=past')),
    ];
    expect((await vendorOrders('approvedVendor')).sort()).toEqual(mine);
    expect(await vendorOrders('pendingVendor')).toEqual([]);
  });
});
