/*
 * The one job queue: timers and every piece of background work, claimed with FOR UPDATE SKIP LOCKED
 * by any number of processes. Which kinds exist is decided by the composition root
 * (src/server/lifecycle/index.ts), never here.
 */
export {
  AT_ONCE,
  cancelJob,
  failedJobs,
  JOB_LEASE_MS,
  LEASE_LAPSED,
  retryFailedJob,
  type JobContext,
  type OutsideJobHandler,
  type TransactionalJobHandler,
  MAX_JOB_ATTEMPTS,
  retryDelayMs,
  runDueJobs,
  scheduleJob,
  type JobHandler,
  type JobHandlers,
  type JobOutcome,
  type JobRow,
  type RunDueJobsOptions,
} from './jobs.ts';
export { JOB_POLL_MS, startJobRunner, type JobRunner } from './runner.ts';
