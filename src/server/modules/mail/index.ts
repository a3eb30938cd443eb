/*
 * E-mail: the outbox (queued in the transaction of the change they tell of), delivery over SMTP or
 * into the admin mailbox, the templates, unsubscribe links and preferences. Mail knows nothing of what
 * the e-mails are about: the e-mails queued as payloads are written by a renderer it is given.
 */
export { createMailer, type Mailer, type OutgoingEmail } from './mailer.ts';
export {
  EVENT_EMAIL_CATEGORY,
  queueEmail,
  queueEventEmailsCte,
  queueUserEmail,
  wantsCategory,
} from './outbox.ts';
export type { EmailRenderer, OutboxRow, RenderContext, RenderedEmail } from './rendering.ts';
export { emailRoutes, getEmailPreferences, setEmailPreferences } from './routes.ts';
export {
  claimOpened,
  claimResolved,
  composeEmail,
  existingAccount,
  paymentReceipt,
  quoteAccepted,
  quoteClosed,
  quoteRequested,
  resetPassword,
  vendorApproved,
  vendorRejected,
  verifyEmail,
  type EmailContent,
  type EmailDetail,
  type EmailFooter,
  type EmailParts,
} from './templates.ts';
export {
  readUnsubscribeToken,
  unsubscribeApiUrl,
  unsubscribePageUrl,
  unsubscribeToken,
} from './unsubscribe.ts';
export { pruneDeliveredEmails } from './prune.ts';
