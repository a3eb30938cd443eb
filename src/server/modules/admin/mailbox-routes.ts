import { createRoute } from '@hono/zod-openapi';
import { desc, eq } from 'drizzle-orm';
import {
  mailboxQuerySchema,
  mailboxSchema,
  outboxEmailResponseSchema,
} from '../../../shared/schemas/admin.ts';
import { emailOutbox } from '../../db/schema/index.ts';
import { AppError } from '../../http/app-error.ts';
import { adminOnly } from '../../http/auth-guard.ts';
import { errors, idParams, json, openApiRoutes } from '../../http/openapi.ts';

const tags = ['admin'];

const list = createRoute({
  method: 'get',
  path: '/',
  tags,
  summary: 'E-mails kept in the outbox, newest first',
  middleware: [adminOnly] as const,
  request: { query: mailboxQuerySchema },
  responses: { 200: json(mailboxSchema, 'The mail mode and the e-mails'), ...errors(400, 401, 403, 503) },
});

const open = createRoute({
  method: 'get',
  path: '/{id}',
  tags,
  summary: 'One e-mail with its HTML and text',
  middleware: [adminOnly] as const,
  request: { params: idParams('id') },
  responses: { 200: json(outboxEmailResponseSchema, 'The e-mail'), ...errors(400, 401, 403, 404, 503) },
});

/** The outbox for admins: e-mails kept when no SMTP server is configured. */
export const mailboxRoutes = openApiRoutes()
  .openapi(list, async (c) => {
    const { to, limit } = c.req.valid('query');
    const rows = await c.var.services.db
      .select({
        id: emailOutbox.id,
        to: emailOutbox.to,
        subject: emailOutbox.subject,
        kind: emailOutbox.kind,
        link: emailOutbox.link,
        createdAt: emailOutbox.createdAt,
      })
      .from(emailOutbox)
      .where(to ? eq(emailOutbox.to, to.toLowerCase()) : undefined)
      .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
      .limit(limit);
    return c.json(
      {
        mode: c.var.services.mailer.mode,
        emails: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
      },
      200,
    );
  })
  .openapi(open, async (c) => {
    const { id } = c.req.valid('param');
    const [row] = await c.var.services.db.select().from(emailOutbox).where(eq(emailOutbox.id, id)).limit(1);
    if (!row) throw AppError.notFound('E-mail not found');
    return c.json({ email: { ...row, createdAt: row.createdAt.toISOString() } }, 200);
  });
