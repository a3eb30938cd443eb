import { and, eq, inArray, isNotNull, isNull, notInArray, sql } from 'drizzle-orm';
import {
  CLOSE_CONFIRMATION_WORD,
  CLOSED_ACCOUNT_NAME,
  closureRefusal,
  retentionEndsAt,
  type ClosureBlockers,
} from '../../../shared/privacy.ts';
import { CLOSE_CONFIRMATION_MESSAGE } from '../../../shared/schemas/privacy.ts';
import type { Db } from '../../db/client.ts';
import {
  accountClosures,
  accounts,
  cakeDesigns,
  customerFavorites,
  designGenerations,
  emailOutbox,
  emailPreferences,
  eventPlans,
  messages,
  messageImages,
  orders,
  portfolioItems,
  quoteRequests,
  quotes,
  reviewHelpfulVotes,
  sessions,
  supportRequests,
  userActivity,
  userEvents,
  users,
  vendorPackages,
  vendors,
  verifications,
  type ClosureReason,
} from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { passwordHasher } from '../auth/index.ts';
import { vendorBalances } from '../ledger/index.ts';
import { endStreams } from '../notifications/index.ts';
import { filesLeftByClosing, removeFilesLater } from './files.ts';

/** Orders that are over: everything else is in progress and keeps an account open. */
const FINISHED = ['completed', 'cancelled'];

/** An address that can never receive mail (RFC 2606 `.invalid`), unique per account, never reused. */
export const closedEmail = (userId: string) => `closed-${userId}@closed.invalid`;

/** What keeps the account open, counted inside the closing transaction. */
export async function closureBlockers(db: Db, userId: string): Promise<ClosureBlockers> {
  const [customer] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.customerId, userId), notInArray(orders.status, FINISHED)));
  const [vendor] = await db.select({ id: vendors.id }).from(vendors).where(eq(vendors.userId, userId));
  let vendorOrdersOpen = 0;
  let vendorBalanceCents = 0;
  if (vendor) {
    const [open] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(and(eq(orders.vendorId, vendor.id), notInArray(orders.status, FINISHED)));
    vendorOrdersOpen = open?.n ?? 0;
    const balances = await vendorBalances(db, vendor.id);
    vendorBalanceCents = balances.heldCents + balances.availableCents;
  }
  return { customerOrdersInProgress: customer?.n ?? 0, vendorOrdersOpen, vendorBalanceCents };
}

export interface CloseAccountOptions {
  db: Db;
  userId: string;
  reason: ClosureReason;
  now: Date;
}

/**
 * Closes an account (decision 028), in one transaction: the user's row is locked by a conditional
 * update first, so two closings at once close once (the second finds it closed: false). Refused with
 * the reason (409) while orders are in progress or a vendor's money is not paid out. Ends every
 * session, takes a vendor out of public view, anonymises what is not a financial record and keeps
 * orders, payments, refunds and the ledger for the purge 7 years later. The caller ends the streams
 * after the commit (`endStreams`).
 */
export async function closeAccountNow({ db, userId, reason, now }: CloseAccountOptions): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ closedAt: now, updatedAt: now })
      .where(and(eq(users.id, userId), isNull(users.closedAt)))
      .returning({ id: users.id, email: users.email });
    if (!user) return false;
    const refusal = closureRefusal(await closureBlockers(tx, userId));
    if (refusal) throw new AppError('CONFLICT', 409, refusal);

    await tx
      .update(users)
      .set({
        name: CLOSED_ACCOUNT_NAME,
        email: closedEmail(userId),
        emailVerified: false,
        image: null,
        firstName: null,
        lastName: null,
        phone: null,
        location: null,
        inactivityNoticeAt: null,
      })
      .where(eq(users.id, userId));
    // No way back in: every session and every sign-in method (password, Google) goes.
    // The files of what goes below, read before their rows do: removed once this commits (a job).
    const files = await filesLeftByClosing(tx, userId);
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx.delete(accounts).where(eq(accounts.userId, userId));
    await tx.delete(verifications).where(eq(verifications.identifier, user.email));
    await anonymiseVendor(tx, userId);
    await removePersonalData(tx, userId);
    await removeFilesLater(tx, `privacy:files:${userId}`, files);
    await tx.insert(accountClosures).values({
      userId,
      reason,
      closedAt: now,
      purgeAt: retentionEndsAt(now),
    });
    return true;
  });
}

/** A vendor's public face goes (Browse, its page, search: they show approved vendors only). */
async function anonymiseVendor(tx: Db, userId: string) {
  const [vendor] = await tx
    .update(vendors)
    .set({
      status: 'closed',
      verified: false,
      businessAddress: null,
      phone: null,
      description: null,
      website: null,
      instagram: null,
      imageUrl: null,
    })
    .where(eq(vendors.userId, userId))
    .returning({ id: vendors.id });
  if (!vendor) return;
  await tx.delete(portfolioItems).where(eq(portfolioItems.vendorId, vendor.id));
  await tx.delete(vendorPackages).where(eq(vendorPackages.vendorId, vendor.id));
}

/**
 * What is personal and not a financial record: designs, favourites, notifications, event plans, quote
 * requests that led to no order, e-mail settings and e-mails, support requests, and the text of
 * messages outside any order (messages tied to an order stay with the order's record).
 */
async function removePersonalData(tx: Db, userId: string) {
  await tx.delete(customerFavorites).where(eq(customerFavorites.customerId, userId));
  await tx.delete(userEvents).where(eq(userEvents.userId, userId));
  await tx.delete(reviewHelpfulVotes).where(eq(reviewHelpfulVotes.userId, userId));
  await tx.delete(emailPreferences).where(eq(emailPreferences.userId, userId));
  await tx.delete(userActivity).where(eq(userActivity.userId, userId));
  await tx.delete(emailOutbox).where(eq(emailOutbox.userId, userId));
  await tx.delete(supportRequests).where(eq(supportRequests.userId, userId));
  const ordered = tx.select({ id: quotes.requestId }).from(quotes).where(isNotNull(quotes.orderId));
  await tx
    .delete(quoteRequests)
    .where(and(eq(quoteRequests.customerId, userId), notInArray(quoteRequests.id, ordered)));
  await tx.delete(eventPlans).where(eq(eventPlans.customerId, userId));
  // Orders keep their design snapshot (what was made); the saved designs themselves go.
  await tx.delete(cakeDesigns).where(eq(cakeDesigns.customerId, userId));
  await tx.delete(designGenerations).where(eq(designGenerations.userId, userId));
  const loose = tx
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.senderId, userId), isNull(messages.orderId)));
  await tx.delete(messageImages).where(inArray(messageImages.messageId, loose));
  await tx
    .update(messages)
    .set({ body: '' })
    .where(and(eq(messages.senderId, userId), isNull(messages.orderId)));
  // The delivery address is not needed for the books: the order keeps what was sold, when and for how much.
  await tx
    .update(orders)
    .set({ deliveryAddress: null, specialInstructions: null })
    .where(eq(orders.customerId, userId));
}

export interface CloseOwnAccountOptions {
  db: Db;
  actor: { id: string };
  hasher: ReturnType<typeof passwordHasher>;
  password?: string | undefined;
  confirmation?: string | undefined;
  now: Date;
}

/**
 * The owner closes their account: an account with a password re-enters it, one without (Google)
 * types the confirmation word. Then it closes (closeAccountNow) and its event streams end.
 */
export async function closeOwnAccount({
  db,
  actor,
  hasher,
  password,
  confirmation,
  now,
}: CloseOwnAccountOptions) {
  const [credential] = await db
    .select({ closedAt: users.closedAt, hash: accounts.password })
    .from(users)
    .leftJoin(accounts, and(eq(accounts.userId, users.id), eq(accounts.providerId, 'credential')))
    .where(eq(users.id, actor.id))
    .limit(1);
  // Closed meanwhile by another tab: its sign-in methods are gone, so this is not asked for the
  // confirmation word of an account without a password; it closed once, as when both got this far.
  if (!credential || credential.closedAt) return false;
  if (credential.hash) {
    if (!password) throw AppError.validation({ password: 'Please enter your password.' });
    if (!(await hasher.verify({ hash: credential.hash, password })))
      throw AppError.validation({ password: 'That password is not right.' });
  } else if (confirmation?.trim().toUpperCase() !== CLOSE_CONFIRMATION_WORD) {
    throw AppError.validation({ confirmation: CLOSE_CONFIRMATION_MESSAGE });
  }
  const closed = await closeAccountNow({ db, userId: actor.id, reason: 'requested', now });
  if (closed) await endStreams(db, { userId: actor.id });
  return closed;
}
