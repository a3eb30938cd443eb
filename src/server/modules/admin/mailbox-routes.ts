import { desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { emailOutbox } from '../../db/schema/index.ts';
import { AppError } from '../../http/app-error.ts';
import { requireAdmin } from '../../http/auth-guard.ts';
import type { AppEnv } from '../../http/types.ts';
import { parseOrThrow, validQuery } from '../../http/validate.ts';

const listQuery = z.object({
  to: z.string().trim().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/** The outbox for admins: e-mails kept when no SMTP server is configured. */
export const mailboxRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    await requireAdmin(c);
    const { to, limit } = validQuery(c, listQuery);
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
    return c.json({
      mode: c.var.services.mailer.mode,
      emails: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    });
  })
  .get('/:id', async (c) => {
    await requireAdmin(c);
    const { id } = parseOrThrow(z.object({ id: z.string().min(1).max(100) }), c.req.param());
    const [row] = await c.var.services.db.select().from(emailOutbox).where(eq(emailOutbox.id, id)).limit(1);
    if (!row) throw AppError.notFound('E-mail not found');
    return c.json({ email: { ...row, createdAt: row.createdAt.toISOString() } });
  });
