/*
 * Privacy rights the Terms promise (decision 028): the age confirmation, downloading one's data,
 * closing one's account, inactive accounts closed after 2 years and records purged 7 years after a
 * closure.
 */
export { confirmAge } from './age.ts';
export { closeAccountNow, closedEmail, closeOwnAccount, closureBlockers } from './close.ts';
export { collectUserData, type UserDataExport } from './export.ts';
export { runInactivityRound } from './inactivity.ts';
export {
  PRIVACY_ROUND_JOB,
  PRIVACY_ROUND_JOB_KEY,
  privacyJobHandlers,
  schedulePrivacyRound,
} from './jobs.ts';
export { privacyFileJobHandlers } from './files.ts';
export { purgeExpiredRecords } from './purge.ts';
export { privacyRoutes } from './routes.ts';
