import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, jobs } from '../../src/server/db/schema/index.ts';
import {
  LEASE_LAPSED,
  MAX_JOB_ATTEMPTS,
  runDueJobs,
  scheduleJob,
  type JobHandlers,
} from '../../src/server/modules/jobs/index.ts';
import { publish } from '../../src/server/modules/notifications/index.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { manualClock } from '../support/clock.ts';
import { createUser, signIn } from '../support/factories.ts';

/*
 * The one job queue (decision 019): work that calls out runs outside any transaction under a lease;
 * a lapsed lease is a failed attempt and the job is taken again; what fails for good is the dead
 * letter admins see and retry; every queued e-mail has its sending job.
 */
const clock = manualClock('2026-12-01T17:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { clock });
});
afterAll(async () => {
  await t.close();
});

const jobOf = async (key: string) => (await t.database.db.select().from(jobs).where(eq(jobs.key, key)))[0]!;
const run = (handlers: JobHandlers) =>
  runDueJobs({ db: t.database.db, now: clock.now(), handlers, log: t.services.log });

describe('outside work under a lease', () => {
  it('runs outside any transaction: the database stays free while the work waits on the outside', async () => {
    const key = `test:${crypto.randomUUID()}`;
    const db = t.database.db;
    await scheduleJob(db, { kind: 'test.outside', key, runAt: clock.now() });
    let seenLease: Date | null = null;
    const handlers: JobHandlers = {
      'test.outside': {
        leaseMs: 60_000,
        // PGlite has one connection: a transaction held open here would make this query wait forever.
        outside: async (db, job) => {
          seenLease = (await db.select().from(jobs).where(eq(jobs.id, job.id)))[0]!.lockedUntil;
        },
      },
    };
    expect(await run(handlers)).toEqual({ ran: 1, failed: 0 });
    expect(seenLease).toEqual(new Date(clock.now().getTime() + 60_000));
    expect(await jobOf(key)).toMatchObject({ status: 'done', lockedUntil: null, lockedBy: null });
  });

  it('takes a job again once the lease of a process that died has lapsed, counting the attempt', async () => {
    const key = `test:${crypto.randomUUID()}`;
    const db = t.database.db;
    await scheduleJob(db, { kind: 'test.dies', key, runAt: clock.now() });
    // As if another process leased it and never came back.
    await db
      .update(jobs)
      .set({ lockedUntil: new Date(clock.now().getTime() + 120_000), lockedBy: 'gone' })
      .where(eq(jobs.key, key));
    let calls = 0;
    const handlers: JobHandlers = { 'test.dies': { outside: async () => void calls++ } };
    expect(await run(handlers)).toEqual({ ran: 0, failed: 0 });
    expect(calls).toBe(0);
    clock.advance(3 * 60_000);
    expect(await run(handlers)).toEqual({ ran: 1, failed: 0 });
    expect(calls).toBe(1);
    expect(await jobOf(key)).toMatchObject({ status: 'done', attempts: 1, lastError: LEASE_LAPSED });
  });

  it('records a failure of outside work and retries it with backoff', async () => {
    const key = `test:${crypto.randomUUID()}`;
    await scheduleJob(t.database.db, { kind: 'test.refused', key, runAt: clock.now() });
    const handlers: JobHandlers = {
      'test.refused': {
        outside: async () => {
          throw new Error('the processor is down');
        },
      },
    };
    expect(await run(handlers)).toEqual({ ran: 0, failed: 1 });
    const job = await jobOf(key);
    expect(job).toMatchObject({ status: 'pending', attempts: 1, lastError: 'the processor is down' });
    expect(job.lockedUntil).toBeNull();
    expect(job.runAt).toEqual(new Date(clock.now().getTime() + 60_000));
  });
});

describe('the dead letter', () => {
  it('lists failed jobs for admins only, and an admin puts one back in the queue once', async () => {
    const key = `test:${crypto.randomUUID()}`;
    const db = t.database.db;
    await scheduleJob(db, { kind: 'test.poisoned', key, runAt: clock.now() });
    let healthy = false;
    const handlers: JobHandlers = {
      'test.poisoned': async () => {
        if (!healthy) throw new Error('a poisoned row');
      },
    };
    for (let i = 0; i < MAX_JOB_ATTEMPTS; i++) {
      await run(handlers);
      clock.advanceHours(2);
    }
    expect(await jobOf(key)).toMatchObject({ status: 'failed', attempts: 8, lastError: 'a poisoned row' });

    const admin = await createUser(db, { role: 'admin' });
    const customer = await createUser(db);
    const call = async (email: string, path: string, method = 'GET') => {
      const res = await t.app.request(path, {
        method,
        headers: { Cookie: await signIn(t.app, email), Origin: 'http://localhost:3000' },
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    const list = await call(admin.email, '/api/admin/jobs/failed');
    expect(list.status).toBe(200);
    const failed = (
      list.body.jobs as { id: string; key: string; attempts: number; lastError: string }[]
    ).find((j) => j.key === key);
    expect(failed).toMatchObject({ attempts: 8, lastError: 'a poisoned row' });
    expect((await call(customer.email, '/api/admin/jobs/failed')).status).toBe(403);
    expect((await call(customer.email, `/api/admin/jobs/${failed!.id}/retry`, 'POST')).status).toBe(403);

    expect(await call(admin.email, `/api/admin/jobs/${failed!.id}/retry`, 'POST')).toEqual({
      status: 200,
      body: { ok: true },
    });
    // Only a failed job can be retried: the second click finds nothing to do.
    expect((await call(admin.email, `/api/admin/jobs/${failed!.id}/retry`, 'POST')).status).toBe(404);
    expect(await jobOf(key)).toMatchObject({ status: 'pending', attempts: 0 });
    healthy = true;
    await run(handlers);
    expect(await jobOf(key)).toMatchObject({ status: 'done' });
  });
});

describe('e-mails on the queue', () => {
  it('gives every queued e-mail its sending job, whichever statement queued it', async () => {
    const db = t.database.db;
    const user = await createUser(db);
    await publish(db, { type: 'payout.sent', userIds: [user.id], refs: {} });
    const [email] = await db.select().from(emailOutbox).where(eq(emailOutbox.userId, user.id));
    expect(await jobOf(`mail:${email!.id}`)).toMatchObject({
      kind: 'mail.send',
      status: 'pending',
      payload: { emailId: email!.id },
    });
    await t.services.mailer.deliver();
    expect(await jobOf(`mail:${email!.id}`)).toMatchObject({ status: 'done' });
    expect((await db.select().from(emailOutbox).where(eq(emailOutbox.id, email!.id)))[0]).toMatchObject({
      status: 'kept',
    });
  });
});
