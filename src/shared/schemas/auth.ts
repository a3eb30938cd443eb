import { z } from 'zod';
import { LOCATION_VALUES, SPECIALTY_VALUES, VENDOR_CATEGORY_VALUES } from '../catalog.ts';
import { POLICIES } from '../policies.ts';
import { ageConfirmation } from './privacy.ts';

const email = z
  .string({ error: 'Please enter your email address.' })
  .trim()
  .min(1, 'Please enter your email address.')
  .max(254, 'Email address is too long.')
  .pipe(z.email('Please enter a valid email address.'));

const password = z
  .string({ error: 'Please enter a password.' })
  .min(POLICIES.passwordMinLength, `Password must be at least ${POLICIES.passwordMinLength} characters.`)
  .max(128, 'Password must be at most 128 characters.');

/** Limits of the names people and businesses give themselves (a full name is first + space + last). */
export const NAME_LIMITS = { person: 60, full: 2 * 60 + 1, business: 120 } as const;
export const PHONE_MAX = 30;

// Control characters (C0, DEL, C1) have no place in a one-line value: they break e-mails, logs and layouts.
// eslint-disable-next-line no-control-regex
const NO_CONTROL_CHARACTERS = /^[^\u0000-\u001f\u007f-\u009f]*$/;
export const CONTROL_CHARACTERS_MESSAGE = 'Must not contain control characters.';

/** A one-line text value: trimmed, not empty, at most `max` characters, no control characters. */
export const required = (message: string, max = 120) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `Must be at most ${max} characters.`)
    .regex(NO_CONTROL_CHARACTERS, CONTROL_CHARACTERS_MESSAGE);

export const phone = (requiredMessage?: string) =>
  z
    .string(requiredMessage ? { error: requiredMessage } : undefined)
    .trim()
    .max(PHONE_MAX, 'Phone number is too long.')
    .regex(/^[+()\d .-]*$/, 'Please enter a valid phone number.');

export const signInSchema = z.object({
  email,
  password: z.string({ error: 'Please enter your password.' }).min(1, 'Please enter your password.'),
});
export type SignInInput = z.infer<typeof signInSchema>;

export const customerSignUpSchema = z.object({
  firstName: required('Please enter your first name.', NAME_LIMITS.person),
  lastName: required('Please enter your last name.', NAME_LIMITS.person),
  email,
  phone: phone().optional().or(z.literal('')),
  password,
  confirmAge: ageConfirmation,
  acceptTerms: z.literal(true, { error: 'Please accept the Terms of Service and Privacy Policy.' }),
});
export type CustomerSignUpInput = z.infer<typeof customerSignUpSchema>;

const SPECIALTY_MESSAGE = 'Please choose your specialty.';

/** The cake specialty is asked of cake makers only; checked as soon as the two fields are readable. */
const specialtyReadable = (payload: {
  value: unknown;
  issues: readonly { path?: readonly PropertyKey[] }[];
}) =>
  typeof payload.value === 'object' &&
  payload.value !== null &&
  !payload.issues.some((i) => i.path?.[0] === 'category' || i.path?.[0] === 'specialty');

export const vendorSignUpSchema = z
  .object({
    businessName: required('Please enter your business name.', NAME_LIMITS.business),
    email,
    phone: phone('Please enter your business phone number.').min(
      7,
      'Please enter your business phone number.',
    ),
    businessAddress: required('Please enter your business address.', 200),
    location: z.enum(LOCATION_VALUES, { error: 'Please choose your area.' }),
    /** What the vendor mainly sells; applications from before categories are cake makers. */
    category: z
      .enum(VENDOR_CATEGORY_VALUES, { error: 'Please choose what you mainly offer.' })
      .default('cakes'),
    /** Other categories the vendor also sells in (the primary may be repeated; it is stored once). */
    // A form's checkboxes give false with none ticked and a string with one.
    otherCategories: z.preprocess(
      (v) => (v === undefined || v === null || v === false ? [] : typeof v === 'string' ? [v] : v),
      z
        .array(z.enum(VENDOR_CATEGORY_VALUES, { error: 'Choose categories from the list.' }))
        .max(VENDOR_CATEGORY_VALUES.length),
    ),
    /** A cake maker's main specialty; other vendors have none (their form does not ask). */
    specialty: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.enum(SPECIALTY_VALUES, { error: SPECIALTY_MESSAGE }).optional(),
    ),
    password,
    confirmAge: ageConfirmation,
    acceptAgreement: z.literal(true, { error: 'Please accept the Vendor Agreement.' }),
  })
  .refine((v) => v.category !== 'cakes' || v.specialty !== undefined, {
    path: ['specialty'],
    message: SPECIALTY_MESSAGE,
    when: specialtyReadable,
  });
export type VendorSignUpInput = z.input<typeof vendorSignUpSchema>;
export type VendorSignUpValues = z.output<typeof vendorSignUpSchema>;

/** The same answer whether or not the e-mail already had an account. */
export const vendorApplicationSubmittedSchema = z.object({ status: z.literal('submitted') });
export type VendorApplicationSubmitted = z.infer<typeof vendorApplicationSubmittedSchema>;

/**
 * The profile fields Better Auth's sign-up (/sign-up/email) accepts besides e-mail and password,
 * checked on the server whatever the client: a customer's full name or a vendor's business name,
 * and the optional first and last name and phone.
 */
export const signUpProfileSchema = z.object({
  name: required('Please enter your name.', NAME_LIMITS.full),
  firstName: required('Please enter your first name.', NAME_LIMITS.person).optional(),
  lastName: required('Please enter your last name.', NAME_LIMITS.person).optional(),
  phone: phone().optional(),
  /** The sign-up form's age box: an account is never created without it (stored as its time). */
  ageConfirmed: ageConfirmation,
});

/** A profile update (/update-user): the same fields and limits, each optional; null clears an optional one. */
export const profileUpdateSchema = z.object({
  name: required('Please enter your name.', NAME_LIMITS.full).optional(),
  firstName: required('Please enter your first name.', NAME_LIMITS.person).nullish(),
  lastName: required('Please enter your last name.', NAME_LIMITS.person).nullish(),
  phone: phone().nullish(),
});
export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;
