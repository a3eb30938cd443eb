import { hashPassword } from 'better-auth/crypto';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { accounts, users } from '../../db/schema/index.ts';

export const adminCredentialsSchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email('must be a valid e-mail address')),
  password: z.string().min(12, 'must be at least 12 characters for an administrator'),
});

/**
 * Makes this e-mail an administrator with this password: creates the account, or promotes an
 * existing one. The only ways to become admin are this and the CLI, never sign-up.
 */
export async function ensureAdmin({ db, email, password }: { db: Db; email: string; password: string }) {
  const creds = adminCredentialsSchema.parse({ email, password });
  const hash = await hashPassword(creds.password);
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, creds.email))
      .limit(1);
    const userId = existing?.id ?? crypto.randomUUID();
    if (existing) {
      await tx
        .update(users)
        .set({ role: 'admin', emailVerified: true, banned: false, updatedAt: new Date() })
        .where(eq(users.id, userId));
    } else {
      await tx.insert(users).values({
        id: userId,
        name: 'Administrator',
        email: creds.email,
        emailVerified: true,
        role: 'admin',
      });
    }
    const credential = and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential'));
    const [account] = await tx.select({ id: accounts.id }).from(accounts).where(credential).limit(1);
    if (account)
      await tx
        .update(accounts)
        .set({ password: hash, updatedAt: new Date() })
        .where(eq(accounts.id, account.id));
    else
      await tx.insert(accounts).values({
        id: crypto.randomUUID(),
        accountId: userId,
        providerId: 'credential',
        userId,
        password: hash,
      });
    return { userId, created: !existing };
  });
}
