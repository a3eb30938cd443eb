import { isFoodCategory } from './catalog.ts';
import { addCalendarDays } from './time.ts';

/**
 * The verification checklist behind the Verified badge: what a vendor proves with a document and an
 * admin checks. Which items a vendor needs depends on its categories (checklistKinds). The badge
 * means every item of the vendor's checklist is verified and none has expired.
 */
export const VERIFICATION_KINDS = [
  'food_premises',
  'foodsafe',
  'business_licence',
  'insurance',
  'identity',
] as const;
export type VerificationKind = (typeof VERIFICATION_KINDS)[number];

export const VERIFICATION_STATUSES = ['submitted', 'verified', 'rejected'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

export const VERIFICATION_ITEMS: Record<
  VerificationKind,
  {
    label: string;
    description: string;
    required: boolean;
    /** Whether the document has an expiry date the admin must record when verifying it. */
    expires: boolean;
  }
> = {
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
};

export const verificationLabel = (kind: string) =>
  (VERIFICATION_ITEMS as Record<string, { label: string } | undefined>)[kind]?.label ?? kind;

/** Days before an item expires that its vendor is told. */
export const VERIFICATION_EXPIRY_NOTICE_DAYS = 30;

/** The largest document a vendor may upload, in megabytes (the private bucket's limit). */
export const VERIFICATION_DOCUMENT_MAX_MB = 10;
export const VERIFICATION_DOCUMENT_MAX_BYTES = VERIFICATION_DOCUMENT_MAX_MB * 1024 * 1024;
/** What a document may be, by its content. */
export const VERIFICATION_DOCUMENT_TYPES = [
  'application/pdf',
  'image/jpeg',
  'image/png',
  'image/webp',
] as const;
export type VerificationDocumentType = (typeof VERIFICATION_DOCUMENT_TYPES)[number];
export const UNSUPPORTED_DOCUMENT_MESSAGE = 'Only PDF, JPEG, PNG or WebP files can be uploaded.';

/** What food vendors prove (FOODSAFE and the health permit) and what the others prove instead. */
const FOOD_KINDS: readonly VerificationKind[] = ['food_premises', 'foodsafe'];
const NON_FOOD_KINDS: readonly VerificationKind[] = ['business_licence'];

/**
 * The checklist of a vendor selling in `categories`, in the checklist's order: identity and liability
 * insurance for everyone; FOODSAFE and the food-premises permit when any category is food (cakes,
 * catering); a business licence when any is not. A cake maker's list is what it always was.
 */
export function checklistKinds(categories: readonly string[]): VerificationKind[] {
  const food = categories.some(isFoodCategory);
  const other = categories.some((c) => !isFoodCategory(c));
  return VERIFICATION_KINDS.filter(
    (k) =>
      VERIFICATION_ITEMS[k].required &&
      (FOOD_KINDS.includes(k) ? food : NON_FOOD_KINDS.includes(k) ? other : true),
  );
}

/** A cake maker's checklist (the food categories'): what a vendor with no categories recorded needs. */
export const REQUIRED_VERIFICATION_KINDS = checklistKinds(['cakes']);

/** What a vendor and an admin see for an item: no document yet, waiting, verified, expired or rejected. */
export type VerificationState = 'missing' | VerificationStatus | 'expired';

interface ItemDates {
  status: VerificationStatus;
  /** The last valid Vancouver day ('YYYY-MM-DD'), or null when it does not expire. */
  expiresOn: string | null;
}

/** The item's state on the Vancouver day `today`: a verified item past its last valid day has expired. */
export function verificationState(item: ItemDates | null | undefined, today: string): VerificationState {
  if (!item) return 'missing';
  // Stryker disable next-line ConditionalExpression: equivalent (null < 'YYYY-MM-DD' is false anyway)
  if (item.status === 'verified' && item.expiresOn !== null && item.expiresOn < today) return 'expired';
  return item.status;
}

/** The Verified badge: every item of the checklist (`kinds`) verified and not expired on `today`. */
export function isChecklistComplete(
  items: readonly (ItemDates & { kind: string })[],
  today: string,
  kinds: readonly VerificationKind[] = REQUIRED_VERIFICATION_KINDS,
): boolean {
  return kinds.every(
    (kind) =>
      verificationState(
        items.find((i) => i.kind === kind),
        today,
      ) === 'verified',
  );
}

/** True when a verified item expires within the notice period (today counts). */
export function expiresSoon(item: ItemDates, today: string, noticeDays = VERIFICATION_EXPIRY_NOTICE_DAYS) {
  // Stryker disable next-line ConditionalExpression: equivalent (null <= 'YYYY-MM-DD' below is false anyway)
  if (item.status !== 'verified' || item.expiresOn === null || item.expiresOn < today) return false;
  return item.expiresOn <= addCalendarDays(today, noticeDays);
}

/** @deprecated Day arithmetic lives in time.ts: import `addCalendarDays` from there. */
export { addCalendarDays as addDaysToDay } from './time.ts';
