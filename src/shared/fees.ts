import { POLICIES } from './policies.ts';

/**
 * The platform service fee. The rate is configuration (SERVICE_FEE_RATE, default 8%): the server
 * reads it from its config, the browser from /api/config; both compute with these functions only.
 */

/** The rate in basis points (8% = 800), so fees are computed in exact integer arithmetic. */
export const feeRateBasisPoints = (rate: number) => Math.round(rate * 10_000);

/**
 * The service fee on an amount, in whole cents: amount × rate rounded half up (never a float
 * product, so 1,250 cents at 7.5% is exactly 94).
 */
export function serviceFeeCents(amountCents: number, rate: number): number {
  if (!Number.isSafeInteger(amountCents) || amountCents < 0)
    throw new RangeError(`amount must be a non-negative integer of cents, got ${amountCents}`);
  return Math.floor((amountCents * feeRateBasisPoints(rate) + 5_000) / 10_000);
}

/** '8%', '7.5%': the rate as people read it. */
export const feePercentText = (rate: number) => `${feeRateBasisPoints(rate) / 100}%`;

/** The rate the browser shows until the server's configuration has loaded. */
export const DEFAULT_SERVICE_FEE_RATE = POLICIES.defaultServiceFeeRate;
