/* The messages module's public face: what other modules may use (the rest is its own). */
export { mayReadConversationImages } from './images.ts';
export { messageRoutes } from './routes.ts';
export { openConversation } from './service.ts';
