/* The config module's public face: what other modules may use (the rest is its own). */
export { publicConfigRoutes } from './routes.ts';
