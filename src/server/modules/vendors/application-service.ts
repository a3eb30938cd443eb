import { eq } from 'drizzle-orm';
import type { VendorSignUpInput } from '../../../shared/schemas/auth.ts';
import type { Db } from '../../db/client.ts';
import { users, vendors } from '../../db/schema/index.ts';
import { AppError } from '../../http/app-error.ts';
import type { Auth } from '../auth/auth.ts';
import type { Mailer } from '../mail/mailer.ts';
import { existingAccount } from '../mail/templates.ts';

/**
 * A vendor applies: the account is created by Better Auth, then marked as a vendor with a pending
 * application. Like customer sign-up, the answer never reveals an existing account: its owner is
 * e-mailed instead and nothing is created.
 */
export async function applyAsVendor({
  db,
  auth,
  mailer,
  publicUrl,
  input,
}: {
  db: Db;
  auth: Auth;
  mailer: Mailer;
  publicUrl: string;
  input: VendorSignUpInput;
}): Promise<void> {
  const email = input.email.toLowerCase();
  const [existing] = await db
    .select({ id: users.id, name: users.name, firstName: users.firstName })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  if (existing) {
    const name = existing.firstName || existing.name.split(' ')[0] || 'there';
    await mailer.send({
      to: email,
      kind: 'existing-account',
      ...existingAccount({ name, url: `${publicUrl}/forgot-password` }),
    });
    return;
  }

  let userId: string;
  try {
    const result = await auth.api.signUpEmail({
      body: {
        email,
        password: input.password,
        name: input.businessName,
        phone: input.phone,
        callbackURL: '/auth?type=vendor&verified=1',
      },
    });
    userId = result.user.id;
  } catch (err) {
    const message = err instanceof Error && err.message ? err.message : 'Vendor registration failed';
    throw new AppError('VALIDATION_FAILED', 400, message);
  }
  // Better Auth answers a concurrent sign-up for the same e-mail like a success; only a stored user counts.
  const [created] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  if (!created) return;

  try {
    await db.transaction(async (tx) => {
      await tx.update(users).set({ userType: 'vendor' }).where(eq(users.id, userId));
      await tx.insert(vendors).values({
        id: crypto.randomUUID(),
        userId,
        businessName: input.businessName,
        businessAddress: input.businessAddress,
        specialty: input.specialty,
        specialties: [input.specialty],
        location: input.location,
        phone: input.phone,
        status: 'pending',
        verified: false,
      });
    });
  } catch (err) {
    await db.delete(users).where(eq(users.id, userId));
    throw err;
  }
}
