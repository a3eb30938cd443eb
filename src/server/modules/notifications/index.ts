/*
 * Telling users what happened: notifications published in the transaction of the change (each also
 * an e-mail when its category is wanted), the event streams that carry them, the notification centre,
 * and the e-mails that are written when they are sent (the renderer handed to the mailer).
 */
export { announceUnread, endStreams, MESSAGE_DIGEST_JOB, messageDigestJobKey, publish } from './publish.ts';
export { orderParties, vendorOwnerId } from './recipients.ts';
export { createEventBus, type EventBus } from './bus.ts';
export { createStreamHub, type StreamHub } from './streams.ts';
export { notificationRoutes } from './routes.ts';
export { pruneReadNotifications, RETENTION_DAYS } from './prune.ts';
export { renderQueuedEmail } from './email/render.ts';
export {
  cancelCompleteReminder,
  COMPLETE_REMINDER_HOURS_BEFORE,
  COMPLETE_REMINDER_JOB,
  completeReminderAt,
  completeReminderJobKey,
  emailJobHandlers,
  scheduleCompleteReminder,
} from './email/jobs.ts';
