import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type Db } from '../../src/server/db/client.ts';
import { emailOutbox, jobs, orderEvents, orders, vendors } from '../../src/server/db/schema/index.ts';
import type { Actor } from '../../src/server/actor.ts';
import { recordPayment, vendorBalances } from '../../src/server/modules/ledger/index.ts';
import {
  AUTO_COMPLETE_JOB,
  EXPIRE_UNPAID_JOB,
  SYSTEM,
  expireUnpaidJobKey,
  transitionOrder,
  type OrderActor,
} from '../../src/server/modules/orders/transitions.ts';
import { scheduleJob } from '../../src/server/modules/jobs/jobs.ts';
import { COMPLETE_REMINDER_JOB } from '../../src/server/modules/notifications/index.ts';
import { serviceFeeCents } from '../../src/shared/fees.ts';
import { addHours } from '../../src/shared/time.ts';
import { manualClock } from '../support/clock.ts';
import { createTestDatabase } from '../support/db.ts';
import { createPendingOrder, createUser, createVendor } from '../support/factories.ts';

/**
 * Timers with two real server processes on one PostgreSQL database: each process runs the server's
 * own job handlers (tests/support/job-process.ts), started together; every timer fires exactly once.
 * PostgreSQL only: PGlite is one process's database.
 */
const url = process.env.DATABASE_URL;
const DELIVERED = 24;
const UNPAID = 12;

let database: Database & { url?: string };
let db: Db;

beforeAll(async () => {
  if (!url) return;
  database = await createTestDatabase();
  db = database.db;
});
afterAll(() => database?.close());

/** Starts a job process, resolves once it has connected; `go()` lets it run, `result` is what it ran. */
async function jobProcess(databaseUrl: string, at: Date) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.resolve('tests/support/job-process.ts'), databaseUrl, at.toISOString()],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const lines = createInterface({ input: child.stdout });
  const iterator = lines[Symbol.asyncIterator]();
  const first = await iterator.next();
  expect(first.value).toBe('ready');
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return {
    go: () => child.stdin.end('go\n'),
    result: (async () => {
      const line = await iterator.next();
      expect(await exited).toBe(0);
      return JSON.parse(String(line.value)) as { ran: number; failed: number };
    })(),
  };
}

describe.runIf(url)('timers across two server processes', () => {
  it('completes each delivered order and expires each unpaid one exactly once', async () => {
    const clock = manualClock('2026-12-01T17:00:00Z');
    const customer = await createUser(db, { password: null });
    const vendor = await createVendor(db);
    const vendorActor: OrderActor = {
      kind: 'user',
      actor: {
        id: vendor.userId,
        email: 'v@example.test',
        name: 'V',
        userType: 'vendor',
        role: 'user',
      } as Actor,
    };

    // Delivered orders for events today, paid through the ledger: each auto-completes 24 h after delivery.
    const amounts = Array.from({ length: DELIVERED }, (_, i) => 10_001 + i * 37);
    const delivered: string[] = [];
    for (const amount of amounts) {
      const order = await createPendingOrder(db, {
        customerId: customer.id,
        vendorId: vendor.id,
        amount,
        deliveryDate: clock.now(),
        createdAt: clock.now(),
      });
      await db.transaction(async (tx) => {
        await recordPayment(tx, {
          orderId: order.id,
          vendorId: vendor.id,
          amountCents: amount,
          key: `payment:${order.id}`,
        });
        await transitionOrder(tx, { orderId: order.id, action: 'pay', by: SYSTEM, now: clock.now() });
      });
      for (const action of ['confirm', 'start', 'markReady', 'deliver'])
        await transitionOrder(db, { orderId: order.id, action, by: vendorActor, now: clock.now() });
      delivered.push(order.id);
    }
    // Unpaid orders: cancelled 24 h after the quote was accepted.
    const unpaid: string[] = [];
    for (let i = 0; i < UNPAID; i++) {
      const order = await createPendingOrder(db, {
        customerId: customer.id,
        vendorId: vendor.id,
        createdAt: clock.now(),
      });
      await scheduleJob(db, {
        kind: EXPIRE_UNPAID_JOB,
        key: expireUnpaidJobKey(order.id),
        runAt: addHours(clock.now(), 24),
        payload: { orderId: order.id },
      });
      unpaid.push(order.id);
    }

    const later = addHours(clock.now(), 25);
    const [a, b] = await Promise.all([jobProcess(database.url!, later), jobProcess(database.url!, later)]);
    a.go();
    b.go();
    const [ranA, ranB] = await Promise.all([a.result, b.result]);
    expect(ranA.failed + ranB.failed).toBe(0);
    // Each delivered order also has its reminder e-mail timer (4 h before it completes by itself).
    expect(ranA.ran + ranB.ran).toBe(DELIVERED * 2 + UNPAID);

    const due = await db
      .select({ kind: jobs.kind, status: jobs.status, attempts: jobs.attempts })
      .from(jobs)
      .where(inArray(jobs.kind, [AUTO_COMPLETE_JOB, EXPIRE_UNPAID_JOB, COMPLETE_REMINDER_JOB]));
    expect(due).toHaveLength(DELIVERED * 2 + UNPAID);
    for (const job of due) expect(job).toMatchObject({ status: 'done', attempts: 0 });

    // One event per timer, and the order moved once.
    const fired = await db
      .select({ orderId: orderEvents.orderId, action: orderEvents.action })
      .from(orderEvents)
      .where(
        and(
          inArray(orderEvents.orderId, [...delivered, ...unpaid]),
          inArray(orderEvents.action, ['autoComplete', 'expire']),
        ),
      );
    expect(fired).toHaveLength(DELIVERED + UNPAID);
    const statuses = await db
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(inArray(orders.id, [...delivered, ...unpaid]));
    const statusOf = new Map(statuses.map((s) => [s.id, s.status]));
    for (const id of delivered) expect(statusOf.get(id)).toBe('completed');
    for (const id of unpaid) expect(statusOf.get(id)).toBe('cancelled');
    // A reminder went at most once per order (one when it ran while the order was still delivered).
    const reminders = await db
      .select({ dedupeKey: emailOutbox.dedupeKey })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.userId, customer.id), eq(emailOutbox.kind, 'order-complete-reminder')));
    expect(reminders.length).toBeLessThanOrEqual(DELIVERED);
    expect(new Set(reminders.map((r) => r.dedupeKey)).size).toBe(reminders.length);

    // Effects that are not idempotent by themselves: the completed-orders count and the money released.
    const [{ totalOrders }] = (await db
      .select({ totalOrders: vendors.totalOrders })
      .from(vendors)
      .where(eq(vendors.id, vendor.id))) as [{ totalOrders: number }];
    expect(totalOrders).toBe(vendor.totalOrders + DELIVERED);
    const released = amounts.reduce((sum, amount) => sum + amount - serviceFeeCents(amount, 0.08), 0);
    expect(await vendorBalances(db, vendor.id)).toEqual({
      heldCents: 0,
      availableCents: released,
      paidOutCents: 0,
    });
  });

  it('a process that ran part of the due jobs and stopped leaves the rest to the next one (a restart loses none)', async () => {
    const clock = manualClock('2027-03-01T17:00:00Z');
    const customer = await createUser(db, { password: null });
    const vendor = await createVendor(db);
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const order = await createPendingOrder(db, {
        customerId: customer.id,
        vendorId: vendor.id,
        createdAt: clock.now(),
      });
      await scheduleJob(db, {
        kind: EXPIRE_UNPAID_JOB,
        key: expireUnpaidJobKey(order.id),
        runAt: addHours(clock.now(), 24),
        payload: { orderId: order.id },
      });
      ids.push(order.id);
    }
    // A process runs two of the due jobs, then stops.
    const dying = await openDatabase({ url: database.url!, poolSize: 1 });
    const { runDueJobs } = await import('../../src/server/modules/jobs/jobs.ts');
    const { jobHandlers } = await import('../../src/server/lifecycle/index.ts');
    const { createLogger } = await import('../../src/server/logger.ts');
    const log = createLogger('silent');
    const first = await runDueJobs({
      db: dying.db,
      now: addHours(clock.now(), 25),
      handlers: jobHandlers,
      log,
      limit: 2,
    });
    expect(first.ran).toBe(2);
    await dying.close();

    const next = await jobProcess(database.url!, addHours(clock.now(), 25));
    next.go();
    expect(await next.result).toEqual({ ran: 4, failed: 0 });
    const rows = await db.select({ status: orders.status }).from(orders).where(inArray(orders.id, ids));
    expect(rows.map((r) => r.status)).toEqual(Array(6).fill('cancelled'));
  });
});
