/* The favorites module's public face: what other modules may use (the rest is its own). */
export { favoriteRoutes } from './routes.ts';
