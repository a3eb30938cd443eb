import { AT_ONCE, scheduleJob, type JobHandlers } from '../jobs/index.ts';
import { runInactivityRound } from './inactivity.ts';
import { purgeExpiredRecords } from './purge.ts';

export const PRIVACY_ROUND_JOB = 'privacy.round';
export const PRIVACY_ROUND_JOB_KEY = 'privacy:round';

/** Sets today's privacy round going (the daily housekeeping round calls this). */
export const schedulePrivacyRound = (db: Parameters<typeof scheduleJob>[0]) =>
  scheduleJob(db, { kind: PRIVACY_ROUND_JOB, key: PRIVACY_ROUND_JOB_KEY, runAt: AT_ONCE });

/**
 * The daily privacy round: inactivity notices and closures, then the purge of records 7 years after a
 * closure. Outside any one transaction: each account is its own transaction, so one that fails (or is
 * refused) does not hold back the others. The notice links to `publicUrl`.
 */
export const privacyJobHandlers = ({ publicUrl }: { publicUrl: string }): JobHandlers => ({
  [PRIVACY_ROUND_JOB]: {
    leaseMs: 30 * 60_000,
    outside: async (db, _job, { now, log }) => {
      const inactivity = await runInactivityRound(db, { now, log, publicUrl });
      const purge = await purgeExpiredRecords(db, { now, log });
      if (inactivity.notified || inactivity.closed || purge.purged)
        log.info({ inactivity, purge }, 'privacy round');
    },
  },
});
