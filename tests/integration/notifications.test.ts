import { NO_TAX } from '../../src/shared/tax.ts';
import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, emailPreferences, jobs, orders, userEvents } from '../../src/server/db/schema/index.ts';
import type { Actor } from '../../src/server/actor.ts';
import { decideApplication } from '../../src/server/modules/admin/application-service.ts';
import { jobHandlers } from '../../src/server/lifecycle/index.ts';
import { runDueJobs } from '../../src/server/modules/jobs/jobs.ts';
import { openConversation, sendMessage } from '../../src/server/modules/messages/service.ts';
import { notificationsById, unreadCounts } from '../../src/server/modules/notifications/service.ts';
import {
  INLINE_EMAIL_RECIPIENTS,
  publish,
  PUBLICATION_EMAILS_JOB,
} from '../../src/server/modules/notifications/publish.ts';
import { transitionOrder } from '../../src/server/modules/orders/transitions.ts';
import { openClaim, resolveClaim, respondToClaim } from '../../src/server/modules/payments/claims.ts';
import { requestPayout } from '../../src/server/modules/payments/payouts.ts';
import { startCheckout } from '../../src/server/modules/payments/checkout.ts';
import { sendPendingRefunds } from '../../src/server/modules/payments/refunds.ts';
import { confirmSandboxPayment } from '../../src/server/modules/payments/sandbox-checkout.ts';
import {
  acceptQuote,
  answerQuote,
  askForChange,
  createQuoteRequest,
  declineQuote,
} from '../../src/server/modules/quotes/index.ts';
import { MASK } from '../../src/shared/contact-masking.ts';
import type { Notification, NotificationList, UnreadCounts } from '../../src/shared/schemas/notifications.ts';
import { addHours } from '../../src/shared/time.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { manualClock } from '../support/clock.ts';
import { createUser, createVendor, quoteAnswerFor, quoteBriefFor, signIn } from '../support/factories.ts';

/**
 * Every service step that a user should hear about stores one notification for each person it
 * concerns, in the step's transaction, and none for whoever made the change.
 */
type Vendor = Awaited<ReturnType<typeof createVendor>>;
const clock = manualClock('2026-12-01T17:00:00Z');
let t: TestApp;

type Person = { actor: Actor; cookie: string };
const people = {} as Record<'customer' | 'other' | 'admin' | 'v1' | 'v2' | 'v3', Person>;
const vendorIds = { v1: '', v2: '', v3: '' };

const asActor = (u: { id: string; email: string }, userType: Actor['userType'], role = 'user'): Actor => ({
  id: u.id,
  email: u.email,
  name: 'Test',
  userType,
  role,
});

beforeAll(async () => {
  t = await createTestApp({ authRateLimitMax: 1000 }, { clock });
  const db = t.database.db;
  const customer = await createUser(db, { firstName: 'Maya', lastName: 'Lee' });
  const other = await createUser(db);
  const admin = await createUser(db, { role: 'admin' });
  people.customer = { actor: asActor(customer, 'customer'), cookie: await signIn(t.app, customer.email) };
  people.other = { actor: asActor(other, 'customer'), cookie: await signIn(t.app, other.email) };
  people.admin = { actor: asActor(admin, 'customer', 'admin'), cookie: await signIn(t.app, admin.email) };
  for (const key of ['v1', 'v2', 'v3'] as const) {
    const owner = await createUser(db, { userType: 'vendor' });
    const vendor = await createVendor(db, { userId: owner.id, businessName: `Shop ${key}` });
    vendorIds[key] = vendor.id;
    people[key] = { actor: asActor(owner, 'vendor'), cookie: await signIn(t.app, owner.email) };
  }
});
afterAll(() => t.close());

/** The notifications a step stored: [recipient, type] pairs, sorted, with their refs. */
async function during(step: () => Promise<unknown>) {
  const [last] = await t.database.db
    .select({ id: userEvents.id })
    .from(userEvents)
    .orderBy(desc(userEvents.id))
    .limit(1);
  await step();
  const rows = await t.database.db
    .select()
    .from(userEvents)
    .where(gt(userEvents.id, last?.id ?? 0n))
    .orderBy(userEvents.id);
  const nameOf = (id: string) => Object.entries(people).find(([, p]) => p.actor.id === id)?.[0] ?? id;
  return {
    told: rows.map((r) => `${nameOf(r.userId)} ${r.type}`).sort(),
    rows,
  };
}

const api = async <T>(who: keyof typeof people, path: string, init: RequestInit = {}) => {
  const res = await t.app.request(path, {
    ...init,
    headers: {
      Cookie: people[who].cookie,
      Origin: 'http://localhost:3000',
      ...(init.body !== undefined && { 'Content-Type': 'application/json' }),
    },
  });
  return { status: res.status, body: (await res.json()) as T };
};
const list = (who: keyof typeof people, query = '') =>
  api<NotificationList>(who, `/api/me/notifications${query}`);

const brief = () => quoteBriefFor(clock.now());
const answer = (priceCents?: number) => quoteAnswerFor(clock.now(), priceCents);

describe('notifications from each step, to the right people and never the actor', () => {
  let conversationId = '';
  let orderId = '';
  let claimId = '';

  it('a message tells the other side only, its preview masked before payment', async () => {
    const db = t.database.db;
    conversationId = await openConversation(db, {
      customerId: people.customer.actor.id,
      vendorId: vendorIds.v1,
    });
    const sent = await during(() =>
      sendMessage({
        db,
        actor: people.customer.actor,
        id: conversationId,
        input: { body: 'Hi! Call me at 604-555-0142 about the cake.' },
      }),
    );
    expect(sent.told).toEqual(['v1 message.received']);
    const replied = await during(() =>
      sendMessage({ db, actor: people.v1.actor, id: conversationId, input: { body: 'Happy to help.' } }),
    );
    expect(replied.told).toEqual(['customer message.received']);

    const { body } = await list('v1');
    const n = body.notifications.find((x) => x.type === 'message.received')!;
    expect(n).toMatchObject({
      title: 'New message from Maya L.',
      link: `/messages?c=${conversationId}`,
      refs: { conversationId, messageId: sent.rows[0]!.refs.messageId },
      read: false,
    });
    expect(n.body).toContain(MASK);
    expect(n.body).not.toContain('555');
  });

  it('quotes: requested, answered, declined, change asked, accepted and the rest closed, expired', async () => {
    const db = t.database.db;
    const customer = people.customer.actor;
    let quoteIds: string[] = [];
    let requestId = '';
    const requested = await during(async () => {
      ({ requestId, quoteIds } = await createQuoteRequest({
        db,
        actor: customer,
        input: { vendorIds: [vendorIds.v1, vendorIds.v2, vendorIds.v3], brief: brief() },
        now: clock.now(),
      }));
    });
    expect(requested.told).toEqual(['v1 quote.requested', 'v2 quote.requested', 'v3 quote.requested']);
    const [q1, q2, q3] = quoteIds as [string, string, string];

    const answered = await during(() =>
      answerQuote({ db, actor: people.v1.actor, quoteId: q1, input: answer(), now: clock.now() }),
    );
    expect(answered.told).toEqual(['customer quote.answered']);
    expect(answered.rows[0]!.refs).toMatchObject({ quoteId: q1, requestId });
    await answerQuote({ db, actor: people.v3.actor, quoteId: q3, input: answer(), now: clock.now() });

    const declined = await during(() =>
      declineQuote({ db, actor: people.v2.actor, quoteId: q2, reason: 'Fully booked', now: clock.now() }),
    );
    expect(declined.told).toEqual(['customer quote.declined']);

    const change = await during(() =>
      askForChange({ db, actor: customer, quoteId: q1, message: 'Smaller, please', now: clock.now() }),
    );
    expect(change.told).toEqual(['v1 quote.changeRequested']);
    const revised = await during(() =>
      answerQuote({ db, actor: people.v1.actor, quoteId: q1, input: answer(10_000), now: clock.now() }),
    );
    expect(revised.told).toEqual(['customer quote.answered']);

    const accepted = await during(async () => {
      ({ orderId } = await acceptQuote({
        db,
        actor: customer,
        quoteId: q1,
        revision: 2,
        now: clock.now(),
        serviceFeeRate: 0.08,
        feeTax: NO_TAX,
      }));
    });
    // v2 declined earlier: its quote is not open, so only v3 hears the request closed.
    expect(accepted.told).toEqual(['v1 quote.accepted', 'v3 quote.closed']);

    const { body } = await list('customer');
    const answeredView = body.notifications.find((n) => n.type === 'quote.answered')!;
    expect(answeredView).toMatchObject({ title: 'Shop v1 sent you a quote', link: `/quotes/${requestId}` });
    // Each tells the total it was sent with: the revision does not rewrite the first quote's notification.
    const fromV1 = body.notifications.filter((n) => n.type === 'quote.answered' && n.refs.quoteId === q1);
    expect(fromV1.map((n) => n.body?.split(' for ')[0])).toEqual(['$100.00', '$120.00']);
    const v1View = (await list('v1')).body.notifications.find((n) => n.type === 'quote.accepted')!;
    expect(v1View).toMatchObject({
      title: 'Maya L. accepted your quote',
      link: '/vendor-dashboard?tab=quotes',
    });
  });

  it('payment, each status change to the other side, a claim, the refund and the payout', async () => {
    const db = t.database.db;
    const customer = people.customer.actor;
    const common = {
      db,
      processor: t.services.payments,
      actor: customer,
      now: clock.now(),
      log: t.services.log,
    };
    const checkout = await startCheckout({ ...common, orderId });
    const paid = await during(() =>
      confirmSandboxPayment({
        ...common,
        paymentId: checkout.paymentId,
        cardNumber: '4242424242424242',
        log: t.services.log,
      }),
    );
    // Paying moves the order too; payment.captured tells of both, once each.
    expect(paid.told).toEqual(['customer payment.captured', 'v1 payment.captured']);

    // The morning of the event (4 h before it): Mark Ready and Mark Delivered are open.
    const [row] = await db
      .select({ deliveryDate: orders.deliveryDate })
      .from(orders)
      .where(eq(orders.id, orderId));
    clock.set(addHours(row!.deliveryDate!, -4));
    for (const action of ['confirm', 'start', 'markReady', 'deliver']) {
      const moved = await during(() =>
        transitionOrder(db, {
          orderId,
          action,
          by: { kind: 'user', actor: people.v1.actor },
          now: clock.now(),
        }),
      );
      expect(moved.told, action).toEqual(['customer order.statusChanged']);
    }
    const delivered = (await list('customer')).body.notifications[0]!;
    expect(delivered).toMatchObject({
      type: 'order.statusChanged',
      title: expect.stringMatching(/^Order FR-\d+ is now Delivered\.$/),
      body: 'Shop v1',
      link: `/orders/${orderId}`,
      refs: { orderId },
    });
    // The row keeps the status it reached; the DTO shows ids only.
    expect(Object.keys(delivered.refs)).toEqual(['orderId']);

    const opened = await during(async () => {
      claimId = (
        await openClaim({
          db,
          actor: customer,
          orderId,
          description: 'The top tier slid.',
          photos: [],
          now: clock.now(),
        })
      ).id;
    });
    expect(opened.told).toEqual(['v1 claim.opened']);
    const answered = await during(() =>
      respondToClaim({ db, actor: people.v1.actor, orderId, response: 'So sorry!', now: clock.now() }),
    );
    expect(answered.told).toEqual(['customer claim.answered']);
    const resolved = await during(() =>
      resolveClaim({
        db,
        actor: people.admin.actor,
        claimId,
        input: { outcome: 'partial', refundCents: 2_000, note: 'Half the top tier.' },
        now: clock.now(),
      }),
    );
    // The admin takes no part in the order: both sides hear, and the completion says nothing more.
    expect(resolved.told).toEqual(['customer claim.resolved', 'v1 claim.resolved']);
    const vendorView = (await list('v1')).body.notifications[0]!;
    expect(vendorView).toMatchObject({ type: 'claim.resolved', link: `/orders/${orderId}` });

    const refunded = await during(() =>
      sendPendingRefunds({ db, processor: t.services.payments, now: clock.now(), log: t.services.log }),
    );
    expect(refunded.told).toEqual(['customer refund.sent']);

    const paidOut = await during(() =>
      requestPayout({
        db,
        processor: t.services.payments,
        actor: people.v1.actor,
        now: clock.now(),
        log: t.services.log,
      }),
    );
    expect(paidOut.told).toEqual(['v1 payout.sent']);
    const payout = (await list('v1')).body.notifications[0]!;
    expect(payout).toMatchObject({ type: 'payout.sent', link: '/vendor-dashboard?tab=payouts' });
    expect(payout.title).toMatch(/^Payout of \$[\d,.]+ sent$/);
  });

  it('timers: an order the system cancels tells both sides; an unanswered request expiring tells the customer', async () => {
    const db = t.database.db;
    const { quoteIds } = await createQuoteRequest({
      db,
      actor: people.customer.actor,
      input: { vendorIds: [vendorIds.v3], brief: brief() },
      now: clock.now(),
    });
    await answerQuote({
      db,
      actor: people.v3.actor,
      quoteId: quoteIds[0]!,
      input: answer(),
      now: clock.now(),
    });
    const { orderId: unpaid } = await acceptQuote({
      db,
      actor: people.customer.actor,
      quoteId: quoteIds[0]!,
      revision: 1,
      now: clock.now(),
      serviceFeeRate: 0.08,
      feeTax: NO_TAX,
    });
    const expired = await during(() =>
      runDueJobs({ db, now: addHours(clock.now(), 25), handlers: jobHandlers, log: t.services.log }),
    );
    expect(expired.told.filter((x) => x.endsWith('order.statusChanged'))).toEqual([
      'customer order.statusChanged',
      'v3 order.statusChanged',
    ]);
    expect(expired.rows.find((r) => r.type === 'order.statusChanged')!.refs).toMatchObject({
      orderId: unpaid,
      status: 'cancelled',
    });

    // An unanswered request expires 72 h later: the timer tells the customer.
    const { quoteIds: late } = await createQuoteRequest({
      db,
      actor: people.customer.actor,
      input: { vendorIds: [vendorIds.v2], brief: brief() },
      now: clock.now(),
    });
    const lapsed = await during(() =>
      runDueJobs({ db, now: addHours(clock.now(), 73), handlers: jobHandlers, log: t.services.log }),
    );
    expect(lapsed.told).toEqual(['customer quote.expired']);
    expect(lapsed.rows[0]!.refs.quoteId).toBe(late[0]);
  });

  it('an application decided by an admin tells its vendor', async () => {
    const db = t.database.db;
    const applicants = [];
    for (let i = 0; i < 2; i++) {
      const owner = await createUser(db, { userType: 'vendor', password: null });
      applicants.push(await createVendor(db, { userId: owner.id, status: 'pending', verified: false }));
    }
    const [yes, no] = applicants as [Vendor, Vendor];
    const common = {
      db,
      mailer: t.services.mailer,
      actor: people.admin.actor,
      publicUrl: 'http://localhost:3000',
    };
    const approved = await during(() =>
      decideApplication({ ...common, vendorId: yes.id, decision: { approve: true } }),
    );
    expect(approved.told).toEqual([`${yes.userId} vendor.approved`]);
    const rejected = await during(() =>
      decideApplication({
        ...common,
        vendorId: no.id,
        decision: { approve: false, reason: 'No photos yet.' },
      }),
    );
    expect(rejected.told).toEqual([`${no.userId} vendor.rejected`]);
    expect(rejected.rows[0]!.refs).toEqual({ vendorId: no.id });
  });

  it('a change that fails stores and tells nothing', async () => {
    const db = t.database.db;
    const nothing = await during(() =>
      transitionOrder(db, {
        orderId,
        action: 'deliver',
        by: { kind: 'user', actor: people.v1.actor },
        now: clock.now(),
      }).catch(() => undefined),
    );
    expect(nothing.told).toEqual([]);
  });
});

describe('the notification API touches only the caller’s own', () => {
  it('lists newest first a page at a time, with the unread count and Messages count', async () => {
    const all = await list('customer', '?limit=100');
    expect(all.status).toBe(200);
    const ids = all.body.notifications.map((n) => BigInt(n.id));
    expect(ids).toEqual([...ids].sort((a, b) => (a > b ? -1 : 1)));
    expect(all.body.unread).toBe(all.body.notifications.filter((n) => !n.read).length);

    const first = await list('customer', '?limit=2');
    expect(first.body.notifications.map((n) => n.id)).toEqual(
      all.body.notifications.slice(0, 2).map((n) => n.id),
    );
    const second = await list('customer', `?limit=2&before=${first.body.nextBefore}`);
    expect(second.body.notifications.map((n) => n.id)).toEqual(
      all.body.notifications.slice(2, 4).map((n) => n.id),
    );

    const unread = await api<UnreadCounts>('customer', '/api/me/unread');
    // v1 replied last in the conversation and the customer has not read it.
    expect(unread.body).toEqual({ notifications: all.body.unread, messages: 1 });
    expect((await api<UnreadCounts>('other', '/api/me/unread')).body).toEqual({
      notifications: 0,
      messages: 0,
    });
  });

  it("marking read by id or up to an id reaches only the caller's rows", async () => {
    const mine = (await list('customer', '?limit=100')).body.notifications;
    const theirs = (await list('v1', '?limit=100')).body.notifications;
    const v1Unread = theirs.filter((n) => !n.read).length;
    expect(v1Unread).toBeGreaterThan(0);

    // The customer names the vendor's ids: nothing of the vendor's changes.
    const tried = await api<UnreadCounts>('customer', '/api/me/notifications/read', {
      method: 'POST',
      body: JSON.stringify({ ids: theirs.map((n) => n.id).slice(0, 50) }),
    });
    expect(tried.status).toBe(200);
    expect((await list('v1')).body.unread).toBe(v1Unread);
    const throughAll = await api<UnreadCounts>('customer', '/api/me/notifications/read', {
      method: 'POST',
      body: JSON.stringify({ through: '9999999999999999999' }),
    });
    expect(throughAll.body.notifications).toBe(0);
    expect((await list('v1')).body.unread).toBe(v1Unread);
    expect(mine.length).toBeGreaterThan(0);

    const oldest = theirs.at(-1)!;
    const one = await api<UnreadCounts>('v1', '/api/me/notifications/read', {
      method: 'POST',
      body: JSON.stringify({ ids: [oldest.id] }),
    });
    expect(one.body.notifications).toBe(v1Unread - 1);
    const after = (await list('v1', '?limit=100')).body.notifications;
    expect(after.find((n) => n.id === oldest.id)!.read).toBe(true);

    const everything = await api<UnreadCounts>('v1', '/api/me/notifications/read-all', { method: 'POST' });
    expect(everything.body.notifications).toBe(0);
    expect((await list('v2')).body.unread).toBeGreaterThan(0);
  });

  it('refuses bad input with 400, never 500', async () => {
    for (const body of [{}, { ids: ['x'] }, { through: '-1' }, { ids: Array(101).fill('1') }]) {
      const res = await api<unknown>('customer', '/api/me/notifications/read', {
        method: 'POST',
        body: JSON.stringify(body),
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    for (const query of ['?before=abc', '?limit=0', '?limit=101', '?before=99999999999999999999']) {
      expect((await list('customer', query)).status, query).toBe(400);
    }
    expect((await list('customer', '?before=9999999999999999999')).status).toBe(200);
  });

  it('presents every stored type with a title and a link, whatever it refers to', async () => {
    const db = t.database.db;
    const { NOTIFICATION_TYPES } = await import('../../src/shared/schemas/notifications.ts');
    const { publish } = await import('../../src/server/modules/notifications/index.ts');
    await db.transaction(async (tx) => {
      for (const type of NOTIFICATION_TYPES)
        await publish(tx, {
          type,
          userIds: [people.other.actor.id],
          refs: { orderId: 'gone', quoteId: 'gone' },
        });
    });
    const { body } = await list('other', '?limit=100');
    expect(body.notifications.map((n: Notification) => n.type).sort()).toEqual(
      [...NOTIFICATION_TYPES].sort(),
    );
    for (const n of body.notifications) {
      expect(n.title.length, n.type).toBeGreaterThan(0);
      expect(n.link, n.type).toMatch(/^\//);
    }
    await db.execute(sql`DELETE FROM user_events WHERE user_id = ${people.other.actor.id}`);
  });
});

describe('a publication to many people', () => {
  it(`e-mails up to ${INLINE_EMAIL_RECIPIENTS} from its own statement, more from one job: each recipient who wants it once`, async () => {
    const db = t.database.db;
    const many: string[] = [];
    for (let i = 0; i < INLINE_EMAIL_RECIPIENTS + 5; i++) many.push((await createUser(db)).id);
    // One of them switched order e-mails off.
    await db.insert(emailPreferences).values({ userId: many[0]!, orders: false });
    const wanted = many.slice(1);
    // These people's only e-mails (a delivery round may have written some already: any status).
    const outbox = async (userIds: string[]) =>
      (
        await db
          .select({ userId: emailOutbox.userId, payload: emailOutbox.payload })
          .from(emailOutbox)
          .where(inArray(emailOutbox.userId, userIds))
      )
        .map((e) => `${e.userId} ${(e.payload as { eventId?: string }).eventId}`)
        .sort();
    const rowsOf = (rows: { userId: string; id: bigint }[], userIds: string[]) =>
      rows.filter((r) => userIds.includes(r.userId)).map((r) => `${r.userId} ${r.id}`);
    const pendingJobs = () =>
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(jobs)
        .where(and(eq(jobs.kind, PUBLICATION_EMAILS_JOB), eq(jobs.status, 'pending')))
        .then(([row]) => row!.n);
    const publishTo = (userIds: string[]) =>
      during(() =>
        db.transaction((tx) =>
          publish(tx, {
            type: 'order.statusChanged',
            userIds: [...userIds, people.admin.actor.id],
            refs: { status: 'confirmed' },
            actorId: people.admin.actor.id,
          }),
        ),
      );

    // As many as the statement itself e-mails: queued with the notifications, no job.
    const few = many.slice(0, INLINE_EMAIL_RECIPIENTS);
    const small = await publishTo(few);
    expect(small.rows.map((r) => r.userId).sort()).toEqual([...few].sort());
    expect(await outbox(few)).toEqual(rowsOf(small.rows, wanted).sort());
    expect(await pendingJobs()).toBe(0);

    // One more than that, rolled back: nothing stored, nothing to e-mail later.
    await expect(
      db.transaction(async (tx) => {
        await publish(tx, { type: 'order.statusChanged', userIds: many, refs: {} });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await pendingJobs()).toBe(0);

    // Committed: every notification at once (never the actor's), their e-mails once the job has run.
    const before = await outbox(many);
    const large = await publishTo(many);
    expect(large.rows.map((r) => r.userId).sort()).toEqual([...many].sort());
    expect(await outbox(many)).toEqual(before);
    expect(await pendingJobs()).toBe(1);
    await runDueJobs({ db, now: clock.now(), handlers: jobHandlers, log: t.services.log });
    const added = (await outbox(many)).filter((e) => !before.includes(e));
    expect(added).toEqual(rowsOf(large.rows, wanted).sort());
    expect(await pendingJobs()).toBe(0);
  });
});

describe('the stream hub’s reads, mapped by hand', () => {
  it('read each row exactly as drizzle maps it, and each user’s counts as the API gives them', async () => {
    const db = t.database.db;
    const rows = await db.select().from(userEvents).orderBy(userEvents.id).limit(50);
    expect(rows.length).toBeGreaterThan(5);
    // Read state and references of every kind are among them (some read, refs of several shapes).
    await db.update(userEvents).set({ readAt: clock.now() }).where(eq(userEvents.id, rows[0]!.id));
    const expected = await db
      .select()
      .from(userEvents)
      .where(
        inArray(
          userEvents.id,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(userEvents.id);
    const shuffled = [...rows.map((r) => r.id)].reverse();
    expect(await notificationsById(db, shuffled)).toEqual(expected);
    expect(await notificationsById(db, [])).toEqual([]);

    const userIds = [...new Set(rows.map((r) => r.userId))];
    const counts = await unreadCounts(db, [...userIds, 'no-such-user']);
    for (const id of userIds) {
      const [unread] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(userEvents)
        .where(and(eq(userEvents.userId, id), sql`${userEvents.readAt} IS NULL`));
      expect(counts.get(id)?.notifications, id).toBe(Number(unread!.n));
    }
    expect(counts.get('no-such-user')).toEqual({ notifications: 0, messages: 0 });
    for (const value of counts.values()) {
      expect(typeof value.notifications).toBe('number');
      expect(typeof value.messages).toBe('number');
    }
  });
});
