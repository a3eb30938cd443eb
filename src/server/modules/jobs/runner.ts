import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { safeError } from '../../http/log-safe-error.ts';
import type { Logger } from '../../logger.ts';
import { runDueJobs, type JobHandlers } from './jobs.ts';

/** How often a server process looks for due jobs. Timers are minutes to days; a few seconds late is fine. */
export const JOB_POLL_MS = 5_000;

export interface JobRunner {
  /** Runs what is due now (also what the interval does); resolves when this round is over. */
  tick(): Promise<{ ran: number; failed: number }>;
  /** Stops polling and waits for a round in progress. */
  stop(): Promise<void>;
}

/**
 * Polls the jobs table every `intervalMs` in this process. Any number of processes may run one on the
 * same database: each job is claimed by one of them (modules/jobs/jobs.ts). Rounds never overlap
 * within a process; a round that fails (the database is down) is logged and the next one tries again.
 */
export function startJobRunner({
  db,
  clock,
  handlers,
  log,
  intervalMs = JOB_POLL_MS,
}: {
  db: Db;
  clock: Clock;
  handlers: JobHandlers;
  log: Logger;
  intervalMs?: number;
}): JobRunner {
  let round: Promise<{ ran: number; failed: number }> | undefined;
  let stopped = false;
  const tick = () =>
    (round ??= (async () => {
      try {
        // Rounds of 50 until nothing is due: a backlog after downtime drains in one go.
        const total = { ran: 0, failed: 0 };
        for (;;) {
          const { ran, failed } = await runDueJobs({ db, now: clock.now(), handlers, log });
          total.ran += ran;
          total.failed += failed;
          if (ran + failed < 50 || stopped) break;
        }
        return total;
      } finally {
        round = undefined;
      }
    })());
  const timer = setInterval(() => {
    tick().catch((err: unknown) => log.warn({ err: safeError(err) }, 'could not run due jobs'));
  }, intervalMs);
  timer.unref();
  return {
    tick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await round?.catch(() => {});
    },
  };
}
