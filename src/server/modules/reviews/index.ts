/* The reviews module's public face: what other modules may use (the rest is its own). */
export { reviewRoutes } from './routes.ts';
export { createReview } from './create-review.ts';
