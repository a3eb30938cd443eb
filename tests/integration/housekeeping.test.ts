import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { emailOutbox, jobs, signInLockouts, userEvents } from '../../src/server/db/schema/index.ts';
import { jobHandlers } from '../../src/server/lifecycle/index.ts';
import { runDueJobs } from '../../src/server/modules/jobs/jobs.ts';
import { PRUNE_JOB_KEY, pruneOldRows, scheduleHousekeeping } from '../../src/server/lifecycle/index.ts';
import { addDays, vancouverDay, vancouverDayStart } from '../../src/shared/time.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { manualClock } from '../support/clock.ts';
import { createUser } from '../support/factories.ts';

const clock = manualClock('2026-12-01T17:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { clock });
});
afterAll(() => t.close());

it('prunes notifications read over 90 days ago and old delivered e-mails, daily, once for all processes', async () => {
  const db = t.database.db;
  const user = await createUser(db);
  const now = clock.now();
  const old = addDays(now, -91);
  const recent = addDays(now, -89);
  const events = await db
    .insert(userEvents)
    .values([
      { userId: user.id, type: 'payout.sent', createdAt: old, readAt: old }, // read long ago: goes
      { userId: user.id, type: 'payout.sent', createdAt: old, readAt: null }, // never read: stays
      { userId: user.id, type: 'payout.sent', createdAt: old, readAt: recent }, // read lately: stays
    ])
    .returning({ id: userEvents.id });
  const mail = (id: string, status: 'sent' | 'failed' | 'queued', createdAt: Date) => ({
    id,
    to: user.email,
    kind: 'test',
    subject: 'Hello',
    html: '<p>Hello</p>',
    text: 'Hello',
    status,
    createdAt,
  });
  await db
    .insert(emailOutbox)
    .values([
      mail('old-sent', 'sent', old),
      mail('old-failed', 'failed', old),
      mail('old-queued', 'queued', old),
      mail('recent-sent', 'sent', recent),
    ]);

  // Every process asks at start; one job is pending.
  await scheduleHousekeeping(db, now);
  await scheduleHousekeeping(db, now);
  const pending = () =>
    db
      .select()
      .from(jobs)
      .where(and(eq(jobs.key, PRUNE_JOB_KEY), eq(jobs.status, 'pending')));
  expect(await pending()).toHaveLength(1);

  await runDueJobs({ db, now, handlers: jobHandlers, log: t.services.log });
  const left = (await db.select({ id: userEvents.id }).from(userEvents)).map((r) => r.id);
  expect(left).toEqual(expect.arrayContaining([events[1]!.id, events[2]!.id]));
  expect(left).not.toContain(events[0]!.id);
  expect((await db.select({ id: emailOutbox.id }).from(emailOutbox)).map((r) => r.id).sort()).toEqual([
    'old-failed',
    'old-queued',
    'recent-sent',
  ]);
  // It runs again just after the next midnight in Vancouver (when a checklist item's last day ends).
  const [next] = await pending();
  expect(next!.runAt).toEqual(new Date(vancouverDayStart(vancouverDay(addDays(now, 1))).getTime() + 60_000));
});

it('forgets the sign-in counts of addresses nobody has tried for a day, never a lock still running', async () => {
  const db = t.database.db;
  const now = clock.now();
  const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);
  await db.insert(signInLockouts).values([
    { key: 'sign-in|quiet', failures: 3, updatedAt: hoursAgo(25) }, // a day without a try: goes
    { key: 'sign-in|recent', failures: 3, updatedAt: hoursAgo(23) }, // tried lately: stays
    // Locked for longer than a day (an attacker's address at the cap, say): stays while locked.
    { key: 'sign-in|locked', failures: 5, lockouts: 30, lockedUntil: hoursAgo(-1), updatedAt: hoursAgo(25) },
    {
      key: 'sign-in|lock-over',
      failures: 5,
      lockouts: 3,
      lockedUntil: hoursAgo(24),
      updatedAt: hoursAgo(25),
    },
  ]);
  expect((await pruneOldRows(db, now)).signInCounts).toBe(2);
  const left = await db.select({ key: signInLockouts.key }).from(signInLockouts);
  expect(left.map((r) => r.key).sort()).toEqual(['sign-in|locked', 'sign-in|recent']);
});
