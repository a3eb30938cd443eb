import type { Db } from '../../db/client.ts';
import type { emailOutbox } from '../../db/schema/index.ts';
import type { EmailContent } from './templates.ts';

export type OutboxRow = typeof emailOutbox.$inferSelect;

export interface RenderContext {
  db: Db;
  publicUrl: string;
  /** Signs the unsubscribe links. */
  secret: string;
}

export interface RenderedEmail {
  kind: string;
  content: EmailContent;
  /** The List-Unsubscribe address, for e-mails with a category. */
  unsubscribeUrl: string | null;
}

/**
 * Writes a queued e-mail from its payload when it is sent (null: nothing left to say, it is cancelled).
 * The notifications module provides it (it knows what the e-mails are about); the composition root
 * hands it to the mailer, so mail depends on nothing above it.
 */
export type EmailRenderer = (ctx: RenderContext, row: OutboxRow) => Promise<RenderedEmail | null>;
