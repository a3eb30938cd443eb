import { z } from 'zod';
import { LOCATION_VALUES, SPECIALTY_VALUES } from '../catalog.ts';
import { POLICIES } from '../policies.ts';

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

export const required = (message: string, max = 120) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters.`);

export const phone = (requiredMessage?: string) =>
  z
    .string(requiredMessage ? { error: requiredMessage } : undefined)
    .trim()
    .max(30, 'Phone number is too long.')
    .regex(/^[+()\d\s.-]*$/, 'Please enter a valid phone number.');

export const signInSchema = z.object({
  email,
  password: z.string({ error: 'Please enter your password.' }).min(1, 'Please enter your password.'),
});
export type SignInInput = z.infer<typeof signInSchema>;

export const customerSignUpSchema = z.object({
  firstName: required('Please enter your first name.', 60),
  lastName: required('Please enter your last name.', 60),
  email,
  phone: phone().optional().or(z.literal('')),
  password,
  acceptTerms: z.literal(true, { error: 'Please accept the Terms of Service and Privacy Policy.' }),
});
export type CustomerSignUpInput = z.infer<typeof customerSignUpSchema>;

export const vendorSignUpSchema = z.object({
  businessName: required('Please enter your business name.'),
  email,
  phone: phone('Please enter your business phone number.').min(7, 'Please enter your business phone number.'),
  businessAddress: required('Please enter your business address.', 200),
  location: z.enum(LOCATION_VALUES, { error: 'Please choose your area.' }),
  specialty: z.enum(SPECIALTY_VALUES, { error: 'Please choose your specialty.' }),
  password,
  acceptAgreement: z.literal(true, { error: 'Please accept the Vendor Agreement.' }),
});
export type VendorSignUpInput = z.infer<typeof vendorSignUpSchema>;
