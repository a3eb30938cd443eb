import { and, eq, isNotNull, isNull, lte, ne, sql } from 'drizzle-orm';
import { POLICIES } from '../../../shared/policies.ts';
import { INACTIVITY_NOTICE_DAYS } from '../../../shared/privacy.ts';
import { addDays } from '../../../shared/time.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { safeError } from '../../http/log-safe-error.ts';
import type { Logger } from '../../logger.ts';
import { composeEmail, queueEmail } from '../mail/index.ts';
import { endStreams } from '../notifications/index.ts';
import { closeAccountNow } from './close.ts';

/** Accounts handled per kind per round (the next day's round takes the rest). */
const ROUND_BATCH = 200;

const yearsBefore = (now: Date, years: number) => {
  const d = new Date(now);
  d.setUTCFullYear(d.getUTCFullYear() - years);
  return d;
};

/** The last time the user was seen: their last activity, or their sign-up when never active since. */
const lastSeen = sql`coalesce(${users.lastActiveAt}, ${users.createdAt})`;
/** Administrators and the demo accounts are never closed for inactivity. */
const closable = and(isNull(users.closedAt), ne(users.role, 'admin'), eq(users.isDemo, false));

export const inactivityNotice = ({ name, url, closesOn }: { name: string; url: string; closesOn: string }) =>
  composeEmail('Sign in to keep your Frosted account', {
    heading: `Hi ${name},`,
    paragraphs: [
      `You have not signed in to Frosted for almost ${POLICIES.inactiveAccountYears} years. As our Terms say, accounts inactive for ${POLICIES.inactiveAccountYears} years are closed: yours will be closed on ${closesOn} unless you sign in before then.`,
      'Signing in once is enough to keep your account, your designs and your orders.',
    ],
    button: 'Sign in to keep my account',
    link: url,
    footnote: `When an account is closed, its personal data is removed; order and payment records are kept ${POLICIES.dataRetentionYearsAfterClosure} years as the law requires.`,
  });

/**
 * The daily inactivity round (decision 028): a notice e-mailed once, 30 days before an account's
 * 2 years without activity end; then, 2 years on and at least 30 days after its notice, the account
 * closes like one its owner closed. One the closure rules refuse (orders in progress, money not paid
 * out) stays open and is tried again the next day; each account is handled on its own.
 */
export async function runInactivityRound(
  db: Db,
  { now, log, publicUrl }: { now: Date; log: Logger; publicUrl: string },
) {
  const noticeBefore = addDays(yearsBefore(now, POLICIES.inactiveAccountYears), INACTIVITY_NOTICE_DAYS);
  const toNotify = await db
    .select({
      id: users.id,
      name: users.name,
      firstName: users.firstName,
      email: users.email,
      lastSeen: sql<string>`${lastSeen}`,
    })
    .from(users)
    .where(and(closable, isNull(users.inactivityNoticeAt), lte(lastSeen, noticeBefore)))
    .limit(ROUND_BATCH);
  let notified = 0;
  for (const user of toNotify) {
    const closesOn = addDays(now, INACTIVITY_NOTICE_DAYS).toISOString().slice(0, 10);
    await db.transaction(async (tx) => {
      // Once: the conditional update is the claim (another process's round finds it set).
      const [claimed] = await tx
        .update(users)
        .set({ inactivityNoticeAt: now })
        .where(and(eq(users.id, user.id), isNull(users.inactivityNoticeAt)))
        .returning({ id: users.id });
      if (!claimed) return;
      await queueEmail(tx, {
        to: user.email,
        kind: 'inactivity-notice',
        userId: user.id,
        ...inactivityNotice({ name: user.firstName || user.name, url: `${publicUrl}/auth`, closesOn }),
      });
      notified++;
    });
  }

  const toClose = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        closable,
        isNotNull(users.inactivityNoticeAt),
        lte(users.inactivityNoticeAt, addDays(now, -INACTIVITY_NOTICE_DAYS)),
        lte(lastSeen, yearsBefore(now, POLICIES.inactiveAccountYears)),
      ),
    )
    .limit(ROUND_BATCH);
  let closed = 0;
  let refused = 0;
  for (const { id } of toClose) {
    try {
      if (await closeAccountNow({ db, userId: id, reason: 'inactive', now })) {
        closed++;
        await endStreams(db, { userId: id });
      }
    } catch (err) {
      if (!(err instanceof AppError))
        log.warn({ err: safeError(err), userId: id }, 'could not close an inactive account');
      refused++;
    }
  }
  return { notified, closed, refused };
}
