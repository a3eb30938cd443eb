/** Error codes shared by server and web, and the spec's user-facing messages (section 8). */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'NOT_FOUND',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'CONFLICT',
  'RATE_LIMITED',
  'FILE_TOO_LARGE',
  'UNSUPPORTED_FILE',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ApiErrorBody {
  error: { code: ErrorCode; message: string; fields?: Record<string, string> };
}

export const MESSAGES = {
  notFound: 'Oops! Page not found',
  internal: 'Something went wrong. Please try again.',
  validation: 'Please check the highlighted fields.',
  unauthenticated: 'Please sign in to continue.',
  forbidden: 'This is not available for your account type.',
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
} as const;
