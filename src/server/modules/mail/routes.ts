import { eq } from 'drizzle-orm';
import {
  EMAIL_CATEGORY_LABELS,
  emailPreferencesSchema,
  unsubscribeBodySchema,
  unsubscribeQuerySchema,
  unsubscribeResultSchema,
  updateEmailPreferencesSchema,
  type EmailCategory,
  type EmailPreferences,
  type UnsubscribeResult,
} from '../../../shared/schemas/email.ts';
import type { Db } from '../../db/client.ts';
import { emailPreferences, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { signedIn } from '../../http/auth-guard.ts';
import { json, jsonBody, openApiRoutes, routesOf } from '../../http/openapi.ts';
import { readUnsubscribeToken } from './unsubscribe.ts';

const DEFAULTS: EmailPreferences = { messages: true, quotes: true, orders: true };
const LINK_GONE = 'This unsubscribe link is not valid. Change your e-mail settings in your account instead.';

export async function getEmailPreferences(db: Db, userId: string): Promise<EmailPreferences> {
  const [row] = await db.select().from(emailPreferences).where(eq(emailPreferences.userId, userId)).limit(1);
  return row ? { messages: row.messages, quotes: row.quotes, orders: row.orders } : { ...DEFAULTS };
}

export async function setEmailPreferences(
  db: Db,
  { userId, patch }: { userId: string; patch: Partial<EmailPreferences> },
): Promise<EmailPreferences> {
  const [row] = await db
    .insert(emailPreferences)
    .values({ userId, ...DEFAULTS, ...patch, updatedAt: new Date() })
    .onConflictDoUpdate({ target: emailPreferences.userId, set: { ...patch, updatedAt: new Date() } })
    .returning();
  return { messages: row!.messages, quotes: row!.quotes, orders: row!.orders };
}

/** j•••@example.com: whose e-mails a link stands for, without showing the address to whoever holds it. */
const maskEmail = (email: string) => {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}•••@${domain}`;
};

const route = routesOf({ tags: ['e-mail'] });

const getPreferences = route.get('/me/email-preferences', {
  summary: 'Which e-mails you get, per category (receipts and account e-mails are always sent)',
  use: signedIn,
  ok: json(emailPreferencesSchema, 'Your e-mail preferences'),
  errors: [401, 503],
});

const putPreferences = route.put('/me/email-preferences', {
  summary: 'Switch categories of e-mail on or off',
  use: signedIn,
  body: jsonBody(updateEmailPreferencesSchema),
  ok: json(emailPreferencesSchema, 'Your e-mail preferences now'),
  errors: [400, 401, 403, 413, 415, 503],
});

const describeLink = route.get('/email/unsubscribe', {
  summary: 'What an unsubscribe link stands for (no sign-in: the signed token is the authority)',
  query: unsubscribeQuerySchema,
  ok: json(unsubscribeResultSchema, 'The category and its state'),
  errors: [400, 404, 503],
});

const unsubscribe = route.post('/email/unsubscribe', {
  summary: 'One-click unsubscribe (RFC 8058), or subscribe again with {"resubscribe": true}',
  description:
    'Mail clients post `List-Unsubscribe=One-Click` as a form; the unsubscribe page posts JSON. No sign-in.',
  query: unsubscribeQuerySchema,
  body: {
    required: false,
    content: {
      'application/json': { schema: unsubscribeBodySchema },
      'application/x-www-form-urlencoded': { schema: unsubscribeBodySchema },
    },
  },
  ok: json(unsubscribeResultSchema, 'The category and its state now'),
  errors: [400, 403, 404, 413, 415, 503],
});

async function linkTarget(db: Db, secret: string, token: string) {
  const target = readUnsubscribeToken(secret, token);
  if (!target) throw AppError.validation({ token: LINK_GONE }, LINK_GONE);
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, target.userId));
  if (!user) throw AppError.notFound(LINK_GONE);
  return { ...target, email: user.email };
}

const result = (category: EmailCategory, email: string, subscribed: boolean): UnsubscribeResult => ({
  category,
  label: EMAIL_CATEGORY_LABELS[category].label,
  email: maskEmail(email),
  subscribed,
});

/** E-mail preferences (signed in) and the unsubscribe link of every e-mail (no sign-in). */
export const emailRoutes = openApiRoutes()
  .openapi(getPreferences, async (c) => {
    const { actor } = c.var;
    return c.json(await getEmailPreferences(c.var.services.db, actor.id), 200);
  })
  .openapi(putPreferences, async (c) => {
    const { actor } = c.var;
    return c.json(
      await setEmailPreferences(c.var.services.db, { userId: actor.id, patch: c.req.valid('json') }),
      200,
    );
  })
  .openapi(describeLink, async (c) => {
    const { db, config } = c.var.services;
    const target = await linkTarget(db, config.authSecret, c.req.valid('query').token);
    const prefs = await getEmailPreferences(db, target.userId);
    return c.json(result(target.category, target.email, prefs[target.category]), 200);
  })
  .openapi(unsubscribe, async (c) => {
    const { db, config, log } = c.var.services;
    const target = await linkTarget(db, config.authSecret, c.req.valid('query').token);
    const type = c.req.header('content-type') ?? '';
    const body = type.startsWith('application/json')
      ? c.req.valid('json')
      : type.startsWith('application/x-www-form-urlencoded')
        ? c.req.valid('form')
        : {};
    const subscribed = body.resubscribe === true;
    const prefs = await setEmailPreferences(db, {
      userId: target.userId,
      patch: { [target.category]: subscribed },
    });
    log.info({ userId: target.userId, category: target.category, subscribed }, 'e-mail preference by link');
    return c.json(result(target.category, target.email, prefs[target.category]), 200);
  });
