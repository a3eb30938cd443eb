import nodemailer, { type Transporter } from 'nodemailer';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { safeError } from '../../http/log-safe-error.ts';
import type { Logger } from '../../logger.ts';
import { runDueJobs, type JobHandlers } from '../jobs/index.ts';
import { SEND_EMAIL_JOB, sendEmailJob } from './delivery.ts';
import { queueEmail } from './outbox.ts';
import type { EmailRenderer } from './rendering.ts';
import type { EmailContent } from './templates.ts';

export interface OutgoingEmail extends EmailContent {
  to: string;
  kind: string;
  userId?: string | null;
}

export interface Mailer {
  /** 'smtp' sends through SMTP_URL; 'outbox' keeps messages for admins at /admin/mailbox. */
  mode: 'smtp' | 'outbox';
  /**
   * Queues an e-mail written now (account e-mails) and starts a delivery round: it leaves in a moment,
   * outside the request. E-mails about a change are queued in the change's transaction instead
   * (outbox.ts, notifications' publish).
   */
  send(email: OutgoingEmail): Promise<void>;
  /** Starts a delivery round soon, if one is not running (another is run after it if asked meanwhile). */
  kick(): void;
  /** The e-mails due now, sent in one round of their jobs; resolves when it is over (tests, kick). */
  deliver(): Promise<{ sent: number; failed: number }>;
  /** The job that sends an e-mail, for the server's job runner (the composition root adds it). */
  jobHandlers: JobHandlers;
  /** Waits for the round in progress (shutdown, the end of a test). */
  drain(): Promise<void>;
}

export function createMailer({
  db,
  log,
  smtpUrl,
  from,
  publicUrl,
  secret,
  clock,
  render,
}: {
  db: Db;
  log: Logger;
  smtpUrl: string | undefined;
  from: string;
  publicUrl: string;
  /** Signs the unsubscribe links. */
  secret: string;
  clock: Clock;
  /** Writes the e-mails queued as payloads when they are sent (notifications' renderer). */
  render: EmailRenderer;
}): Mailer {
  const transport: Transporter | null = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  const jobHandlers: JobHandlers = {
    [SEND_EMAIL_JOB]: sendEmailJob({ transport, from, publicUrl, secret, render }),
  };
  // Rounds run one after another; a round asked for while one waits to start is that one.
  let tail: Promise<unknown> = Promise.resolve();
  let waiting: Promise<{ sent: number; failed: number }> | undefined;
  const deliver = (): Promise<{ sent: number; failed: number }> => {
    if (waiting) return waiting;
    const next = tail
      .catch(() => {})
      .then(() => {
        waiting = undefined;
        return runDueJobs({ db, now: clock.now(), handlers: jobHandlers, log, limit: 500 }).then(
          ({ ran, failed }) => ({ sent: ran, failed }),
        );
      });
    waiting = next;
    tail = next;
    return next;
  };
  const kick = () => {
    deliver().catch((err: unknown) => log.warn({ err: safeError(err) }, 'could not deliver e-mails'));
  };
  return {
    mode: transport ? 'smtp' : 'outbox',
    async send(email) {
      await queueEmail(db, email);
      kick();
    },
    kick,
    deliver,
    jobHandlers,
    async drain() {
      for (let last; last !== tail;) {
        last = tail;
        await tail.catch(() => {});
      }
    },
  };
}
