import { orderJobHandlers } from '../orders/transitions.ts';
import { quoteJobHandlers } from '../quotes/service.ts';
import type { JobHandlers } from './jobs.ts';

export { startJobRunner } from './runner.ts';

/** Every kind of job the server runs, by kind. */
export const jobHandlers: JobHandlers = { ...orderJobHandlers, ...quoteJobHandlers };

export { sendPendingRefunds } from '../payments/service.ts';
