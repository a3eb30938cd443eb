import { and, count, desc, eq } from 'drizzle-orm';
import {
  mailboxQuerySchema,
  mailboxSchema,
  outboxEmailResponseSchema,
  type OutboxEmail,
} from '../../../shared/schemas/admin.ts';
import { emailOutbox } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { adminOnly } from '../../http/auth-guard.ts';
import { idParams, json, openApiRoutes, routesOf } from '../../http/openapi.ts';

const route = routesOf({ tags: ['admin'], use: adminOnly });

const list = route.get('/', {
  summary: 'E-mails in the outbox (sent, queued, failed or kept), newest first',
  query: mailboxQuerySchema,
  ok: json(mailboxSchema, 'The mail mode and the e-mails'),
  errors: [400, 401, 403, 503],
});

const open = route.get('/{id}', {
  summary: 'One e-mail with its HTML and text',
  params: idParams('id'),
  ok: json(outboxEmailResponseSchema, 'The e-mail'),
  errors: [400, 401, 403, 404, 503],
});

const retry = route.post('/{id}/retry', {
  summary: 'Queue a failed e-mail again (its attempts start over)',
  params: idParams('id'),
  ok: json(outboxEmailResponseSchema, 'The e-mail, queued again'),
  errors: [400, 401, 403, 404, 409, 503],
});

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const present = (row: typeof emailOutbox.$inferSelect): OutboxEmail => ({
  id: row.id,
  to: row.to,
  subject: row.subject,
  kind: row.kind,
  link: row.link,
  status: row.status,
  attempts: row.attempts,
  lastError: row.lastError,
  nextAttemptAt: iso(row.nextAttemptAt),
  sentAt: iso(row.sentAt),
  createdAt: row.createdAt.toISOString(),
  html: row.html,
  text: row.text,
});

/** The outbox for admins: every e-mail, its delivery state and last error; failed ones can be retried. */
export const mailboxRoutes = openApiRoutes()
  .openapi(list, async (c) => {
    const { to, status, limit } = c.req.valid('query');
    const { db } = c.var.services;
    const [rows, [failed]] = await Promise.all([
      db
        .select()
        .from(emailOutbox)
        .where(
          and(
            to ? eq(emailOutbox.to, to.toLowerCase()) : undefined,
            status ? eq(emailOutbox.status, status) : undefined,
          ),
        )
        .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
        .limit(limit),
      // The partial index of failed e-mails answers this.
      db.select({ n: count() }).from(emailOutbox).where(eq(emailOutbox.status, 'failed')),
    ]);
    return c.json(
      {
        mode: c.var.services.mailer.mode,
        failed: failed?.n ?? 0,
        emails: rows.map((r) => {
          const { html: _html, text: _text, ...summary } = present(r);
          return summary;
        }),
      },
      200,
    );
  })
  .openapi(open, async (c) => {
    const { id } = c.req.valid('param');
    const [row] = await c.var.services.db.select().from(emailOutbox).where(eq(emailOutbox.id, id)).limit(1);
    if (!row) throw AppError.notFound('E-mail not found');
    return c.json({ email: present(row) }, 200);
  })
  .openapi(retry, async (c) => {
    const { id } = c.req.valid('param');
    const { db } = c.var.services;
    const [row] = await db
      .update(emailOutbox)
      .set({ status: 'queued', attempts: 0, nextAttemptAt: null })
      .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, 'failed')))
      .returning();
    if (!row) {
      const [exists] = await db
        .select({ status: emailOutbox.status })
        .from(emailOutbox)
        .where(eq(emailOutbox.id, id));
      if (!exists) throw AppError.notFound('E-mail not found');
      throw new AppError(
        'CONFLICT',
        409,
        `Only a failed e-mail can be retried; this one is ${exists.status}.`,
      );
    }
    // The app sends it right after this answer (every successful change starts a delivery round).
    return c.json({ email: present(row) }, 200);
  });
