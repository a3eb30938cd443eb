import { describe, expect, it } from 'vitest';
import {
  checklistKinds,
  REQUIRED_VERIFICATION_KINDS,
  UNSUPPORTED_DOCUMENT_MESSAGE,
  VERIFICATION_DOCUMENT_MAX_BYTES,
  VERIFICATION_DOCUMENT_TYPES,
  VERIFICATION_EXPIRY_NOTICE_DAYS,
  VERIFICATION_ITEMS,
  addDaysToDay,
  expiresSoon,
  isChecklistComplete,
  verificationLabel,
  verificationState,
} from './verification.ts';

const TODAY = '2026-11-23';
const verified = (expiresOn: string | null = null) => ({ status: 'verified' as const, expiresOn });

describe('the verification checklist', () => {
  it('knows five documents, all required where they apply; all but the ID expire', () => {
    expect(VERIFICATION_ITEMS).toEqual({
      food_premises: {
        label: 'Food premises permit',
        description:
          'A BC food-premises permit from your health authority, or proof you bake in an approved facility.',
        required: true,
        expires: true,
      },
      foodsafe: {
        label: 'FOODSAFE Level 1',
        description: 'A FOODSAFE Level 1 certificate (or an approved equivalent) for the person who bakes.',
        required: true,
        expires: true,
      },
      business_licence: {
        label: 'Business licence',
        description: 'The business licence from your city or municipality for the business you run.',
        required: true,
        expires: true,
      },
      insurance: {
        label: 'Liability insurance',
        description: 'A certificate of commercial general liability insurance that covers your work.',
        required: true,
        expires: true,
      },
      identity: {
        label: 'Identity',
        description: 'Government-issued photo ID of the business owner.',
        required: true,
        expires: false,
      },
    });
    expect(REQUIRED_VERIFICATION_KINDS).toEqual(['food_premises', 'foodsafe', 'insurance', 'identity']);
  });

  it('depends on the categories: food keeps FOODSAFE and the permit, the others need a business licence', () => {
    expect(checklistKinds(['cakes'])).toEqual(['food_premises', 'foodsafe', 'insurance', 'identity']);
    expect(checklistKinds(['catering'])).toEqual(['food_premises', 'foodsafe', 'insurance', 'identity']);
    for (const c of ['flowers', 'decor', 'photography', 'entertainment', 'rentals'])
      expect(checklistKinds([c]), c).toEqual(['business_licence', 'insurance', 'identity']);
    // Selling both: both sets, in the checklist's order.
    expect(checklistKinds(['photography', 'cakes'])).toEqual([
      'food_premises',
      'foodsafe',
      'business_licence',
      'insurance',
      'identity',
    ]);
  });

  it("a florist's badge needs the florist's checklist, not a baker's", () => {
    const items = ['business_licence', 'insurance', 'identity'].map((kind) => ({
      kind,
      ...verified(kind === 'identity' ? null : '2027-06-30'),
    }));
    expect(isChecklistComplete(items, TODAY, checklistKinds(['flowers']))).toBe(true);
    expect(isChecklistComplete(items, TODAY, checklistKinds(['cakes']))).toBe(false);
    expect(isChecklistComplete(items.slice(1), TODAY, checklistKinds(['flowers']))).toBe(false);
  });

  it('names each item, and an unknown kind by itself', () => {
    expect(verificationLabel('foodsafe')).toBe('FOODSAFE Level 1');
    expect(verificationLabel('passport')).toBe('passport');
    expect(verificationLabel('toString')).toBe('toString');
  });

  it('takes PDF and pictures of at most 10 MB', () => {
    expect(VERIFICATION_DOCUMENT_MAX_BYTES).toBe(10_485_760);
    expect(VERIFICATION_DOCUMENT_TYPES).toEqual(['application/pdf', 'image/jpeg', 'image/png', 'image/webp']);
    expect(UNSUPPORTED_DOCUMENT_MESSAGE).toBe('Only PDF, JPEG, PNG or WebP files can be uploaded.');
  });
});

describe('the state of an item on a Vancouver day', () => {
  it('is missing, waiting, rejected, verified, or expired after its last valid day', () => {
    expect(verificationState(undefined, TODAY)).toBe('missing');
    expect(verificationState(null, TODAY)).toBe('missing');
    expect(verificationState({ status: 'submitted', expiresOn: '2020-01-01' }, TODAY)).toBe('submitted');
    expect(verificationState({ status: 'rejected', expiresOn: null }, TODAY)).toBe('rejected');
    expect(verificationState(verified(), TODAY)).toBe('verified');
    expect(verificationState(verified(TODAY), TODAY)).toBe('verified'); // its last valid day
    expect(verificationState(verified('2026-11-22'), TODAY)).toBe('expired');
  });
});

describe('the Verified badge', () => {
  const all = [
    { kind: 'food_premises', ...verified('2027-06-30') },
    { kind: 'foodsafe', ...verified('2029-01-31') },
    { kind: 'insurance', ...verified(TODAY) },
    { kind: 'identity', ...verified() },
  ];

  it('needs every required item verified and unexpired', () => {
    expect(isChecklistComplete(all, TODAY)).toBe(true);
    expect(isChecklistComplete(all, '2026-11-24')).toBe(false); // the insurance expired
    expect(isChecklistComplete(all.slice(0, 3), TODAY)).toBe(false);
    expect(
      isChecklistComplete(
        [...all.slice(0, 3), { kind: 'identity', status: 'submitted', expiresOn: null }],
        TODAY,
      ),
    ).toBe(false);
    expect(isChecklistComplete([], TODAY)).toBe(false);
  });
});

describe('the expiry notice', () => {
  it('tells the vendor in the last 30 days of a verified item, today included', () => {
    expect(VERIFICATION_EXPIRY_NOTICE_DAYS).toBe(30);
    expect(expiresSoon(verified(TODAY), TODAY)).toBe(true);
    expect(expiresSoon(verified('2026-12-23'), TODAY)).toBe(true); // 30 days ahead
    expect(expiresSoon(verified('2026-12-24'), TODAY)).toBe(false);
    expect(expiresSoon(verified('2026-11-22'), TODAY)).toBe(false); // already expired
    expect(expiresSoon(verified(), TODAY)).toBe(false);
    expect(expiresSoon({ status: 'submitted', expiresOn: TODAY }, TODAY)).toBe(false);
    expect(expiresSoon(verified('2026-11-30'), TODAY, 7)).toBe(true);
    expect(expiresSoon(verified('2026-12-01'), TODAY, 7)).toBe(false);
  });

  it('counts calendar days, across months, years and clock changes', () => {
    expect(addDaysToDay('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDaysToDay('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDaysToDay('2026-03-07', 2)).toBe('2026-03-09');
    expect(addDaysToDay(TODAY, 30)).toBe('2026-12-23');
  });
});
