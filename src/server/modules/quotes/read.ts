import { and, desc, eq, inArray } from 'drizzle-orm';
import { quoteTotalCents, type QuoteStatus } from '../../../shared/quote-machine.ts';
import { quotePayment } from '../../../shared/quote-payment.ts';
import type { QuoteRequestView, QuoteView, VendorQuoteView } from '../../../shared/schemas/quotes.ts';
import type { Db } from '../../db/client.ts';
import {
  cakeDesigns,
  orders,
  quoteEvents,
  quoteRequests,
  quotes,
  users,
  vendors,
} from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../actor.ts';
import { vendorOf } from '../auth/index.ts';
import { paidPairs, shownTo } from '../masking/index.ts';
import { displayName } from '../../../shared/people.ts';
import { presentBrief } from '../../../shared/quote-brief.ts';

/** Requests a customer sees at once (newest first); quotes a vendor's inbox shows. */
const LIST_LIMIT = 50;

type QuoteRow = typeof quotes.$inferSelect;
type VendorRow = Pick<
  typeof vendors.$inferSelect,
  'id' | 'businessName' | 'rating' | 'reviewCount' | 'responseTimeMinutes'
>;
type EventRow = typeof quoteEvents.$inferSelect;
type RequestRow = typeof quoteRequests.$inferSelect;
type DesignRow = { id: string; occasion: string; description: string | null; imageUrl: string | null } | null;

const vendorColumns = {
  id: vendors.id,
  businessName: vendors.businessName,
  rating: vendors.rating,
  reviewCount: vendors.reviewCount,
  responseTimeMinutes: vendors.responseTimeMinutes,
};
const designColumns = {
  id: cakeDesigns.id,
  occasion: cakeDesigns.occasion,
  description: cakeDesigns.description,
  imageUrl: cakeDesigns.imageUrl,
};

/**
 * Who reads a quote, and whether their customer has paid the vendor: what the other side wrote (a
 * quote's message, a change asked for, a request's notes) shows contact details only then.
 */
type Reader = { side: 'customer' | 'vendor'; paid: boolean };

const shown = <T extends string | null | undefined>(text: T, writer: string, reader: Reader) =>
  shownTo(text, {
    fromOtherSide: writer === (reader.side === 'customer' ? 'vendor' : 'customer'),
    paid: reader.paid,
  });

function presentQuote(q: QuoteRow, vendor: VendorRow, events: EventRow[], reader: Reader): QuoteView {
  return {
    id: q.id,
    status: q.status as QuoteStatus,
    vendor,
    priceCents: q.priceCents,
    deliveryFeeCents: q.deliveryFeeCents,
    totalCents: quoteTotalCents(q),
    includes: shown(q.includes, 'vendor', reader),
    message: shown(q.message, 'vendor', reader),
    validUntil: q.validUntil?.toISOString() ?? null,
    revision: q.revision,
    orderId: q.orderId,
    events: events
      .filter((e) => e.quoteId === q.id)
      .map((e) => ({
        seq: e.seq,
        action: e.action,
        party: e.party as 'customer' | 'vendor' | 'system',
        priceCents: e.priceCents,
        deliveryFeeCents: e.deliveryFeeCents,
        targetPriceCents: e.targetPriceCents,
        message: shown(e.message, e.party, reader),
        validUntil: e.validUntil?.toISOString() ?? null,
        at: e.createdAt.toISOString(),
      })),
  };
}

async function eventsOf(db: Db, quoteIds: string[]): Promise<EventRow[]> {
  if (quoteIds.length === 0) return [];
  return db.select().from(quoteEvents).where(inArray(quoteEvents.quoteId, quoteIds)).orderBy(quoteEvents.seq);
}

/** The customer's brief; its free text (allergies, notes) as the reader may see it. */
const presentRequestBrief = (r: RequestRow, reader: Reader) =>
  presentBrief(r.brief, (text) => shown(text, 'customer', reader));

/** The customer's design; its description as the reader may see it. */
const presentDesign = (design: DesignRow, reader: Reader): DesignRow =>
  design && { ...design, description: shown(design.description, 'customer', reader) };

/**
 * The customer's requests, newest first, each with every vendor's quote. `now` prices what accepting
 * each quote asks them to pay (deposit or total), as an acceptance at that moment would.
 */
export const listCustomerRequests = ({
  db,
  actor,
  now = new Date(),
}: {
  db: Db;
  actor: Actor;
  now?: Date;
}): Promise<QuoteRequestView[]> => customerRequests(db, actor, now);

/** One of the customer's requests; anyone else's is 404. */
export async function getCustomerRequest({
  db,
  actor,
  requestId,
  now = new Date(),
}: {
  db: Db;
  actor: Actor;
  requestId: string;
  now?: Date;
}): Promise<QuoteRequestView> {
  const [request] = await customerRequests(db, actor, now, requestId);
  if (!request) throw AppError.notFound('Quote request not found.');
  return request;
}

/** The customer's requests (or only one of them), newest first, each with every vendor's quote. */
async function customerRequests(db: Db, actor: Actor, now: Date, only?: string): Promise<QuoteRequestView[]> {
  const requests = await db
    .select({ request: quoteRequests, design: designColumns })
    .from(quoteRequests)
    .leftJoin(cakeDesigns, eq(cakeDesigns.id, quoteRequests.cakeDesignId))
    .where(and(eq(quoteRequests.customerId, actor.id), only ? eq(quoteRequests.id, only) : undefined))
    .orderBy(desc(quoteRequests.createdAt))
    .limit(LIST_LIMIT);
  if (requests.length === 0) return [];
  const rows = await db
    .select({
      quote: quotes,
      vendor: vendorColumns,
      terms: { depositPercent: vendors.depositPercent, balanceDueDays: vendors.balanceDueDays },
      orderStatus: orders.status,
    })
    .from(quotes)
    .innerJoin(vendors, eq(vendors.id, quotes.vendorId))
    .leftJoin(orders, eq(orders.id, quotes.orderId))
    .where(
      inArray(
        quotes.requestId,
        requests.map((r) => r.request.id),
      ),
    )
    .orderBy(quotes.createdAt, quotes.id);
  const [events, paid] = await Promise.all([
    eventsOf(
      db,
      rows.map((r) => r.quote.id),
    ),
    paidPairs(
      db,
      rows.map((r) => ({ customerId: actor.id, vendorId: r.vendor.id })),
    ),
  ]);
  return requests.map(({ request, design }) => ({
    id: request.id,
    status: request.status as QuoteRequestView['status'],
    createdAt: request.createdAt.toISOString(),
    // Their own brief, as they wrote it.
    brief: presentRequestBrief(request, { side: 'customer', paid: false }),
    design: (design as DesignRow) ?? null,
    quotes: rows
      .filter((r) => r.quote.requestId === request.id)
      .map((r) => ({
        ...presentQuote(r.quote, r.vendor, events, {
          side: 'customer',
          paid: paid({ customerId: actor.id, vendorId: r.vendor.id }),
        }),
        payment: quotePayment({
          totalCents: quoteTotalCents(r.quote),
          ...r.terms,
          brief: request.brief,
          now,
        }),
        orderStatus: r.orderStatus,
      })),
  }));
}

/** The vendor's quote inbox: every request sent to their shop, newest first. */
export async function listVendorInbox({ db, actor }: { db: Db; actor: Actor }): Promise<VendorQuoteView[]> {
  const vendor = await vendorOf({ db, actor });
  if (!vendor) return [];
  const rows = await db
    .select({
      quote: quotes,
      vendor: vendorColumns,
      request: quoteRequests,
      design: designColumns,
      customer: { firstName: users.firstName, lastName: users.lastName, name: users.name },
    })
    .from(quotes)
    .innerJoin(vendors, eq(vendors.id, quotes.vendorId))
    .innerJoin(quoteRequests, eq(quoteRequests.id, quotes.requestId))
    .innerJoin(users, eq(users.id, quoteRequests.customerId))
    .leftJoin(cakeDesigns, eq(cakeDesigns.id, quoteRequests.cakeDesignId))
    .where(eq(quotes.vendorId, vendor.id))
    .orderBy(desc(quotes.createdAt), quotes.id)
    .limit(LIST_LIMIT);
  const pairOf = (r: (typeof rows)[number]) => ({ customerId: r.request.customerId, vendorId: r.vendor.id });
  const [events, paid] = await Promise.all([
    eventsOf(
      db,
      rows.map((r) => r.quote.id),
    ),
    paidPairs(db, rows.map(pairOf)),
  ]);
  return rows.map((r) => {
    const reader: Reader = { side: 'vendor', paid: paid(pairOf(r)) };
    return {
      ...presentQuote(r.quote, r.vendor, events, reader),
      requestId: r.request.id,
      createdAt: r.quote.createdAt.toISOString(),
      customerName: displayName(r.customer),
      brief: presentRequestBrief(r.request, reader),
      design: presentDesign((r.design as DesignRow) ?? null, reader),
    };
  });
}
