import type { Context } from 'hono';
import { type Actor, isAdmin } from '../modules/auth/actor.ts';
import { AppError } from './app-error.ts';
import type { AppEnv } from './types.ts';

/** The signed-in user, or 401. Every private route starts here. */
export async function requireActor(c: Context<AppEnv>): Promise<Actor> {
  const actor = await currentActor(c);
  if (!actor) throw AppError.unauthenticated();
  return actor;
}

/** The signed-in user, or null for a visitor (routes open to both, such as the designer). */
export async function currentActor(c: Context<AppEnv>): Promise<Actor | null> {
  const session = await c.var.services.auth.api.getSession({ headers: c.req.raw.headers });
  if (!session) return null;
  const u = session.user as typeof session.user & { userType?: string; role?: string; banned?: boolean };
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    userType: u.userType === 'vendor' ? 'vendor' : 'customer',
    role: u.role ?? 'user',
  };
}

export async function requireAdmin(c: Context<AppEnv>): Promise<Actor> {
  const actor = await requireActor(c);
  if (!isAdmin(actor)) throw AppError.forbidden();
  return actor;
}

export async function requireUserType(c: Context<AppEnv>, userType: Actor['userType']): Promise<Actor> {
  const actor = await requireActor(c);
  if (actor.userType !== userType) throw AppError.forbidden();
  return actor;
}
