import { mailJobHandlers } from '../mail/jobs.ts';
import { housekeepingJobHandlers } from '../notifications/prune.ts';
import { orderJobHandlers } from '../orders/transitions.ts';
import { quoteJobHandlers } from '../quotes/service.ts';
import type { JobHandlers } from './jobs.ts';

export { startJobRunner } from './runner.ts';
export { scheduleHousekeeping } from '../notifications/prune.ts';

/** Every kind of job the server runs, by kind. */
export const jobHandlers: JobHandlers = {
  ...orderJobHandlers,
  ...quoteJobHandlers,
  ...mailJobHandlers,
  ...housekeepingJobHandlers,
};

export { sendPendingRefunds } from '../payments/service.ts';
