import { NO_TAX } from '../../src/shared/tax.ts';
import type { ParsedMail } from 'mailparser';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  emailOutbox,
  emailPreferences,
  orders,
  sessions,
  userActivity,
  userEvents,
} from '../../src/server/db/schema/index.ts';
import type { Actor } from '../../src/server/actor.ts';
import { jobHandlers } from '../../src/server/lifecycle/index.ts';
import { runDueJobs } from '../../src/server/modules/jobs/jobs.ts';
import {
  markConversationRead,
  openConversation,
  sendMessage,
} from '../../src/server/modules/messages/service.ts';
import { publish } from '../../src/server/modules/notifications/publish.ts';
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
import { unsubscribeToken } from '../../src/server/modules/mail/unsubscribe.ts';

import { createTestApp, testConfig, type TestApp } from '../support/app.ts';
import { manualClock } from '../support/clock.ts';
import { createUser, createVendor, quoteAnswerFor, quoteBriefFor, signIn } from '../support/factories.ts';
import { startSmtpServer } from '../support/smtp.ts';

/*
 * Acceptance 3 of issue 14: each step e-mails the right person through the outbox and a real SMTP
 * server on loopback; preferences are honoured; unsubscribe works without signing in; message e-mails
 * are batched; failures are retried with backoff and shown to admins.
 */

const clock = manualClock('2026-12-01T17:00:00Z');
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;

type Who = 'customer' | 'v1' | 'v2' | 'v3' | 'admin';
const people = {} as Record<Who, { actor: Actor; email: string; cookie: string }>;
const vendorIds = { v1: '', v2: '', v3: '' };

const asActor = (u: { id: string; email: string }, userType: Actor['userType'], role = 'user'): Actor => ({
  id: u.id,
  email: u.email,
  name: 'Test',
  userType,
  role,
});

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ smtpUrl: smtp.url, authRateLimitMax: 1000 }, { clock });
  const db = t.database.db;
  const customer = await createUser(db, { firstName: 'Maya', lastName: 'Lee', name: 'Maya Lee' });
  const admin = await createUser(db, { role: 'admin' });
  people.customer = {
    actor: asActor(customer, 'customer'),
    email: customer.email,
    cookie: await signIn(t.app, customer.email),
  };
  people.admin = {
    actor: asActor(admin, 'customer', 'admin'),
    email: admin.email,
    cookie: await signIn(t.app, admin.email),
  };
  for (const key of ['v1', 'v2', 'v3'] as const) {
    const owner = await createUser(db, { userType: 'vendor' });
    const vendor = await createVendor(db, { userId: owner.id, businessName: `Shop ${key}` });
    vendorIds[key] = vendor.id;
    people[key] = {
      actor: asActor(owner, 'vendor'),
      email: owner.email,
      cookie: await signIn(t.app, owner.email),
    };
  }
  // Signing in sent nothing; start from an empty inbox.
  await t.services.mailer.deliver();
  smtp.messages.length = 0;
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const whoIs = (address: string) =>
  (Object.entries(people).find(([, p]) => p.email === address)?.[0] ?? address) as Who;
/** A header as it was sent (mailparser parses List-* headers into objects). */
const rawHeader = (m: ParsedMail, key: string) =>
  m.headerLines
    .find((h) => h.key === key)
    ?.line.slice(key.length + 1)
    .replace(/\r\n\s+/g, ' ')
    .trim();
const toOf = (m: ParsedMail) => {
  const to = Array.isArray(m.to) ? m.to[0] : m.to;
  return to?.value[0]?.address ?? '';
};

/** The e-mails a step caused, once the delivery round has sent them: "who: subject", sorted. */
async function mailsDuring(step: () => Promise<unknown>) {
  // What earlier steps queued goes first, so it is not counted as this step's.
  await t.services.mailer.deliver();
  const before = smtp.messages.length;
  await step();
  await t.services.mailer.deliver();
  const mails = smtp.messages.slice(before);
  return {
    mails,
    list: mails.map((m) => `${whoIs(toOf(m))}: ${m.subject}`).sort(),
    to: (who: Who) => mails.filter((m) => toOf(m) === people[who].email),
  };
}

const call = async (who: Who | null, method: string, path: string, body?: unknown) => {
  const res = await t.app.request(path, {
    method,
    headers: {
      ...(who ? { Cookie: people[who].cookie } : {}),
      Origin: 'http://localhost:3000',
      ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

const brief = () => quoteBriefFor(clock.now());
const answer = (priceCents?: number) => quoteAnswerFor(clock.now(), priceCents);

/** An order of v1's for the customer, accepted and paid. */
async function paidOrder(vendor: 'v1' | 'v2' = 'v1') {
  const db = t.database.db;
  const { quoteIds } = await createQuoteRequest({
    db,
    actor: people.customer.actor,
    input: { vendorIds: [vendorIds[vendor]], brief: brief() },
    now: clock.now(),
  });
  await answerQuote({
    db,
    actor: people[vendor].actor,
    quoteId: quoteIds[0]!,
    input: answer(),
    now: clock.now(),
  });
  const { orderId } = await acceptQuote({
    db,
    actor: people.customer.actor,
    quoteId: quoteIds[0]!,
    revision: 1,
    now: clock.now(),
    serviceFeeRate: 0.08,
    feeTax: NO_TAX,
  });
  const common = {
    db,
    processor: t.services.payments,
    actor: people.customer.actor,
    now: clock.now(),
    log: t.services.log,
  };
  const checkout = await startCheckout({ ...common, orderId });
  await confirmSandboxPayment({
    ...common,
    paymentId: checkout.paymentId,
    cardNumber: '4242424242424242',
    log: t.services.log,
  });
  return orderId;
}

/** The clock to the morning of the order's event (4 h before it): Mark Ready and Mark Delivered are open. */
async function toEventMorning(orderId: string) {
  const [row] = await t.database.db
    .select({ deliveryDate: orders.deliveryDate })
    .from(orders)
    .where(eq(orders.id, orderId));
  clock.set(new Date(row!.deliveryDate!.getTime() - 4 * 3_600_000));
}

const move = (orderId: string, action: string, who: Who = 'v1') =>
  transitionOrder(t.database.db, {
    orderId,
    action,
    by: { kind: 'user', actor: people[who].actor },
    now: clock.now(),
  });

describe('an e-mail for each step that matters to the other side', () => {
  it('quotes, payment, every status, the reminder, the claim, the refund and the payout', async () => {
    const db = t.database.db;
    const customer = people.customer.actor;
    let quoteIds: string[] = [];
    const requested = await mailsDuring(async () => {
      ({ quoteIds } = await createQuoteRequest({
        db,
        actor: customer,
        input: { vendorIds: [vendorIds.v1, vendorIds.v2, vendorIds.v3], brief: brief() },
        now: clock.now(),
      }));
    });
    const summary = `Birthday cake for ${requested.mails[0]!.subject!.split(' for ')[1]}`;
    expect(requested.list).toEqual([
      `v1: New quote request: ${summary}`,
      `v2: New quote request: ${summary}`,
      `v3: New quote request: ${summary}`,
    ]);
    const [q1, q2, q3] = quoteIds as [string, string, string];

    const answered = await mailsDuring(() =>
      answerQuote({ db, actor: people.v1.actor, quoteId: q1, input: answer(), now: clock.now() }),
    );
    expect(answered.list).toEqual(['customer: Shop v1 sent you a quote']);
    const quoteMail = answered.mails[0]!;
    expect(quoteMail.text).toContain('$120.00 for your birthday cake');
    expect(quoteMail.html).toContain('Compare my quotes');
    // Switchable e-mails carry the one-click unsubscribe headers (RFC 8058).
    expect(rawHeader(quoteMail, 'list-unsubscribe')).toMatch(
      /^<http:\/\/localhost:3000\/api\/email\/unsubscribe\?token=[\w.-]+>$/,
    );
    expect(rawHeader(quoteMail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(quoteMail.text).toMatch(/Unsubscribe: http:\/\/localhost:3000\/unsubscribe\?token=/);

    await answerQuote({ db, actor: people.v3.actor, quoteId: q3, input: answer(), now: clock.now() });
    const declined = await mailsDuring(() =>
      declineQuote({ db, actor: people.v2.actor, quoteId: q2, reason: 'Fully booked', now: clock.now() }),
    );
    expect(declined.list).toEqual(['customer: Shop v2 declined your quote request']);
    const change = await mailsDuring(() =>
      askForChange({ db, actor: customer, quoteId: q1, message: 'Smaller, please', now: clock.now() }),
    );
    expect(change.list).toEqual(['v1: Maya L. asked for a change to your quote']);
    await answerQuote({ db, actor: people.v1.actor, quoteId: q1, input: answer(10_000), now: clock.now() });

    let orderId = '';
    const accepted = await mailsDuring(async () => {
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
    expect(accepted.list).toEqual([
      expect.stringMatching(/^v1: Your quote was accepted: order FR-\d+$/),
      'v3: Quote closed: the customer chose another baker',
    ]);
    const orderNumber = /FR-\d+/.exec(accepted.to('v1')[0]!.subject!)![0];

    const common = {
      db,
      processor: t.services.payments,
      actor: customer,
      now: clock.now(),
      log: t.services.log,
    };
    const checkout = await startCheckout({ ...common, orderId });
    const paid = await mailsDuring(() =>
      confirmSandboxPayment({
        ...common,
        paymentId: checkout.paymentId,
        cardNumber: '4242424242424242',
        log: t.services.log,
      }),
    );
    expect(paid.list).toEqual([
      `customer: Your Frosted receipt for order ${orderNumber}`,
      `v1: Order ${orderNumber} is paid`,
    ]);
    expect(paid.to('customer')[0]!.text).toContain(`We received $100.00 for order ${orderNumber}`);
    // A receipt can't be switched off: it has no unsubscribe link.
    expect(rawHeader(paid.to('customer')[0]!, 'list-unsubscribe')).toBeUndefined();

    await toEventMorning(orderId);
    const labels = { confirm: 'Confirmed', start: 'In Progress', markReady: 'Ready' } as const;
    for (const [action, label] of Object.entries(labels)) {
      const moved = await mailsDuring(() => move(orderId, action));
      expect(moved.list, action).toEqual([`customer: Order ${orderNumber} is now ${label}`]);
      // HTML and text, with the order's details.
      const mail = moved.mails[0]!;
      expect(mail.text).toContain(`Order: ${orderNumber}`);
      expect(mail.text).toContain('Baker: Shop v1');
      expect(mail.text).toContain('Total: $100.00');
      expect(mail.html).toContain('Shop v1');
    }
    const delivered = await mailsDuring(() => move(orderId, 'deliver'));
    expect(delivered.list).toEqual([`customer: Order ${orderNumber} is now Delivered`]);
    expect(delivered.mails[0]!.text).toContain('please confirm you are satisfied');
    expect(delivered.mails[0]!.html).toContain('Confirm I’m satisfied');

    // 20 hours later, 4 before it completes by itself: the reminder, once.
    clock.advanceHours(19);
    const early = await mailsDuring(() =>
      runDueJobs({ db, now: clock.now(), handlers: jobHandlers, log: t.services.log }),
    );
    expect(early.list).toEqual([]);
    clock.advanceHours(1);
    const reminded = await mailsDuring(() =>
      runDueJobs({ db, now: clock.now(), handlers: jobHandlers, log: t.services.log }),
    );
    expect(reminded.list).toEqual([
      expect.stringMatching(
        new RegExp(`^customer: Reminder: order ${orderNumber} completes automatically at `),
      ),
    ]);
    expect(reminded.mails[0]!.text).toContain('open a satisfaction claim before then');

    let claimId = '';
    const opened = await mailsDuring(async () => {
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
    expect(opened.list).toEqual([`v1: A satisfaction claim on order ${orderNumber}`]);
    const responded = await mailsDuring(() =>
      respondToClaim({ db, actor: people.v1.actor, orderId, response: 'So sorry!', now: clock.now() }),
    );
    expect(responded.list).toEqual([`customer: Shop v1 answered your claim on order ${orderNumber}`]);
    const resolved = await mailsDuring(() =>
      resolveClaim({
        db,
        actor: people.admin.actor,
        claimId,
        input: { outcome: 'partial', refundCents: 2_000, note: 'Half the top tier.' },
        now: clock.now(),
      }),
    );
    expect(resolved.list).toEqual([
      `customer: The claim on order ${orderNumber} is resolved`,
      `v1: The claim on order ${orderNumber} is resolved`,
    ]);
    expect(resolved.to('customer')[0]!.text).toContain('$20.00 is refunded to the customer.');
    const refunded = await mailsDuring(() =>
      sendPendingRefunds({ db, processor: t.services.payments, now: clock.now(), log: t.services.log }),
    );
    expect(refunded.list).toEqual([`customer: Your refund for order ${orderNumber} is on its way`]);
    const paidOut = await mailsDuring(() =>
      requestPayout({
        db,
        processor: t.services.payments,
        actor: people.v1.actor,
        now: clock.now(),
        log: t.services.log,
      }),
    );
    expect(paidOut.list).toEqual([expect.stringMatching(/^v1: Payout of \$[\d,.]+ sent$/)]);

    // Every one of them is in the outbox as sent, once, with no error.
    const rows = await db.select().from(emailOutbox).where(eq(emailOutbox.status, 'sent'));
    expect(rows.length).toBe(smtp.messages.length);
    expect(rows.every((r) => r.attempts === 1 && r.lastError === null && r.sentAt)).toBe(true);
  });

  it('a customer who confirms in time gets no reminder; a cancellation tells the vendor', async () => {
    const db = t.database.db;
    const orderId = await paidOrder('v1');
    await toEventMorning(orderId);
    for (const action of ['confirm', 'start', 'markReady', 'deliver']) await move(orderId, action);
    const confirmed = await mailsDuring(() => move(orderId, 'confirmSatisfied', 'customer'));
    expect(confirmed.list).toEqual([expect.stringMatching(/^v1: Order FR-\d+ is now Completed$/)]);
    expect(confirmed.mails[0]!.text).toContain('released to your balance');
    clock.advanceHours(30);
    const later = await mailsDuring(() =>
      runDueJobs({ db, now: clock.now(), handlers: jobHandlers, log: t.services.log }),
    );
    expect(later.list).toEqual([]);

    const other = await paidOrder('v2');
    const cancelled = await mailsDuring(() =>
      transitionOrder(db, {
        orderId: other,
        action: 'cancel',
        by: { kind: 'user', actor: people.customer.actor },
        note: 'Party postponed',
        now: clock.now(),
      }),
    );
    expect(cancelled.list).toEqual([expect.stringMatching(/^v2: Order FR-\d+ is now Cancelled$/)]);
  });

  it('a change rolled back e-mails nobody: the e-mail is written in its transaction', async () => {
    const db = t.database.db;
    const count = async () => (await db.select({ n: sql<number>`count(*)::int` }).from(emailOutbox))[0]!.n;
    const before = await count();
    await expect(
      db.transaction(async (tx) => {
        await publish(tx, { type: 'payout.sent', userIds: [people.v1.actor.id], refs: {} });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await count()).toBe(before);
  });
});

describe('preferences and one-click unsubscribe', () => {
  it('a category switched off in settings is not e-mailed; receipts still are; the bell still rings', async () => {
    const db = t.database.db;
    expect((await call('customer', 'GET', '/api/me/email-preferences')).body).toEqual({
      messages: true,
      quotes: true,
      orders: true,
    });
    const off = await call('customer', 'PUT', '/api/me/email-preferences', { orders: false });
    expect(off).toEqual({ status: 200, body: { messages: true, quotes: true, orders: false } });
    expect((await call('customer', 'PUT', '/api/me/email-preferences', { orders: 'no' })).status).toBe(400);
    expect((await call('customer', 'PUT', '/api/me/email-preferences', { spam: true })).status).toBe(400);
    expect((await call(null, 'GET', '/api/me/email-preferences')).status).toBe(401);

    let orderId = '';
    const paid = await mailsDuring(async () => {
      orderId = await paidOrder('v1');
    });
    // Quote and receipt e-mails still come; the payment receipt can't be switched off.
    expect(paid.list, paid.list.join('\n')).toContainEqual(
      expect.stringMatching(/^customer: Your Frosted receipt for order FR-\d+$/),
    );
    const confirmed = await mailsDuring(() => move(orderId, 'confirm'));
    expect(confirmed.list).toEqual([]);
    const [told] = await db
      .select()
      .from(userEvents)
      .where(and(eq(userEvents.userId, people.customer.actor.id), eq(userEvents.type, 'order.statusChanged')))
      .orderBy(sql`${userEvents.id} DESC`)
      .limit(1);
    expect(told?.refs).toMatchObject({ orderId, status: 'confirmed' });
    await call('customer', 'PUT', '/api/me/email-preferences', { orders: true });
    const started = await mailsDuring(() => move(orderId, 'start'));
    expect(started.list).toEqual([expect.stringMatching(/^customer: Order FR-\d+ is now In Progress$/)]);
  });

  it('the List-Unsubscribe address works in one click without signing in; the page link can undo it', async () => {
    const db = t.database.db;
    const { mails } = await mailsDuring(() =>
      createQuoteRequest({
        db,
        actor: people.customer.actor,
        input: { vendorIds: [vendorIds.v3], brief: brief() },
        now: clock.now(),
      }),
    );
    const header = rawHeader(mails[0]!, 'list-unsubscribe')!;
    const url = new URL(header.slice(1, -1));
    // A mail client's one-click: a form post from its own servers, no cookie, no Origin.
    const res = await t.app.request(`${url.pathname}${url.search}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ category: 'quotes', label: 'Quotes', subscribed: false });
    expect(
      (await db.select().from(emailPreferences).where(eq(emailPreferences.userId, people.v3.actor.id)))[0],
    ).toMatchObject({ quotes: false, orders: true, messages: true });
    const none = await mailsDuring(() =>
      createQuoteRequest({
        db,
        actor: people.customer.actor,
        input: { vendorIds: [vendorIds.v3, vendorIds.v2], brief: brief() },
        now: clock.now(),
      }),
    );
    expect(none.list).toEqual([expect.stringMatching(/^v2: New quote request/)]);

    // The link in the body leads to the page, which reads and posts with the same token.
    const token = url.searchParams.get('token')!;
    const described = await call(null, 'GET', `/api/email/unsubscribe?token=${token}`);
    expect(described.body).toMatchObject({ category: 'quotes', subscribed: false });
    expect(described.body.email).toMatch(/^.•••@example\.test$/);
    const undo = await call(null, 'POST', `/api/email/unsubscribe?token=${token}`, { resubscribe: true });
    expect(undo.body).toMatchObject({ subscribed: true });

    // A token changed by one character, or made for another user without the secret, does nothing.
    const forged = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await call(null, 'POST', `/api/email/unsubscribe?token=${forged}`, {})).status).toBe(400);
    const otherSecret = unsubscribeToken('not-the-secret-at-all-0123456789', people.v2.actor.id, 'quotes');
    expect((await call(null, 'POST', `/api/email/unsubscribe?token=${otherSecret}`, {})).status).toBe(400);
    const own = unsubscribeToken(testConfig().authSecret, people.v2.actor.id, 'orders');
    expect((await call(null, 'POST', `/api/email/unsubscribe?token=${own}`, {})).body).toMatchObject({
      category: 'orders',
      subscribed: false,
    });
    await call(null, 'POST', `/api/email/unsubscribe?token=${own}`, { resubscribe: true });
    expect((await call(null, 'GET', '/api/email/unsubscribe?token=')).status).toBe(400);
    expect((await call(null, 'GET', '/api/email/unsubscribe?token=a%00b')).status).toBe(400);
  });
});

describe('delivery: retries with backoff, failures for admins', () => {
  it('retries a temporary failure at 1 and 5 minutes, gives up on a permanent one; admins see and retry it', async () => {
    let refusing: 'temporary' | 'permanent' | null = 'temporary';
    const flaky = await startSmtpServer({
      refuse: () =>
        refusing === 'temporary'
          ? { code: 451, message: 'Try again later' }
          : refusing === 'permanent'
            ? { code: 550, message: 'No such mailbox' }
            : undefined,
    });
    const local = manualClock('2026-12-01T17:00:00Z');
    const app = await createTestApp({ smtpUrl: flaky.url }, { clock: local });
    try {
      const db = app.database.db;
      const user = await createUser(db);
      const admin = await createUser(db, { role: 'admin' });
      const adminCookie = await signIn(app.app, admin.email);
      await publish(db, { type: 'payout.sent', userIds: [user.id], refs: {} });
      const row = async () =>
        (await db.select().from(emailOutbox).where(eq(emailOutbox.userId, user.id)))[0]!;

      await app.services.mailer.deliver();
      expect(await row()).toMatchObject({ status: 'queued', attempts: 1 });
      expect((await row()).lastError).toContain('Try again later');
      expect((await row()).nextAttemptAt).toEqual(new Date(local.now().getTime() + 60_000));
      // Not due yet: nothing is tried.
      await app.services.mailer.deliver();
      expect(flaky.attempts()).toBe(1);
      local.advance(1 * 60_000);
      await app.services.mailer.deliver();
      expect(await row()).toMatchObject({ status: 'queued', attempts: 2 });
      expect((await row()).nextAttemptAt).toEqual(new Date(local.now().getTime() + 5 * 60_000));
      refusing = null;
      local.advance(5 * 60_000);
      await app.services.mailer.deliver();
      expect(await row()).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
      expect(flaky.messages).toHaveLength(1);

      // A permanent refusal (5xx) fails at once, kept with its error; the mailbox shows it.
      refusing = 'permanent';
      await publish(db, { type: 'payout.sent', userIds: [admin.id], refs: {} });
      await app.services.mailer.deliver();
      const admins = async (path: string, method = 'GET') => {
        const res = await app.app.request(path, {
          method,
          headers: { Cookie: adminCookie, Origin: 'http://localhost:3000' },
        });
        return { status: res.status, body: (await res.json()) as Record<string, unknown> };
      };
      const failed = await admins('/api/admin/mailbox?status=failed');
      expect(failed.body).toMatchObject({ mode: 'smtp', failed: 1 });
      const [item] = failed.body.emails as {
        id: string;
        status: string;
        lastError: string;
        attempts: number;
      }[];
      expect(item).toMatchObject({ status: 'failed', attempts: 1 });
      expect(item!.lastError).toContain('No such mailbox');
      expect((await admins(`/api/admin/mailbox/${item!.id}/retry`, 'POST')).status).toBe(200);
      expect((await admins(`/api/admin/mailbox/${item!.id}/retry`, 'POST')).status).toBe(409);
      refusing = null;
      await app.services.mailer.drain();
      await app.services.mailer.deliver();
      expect((await admins(`/api/admin/mailbox/${item!.id}`)).body.email).toMatchObject({ status: 'sent' });
      expect((await admins('/api/admin/mailbox')).body.failed).toBe(0);
      // Not for other users.
      const userCookie = await signIn(app.app, user.email);
      const res = await app.app.request('/api/admin/mailbox', { headers: { Cookie: userCookie } });
      expect(res.status).toBe(403);
    } finally {
      await app.close();
      await flaky.close();
    }
  });

  it('a process that died while sending leaves the e-mail to be sent again once its lease lapses', async () => {
    const db = t.database.db;
    await publish(db, { type: 'payout.sent', userIds: [people.v2.actor.id], refs: {} });
    // As if another process claimed it and never came back.
    await db
      .update(emailOutbox)
      .set({ status: 'sending', nextAttemptAt: new Date(clock.now().getTime() + 120_000) })
      .where(and(eq(emailOutbox.userId, people.v2.actor.id), eq(emailOutbox.status, 'queued')));
    const before = smtp.messages.length;
    await t.services.mailer.deliver();
    expect(smtp.messages.length).toBe(before);
    clock.advance(3 * 60_000);
    await t.services.mailer.deliver();
    expect(smtp.messages.length).toBe(before + 1);
  });
});

describe('new messages: one e-mail, only for someone away 15 minutes', () => {
  it('batches the messages, waits while the recipient is in the app, and never e-mails one twice', async () => {
    const db = t.database.db;
    const v2 = people.v2.actor;
    const id = await openConversation(db, { customerId: people.customer.actor.id, vendorId: vendorIds.v2 });
    const lastSeen = async () =>
      (await db.select().from(userActivity).where(eq(userActivity.userId, v2.id)))[0]?.lastSeenAt?.getTime();
    const jobsNow = () => runDueJobs({ db, now: clock.now(), handlers: jobHandlers, log: t.services.log });
    const say = (body: string, actor = people.customer.actor) =>
      sendMessage({ db, actor, id, input: { body }, now: clock.now() });

    // The vendor has Frosted open in a tab: an event stream.
    const [session] = await db.select().from(sessions).where(eq(sessions.userId, v2.id)).limit(1);
    const stream = await t.services.streams.open({ userId: v2.id, sessionId: session!.id });
    await expect.poll(lastSeen).toBe(clock.now().getTime());

    const sent = await mailsDuring(async () => {
      await say('Hi! Is the 19th still free?');
      clock.advance(60_000);
      await say('Call me at 604-555-0142 if easier.');
      clock.advance(60_000);
      await say('Thanks!');
    });
    expect(sent.list).toEqual([]);
    // 15 minutes after the first: still connected (the heartbeat says so), so nothing yet.
    clock.advance(14 * 60_000);
    await t.services.streams.beat();
    expect(await lastSeen()).toBe(clock.now().getTime());
    expect((await mailsDuring(jobsNow)).list).toEqual([]);

    // The tab closes; 15 minutes later one e-mail has all three.
    await stream.cancel();
    await expect.poll(lastSeen).toBe(clock.now().getTime());
    clock.advance(10 * 60_000);
    expect((await mailsDuring(jobsNow)).list).toEqual([]);
    clock.advance(6 * 60_000);
    const digest = await mailsDuring(jobsNow);
    expect(digest.list).toEqual(['v2: You have 3 new messages on Frosted']);
    const mail = digest.mails[0]!;
    expect(mail.text).toContain('Maya L.: 3 messages, the latest: “Thanks!”');
    expect(mail.html).toContain('Read and reply');
    expect(rawHeader(mail, 'list-unsubscribe')).toMatch(/unsubscribe\?token=/);

    // Nothing about the same messages again.
    clock.advance(60 * 60_000);
    expect((await mailsDuring(jobsNow)).list).toEqual([]);

    // A new one, read in the app before its digest is due: no e-mail.
    await say('One more thing: candles?');
    await markConversationRead({ db, actor: v2, id });
    clock.advance(16 * 60_000);
    expect((await mailsDuring(jobsNow)).list).toEqual([]);

    // Unread, from the vendor to the customer: one e-mail with one message, its contact details masked.
    await say('Sure, call 604-555-0199.', v2);
    clock.advance(16 * 60_000);
    const toCustomer = await mailsDuring(jobsNow);
    expect(toCustomer.list).toEqual(['customer: New message from Shop v2']);
    expect(toCustomer.mails[0]!.text).not.toContain('555');

    // Switched off: the digest finds nothing to send, and the messages are not e-mailed later either.
    await call('customer', 'PUT', '/api/me/email-preferences', { messages: false });
    await say('And a topper?', v2);
    clock.advance(16 * 60_000);
    expect((await mailsDuring(jobsNow)).list).toEqual([]);
    await call('customer', 'PUT', '/api/me/email-preferences', { messages: true });
  });
});
