/* The support module's public face: what other modules may use (the rest is its own). */
export { supportRoutes } from './routes.ts';
