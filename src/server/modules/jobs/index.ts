import { mailJobHandlers } from '../mail/jobs.ts';
import { housekeepingJobHandlers } from '../notifications/prune.ts';
import { orderJobHandlers } from '../orders/transitions.ts';
import { balanceJobHandlers } from '../payments/balance.ts';
import { quoteJobHandlers } from '../quotes/service.ts';
import { verificationJobHandlers } from '../verification/jobs.ts';
import type { JobHandlers } from './jobs.ts';

export { startJobRunner } from './runner.ts';
export { scheduleHousekeeping } from '../notifications/prune.ts';

/** Every kind of job the server runs, by kind. */
export const jobHandlers: JobHandlers = {
  ...orderJobHandlers,
  ...balanceJobHandlers,
  ...quoteJobHandlers,
  ...mailJobHandlers,
  ...housekeepingJobHandlers,
  ...verificationJobHandlers,
};

export { sendPendingRefunds } from '../payments/service.ts';
export { chargeDueBalances } from '../payments/balance.ts';
