/* The admin module's public face: what other modules may use (the rest is its own). */
export { applicationRoutes } from './application-routes.ts';
export { ensureAdmin } from './bootstrap.ts';
export { mailboxRoutes } from './mailbox-routes.ts';
export { seedRoutes } from './seed-routes.ts';
export { jobRoutes } from './jobs-routes.ts';
