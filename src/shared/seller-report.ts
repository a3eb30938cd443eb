/**
 * The seller report's constants that pages use without its schemas (schemas/seller-report.ts
 * re-exports them): the admin's year picker should not build the vendor form's schemas.
 */

/** The earliest year of the rules (Part XX applies from 2024). */
export const FIRST_REPORT_YEAR = 2024;
