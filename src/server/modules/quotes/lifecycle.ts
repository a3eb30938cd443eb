/** The steps every change of a quote takes: find it for its party, move it, write its event. */
import { and, eq, sql } from 'drizzle-orm';
import {
  isOpenQuote,
  nextQuoteStatus,
  type QuoteAction,
  type QuoteParty,
  type QuoteStatus,
} from '../../../shared/quote-machine.ts';
import type { Tx } from '../../db/client.ts';
import { quoteEvents, quoteRequests, quotes, vendors } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../actor.ts';

export const QUOTE_EXPIRE_JOB = 'quote.expire';
export const quoteExpireJobKey = (quoteId: string) => `quote:${quoteId}:expire`;

export type QuoteRow = typeof quotes.$inferSelect;

/** What a quote's notifications point at. */
export const quoteRefs = (q: { id: string; requestId: string; vendorId: string }) => ({
  quoteId: q.id,
  requestId: q.requestId,
  vendorId: q.vendorId,
});

/** Appends the next event (seq) to a quote's history. */
export async function addQuoteEvent({
  tx,
  quoteId,
  ...e
}: {
  tx: Tx;
  quoteId: string;
  action: QuoteAction | 'requested';
  toStatus: QuoteStatus;
  party: QuoteParty;
  actorId: string | null;
  now: Date;
  priceCents?: number | null;
  deliveryFeeCents?: number | null;
  targetPriceCents?: number | null;
  message?: string | null;
  validUntil?: Date | null;
}) {
  const [last] = await tx
    .select({ seq: sql<number>`coalesce(max(${quoteEvents.seq}), 0)::int` })
    .from(quoteEvents)
    .where(eq(quoteEvents.quoteId, quoteId));
  await tx.insert(quoteEvents).values({
    id: crypto.randomUUID(),
    quoteId,
    seq: (last?.seq ?? 0) + 1,
    action: e.action,
    toStatus: e.toStatus,
    party: e.party,
    actorId: e.actorId,
    priceCents: e.priceCents ?? null,
    deliveryFeeCents: e.deliveryFeeCents ?? null,
    targetPriceCents: e.targetPriceCents ?? null,
    message: e.message ?? null,
    validUntil: e.validUntil ?? null,
    createdAt: e.now,
  });
}

/** The quote with its request, for a party: the vendor who was asked, or the customer who asked. */
export async function quoteFor({
  tx,
  actor,
  quoteId,
  party,
}: {
  tx: Tx;
  actor: Actor;
  quoteId: string;
  party: 'vendor' | 'customer';
}) {
  const [row] = await tx
    .select({ quote: quotes, request: quoteRequests, vendorUserId: vendors.userId })
    .from(quotes)
    .innerJoin(quoteRequests, eq(quoteRequests.id, quotes.requestId))
    .innerJoin(vendors, eq(vendors.id, quotes.vendorId))
    .where(eq(quotes.id, quoteId))
    .limit(1);
  const mine = party === 'vendor' ? row?.vendorUserId === actor.id : row?.request.customerId === actor.id;
  if (!row || !mine) throw AppError.notFound('Quote not found.');
  return row;
}

/** Moves a quote from the status read to the next, or 409 when it changed meanwhile or cannot. */
export async function moveQuote({
  tx,
  quote,
  action,
  party,
  set = {},
  now,
}: {
  tx: Tx;
  quote: QuoteRow;
  action: QuoteAction;
  party: QuoteParty;
  set?: Partial<typeof quotes.$inferInsert>;
  now: Date;
}): Promise<QuoteRow> {
  const status = quote.status as QuoteStatus;
  const to = nextQuoteStatus(action, status, party);
  if (!to) throw new AppError('CONFLICT', 409, quoteRefusal(status));
  const [updated] = await tx
    .update(quotes)
    .set({ ...set, status: to, updatedAt: now })
    .where(and(eq(quotes.id, quote.id), eq(quotes.status, status), eq(quotes.revision, quote.revision)))
    .returning();
  if (!updated)
    throw new AppError('CONFLICT', 409, 'This quote has just changed. Refresh to see the latest.');
  return updated;
}

function quoteRefusal(status: QuoteStatus): string {
  switch (status) {
    case 'accepted':
      return 'This quote has been accepted.';
    case 'declined':
      return 'This quote was declined.';
    case 'closed':
      return 'This request is closed: the customer accepted another quote.';
    case 'expired':
      return 'This quote has expired.';
    case 'requested':
      return 'This vendor has not sent a quote yet.';
    case 'change_requested':
      return 'You asked this vendor for a change: wait for their new quote.';
    default:
      return 'This change is not possible now.';
  }
}

/** A request with no open quote left (all declined or expired) is closed. */
export async function closeRequestIfDone({ tx, requestId, now }: { tx: Tx; requestId: string; now: Date }) {
  const rows = await tx.select({ status: quotes.status }).from(quotes).where(eq(quotes.requestId, requestId));
  if (rows.some((r) => isOpenQuote(r.status) || r.status === 'accepted')) return;
  await tx
    .update(quoteRequests)
    .set({ status: 'closed', updatedAt: now })
    .where(and(eq(quoteRequests.id, requestId), eq(quoteRequests.status, 'open')));
}
