import { type APIError, isAPIError } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import { vendorCategories } from '../../../shared/catalog.ts';
import type { VendorSignUpInput, VendorSignUpValues } from '../../../shared/schemas/auth.ts';
import type { Db } from '../../db/client.ts';
import { users, vendors } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { Auth } from '../auth/index.ts';

/**
 * A vendor applies: the account is created by Better Auth, then marked as a vendor with a pending
 * application. Like customer sign-up, the answer never reveals an existing account: Better Auth
 * treats an existing e-mail with the same work (it hashes the password and e-mails the owner instead
 * of sending a confirmation link) and answers with a user that was never stored, so nothing is created.
 */
export async function applyAsVendor({
  db,
  auth,
  input,
}: {
  db: Db;
  auth: Auth;
  input: VendorSignUpValues;
}): Promise<void> {
  const email = input.email.toLowerCase();
  let userId: string;
  // The form's age box (vendorSignUpSchema requires it), which sign-up stores as its time.
  const body = {
    email,
    password: input.password,
    name: input.businessName,
    phone: input.phone,
    ageConfirmed: input.confirmAge,
    callbackURL: '/auth?type=vendor&verified=1',
  };
  try {
    const result = await auth.api.signUpEmail({ body });
    userId = result.user.id;
  } catch (err) {
    throw isAPIError(err) ? signUpError(err) : err;
  }
  // Better Auth answers an existing e-mail like a success (see above); only a stored user counts.
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
        // A cake maker's specialty; another vendor's `specialty` is its category (the vendors table).
        specialty: input.category === 'cakes' ? input.specialty! : input.category,
        specialties: input.category === 'cakes' ? [input.specialty!] : [],
        category: input.category,
        categories: vendorCategories(input.category, input.otherCategories),
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

/** Field names of Better Auth's sign-up body, as the vendor form calls them. */
const FORM_FIELDS: Record<string, keyof VendorSignUpInput> = { name: 'businessName', phone: 'phone' };

/** Better Auth's refusal as our error, its field messages moved to the vendor form's fields. */
function signUpError(err: APIError): AppError {
  const body = (err.body ?? {}) as { message?: string; fields?: Record<string, string> };
  const fields = body.fields
    ? Object.fromEntries(Object.entries(body.fields).map(([key, text]) => [FORM_FIELDS[key] ?? key, text]))
    : undefined;
  return new AppError('VALIDATION_FAILED', 400, body.message || 'Vendor registration failed', fields);
}
