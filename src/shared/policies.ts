/** Legal and business constants of spec section 9. Shown in the Terms and Privacy pages and used by rules. */
export const POLICIES = {
  fullRefundHoursBeforeDelivery: 48,
  vendorPolicyWindowHours: 48,
  feesMayApplyWithinHours: 24,
  satisfactionClaimHoursAfterDelivery: 24,
  dataRetentionYearsAfterClosure: 7,
  inactiveAccountYears: 2,
  minimumAgeYears: 18,
  privacyMinimumAgeYears: 13,
  defaultServiceFeeRate: 0.08,
  passwordMinLength: 6,
  supportHours: '9 AM-6 PM PST',
  supportEmailReplyHours: 24,
} as const;

export const SUPPORT_EMAIL = 'support@frosted.ca';
export const SUPPORT_PHONE = '1-604-555-0199';
