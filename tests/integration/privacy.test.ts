import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountClosures,
  cakeDesigns,
  claims,
  conversations,
  disputeOrders,
  disputes,
  emailOutbox,
  ledgerEntries,
  jobs,
  ledgerTransactions,
  messageImages,
  messages,
  orderEvents,
  orderProofs,
  orders,
  sessions,
  users,
  vendors,
} from '../../src/server/db/schema/index.ts';
import { scheduleHousekeeping } from '../../src/server/lifecycle/index.ts';
import { runDueJobs } from '../../src/server/modules/jobs/index.ts';
import { payOutAvailable } from '../../src/server/modules/ledger/index.ts';
import { purgeExpiredRecords, runInactivityRound } from '../../src/server/modules/privacy/index.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { manualClock } from '../support/clock.ts';
import {
  createDesign,
  createGeneratedDesign,
  createOrder,
  createReleasedOrder,
  createUser,
  createVendor,
  signIn,
  TEST_PASSWORD,
} from '../support/factories.ts';
import { fileUrl } from '../../src/server/modules/storage/index.ts';
import { TEST_SIN } from '../support/tax-information.ts';

const DAY = 24 * 60 * 60 * 1000;
const clock = manualClock('2027-03-01T18:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ authRateLimitMax: 1000 }, { clock });
});
afterAll(() => t.close());

const db = () => t.database.db;
const call = (method: string, path: string, cookie?: string, body?: unknown) =>
  t.app.request(path, {
    method,
    headers: {
      Origin: 'http://localhost:3000',
      ...(cookie && { Cookie: cookie }),
      ...(body !== undefined && { 'Content-Type': 'application/json' }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });

async function thread(
  customerId: string,
  vendorId: string,
  senderId: string,
  body: string,
  orderId?: string,
) {
  const [c] = await db()
    .insert(conversations)
    .values({ id: crypto.randomUUID(), customerId, vendorId })
    .onConflictDoUpdate({
      target: [conversations.customerId, conversations.vendorId],
      set: { lastMessageAt: new Date() },
    })
    .returning();
  await db()
    .insert(messages)
    .values({ id: crypto.randomUUID(), conversationId: c!.id, senderId, body, orderId });
  return c!;
}

describe('signing up asks for the age', () => {
  const signUp = (body: Record<string, unknown>) =>
    call('POST', '/api/auth/sign-up/email', undefined, {
      email: `age-${crypto.randomUUID()}@example.test`,
      password: 'a-long-password',
      name: 'Ada Baker',
      ...body,
    });

  it('is refused without the age confirmation, at its field', async () => {
    const res = await signUp({});
    expect(res.status).toBe(400);
    const body = (await res.json()) as { fields?: Record<string, string> };
    expect(body.fields?.ageConfirmed).toBe('Please confirm you are 18 or older.');
  });

  it('stores the time it was confirmed', async () => {
    const email = `age-ok-${crypto.randomUUID()}@example.test`;
    const res = await signUp({ email, ageConfirmed: true });
    expect(res.status).toBe(200);
    const [user] = await db().select().from(users).where(eq(users.email, email));
    expect(user?.ageConfirmedAt?.toISOString()).toBe(clock.now().toISOString());
  });

  it('an account without it (a first Google sign-in) confirms before using the app', async () => {
    const user = await createUser(db(), { ageConfirmedAt: null });
    const cookie = await signIn(t.app, user.email);
    const refused = await call('GET', '/api/me/favorites/vendors', cookie);
    expect(refused.status).toBe(403);
    expect((await call('POST', '/api/me/privacy/age', cookie, {})).status).toBe(400);
    expect((await call('POST', '/api/me/privacy/age', cookie, { confirmAge: true })).status).toBe(200);
    expect((await call('GET', '/api/me/favorites/vendors', cookie)).status).toBe(200);
  });
});

describe('download my data', () => {
  it('holds my orders, messages and designs, and nothing of another user', async () => {
    const vendor = await createVendor(db(), { businessName: 'Crumb & Co' });
    const me = await createUser(db(), {
      name: 'Mina Export',
      email: `mina-${crypto.randomUUID()}@example.test`,
    });
    const other = await createUser(db(), {
      name: 'Otto Elsewhere',
      email: `otto-secret-${crypto.randomUUID()}@example.test`,
      phone: '604-555-0177',
    });
    const order = await createOrder(db(), {
      customerId: me.id,
      vendorId: vendor.id,
      deliveryAddress: '1 Mina St',
    });
    await createOrder(db(), { customerId: other.id, vendorId: vendor.id, deliveryAddress: '9 Otto Road' });
    await thread(me.id, vendor.id, me.id, 'Mina asks about lemon curd');
    await thread(other.id, vendor.id, other.id, 'Otto private note about pistachio');
    await createDesign(db(), me.id, { description: 'Mina design with violets' });
    await createDesign(db(), other.id, { description: 'Otto design with dragons' });

    const cookie = await signIn(t.app, me.email);
    const res = await call('GET', '/api/me/privacy/export', cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Disposition')).toMatch(/^attachment; filename="frosted-data-.+\.json"$/);
    const text = await res.text();
    const data = JSON.parse(text) as {
      profile: { email: string };
      orders: { asCustomer: { id: string; vendor: string }[] };
      signInSessions: Record<string, unknown>[];
    };
    expect(data.profile.email).toBe(me.email);
    expect(data.orders.asCustomer.map((o) => o.id)).toEqual([order.id]);
    expect(data.orders.asCustomer[0]?.vendor).toBe('Crumb & Co');
    expect(text).toContain('Mina asks about lemon curd');
    expect(text).toContain('Mina design with violets');
    expect(data.signInSessions.length).toBeGreaterThan(0);
    expect(JSON.stringify(data.signInSessions)).not.toMatch(/token/i);
    for (const theirs of [
      other.email,
      other.id,
      'Otto',
      '604-555-0177',
      '9 Otto Road',
      'pistachio',
      'dragons',
    ])
      expect(text).not.toContain(theirs);
  });
});

describe("a vendor's download", () => {
  it('holds their tax information as they see it (identifiers masked) and their fee invoices', async () => {
    const owner = await createUser(db(), { userType: 'vendor' });
    await createVendor(db(), { userId: owner.id, businessName: 'Masked Bakes' });
    const res = await call('GET', '/api/me/privacy/export', await signIn(t.app, owner.email));
    expect(res.status).toBe(200);
    const text = await res.text();
    const data = JSON.parse(text) as {
      taxInformation: { complete: boolean; information: { legalName: string; tinMasked: string } };
      vendor: { feeInvoices: unknown[] };
    };
    expect(data.taxInformation.complete).toBe(true);
    expect(data.taxInformation.information.legalName).toBe('Test Seller');
    expect(data.taxInformation.information.tinMasked).toMatch(/286$/);
    expect(text).not.toContain(TEST_SIN);
    expect(text).not.toContain('Sealed');
    expect(data.vendor.feeInvoices).toEqual([]);
  });
});

describe('close my account', () => {
  it('signs out everywhere, anonymises and keeps the ledger', async () => {
    const vendor = await createVendor(db());
    const me = await createUser(db(), { name: 'Cleo Closer', phone: '604-555-0100' });
    const order = await createReleasedOrder(db(), { customerId: me.id, vendorId: vendor.id, amount: 20_000 });
    await createDesign(db(), me.id);
    await thread(me.id, vendor.id, me.id, 'Loose message from Cleo');
    const cookie = await signIn(t.app, me.email);
    const second = await signIn(t.app, me.email);
    const postingsBefore = await db()
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.orderId, order.id));
    expect(postingsBefore.length).toBeGreaterThan(0);

    expect((await call('POST', '/api/me/privacy/close', cookie, { password: 'wrong-password' })).status).toBe(
      400,
    );
    const res = await call('POST', '/api/me/privacy/close', cookie, { password: TEST_PASSWORD });
    expect(res.status).toBe(200);

    for (const c of [cookie, second])
      expect((await call('GET', '/api/me/privacy/export', c)).status).toBe(401);
    expect(await db().select().from(sessions).where(eq(sessions.userId, me.id))).toEqual([]);
    const [row] = await db().select().from(users).where(eq(users.id, me.id));
    expect(row).toMatchObject({
      name: 'Closed account',
      email: `closed-${me.id}@closed.invalid`,
      phone: null,
    });
    expect(row?.closedAt).not.toBeNull();
    expect(await db().select().from(cakeDesigns).where(eq(cakeDesigns.customerId, me.id))).toEqual([]);
    const mine = await db().select().from(messages).where(eq(messages.senderId, me.id));
    expect(mine.map((m) => m.body)).toEqual(['']);
    const postingsAfter = await db()
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.orderId, order.id));
    expect(postingsAfter).toHaveLength(postingsBefore.length);
    // The old address can sign up again.
    const again = await call('POST', '/api/auth/sign-up/email', undefined, {
      email: me.email,
      password: 'a-long-password',
      name: 'Cleo Again',
      ageConfirmed: true,
    });
    expect(again.status).toBe(200);
    expect(await db().select({ id: users.id }).from(users).where(eq(users.email, me.email))).toHaveLength(1);
  });

  it('removes the pictures of what it deletes once closed, and keeps those an order or a friend shows', async () => {
    const store = t.services.storage;
    const vendor = await createVendor(db());
    const me = await createUser(db());
    const loose = await createGeneratedDesign(db(), store, { userId: me.id });
    const agreed = await createGeneratedDesign(db(), store, { userId: me.id });
    // Shared: a friend ordered one of my designs, another saved one to their list.
    const friend = await createUser(db());
    const orderedByFriend = await createGeneratedDesign(db(), store, { userId: me.id });
    const savedByFriend = await createGeneratedDesign(db(), store, { userId: me.id });
    await createReleasedOrder(db(), {
      customerId: friend.id,
      vendorId: vendor.id,
      amount: 7_000,
      designSnapshot: {
        occasion: 'Birthday',
        flavor: 'Lemon',
        size: '8 inch (8-10)',
        description: null,
        imageUrl: fileUrl('designs', orderedByFriend.image.imageKey!),
      },
    });
    await createDesign(db(), friend.id, { imageUrl: fileUrl('designs', savedByFriend.image.imageKey!) });
    // My own saved copy of the loose one goes with my account: it keeps nothing.
    await createDesign(db(), me.id, { imageUrl: fileUrl('designs', loose.image.imageKey!) });
    await createReleasedOrder(db(), {
      customerId: me.id,
      vendorId: vendor.id,
      amount: 8_000,
      designSnapshot: {
        occasion: 'Birthday',
        flavor: 'Lemon',
        size: '8 inch (8-10)',
        description: null,
        imageUrl: fileUrl('designs', agreed.image.imageKey!),
      },
    });
    const conversation = await thread(me.id, vendor.id, me.id, 'A picture of the party room');
    const [message] = await db().select().from(messages).where(eq(messages.conversationId, conversation.id));
    const pictureKey = `test/${crypto.randomUUID()}.webp`;
    const thumbKey = `test/${crypto.randomUUID()}-thumb.webp`;
    for (const key of [pictureKey, thumbKey])
      await store.put('messages', key, new Uint8Array([1, 2, 3]), 'image/webp');
    await db().insert(messageImages).values({
      messageId: message!.id,
      position: 0,
      imageKey: pictureKey,
      thumbKey,
      width: 10,
      height: 10,
    });

    const cookie = await signIn(t.app, me.email);
    expect((await call('POST', '/api/me/privacy/close', cookie, { password: TEST_PASSWORD })).status).toBe(
      200,
    );
    // Queued with the closing, removed by the job queue after it committed.
    expect(await store.get('designs', loose.image.imageKey!)).not.toBeNull();
    await runDueJobs({ db: db(), now: clock.now(), handlers: t.services.jobHandlers, log: t.services.log });
    expect(await store.get('designs', loose.image.imageKey!)).toBeNull();
    expect(await store.get('messages', pictureKey)).toBeNull();
    expect(await store.get('messages', thumbKey)).toBeNull();
    // The order's record keeps the design it was agreed on, and the friend's order and list theirs.
    expect(await store.get('designs', agreed.image.imageKey!)).not.toBeNull();
    expect(await store.get('designs', orderedByFriend.image.imageKey!)).not.toBeNull();
    expect(await store.get('designs', savedByFriend.image.imageKey!)).not.toBeNull();
  });

  it('closes once when asked twice at the same time', async () => {
    const me = await createUser(db());
    const cookie = await signIn(t.app, me.email);
    const answers = await Promise.all(
      [0, 1, 2].map(() => call('POST', '/api/me/privacy/close', cookie, { password: TEST_PASSWORD })),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.every((s) => s === 200 || s === 401)).toBe(true);
    expect(await db().select().from(accountClosures).where(eq(accountClosures.userId, me.id))).toHaveLength(
      1,
    );
  });

  it('refuses a vendor with an open order, saying why', async () => {
    const owner = await createUser(db(), { userType: 'vendor' });
    const vendor = await createVendor(db(), { userId: owner.id });
    const customer = await createUser(db());
    await createOrder(db(), { customerId: customer.id, vendorId: vendor.id, status: 'confirmed' });
    const cookie = await signIn(t.app, owner.email);
    const res = await call('POST', '/api/me/privacy/close', cookie, { password: TEST_PASSWORD });
    expect(res.status).toBe(409);
    const { error } = (await res.json()) as { error: { message: string } };
    expect(error.message).toContain('1 order from customers that is not completed or cancelled yet');
    const [still] = await db().select().from(users).where(eq(users.id, owner.id));
    expect(still?.closedAt).toBeNull();
    expect((await call('GET', '/api/me/privacy/export', cookie)).status).toBe(200);
  });

  it('takes a closed vendor out of public view', async () => {
    const owner = await createUser(db(), { userType: 'vendor' });
    const vendor = await createVendor(db(), {
      userId: owner.id,
      businessName: `Gone Bakery ${crypto.randomUUID()}`,
    });
    expect((await call('GET', `/api/vendors/${vendor.id}`)).status).toBe(200);
    const cookie = await signIn(t.app, owner.email);
    expect((await call('POST', '/api/me/privacy/close', cookie, { password: TEST_PASSWORD })).status).toBe(
      200,
    );
    expect((await call('GET', `/api/vendors/${vendor.id}`)).status).toBe(404);
    const [row] = await db().select().from(vendors).where(eq(vendors.id, vendor.id));
    expect(row?.status).toBe('closed');
  });
});

describe('inactive accounts', () => {
  it('e-mails a notice once 30 days before 2 years, then closes the account', async () => {
    const start = clock.now();
    const user = await createUser(db(), { lastActiveAt: start });
    const round = () =>
      runInactivityRound(db(), { now: clock.now(), log: t.services.log, publicUrl: 'http://localhost:3000' });
    const notices = () => db().select().from(emailOutbox).where(eq(emailOutbox.userId, user.id));

    clock.set(new Date(start.getTime() + (730 - 31) * DAY));
    await round();
    expect(await notices()).toHaveLength(0);

    clock.set(new Date(start.getTime() + (730 - 29) * DAY));
    await round();
    await round();
    const sent = await notices();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.subject).toBe('Sign in to keep your Frosted account');

    clock.set(new Date(start.getTime() + 731 * DAY));
    await round();
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(row?.closedAt).not.toBeNull();
    const [closure] = await db().select().from(accountClosures).where(eq(accountClosures.userId, user.id));
    expect(closure?.reason).toBe('inactive');
    clock.set(start);
  });
});

describe('the daily round', () => {
  it('housekeeping sets the privacy round going on the job queue, which runs it', async () => {
    const now = clock.now();
    await scheduleHousekeeping(db(), now);
    await runDueJobs({ db: db(), now, handlers: t.services.jobHandlers, log: t.services.log });
    const rounds = await db().select().from(jobs).where(eq(jobs.kind, 'privacy.round'));
    expect(rounds.map((j) => j.status)).toEqual(['done']);
  });
});

describe('the purge 7 years after closing', () => {
  it("removes the orders' pictures and those of the users' messages, and keeps a design another order shows", async () => {
    const start = clock.now();
    const store = t.services.storage;
    const owner = await createUser(db(), { userType: 'vendor' });
    const vendor = await createVendor(db(), { userId: owner.id });
    const customer = await createUser(db());
    const design = (url: string) => ({
      occasion: 'Birthday',
      flavor: 'Lemon',
      size: '8 inch (8-10)',
      description: null,
      imageUrl: url,
    });
    const only = await createGeneratedDesign(db(), store, { userId: customer.id });
    const shared = await createGeneratedDesign(db(), store, { userId: customer.id });
    const order = await createReleasedOrder(db(), {
      customerId: customer.id,
      vendorId: vendor.id,
      amount: 12_000,
      designSnapshot: design(fileUrl('designs', only.image.imageKey!)),
    });
    const second = await createReleasedOrder(db(), {
      customerId: customer.id,
      vendorId: vendor.id,
      amount: 6_000,
      designSnapshot: design(fileUrl('designs', shared.image.imageKey!)),
    });
    // A friend ordered the shared design elsewhere: their order, which stays, shows its picture.
    const friend = await createUser(db());
    await createReleasedOrder(db(), {
      customerId: friend.id,
      vendorId: (await createVendor(db())).id,
      amount: 6_000,
      designSnapshot: design(fileUrl('designs', shared.image.imageKey!)),
    });
    const stored = async (bucket: 'deliveries' | 'claims' | 'messages', n: number) => {
      const pictures = [];
      for (let i = 0; i < n; i++) {
        const picture = {
          imageKey: `test/${crypto.randomUUID()}.webp`,
          thumbKey: `test/${crypto.randomUUID()}-t.webp`,
        };
        for (const key of [picture.imageKey, picture.thumbKey])
          await store.put(bucket, key, new Uint8Array([1, 2, 3]), 'image/webp');
        pictures.push({ ...picture, width: 10, height: 10 });
      }
      return pictures;
    };
    const [delivery] = await stored('deliveries', 1);
    await db().insert(orderEvents).values({
      id: crypto.randomUUID(),
      orderId: order.id,
      seq: 50,
      action: 'deliver',
      fromStatus: 'ready',
      toStatus: 'delivered',
      party: 'vendor',
      photoKey: delivery!.imageKey,
      photoThumbKey: delivery!.thumbKey,
      photoWidth: 10,
      photoHeight: 10,
    });
    const [proof, answer] = await stored('deliveries', 2);
    await db()
      .insert(orderProofs)
      .values({
        id: crypto.randomUUID(),
        orderId: order.id,
        round: 1,
        images: [proof!],
        status: 'changes_requested',
        responseImages: [answer!],
      });
    const claimPhotos = await stored('claims', 2);
    await db().insert(claims).values({
      id: crypto.randomUUID(),
      orderId: second.id,
      description: 'The roses were wilted.',
      photos: claimPhotos,
      status: 'resolved',
    });
    const conversation = await thread(
      customer.id,
      vendor.id,
      customer.id,
      'The cake as it arrived',
      order.id,
    );
    const [message] = await db().select().from(messages).where(eq(messages.conversationId, conversation.id));
    const [messagePicture] = await stored('messages', 1);
    await db()
      .insert(messageImages)
      .values({ messageId: message!.id, position: 0, ...messagePicture! });
    expect((await payOutAvailable(db(), { vendorId: vendor.id, key: `payout:test:${vendor.id}` })).ok).toBe(
      true,
    );

    for (const u of [customer, owner]) {
      const cookie = await signIn(t.app, u.email);
      expect((await call('POST', '/api/me/privacy/close', cookie, { password: TEST_PASSWORD })).status).toBe(
        200,
      );
    }
    const jobsRun = () =>
      runDueJobs({ db: db(), now: clock.now(), handlers: t.services.jobHandlers, log: t.services.log });
    await jobsRun();
    // Kept with the orders' records while they are kept.
    const all = [
      ...[delivery!, proof!, answer!].map((p) => ['deliveries', p] as const),
      ...claimPhotos.map((p) => ['claims', p] as const),
      ['messages', messagePicture!] as const,
    ];
    const present = async () => {
      const left = [];
      for (const [bucket, p] of all)
        for (const key of [p.imageKey, p.thumbKey]) if (await store.get(bucket, key)) left.push(key);
      if (await store.get('designs', only.image.imageKey!)) left.push('only design');
      if (await store.get('designs', shared.image.imageKey!)) left.push('shared design');
      return left;
    };
    expect(await present()).toHaveLength(all.length * 2 + 2);

    clock.set(new Date(start.getTime() + (7 * 365 + 3) * DAY));
    await purgeExpiredRecords(db(), { now: clock.now(), log: t.services.log });
    expect(
      await db()
        .select()
        .from(orders)
        .where(inArray(orders.id, [order.id, second.id])),
    ).toEqual([]);
    // Removed by the job queue once the purge committed; the friend's order keeps its picture.
    expect(await present()).toHaveLength(all.length * 2 + 2);
    await jobsRun();
    expect(await present()).toEqual(['shared design']);
    expect(await db().select().from(messageImages).where(eq(messageImages.messageId, message!.id))).toEqual(
      [],
    );
    clock.set(start);
  });

  it('removes the orders and their ledger transactions once both parties are closed; the ledger still balances', async () => {
    const start = clock.now();
    const owner = await createUser(db(), { userType: 'vendor' });
    const vendor = await createVendor(db(), { userId: owner.id });
    const customer = await createUser(db());
    const order = await createReleasedOrder(db(), {
      customerId: customer.id,
      vendorId: vendor.id,
      amount: 15_000,
    });
    const paid = await payOutAvailable(db(), { vendorId: vendor.id, key: `payout:test:${vendor.id}` });
    expect(paid.ok).toBe(true);
    // A dispute the customer's bank once opened on it (won): its record goes with the order.
    const [dispute] = await db()
      .insert(disputes)
      .values({
        id: crypto.randomUUID(),
        provider: 'sandbox',
        providerRef: `dp_purge_${order.id}`,
        amount: 15_000,
        currency: 'cad',
        reason: 'fraudulent',
        status: 'won',
        stateAt: start,
        closedAt: start,
      })
      .returning({ id: disputes.id });
    await db()
      .insert(disputeOrders)
      .values({ disputeId: dispute!.id, orderId: order.id, vendorId: vendor.id, amount: 15_000 });
    // Another customer's order with a vendor who stays: kept, whatever happens to the customer.
    const staying = await createVendor(db());
    const kept = await createReleasedOrder(db(), {
      customerId: customer.id,
      vendorId: staying.id,
      amount: 9_000,
    });

    for (const u of [customer, owner]) {
      const cookie = await signIn(t.app, u.email);
      expect((await call('POST', '/api/me/privacy/close', cookie, { password: TEST_PASSWORD })).status).toBe(
        200,
      );
    }
    const purge = () => purgeExpiredRecords(db(), { now: clock.now(), log: t.services.log });

    clock.set(new Date(start.getTime() + 6 * 365 * DAY));
    await purge();
    expect(await db().select().from(orders).where(eq(orders.id, order.id))).toHaveLength(1);

    clock.set(new Date(start.getTime() + (7 * 365 + 3) * DAY));
    await purge();
    expect(await db().select().from(orders).where(eq(orders.id, order.id))).toEqual([]);
    expect(await db().select().from(disputes).where(eq(disputes.id, dispute!.id))).toEqual([]);
    expect(
      await db().select().from(ledgerTransactions).where(eq(ledgerTransactions.orderId, order.id)),
    ).toEqual([]);
    expect(
      await db().select().from(ledgerTransactions).where(eq(ledgerTransactions.vendorId, vendor.id)),
    ).toEqual([]);
    expect(
      await db()
        .select()
        .from(orders)
        .where(inArray(orders.id, [kept.id])),
    ).toHaveLength(1);
    const [total] = await db()
      .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
      .from(ledgerEntries);
    expect(Number(total?.sum)).toBe(0);
    const [closure] = await db().select().from(accountClosures).where(eq(accountClosures.userId, owner.id));
    expect(closure?.purgedAt).not.toBeNull();
    const [customerClosure] = await db()
      .select()
      .from(accountClosures)
      .where(eq(accountClosures.userId, customer.id));
    expect(customerClosure?.purgedAt).toBeNull();
    clock.set(start);
  });
});
