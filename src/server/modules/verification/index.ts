/* The verification module's public face: what other modules may use (the rest is its own). */
export { presentPublicChecks } from './presenter.ts';
export { adminVerificationRoutes, vendorVerificationRoutes } from './routes.ts';
export { publicChecks } from './service.ts';
export { runVerificationRound } from './jobs.ts';
export { DOCUMENT_BUCKET } from './documents.ts';
export { recomputeVerified } from './service.ts';
