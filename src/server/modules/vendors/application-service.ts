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
  let userId: string;
  try {
    const result = await auth.api.signUpEmail({
      body: { email: input.email, password: input.password, name: input.businessName, phone: input.phone },
    });
    userId = result.user.id;
  } catch (err) {
    const message = err instanceof Error && err.message ? err.message : 'Vendor registration failed';
    const status = (err as { statusCode?: number }).statusCode;
    throw new AppError(status === 422 ? 'CONFLICT' : 'VALIDATION_FAILED', status === 422 ? 409 : 400, message);
  }
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
