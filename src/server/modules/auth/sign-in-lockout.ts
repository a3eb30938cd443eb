import { createHash } from 'node:crypto';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware, isAPIError } from 'better-auth/api';
import { and, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { MESSAGES } from '../../../shared/errors.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { signInLockouts } from '../../db/schema/index.ts';

/**
 * Failed passwords allowed for one e-mail address before it is locked, whatever address they come from;
 * the first lockout lasts a minute, each next one in a row twice as long, up to an hour.
 */
export const SIGN_IN_LOCKOUT = {
  maxFailures: 5,
  firstLockMs: 60_000,
  maxLockMs: 60 * 60_000,
} as const;

/** Better Auth refuses longer passwords before checking any (emailAndPassword.maxPasswordLength). */
export const MAX_PASSWORD_LENGTH = 128;

/** The address is kept as a digest: the row exists for addresses without an account too. */
export const signInLockoutKey = (email: string) =>
  `sign-in|${createHash('sha256').update(email.toLowerCase()).digest('base64url')}`;

export type SignInClaim = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts one password attempt for the address before the password is checked, or refuses it while the
 * address is locked. One conditional upsert: however many attempts arrive at once, at most
 * `maxFailures` are let through before the lock, and the attempt that reaches it sets the lock (a
 * correct password then clears it). A lockout that has run out gives one more attempt, and the lock
 * after it lasts twice as long.
 */
export async function claimSignInAttempt({
  db,
  email,
  now,
}: {
  db: Db;
  email: string;
  now: Date;
}): Promise<SignInClaim> {
  const { maxFailures, firstLockMs, maxLockMs } = SIGN_IN_LOCKOUT;
  const at = now.toISOString();
  const reachesLimit = sql`${signInLockouts.failures} + 1 >= ${maxFailures}::int`;
  const rows = await queryRows<{ key: string }>(
    db,
    sql`insert into ${signInLockouts} (key, failures, lockouts, locked_until, updated_at)
        values (${signInLockoutKey(email)}, 1, 0, null, ${at}::timestamptz)
        on conflict (key) do update set
          failures = ${signInLockouts.failures} + 1,
          lockouts = case when ${reachesLimit}
            then least(${signInLockouts.lockouts} + 1, 30) else ${signInLockouts.lockouts} end,
          locked_until = case when ${reachesLimit}
            then ${at}::timestamptz + least(${firstLockMs}::float8 * power(2, ${signInLockouts.lockouts}),
              ${maxLockMs}::float8) * interval '1 millisecond'
            else ${signInLockouts.lockedUntil} end,
          updated_at = ${at}::timestamptz
        where ${signInLockouts.lockedUntil} is null or ${signInLockouts.lockedUntil} <= ${at}::timestamptz
        returning key`,
  );
  if (rows.length > 0) return { allowed: true };
  const [row] = await db
    .select({ lockedUntil: signInLockouts.lockedUntil })
    .from(signInLockouts)
    .where(eq(signInLockouts.key, signInLockoutKey(email)));
  const remainingMs = (row?.lockedUntil?.getTime() ?? now.getTime()) - now.getTime();
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(remainingMs / 1000)) };
}

/** A correct password (or a password reset) ends the count and any lockout of the address. */
export async function clearSignInLockout({ db, email }: { db: Db; email: string }): Promise<void> {
  await db.delete(signInLockouts).where(eq(signInLockouts.key, signInLockoutKey(email)));
}

/** How long an address's count is kept after its last attempt (and its lock, if any, is over). */
export const SIGN_IN_COUNT_KEPT_MS = 24 * 60 * 60_000;

/**
 * Deletes the counts of addresses nobody has tried for a day and that are not locked (housekeeping):
 * the table holds a row for every address tried, existing or not, and would otherwise only grow.
 */
export async function pruneSignInLockouts(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - SIGN_IN_COUNT_KEPT_MS);
  const pruned = await db
    .delete(signInLockouts)
    .where(
      and(
        lt(signInLockouts.updatedAt, before),
        or(isNull(signInLockouts.lockedUntil), lte(signInLockouts.lockedUntil, now)),
      ),
    )
    .returning({ key: signInLockouts.key });
  return pruned.length;
}

/** What Better Auth would check a password for: anything else it refuses before looking. */
const passwordAttempt = z.object({
  email: z.email(),
  password: z.string().max(MAX_PASSWORD_LENGTH),
});

/**
 * Answers that Better Auth gives only once the password has been found correct: the count restarts.
 * Every other answer leaves the attempt counted (a wrong password, or a request refused before the
 * check, which a correct password would not have sent).
 */
const PASSWORD_ACCEPTED_CODES = new Set(['EMAIL_NOT_VERIFIED', 'BANNED_USER', 'FAILED_TO_CREATE_SESSION']);

function passwordWasAccepted(returned: unknown): boolean {
  if (!isAPIError(returned)) return true;
  const code = (returned.body as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && PASSWORD_ACCEPTED_CODES.has(code);
}

const isPasswordSignIn = (context: { path?: string }) => context.path === '/sign-in/email';

/**
 * The per-account lockout as Better Auth hooks on e-mail sign-in: they see the endpoint itself, however
 * its path was written, and run after Better Auth's per-address limit. Time is the services' clock.
 */
export function signInLockout({ db, clock }: { db: Db; clock: Clock }): BetterAuthPlugin {
  return {
    id: 'frosted-sign-in-lockout',
    hooks: {
      before: [
        {
          matcher: isPasswordSignIn,
          handler: createAuthMiddleware(async (ctx) => {
            const attempt = passwordAttempt.safeParse(ctx.body);
            if (!attempt.success) return;
            const claim = await claimSignInAttempt({ db, email: attempt.data.email, now: clock.now() });
            if (claim.allowed) return;
            throw new APIError(
              'TOO_MANY_REQUESTS',
              { code: 'RATE_LIMITED', message: MESSAGES.signInLocked(claim.retryAfterSeconds) },
              { 'Retry-After': String(claim.retryAfterSeconds) },
            );
          }),
        },
      ],
      after: [
        {
          matcher: isPasswordSignIn,
          handler: createAuthMiddleware(async (ctx) => {
            const attempt = passwordAttempt.safeParse(ctx.body);
            if (attempt.success && passwordWasAccepted(ctx.context.returned))
              await clearSignInLockout({ db, email: attempt.data.email });
          }),
        },
      ],
    },
  };
}
