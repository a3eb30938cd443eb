/* The analytics module's public face: what other modules may use (the rest is its own). */
export { vendorAnalyticsRoutes } from './routes.ts';
