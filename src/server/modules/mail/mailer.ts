import nodemailer from 'nodemailer';
import type { Db } from '../../db/client.ts';
import { emailOutbox } from '../../db/schema/index.ts';
import type { Logger } from '../../logger.ts';
import type { EmailContent } from './templates.ts';

export interface OutgoingEmail extends EmailContent {
  to: string;
  kind: string;
}

export interface Mailer {
  /** 'smtp' sends through SMTP_URL; 'outbox' keeps messages for admins at /admin/mailbox. */
  mode: 'smtp' | 'outbox';
  send(email: OutgoingEmail): Promise<void>;
}

export function createMailer({
  db,
  log,
  smtpUrl,
  from,
}: {
  db: Db;
  log: Logger;
  smtpUrl: string | undefined;
  from: string;
}): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      mode: 'smtp',
      async send(email) {
        await transport.sendMail({
          from,
          to: email.to,
          subject: email.subject,
          html: email.html,
          text: email.text,
        });
        log.info({ to: email.to, kind: email.kind }, 'e-mail sent');
      },
    };
  }
  return {
    mode: 'outbox',
    async send(email) {
      await db.insert(emailOutbox).values({
        id: crypto.randomUUID(),
        to: email.to,
        subject: email.subject,
        html: email.html,
        text: email.text,
        kind: email.kind,
        link: email.link,
      });
      log.info(
        { to: email.to, kind: email.kind, link: email.link },
        'e-mail stored in the outbox (no SMTP_URL)',
      );
    },
  };
}
