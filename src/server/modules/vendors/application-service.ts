import { eq } from 'drizzle-orm';
import type { VendorSignUpInput } from '../../../shared/schemas/auth.ts';
import type { Db } from '../../db/client.ts';
import { users, vendors } from '../../db/schema/index.ts';
import { AppError } from '../../http/app-error.ts';
import type { Auth } from '../auth/auth.ts';

/**
 * A vendor applies: the account is created by Better Auth, then marked as a vendor with a pending
 * application. If the application cannot be stored, the new account is removed again.
 */
export async function applyAsVendor({ db, auth, input }: { db: Db; auth: Auth; input: VendorSignUpInput }) {
  const email = input.email.toLowerCase();
  const taken = () =>
    new AppError(
      'CONFLICT',
      409,
      'An account with this email already exists. Sign in, or use another email.',
      {
        email: 'An account with this email already exists.',
      },
    );
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (existing) throw taken();

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
  // Better Auth answers an existing e-mail like a success (no enumeration); only a stored user counts.
  const [created] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  if (!created) throw taken();

  try {
    return await db.transaction(async (tx) => {
      await tx.update(users).set({ userType: 'vendor' }).where(eq(users.id, userId));
      const [vendor] = await tx
        .insert(vendors)
        .values({
          id: crypto.randomUUID(),
          userId,
          businessName: input.businessName,
          businessAddress: input.businessAddress,
          specialty: input.specialty,
          location: input.location,
          phone: input.phone,
          status: 'pending',
          verified: false,
        })
        .returning({ id: vendors.id, status: vendors.status });
      if (!vendor) throw new Error('vendor insert returned no row');
      return vendor;
    });
  } catch (err) {
    await db.delete(users).where(eq(users.id, userId));
    throw err;
  }
}
