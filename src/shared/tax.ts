import { feeRateBasisPoints, serviceFeeCents } from './fees.ts';

/**
 * Sales tax on the platform's service fee (decision 029). The fee is a taxable service in Canada: the
 * vendor pays the fee and GST on it (and PST, when a PST rate is configured), so a vendor's share of
 * an amount is amount − fee − tax. The rates are fixed on the order when it is made, like the fee.
 *
 * Rounding, the one rule: each tax is the fee × its rate in integer arithmetic (basis points), rounded
 * half up to a whole cent, exactly like serviceFeeCents; GST and PST are rounded separately (each is
 * its own line on an invoice and its own remittance). Every screen, e-mail, invoice and posting takes
 * its numbers from these functions.
 */

/** The fee and tax rates an order was made with, in basis points (800 = 8%, 500 = 5%). */
export interface FeeTerms {
  serviceFeeBps: number;
  gstBps: number;
  pstBps: number;
}

/** The highest tax rate the configuration accepts (HST is 15% at most). */
export const MAX_TAX_RATE = 0.25;

/** Orders made before tax on the fee (migration 0037) carry zero rates: their money never changes. */
export const NO_TAX = { gstBps: 0, pstBps: 0 } as const;

/** A rate (0.05) in basis points (500). */
export const taxRateBasisPoints = (rate: number) => feeRateBasisPoints(rate);

/** Tax at `rateBps` on a fee of `feeCents`: rounded half up to a whole cent, never a float product. */
export function taxOnFeeCents(feeCents: number, rateBps: number): number {
  if (!Number.isSafeInteger(feeCents) || feeCents < 0)
    throw new RangeError(`a fee must be a non-negative integer of cents, got ${feeCents}`);
  if (!Number.isInteger(rateBps) || rateBps < 0 || rateBps > 10_000)
    throw new RangeError(`a tax rate must be whole basis points from 0 to 10000, got ${rateBps}`);
  return Math.floor((feeCents * rateBps + 5_000) / 10_000);
}

export interface FeeTax {
  gstCents: number;
  pstCents: number;
  /** gstCents + pstCents. */
  taxCents: number;
}

/** The taxes on a service fee already computed. */
export function feeTaxOf(feeCents: number, rates: Pick<FeeTerms, 'gstBps' | 'pstBps'>): FeeTax {
  const gstCents = taxOnFeeCents(feeCents, rates.gstBps);
  const pstCents = taxOnFeeCents(feeCents, rates.pstBps);
  return { gstCents, pstCents, taxCents: gstCents + pstCents };
}

export interface VendorShare extends FeeTax {
  /** The amount the share is taken from. */
  grossCents: number;
  feeCents: number;
  /** What the vendor gets: gross − fee − tax. */
  netCents: number;
}

/** A vendor's share of `grossCents` (a released order, the vendor's part of a cancellation or claim). */
export function vendorShareOf(grossCents: number, terms: FeeTerms): VendorShare {
  const feeCents = serviceFeeCents(grossCents, terms.serviceFeeBps / 10_000);
  const tax = feeTaxOf(feeCents, terms);
  return { grossCents, feeCents, ...tax, netCents: grossCents - feeCents - tax.taxCents };
}

/** '5%', '7.5%': a tax rate as people read it. */
export const taxPercentText = (rateBps: number) => `${rateBps / 100}%`;

/**
 * A GST/HST registration number: the 9-digit business number, RT, and a 4-digit account
 * (123456789RT0001). Spaces are allowed where people type them and dropped.
 */
export const GST_NUMBER_PATTERN = /^\d{9}RT\d{4}$/;
export const GST_NUMBER_MESSAGE =
  'Enter a GST/HST number as 9 digits, RT and 4 digits (for example 123456789RT0001).';
export const normalizeGstNumber = (value: string) => value.replace(/[\s-]/g, '').toUpperCase();
export const isGstNumber = (value: string) => GST_NUMBER_PATTERN.test(normalizeGstNumber(value));
