import type { Context, MiddlewareHandler } from 'hono';
import { eq } from 'drizzle-orm';
import { type Actor, isAdmin } from '../actor.ts';
import { vendors } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import type { AppEnv } from './types.ts';
import { sessionGuard } from './openapi.ts';
import { needsAgeConfirmation, recordActivity } from './activity.ts';
import { ACTIVITY_WRITE_INTERVAL_MS } from '../../shared/privacy.ts';

/** What a signed-in account that has not confirmed its age is told by every private route. */
export const AGE_CONFIRMATION_REQUIRED = 'Please confirm you are 18 or older to continue using Frosted.';

/**
 * The signed-in user, or 401. Every private route starts here. An account that has not confirmed its
 * age yet (a first sign-in with Google) is refused (403) until it does (decision 028).
 */
export async function requireActor<E extends AppEnv>(c: Context<E>): Promise<Actor> {
  const session = await currentSession(c);
  if (!session) throw AppError.unauthenticated();
  if (!session.ageConfirmed) throw AppError.forbidden(AGE_CONFIRMATION_REQUIRED);
  return session.actor;
}

/** The signed-in user, or null for a visitor (routes open to both, such as the designer). */
export async function currentActor<E extends AppEnv>(c: Context<E>): Promise<Actor | null> {
  return (await currentSession(c))?.actor ?? null;
}

type CurrentSession = { actor: Actor; sessionId: string; ageConfirmed: boolean } | null;

/** Each request's session, looked up once however many guards and limits ask (the rate limit, the route). */
const sessions = new WeakMap<Request, Promise<CurrentSession>>();

/** The signed-in user with their session's id (what a long-lived stream checks again later), or null. */
export function currentSession<E extends AppEnv>(c: Context<E>): Promise<CurrentSession> {
  let found = sessions.get(c.req.raw);
  if (!found) {
    found = lookUpSession(c);
    sessions.set(c.req.raw, found);
    // A lookup that failed (the database down) is not kept: it answers this caller, not the next.
    found.catch(() => sessions.delete(c.req.raw));
  }
  return found;
}

async function lookUpSession<E extends AppEnv>(c: Context<E>): Promise<CurrentSession> {
  const session = await c.var.services.auth.api.getSession({ headers: c.req.raw.headers });
  if (!session) return null;
  const u = session.user as typeof session.user & {
    userType?: string;
    role?: string;
    banned?: boolean;
    ageConfirmedAt?: Date | null;
    lastActiveAt?: Date | null;
  };
  // Using a session is activity (inactive accounts close after 2 years): written about once a day.
  const now = c.var.services.clock.now();
  if (!u.lastActiveAt || now.getTime() - new Date(u.lastActiveAt).getTime() >= ACTIVITY_WRITE_INTERVAL_MS)
    await recordActivity(c.var.services.db, u.id, now);
  const userType = u.userType === 'vendor' ? 'vendor' : 'customer';
  // The account's vendor business, found once here for every service the request calls.
  const [vendor] =
    userType === 'vendor'
      ? await c.var.services.db
          .select({ id: vendors.id })
          .from(vendors)
          .where(eq(vendors.userId, u.id))
          .limit(1)
      : [];
  return {
    actor: {
      id: u.id,
      email: u.email,
      name: u.name,
      userType,
      role: u.role ?? 'user',
      vendorId: vendor?.id ?? null,
    },
    sessionId: session.session.id,
    ageConfirmed: !needsAgeConfirmation(u),
  };
}

export async function requireAdmin<E extends AppEnv>(c: Context<E>): Promise<Actor> {
  const actor = await requireActor(c);
  if (!isAdmin(actor)) throw AppError.forbidden();
  return actor;
}

export async function requireUserType<E extends AppEnv>(
  c: Context<E>,
  userType: Actor['userType'],
): Promise<Actor> {
  const actor = await requireActor(c);
  if (actor.userType !== userType) throw AppError.forbidden();
  return actor;
}

/** The context of a route behind one of the guards below: the actor is on `c.var.actor`. */
export interface ActorEnv extends AppEnv {
  Variables: AppEnv['Variables'] & { actor: Actor };
}

const guard = (check: (c: Context<ActorEnv>) => Promise<Actor>): MiddlewareHandler<ActorEnv> =>
  sessionGuard(async (c, next) => {
    c.set('actor', await check(c));
    await next();
  });

/**
 * Route middleware, so that who may ask is settled before the request is validated (a visitor gets
 * 401, not a list of invalid fields): any signed-in user, an admin, or one account type.
 */
export const signedIn = guard(requireActor);
export const adminOnly = guard(requireAdmin);
export const customersOnly = guard((c) => requireUserType(c, 'customer'));
export const vendorsOnly = guard((c) => requireUserType(c, 'vendor'));
