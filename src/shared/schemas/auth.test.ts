import { describe, expect, it } from 'vitest';
import { customerSignUpSchema, signInSchema, vendorSignUpSchema } from './auth.ts';

/** The message each field shows, from a real parse: every rule of spec section 5. */
function messages(
  schema: {
    safeParse: (v: unknown) => {
      success: boolean;
      error?: { issues: { path: PropertyKey[]; message: string }[] };
    };
  },
  input: unknown,
) {
  const result = schema.safeParse(input);
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[String(issue.path[0])] ??= issue.message;
  return out;
}

describe('section 5 validation rules', () => {
  it('sign-in needs an e-mail and a password', () => {
    expect(messages(signInSchema, {})).toEqual({
      email: 'Please enter your email address.',
      password: 'Please enter your password.',
    });
    expect(messages(signInSchema, { email: 'nope', password: 'x' })).toEqual({
      email: 'Please enter a valid email address.',
    });
  });

  it('customer sign-up: names, e-mail, a password of at least 6 characters and the terms are required; phone is optional', () => {
    expect(
      messages(customerSignUpSchema, { firstName: ' ', lastName: '', email: '', password: '12345' }),
    ).toEqual({
      firstName: 'Please enter your first name.',
      lastName: 'Please enter your last name.',
      email: 'Please enter your email address.',
      password: 'Password must be at least 6 characters.',
      confirmAge: 'Please confirm you are 18 or older.',
      acceptTerms: 'Please accept the Terms of Service and Privacy Policy.',
    });
    const ok = {
      firstName: 'Ana',
      lastName: 'Diaz',
      email: 'ana@example.test',
      password: '123456',
      confirmAge: true,
      acceptTerms: true,
    };
    expect(customerSignUpSchema.safeParse(ok).success).toBe(true);
    expect(customerSignUpSchema.safeParse({ ...ok, phone: '' }).success).toBe(true);
    // The age box is its own, never implied by the terms (decision 028).
    expect(messages(customerSignUpSchema, { ...ok, confirmAge: false })).toEqual({
      confirmAge: 'Please confirm you are 18 or older.',
    });
    expect(messages(customerSignUpSchema, { ...ok, phone: 'call me' })).toEqual({
      phone: 'Please enter a valid phone number.',
    });
  });

  it('vendor sign-up: business name, e-mail, phone, address, specialty, password and agreement are all required', () => {
    expect(messages(vendorSignUpSchema, { password: '123' })).toEqual({
      businessName: 'Please enter your business name.',
      email: 'Please enter your email address.',
      phone: 'Please enter your business phone number.',
      businessAddress: 'Please enter your business address.',
      location: 'Please choose your area.',
      specialty: 'Please choose your specialty.',
      password: 'Password must be at least 6 characters.',
      confirmAge: 'Please confirm you are 18 or older.',
      acceptAgreement: 'Please accept the Vendor Agreement.',
    });
    expect(messages(vendorSignUpSchema, { phone: '' }).phone).toBe(
      'Please enter your business phone number.',
    );
    expect(messages(vendorSignUpSchema, { phone: '604-555-CAKE' }).phone).toBe(
      'Please enter a valid phone number.',
    );
  });

  it('vendor sign-up: a category; a cake maker also chooses a specialty, other vendors do not', () => {
    const ok = {
      businessName: 'Petal Lane',
      email: 'petal@example.test',
      phone: '604 555 0101',
      businessAddress: '1 Main St, Vancouver',
      location: 'vancouver',
      password: 'long-enough',
      confirmAge: true,
      acceptAgreement: true,
    };
    expect(
      vendorSignUpSchema.parse({ ...ok, category: 'flowers', otherCategories: ['decor'] }),
    ).toMatchObject({
      category: 'flowers',
      otherCategories: ['decor'],
    });
    expect(vendorSignUpSchema.parse({ ...ok, category: 'flowers', specialty: '' }).specialty).toBeUndefined();
    // A form's checkboxes: none ticked is false, one ticked a string.
    expect(
      vendorSignUpSchema.parse({ ...ok, category: 'decor', otherCategories: false }).otherCategories,
    ).toEqual([]);
    expect(
      vendorSignUpSchema.parse({ ...ok, category: 'decor', otherCategories: 'rentals' }).otherCategories,
    ).toEqual(['rentals']);
    expect(messages(vendorSignUpSchema, { ...ok, category: 'cakes' })).toEqual({
      specialty: 'Please choose your specialty.',
    });
    expect(messages(vendorSignUpSchema, { ...ok, category: '' })).toEqual({
      category: 'Please choose what you mainly offer.',
    });
    expect(
      messages(vendorSignUpSchema, { ...ok, category: 'flowers', otherCategories: ['karaoke'] }),
    ).toEqual({
      otherCategories: 'Choose categories from the list.',
    });
    // Before categories every vendor was a cake maker: no category is cakes.
    expect(vendorSignUpSchema.parse({ ...ok, specialty: 'custom' }).category).toBe('cakes');
  });
});
