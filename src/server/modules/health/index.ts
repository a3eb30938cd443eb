/* The health module's public face: what other modules may use (the rest is its own). */
export { healthRoutes } from './routes.ts';
