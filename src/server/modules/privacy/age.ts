import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

/**
 * The signed-in person confirms they are 18 or older (an account from Google has not yet): stored
 * once, as the time it was confirmed; confirming again keeps the first time.
 */
export async function confirmAge({ db, actor, now }: { db: Db; actor: { id: string }; now: Date }) {
  await db
    .update(users)
    .set({ ageConfirmedAt: now })
    .where(and(eq(users.id, actor.id), isNull(users.ageConfirmedAt)));
  const [user] = await db.select({ at: users.ageConfirmedAt }).from(users).where(eq(users.id, actor.id));
  return user?.at ?? now;
}
