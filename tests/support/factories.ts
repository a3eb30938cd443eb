import type { Db } from '../../src/server/db/client.ts';
import { and, desc, eq } from 'drizzle-orm';
import {
  accounts,
  cakeDesigns,
  customerFavorites,
  designGenerations,
  designImages,
  emailOutbox,
  orderEvents,
  orders,
  reviews,
  users,
  vendors,
} from '../../src/server/db/schema/index.ts';

import { passwordHasher } from '../../src/server/modules/auth/index.ts';
import { recordPayment, releaseSplit, settleOrder } from '../../src/server/modules/ledger/index.ts';
import type { StylePreset } from '../../src/shared/catalog.ts';
import { paymentPlan } from '../../src/shared/deposits.ts';
import { cakeBriefSchema } from '../../src/shared/schemas/quotes.ts';
import { addDays, vancouverDay } from '../../src/shared/time.ts';
import { renderCakePng } from '../../src/server/modules/designs/renderer/index.ts';
import { storeGeneratedImage } from '../../src/server/modules/storage/images.ts';
import type { ObjectStore } from '../../src/server/modules/storage/store.ts';
import type { Logger } from '../../src/server/logger.ts';
import type { Actor } from '../../src/server/actor.ts';
import { transitionOrder } from '../../src/server/modules/orders/transitions.ts';
import type { PaymentProcessor } from '../../src/server/modules/payments/processor.ts';
import { startCheckout } from '../../src/server/modules/payments/checkout.ts';
import { confirmSandboxPayment } from '../../src/server/modules/payments/sandbox-checkout.ts';
import { addTaxInformation } from './tax-information.ts';

let seq = 0;
const unique = (prefix: string) =>
  `${prefix}_${Date.now().toString(36)}_${(++seq).toString(36)}_${Math.random().toString(36).slice(2, 6)}`;

export const TEST_PASSWORD = 'correct-horse-42';
let passwordHash: Promise<string> | undefined;
const { hash: hashPassword } = passwordHasher('fast');

export async function createUser(
  db: Db,
  overrides: Partial<typeof users.$inferInsert> & { password?: string | null } = {},
) {
  const { password = TEST_PASSWORD, ...fields } = overrides;
  const id = fields.id ?? unique('u');
  const [user] = await db
    .insert(users)
    .values({
      id,
      name: 'Test User',
      email: `${id}@example.test`,
      emailVerified: true,
      firstName: 'Test',
      lastName: 'User',
      ...fields,
    })
    .returning();
  if (password) {
    // Hashed as the tests' apps hash (testConfig's passwordHashing); an app that hashes the standard way
    // does not accept these.
    passwordHash ??= hashPassword(TEST_PASSWORD);
    const hash = password === TEST_PASSWORD ? await passwordHash : await hashPassword(password);
    await db
      .insert(accounts)
      .values({ id: unique('acc'), accountId: id, providerId: 'credential', userId: id, password: hash });
  }
  return user!;
}

export async function createVendor(db: Db, overrides: Partial<typeof vendors.$inferInsert> = {}) {
  const owner = overrides.userId ? undefined : await createUser(db, { userType: 'vendor', password: null });
  const [vendor] = await db
    .insert(vendors)
    .values({
      id: unique('v'),
      userId: overrides.userId ?? owner!.id,
      businessName: `Bakery ${seq}`,
      specialty: 'wedding',
      specialties: [overrides.specialty ?? 'wedding'],
      location: 'vancouver',
      status: 'approved',
      verified: true,
      rating: 4.5,
      // A vendor made with a rating and a review count has the star total those imply.
      ratingSum: Math.round((overrides.rating ?? 4.5) * (overrides.reviewCount ?? 0)),
      ...overrides,
    })
    .returning();
  // Payouts wait for a vendor's tax information (decision 030): the factories' vendors have given it.
  await addTaxInformation(db, vendor!.id);
  return vendor!;
}

export async function createDesign(
  db: Db,
  customerId: string,
  overrides: Partial<typeof cakeDesigns.$inferInsert> = {},
) {
  const [design] = await db
    .insert(cakeDesigns)
    .values({
      id: unique('d'),
      customerId,
      occasion: 'Birthday',
      flavor: 'Vanilla',
      size: '8 inch (8-10)',
      ...overrides,
    })
    .returning();
  return design!;
}

export async function createOrder(
  db: Db,
  {
    customerId,
    vendorId,
    ...overrides
  }: Partial<typeof orders.$inferInsert> & { customerId: string; vendorId: string },
) {
  const id = unique('o');
  const [order] = await db
    .insert(orders)
    .values({
      id,
      orderNumber: `T-${id}`,
      customerId,
      vendorId,
      amount: 10_000,
      status: 'completed',
      ...overrides,
    })
    .returning();
  return order!;
}

/** An order as accepting a quote leaves it: pending payment, with its first event ("Order placed"). */
/**
 * An order paid and released to its vendor through the ledger's own services (8 % fee): its money is
 * the vendor's to pay out.
 */
export async function createReleasedOrder(
  db: Db,
  fields: Partial<typeof orders.$inferInsert> & { customerId: string; vendorId: string; amount: number },
) {
  const order = await createOrder(db, fields);
  const { amount, vendorId } = fields;
  await recordPayment(db, { orderId: order.id, vendorId, amountCents: amount, key: `payment:${order.id}` });
  await settleOrder(db, {
    kind: 'release',
    orderId: order.id,
    vendorId,
    heldCents: amount,
    split: releaseSplit(amount, {
      serviceFeeBps: order.serviceFeeBps,
      gstBps: order.gstBps,
      pstBps: order.pstBps,
    }),
    key: `release:${order.id}`,
  });
  return order;
}

export async function createPendingOrder(
  db: Db,
  fields: Partial<typeof orders.$inferInsert> & { customerId: string; vendorId: string; createdAt: Date },
) {
  const order = await createOrder(db, { status: 'pending', ...fields });
  await db.insert(orderEvents).values({
    id: unique('oe'),
    orderId: order.id,
    seq: 1,
    action: 'created',
    toStatus: 'pending',
    party: 'customer',
    actorId: fields.customerId,
    createdAt: fields.createdAt,
  });
  return order;
}

/**
 * A pending order accepted with a deposit (50 % by default, balance due 14 days before an event `days`
 * days after `createdAt`), its plan made by the app's own rule. Its event time and due time are returned.
 */
export async function createDepositOrder(
  db: Db,
  {
    days = 30,
    depositPercent = 50,
    balanceDueDays = 14,
    ...fields
  }: Partial<typeof orders.$inferInsert> & {
    customerId: string;
    vendorId: string;
    amount: number;
    createdAt: Date;
    days?: number;
    depositPercent?: number;
    balanceDueDays?: number;
  },
) {
  const deliveryDate = new Date(fields.createdAt.getTime() + days * 86_400_000);
  const plan = paymentPlan({
    amountCents: fields.amount,
    depositPercent,
    balanceDueDays,
    eventAt: deliveryDate,
    now: fields.createdAt,
  });
  if (plan.kind !== 'deposit') throw new Error('expected a deposit plan');
  const order = await createPendingOrder(db, {
    refundPercent: 50,
    deliveryDate,
    depositCents: plan.depositCents,
    balanceDueAt: plan.balanceDueAt,
    ...fields,
  });
  return { ...order, deliveryDate, balanceDueAt: plan.balanceDueAt };
}

/** A birthday brief for an event 30 days after `now` (past every default lead time). */
export const quoteBriefFor = (now: Date) =>
  cakeBriefSchema.parse({
    occasion: 'Birthday',
    flavor: 'Lemon',
    size: '8 inch (8-10)',
    servings: 12,
    fulfillment: 'pickup',
    eventDate: vancouverDay(addDays(now, 30)),
  });

/** A vendor's answer to a quote: the price, no delivery fee, valid for a week from `now`. */
export const quoteAnswerFor = (now: Date, priceCents = 12_000) => ({
  priceCents,
  deliveryFeeCents: 0,
  validUntil: addDays(now, 7).toISOString(),
});

/** A saved vendor or design of a customer. */
export async function createFavorite(
  db: Db,
  favorite: Omit<typeof customerFavorites.$inferInsert, 'id'> & { id?: string },
) {
  const [row] = await db
    .insert(customerFavorites)
    .values({ id: unique('fav'), ...favorite })
    .returning();
  return row!;
}

/** A review with the completed order it belongs to. */
export async function createReview(
  db: Db,
  overrides: Partial<typeof reviews.$inferInsert> & { rating: number },
) {
  const customer = await createUser(db, { password: null });
  const vendor = await createVendor(db);
  const order = await createOrder(db, { customerId: customer.id, vendorId: vendor.id });
  const [review] = await db
    .insert(reviews)
    .values({
      id: unique('r'),
      orderId: order.id,
      customerId: customer.id,
      vendorId: vendor.id,
      comment: 'Lovely cake.',
      ...overrides,
    })
    .returning();
  return review!;
}

/** Signs in through the real auth API and returns the Cookie header for later requests. */
export async function signIn(
  app: { request: (path: string, init?: RequestInit) => Response | Promise<Response> },
  email: string,
  password = TEST_PASSWORD,
  origin = 'http://localhost:3000',
): Promise<string> {
  const res = await app.request('/api/auth/sign-in/email', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: origin },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (!cookie) throw new Error('sign-in set no cookie');
  return cookie;
}

/** Follows the newest verification link the outbox holds for this address, as the user would. */
export async function verifyByOutbox(
  app: { request: (path: string, init?: RequestInit) => Response | Promise<Response> },
  db: Db,
  email: string,
) {
  const [mail] = await db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, email), eq(emailOutbox.kind, 'verify-email')))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  if (!mail?.link) throw new Error(`no verification e-mail for ${email}`);
  const url = new URL(mail.link);
  const res = await app.request(url.pathname + url.search);
  if (res.status !== 302) throw new Error(`verification failed: ${res.status}`);
}

/** A finished generation with one stored image (drawn by the renderer), owned by `userId` or a visitor. */
export async function createGeneratedDesign(
  db: Db,
  storage: ObjectStore,
  { userId = null, style = 'elegant' }: { userId?: string | null; style?: StylePreset } = {},
) {
  const form = {
    occasion: 'Birthday',
    flavor: 'Lemon',
    size: '8 inch (8-10)',
    description: 'Lemon curd and fresh blueberries.',
    colors: 'Yellow, white',
    dietary: ['nut-free'],
  };
  const dims = { width: 1024, height: 1024 };
  const imageKey = await storeGeneratedImage({
    store: storage,
    bucket: 'designs',
    bytes: renderCakePng({ ...form, dietary: 'nut-free', style }, { width: 256, height: 256 }),
    prefix: 'test',
    contentType: 'image/png',
  });
  const generationId = unique('gen');
  await db.insert(designGenerations).values({
    id: generationId,
    userId,
    variations: 1,
    form,
    status: 'succeeded',
    progress: 100,
    quotaKey: userId ? `user:${userId}` : 'ip:127.0.0.1',
    quotaDay: '2026-01-01',
    finishedAt: new Date(),
  });
  const [image] = await db
    .insert(designImages)
    .values({
      id: unique('img'),
      generationId,
      position: 0,
      style,
      status: 'succeeded',
      imageKey,
      ...dims,
      provider: 'procedural',
      model: 'frosted-procedural-1',
      size: '1024x1024',
      prompt: 'A concept photo of a custom cake.',
    })
    .returning();
  return { generationId, image: image! };
}

/**
 * An order paid with the sandbox's 4242 card through the checkout services and walked by its vendor
 * to Delivered: how most claim and money tests begin. Its delivery window must be open at `now` (an
 * event today or tomorrow, decision 014). The actors are the order's customer and the vendor's owner.
 */
export const payAndDeliver = (input: Omit<Parameters<typeof payOrder>[0], 'vendorActions'>) =>
  payOrder({ ...input, vendorActions: ['confirm', 'start', 'markReady', 'deliver'] });

// Analytics tests (tests/integration/vendor-analytics.test.ts): quotes, ledger money and blackout days.
import {
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  quoteRequests,
  quotes,
  vendorBlackoutDates,
} from '../../src/server/db/schema/index.ts';

/**
 * A quote request from `customerId` to one vendor, with that vendor's quote as the test wants it:
 * its status, when it was received, when first answered (null: never) and the order it became.
 */
export async function createQuoteFor(
  db: Db,
  {
    vendorId,
    customerId,
    createdAt,
    firstResponseAt = null,
    status = firstResponseAt ? 'quoted' : 'requested',
    orderId = null,
  }: {
    vendorId: string;
    customerId: string;
    createdAt: Date;
    firstResponseAt?: Date | null;
    status?: (typeof quotes.$inferInsert)['status'];
    orderId?: string | null;
  },
) {
  const requestId = unique('qr');
  await db.insert(quoteRequests).values({
    id: requestId,
    customerId,
    eventDate: '2027-06-01',
    brief: {
      kind: 'cake',
      occasion: 'Birthday',
      flavor: 'Vanilla',
      size: '8 inch (8-10)',
      servings: 10,
      fulfillment: 'pickup',
      eventDate: '2027-06-01',
      eventTime: '12:00',
      dietary: [],
    },
    createdAt,
  });
  const [quote] = await db
    .insert(quotes)
    .values({
      id: unique('q'),
      requestId,
      vendorId,
      status,
      firstResponseAt,
      orderId,
      revision: firstResponseAt ? 1 : 0,
      createdAt,
    })
    .returning();
  return quote!;
}

/**
 * An order's money through the ledger at a chosen instant (`at`), as the payment and settlement
 * services post it: the payment held, then settled by `split` (release, cancellation or claim). The
 * ledger's services stamp the database's clock; tests of months and ranges need the past.
 */
export async function postOrderMoneyAt(
  db: Db,
  {
    orderId,
    vendorId,
    heldCents,
    kind,
    split,
    paidAt,
    settledAt,
  }: {
    orderId: string;
    vendorId: string;
    heldCents: number;
    kind: 'release' | 'cancellation' | 'claim_resolution';
    split: { refundCents: number; vendorCents: number; platformCents: number };
    paidAt: Date;
    settledAt: Date;
  },
) {
  const held = `order_held:${orderId}`;
  const payable = `vendor_payable:${vendorId}`;
  await db.transaction(async (tx) => {
    await tx
      .insert(ledgerAccounts)
      .values([
        { id: 'processor_cash', kind: 'processor_cash' },
        { id: 'platform_revenue', kind: 'platform_revenue' },
        { id: 'refunds_payable', kind: 'refunds_payable' },
        { id: held, kind: 'order_held', orderId },
        { id: payable, kind: 'vendor_payable', vendorId },
      ])
      .onConflictDoNothing();
    const postAt = async (txKind: 'payment' | typeof kind, createdAt: Date, lines: [string, number][]) => {
      const id = unique('lt');
      await tx.insert(ledgerTransactions).values({
        id,
        kind: txKind,
        idempotencyKey: `${txKind}:${orderId}:${id}`,
        orderId,
        vendorId,
        createdAt,
      });
      await tx.insert(ledgerEntries).values(
        lines
          .filter(([, amount]) => amount !== 0)
          .map(([accountId, amount]) => ({
            id: unique('le'),
            transactionId: id,
            accountId,
            amount,
            createdAt,
          })),
      );
    };
    await postAt('payment', paidAt, [
      ['processor_cash', heldCents],
      [held, -heldCents],
    ]);
    await postAt(kind, settledAt, [
      [held, heldCents],
      ['refunds_payable', -split.refundCents],
      [payable, -split.vendorCents],
      ['platform_revenue', -split.platformCents],
    ]);
  });
}

/** A day the vendor takes no orders (Vancouver day, 'YYYY-MM-DD'). */
export async function createBlackoutDate(db: Db, vendorId: string, day: string) {
  await db.insert(vendorBlackoutDates).values({ vendorId, day });
}

/**
 * An order paid with the sandbox's 4242 card through the checkout services, then moved by its vendor
 * through `vendorActions` (none: it stays Paid). Design-proof tests begin here.
 */
export async function payOrder({
  db,
  processor,
  log,
  orderId,
  customer,
  vendorOwner,
  vendorActions = [],
  now,
}: {
  db: Db;
  processor: PaymentProcessor;
  log: Logger;
  orderId: string;
  customer: { id: string; email: string };
  vendorOwner: { id: string; email: string };
  vendorActions?: string[];
  now: Date;
}) {
  const asCustomer: Actor = {
    id: customer.id,
    email: customer.email,
    name: 'C',
    userType: 'customer',
    role: 'user',
  };
  const asVendor: Actor = {
    id: vendorOwner.id,
    email: vendorOwner.email,
    name: 'V',
    userType: 'vendor',
    role: 'user',
  };
  if (!processor.cardForm) throw new Error('payOrder pays with the sandbox');
  const { paymentId } = await startCheckout({ db, processor, actor: asCustomer, orderId, now, log });
  await confirmSandboxPayment({
    db,
    processor,
    actor: asCustomer,
    paymentId,
    cardNumber: '4242424242424242',
    now,
    log,
  });
  for (const action of vendorActions)
    await transitionOrder(db, { orderId, action, by: { kind: 'user', actor: asVendor }, now });
  return { asCustomer, asVendor };
}
