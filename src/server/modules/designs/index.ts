/* The designs module's public face: what other modules may use (the rest is its own). */
export { designPageHead } from './open-graph.ts';
export { createImageProvider, renderPoolFor } from './providers/index.ts';
export { designRoutes } from './routes.ts';
export { createDesignRunner, type DesignRunner } from './runner.ts';
export { buildPrompt } from './prompt.ts';
export { type DesignForm } from './providers/types.ts';
