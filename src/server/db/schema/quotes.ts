import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { QUOTE_ACTIONS, QUOTE_PARTIES, QUOTE_STATUSES } from '../../../shared/quote-machine.ts';
import type { QuoteBrief } from '../../../shared/schemas/quotes.ts';
import { users } from './auth.ts';
import { createdAt, id, inList, ref, timestamps, timestamptz } from './columns.ts';
import { cakeDesigns, orders, vendors } from './marketplace.ts';
import { eventPlans } from './plans.ts';

export const QUOTE_REQUEST_STATUSES = ['open', 'accepted', 'closed'] as const;

/** A customer's brief, sent to one to five vendors; each vendor's side is a row of `quotes`. */
export const quoteRequests = pgTable(
  'quote_requests',
  {
    id: id(),
    customerId: ref('customer_id', () => users.id, 'cascade').notNull(),
    cakeDesignId: ref('cake_design_id', () => cakeDesigns.id, 'set null'),
    /** The event plan the request was made from (issue 25); its orders are the plan's bookings. */
    eventPlanId: ref('event_plan_id', () => eventPlans.id, 'set null'),
    /** What is asked for: the brief's category (VENDOR_CATEGORY_VALUES; a cake's is 'cakes'). */
    category: text('category').notNull().default('cakes'),
    brief: jsonb('brief').$type<QuoteBrief>().notNull(),
    /** The event's Vancouver day, for lead times and full days. */
    eventDate: date('event_date', { mode: 'string' }).notNull(),
    /** open while any quote is; accepted once one is; closed when none is left. */
    status: text('status').notNull().default('open'),
    ...timestamps(),
  },
  (t) => [
    check('quote_requests_status_check', sql`${t.status} IN (${inList(QUOTE_REQUEST_STATUSES)})`),
    index('quote_requests_customer_created_idx').on(t.customerId, t.createdAt.desc()),
    index('quote_requests_design_idx').on(t.cakeDesignId),
    index('quote_requests_plan_idx').on(t.eventPlanId),
  ],
);

/** One vendor's quote on a request: the current offer; its history is quote_events. Money in cents. */
export const quotes = pgTable(
  'quotes',
  {
    id: id(),
    requestId: ref('request_id', () => quoteRequests.id, 'cascade').notNull(),
    vendorId: ref('vendor_id', () => vendors.id, 'cascade').notNull(),
    status: text('status').notNull().default('requested'),
    priceCents: integer('price_cents'),
    deliveryFeeCents: integer('delivery_fee_cents'),
    includes: text('includes'),
    message: text('message'),
    validUntil: timestamptz('valid_until'),
    /** Answers sent so far (0 until the first). */
    revision: integer('revision').notNull().default(0),
    /** The vendor's first answer (quote or decline): their response time is from created_at to here. */
    firstResponseAt: timestamptz('first_response_at'),
    orderId: ref('order_id', () => orders.id, 'set null'),
    ...timestamps(),
  },
  (t) => [
    check('quotes_status_check', sql`${t.status} IN (${inList(QUOTE_STATUSES)})`),
    check(
      'quotes_money_check',
      sql`coalesce(${t.priceCents}, 0) >= 0 AND coalesce(${t.deliveryFeeCents}, 0) >= 0`,
    ),
    uniqueIndex('quotes_request_vendor_uq').on(t.requestId, t.vendorId),
    index('quotes_vendor_created_idx').on(t.vendorId, t.createdAt.desc()),
    index('quotes_order_idx').on(t.orderId),
  ],
);

/** Every change of a quote, numbered per quote: the thread both sides read. */
export const quoteEvents = pgTable(
  'quote_events',
  {
    id: id(),
    quoteId: ref('quote_id', () => quotes.id, 'cascade').notNull(),
    seq: integer('seq').notNull(),
    /** 'requested' (the first), or an action of src/shared/quote-machine.ts. */
    action: text('action').notNull(),
    toStatus: text('to_status').notNull(),
    party: text('party').notNull(),
    actorId: ref('actor_id', () => users.id, 'set null'),
    priceCents: integer('price_cents'),
    deliveryFeeCents: integer('delivery_fee_cents'),
    targetPriceCents: integer('target_price_cents'),
    message: text('message'),
    validUntil: timestamptz('valid_until'),
    createdAt: createdAt(),
  },
  (t) => [
    check('quote_events_action_check', sql`${t.action} IN ('requested', ${inList(QUOTE_ACTIONS)})`),
    check('quote_events_party_check', sql`${t.party} IN (${inList(QUOTE_PARTIES)})`),
    check('quote_events_status_check', sql`${t.toStatus} IN (${inList(QUOTE_STATUSES)})`),
    uniqueIndex('quote_events_quote_seq_uq').on(t.quoteId, t.seq),
    index('quote_events_actor_idx').on(t.actorId),
  ],
);
