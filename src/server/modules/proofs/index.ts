/* The proofs module's public face: what other modules may use (the rest is its own). */
export { proofRoutes } from './routes.ts';
export { PROOF_BUCKET } from './images.ts';
