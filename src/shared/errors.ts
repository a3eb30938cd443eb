/** Error codes shared by server and web, and the spec's user-facing messages (section 8). */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'NOT_FOUND',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'CONFLICT',
  'RATE_LIMITED',
  'FILE_TOO_LARGE',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'UNSUPPORTED_FILE',
  'QUOTA_EXCEEDED',
  'NOT_CONFIGURED',
  'GENERATION_FAILED',
  'UNAVAILABLE',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ApiErrorBody {
  error: { code: ErrorCode; message: string; fields?: Record<string, string> };
}

export const MESSAGES = {
  notFound: 'Oops! Page not found',
  internal: 'Something went wrong. Please try again.',
  /** The database is unreachable for a moment (an outage, a restart); answered 503 with Retry-After. */
  unavailable: 'Frosted is briefly unavailable. Please try again in a moment.',
  validation: 'Please check the highlighted fields.',
  unauthenticated: 'Please sign in to continue.',
  forbidden: 'This is not available for your account type.',
  payloadTooLarge: 'The request is too large.',
  jsonRequired: 'Send the request body as JSON (Content-Type: application/json).',
  crossOrigin: 'This request did not come from Frosted. Please reload the page and try again.',
  /** Too many wrong passwords for one account: refused (429), however right the next one is. */
  signInLocked: (retryAfterSeconds: number) => {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    return `Too many failed sign-in attempts for this account. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or reset your password.`;
  },
  badCharacters: 'Contains characters that are not allowed.',
  seedSuccess: 'Demo data seeded successfully!',
  seedFailed: 'Failed to seed demo data. Check console for details.',
  seedError: 'An error occurred while seeding data.',
  clearSuccess: 'Demo data cleared successfully!',
  clearError: 'Error clearing demo data',
  seedTableError: (table: string) => `Error seeding ${table}`,
  seedTableFailed: (table: string) => `Failed to seed ${table} data`,
  seedTableSuccess: (table: string) => `${table} data seeded successfully!`,
  dashboardLoadFailed: 'Failed to load dashboard data',
  fileTooLarge: (limitMb: number) => `The file is too large. The limit is ${limitMb} MB.`,
  imageTooManyPixels: (limitMegapixels: number) =>
    `The image is too large. The limit is ${limitMegapixels} megapixels.`,
  unsupportedFile: 'Only JPEG, PNG or WebP images can be uploaded.',
  /** Spec section 8: when every image of a generation failed for different reasons. */
  designsFailed: 'Failed to generate designs. Please try again.',
  designQuotaUsedUp: (limit: number, signedIn: boolean) =>
    !signedIn && limit === 0
      ? 'Please sign in to design a cake.'
      : signedIn
        ? `You have used all ${limit} of today's designs. Your limit resets at midnight Pacific time.`
        : `You have used all ${limit} of today's free designs. Sign in for more, or come back tomorrow.`,
  designQuotaTooFew: (remaining: number) =>
    `You have ${remaining} design${remaining === 1 ? '' : 's'} left today. Generate one design instead of three variations.`,
  designSaved: 'Design saved to My Designs',
  designSaveFailed: 'Could not save the design. Please try again.',
  linkCopied: 'Link copied to clipboard',
  designGone: 'This design is no longer available. Please generate it again.',
  reviewNotFound: 'Review not found.',
  /** Helpful votes (issue 24): nobody vouches for their own review, nor for reviews of their own shop. */
  helpfulOwnReview: 'You cannot mark your own review as helpful.',
  helpfulOwnShop: 'You cannot mark reviews of your own shop as helpful.',
} as const;
