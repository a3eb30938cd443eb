/* The dashboard module's public face: what other modules may use (the rest is its own). */
export { dashboardRoutes } from './routes.ts';
