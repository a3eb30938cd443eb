import { z } from 'zod';

/**
 * E-mail preferences: the categories a user can switch off (account settings, or the one-click link in
 * every e-mail of the category). Payment receipts, refunds, payouts, claims' outcomes and account
 * e-mails are not a category: they are always sent.
 */
export const EMAIL_CATEGORIES = ['messages', 'quotes', 'orders'] as const;
export type EmailCategory = (typeof EMAIL_CATEGORIES)[number];

export const EMAIL_CATEGORY_LABELS: Record<EmailCategory, { label: string; description: string }> = {
  messages: {
    label: 'New messages',
    description: 'One e-mail with the messages that came while you were away for 15 minutes or more.',
  },
  quotes: {
    label: 'Quotes',
    description: 'Quote requests, quotes received, accepted and closed.',
  },
  orders: {
    label: 'Order updates',
    description: 'Each step of an order, the reminder before it completes, and satisfaction claims.',
  },
};

/**
 * Where an e-mail is in its life (the admin mailbox shows it): queued, sending, then sent, or failed
 * after its last attempt; kept when no SMTP server is configured (the mailbox is where it goes);
 * cancelled when there was nothing left to say when it was to be written (the order it was about was gone).
 */
export const EMAIL_STATUSES = ['queued', 'sending', 'sent', 'failed', 'kept', 'cancelled'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

/** GET/PUT /api/me/email-preferences. */
export const emailPreferencesSchema = z.object({
  messages: z.boolean({ error: 'Say yes or no.' }),
  quotes: z.boolean({ error: 'Say yes or no.' }),
  orders: z.boolean({ error: 'Say yes or no.' }),
});
export type EmailPreferences = z.infer<typeof emailPreferencesSchema>;
export const updateEmailPreferencesSchema = emailPreferencesSchema.partial().strict();

const INVALID_LINK =
  'This unsubscribe link is not valid. Change your e-mail settings in your account instead.';
/** The signed token of an unsubscribe link: opaque to the client, checked by the server. */
export const unsubscribeQuerySchema = z.object({
  token: z
    .string({ error: INVALID_LINK })
    .min(1, INVALID_LINK)
    .max(400, INVALID_LINK)
    .regex(/^[A-Za-z0-9_.-]+$/, INVALID_LINK),
});
export const unsubscribeBodySchema = z
  .object({
    /** RFC 8058 one-click: mail clients post `List-Unsubscribe=One-Click`. */
    'List-Unsubscribe': z.literal('One-Click').optional(),
    /** The page's undo: subscribe again. */
    resubscribe: z.boolean().optional(),
  })
  .strict();

/** What an unsubscribe link stands for, and its state after the request. */
export const unsubscribeResultSchema = z.object({
  category: z.enum(EMAIL_CATEGORIES),
  label: z.string(),
  /** The address, partly hidden (j•••@example.com): the page says whose e-mails these are. */
  email: z.string(),
  subscribed: z.boolean(),
});
export type UnsubscribeResult = z.infer<typeof unsubscribeResultSchema>;
