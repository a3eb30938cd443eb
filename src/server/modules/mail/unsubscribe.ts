import { createHmac, timingSafeEqual } from 'node:crypto';
import { EMAIL_CATEGORIES, type EmailCategory } from '../../../shared/schemas/email.ts';

/*
 * One-click unsubscribe links: a token names a user and a category and is signed with the server's
 * secret (HMAC-SHA256), so it works without signing in and cannot be made for someone else. It does
 * not expire: an old e-mail's link still works, and all it can do is switch one category off (or on).
 */

const b64 = (buf: Buffer | string) => Buffer.from(buf).toString('base64url');

function signature(secret: string, payload: string) {
  return createHmac('sha256', secret).update(`frosted-unsubscribe:${payload}`).digest();
}

export function unsubscribeToken(secret: string, userId: string, category: EmailCategory): string {
  const payload = b64(`${userId}:${category}`);
  return `${payload}.${b64(signature(secret, payload))}`;
}

/** The user and category a token stands for, or undefined when it is not one of ours. */
export function readUnsubscribeToken(
  secret: string,
  token: string,
): { userId: string; category: EmailCategory } | undefined {
  const [payload, sig, ...rest] = token.split('.');
  if (!payload || !sig || rest.length) return undefined;
  const expected = signature(secret, payload);
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const decoded = Buffer.from(payload, 'base64url').toString('utf8');
  const at = decoded.lastIndexOf(':');
  const userId = decoded.slice(0, at);
  const category = decoded.slice(at + 1);
  if (at <= 0 || !(EMAIL_CATEGORIES as readonly string[]).includes(category)) return undefined;
  return { userId, category: category as EmailCategory };
}

/** The page a person lands on from the link in an e-mail (it unsubscribes at once, with an undo). */
export const unsubscribePageUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/unsubscribe?token=${encodeURIComponent(token)}`;

/** The List-Unsubscribe address: mail clients POST `List-Unsubscribe=One-Click` to it (RFC 8058). */
export const unsubscribeApiUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/api/email/unsubscribe?token=${encodeURIComponent(token)}`;
