import type { Db } from '../../db/client.ts';
import type { Logger } from '../../logger.ts';
import { runDueJobs, type JobHandler } from '../jobs/index.ts';
import type { PaymentProcessor } from './processor.ts';

/** What a round of the payments' background work (or the admins' reconciliation) runs with. */
export interface PaymentRound {
  db: Db;
  processor: PaymentProcessor;
  now: Date;
  log: Logger;
}

/**
 * Runs the due jobs of one kind now, as the job runner would (a cancellation sends its refund at once;
 * tests drive rounds by the clock): at most 20, each on its own.
 */
export async function runJobsNow({ db, now, log }: PaymentRound, kind: string, handler: JobHandler) {
  return runDueJobs({ db, now, handlers: { [kind]: handler }, log, limit: 20 });
}

/**
 * Works through a batch of stored items (refunds to send, payouts and balances to charge, events and
 * payments to recover), each on its own: one that fails is counted and handed to `failed`, which
 * records it (last error, next try) and logs it, and the next item goes on, so one poisoned item never
 * stalls the work of every user. `claim`, when given, takes an item for this round first (one
 * conditional UPDATE); an item another process took is skipped. `handle` does the work and says which
 * of `outcomes` to count, or null for none. Returns the count of each outcome, and of failures.
 */
export async function eachOnItsOwn<T, K extends string>({
  items,
  outcomes,
  claim,
  handle,
  failed,
}: {
  items: readonly T[];
  outcomes: readonly K[];
  claim?: ((item: T) => Promise<boolean>) | undefined;
  handle: (item: T) => Promise<K | null>;
  failed: (item: T, err: unknown) => Promise<void>;
}): Promise<Record<K | 'failed', number>> {
  const counts = Object.fromEntries([...outcomes, 'failed'].map((key) => [key, 0])) as Record<
    K | 'failed',
    number
  >;
  for (const item of items) {
    if (claim && !(await claim(item))) continue;
    try {
      const outcome = await handle(item);
      if (outcome !== null) counts[outcome]++;
    } catch (err) {
      counts.failed++;
      await failed(item, err);
    }
  }
  return counts;
}

/** An error's message, as stored on the row whose work failed. */
export const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));
