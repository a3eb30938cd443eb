import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { QUOTE_ACTIONS, QUOTE_PARTIES, QUOTE_STATUSES } from '../../../shared/quote-machine.ts';
import type { QuoteBrief } from '../../../shared/schemas/quotes.ts';
import { users } from './auth.ts';
import { cakeDesigns, orders, vendors } from './marketplace.ts';

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

export const QUOTE_REQUEST_STATUSES = ['open', 'accepted', 'closed'] as const;

/** A customer's brief, sent to one to five vendors; each vendor's side is a row of `quotes`. */
export const quoteRequests = pgTable(
  'quote_requests',
  {
    id: text('id').primaryKey(),
    customerId: text('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cakeDesignId: text('cake_design_id').references(() => cakeDesigns.id, { onDelete: 'set null' }),
    brief: jsonb('brief').$type<QuoteBrief>().notNull(),
    /** The event's Vancouver day, for lead times and full days. */
    eventDate: date('event_date', { mode: 'string' }).notNull(),
    /** open while any quote is; accepted once one is; closed when none is left. */
    status: text('status').notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('quote_requests_status_check', sql`${t.status} IN (${inList(QUOTE_REQUEST_STATUSES)})`),
    index('quote_requests_customer_created_idx').on(t.customerId, t.createdAt.desc()),
    index('quote_requests_design_idx').on(t.cakeDesignId),
  ],
);

/** One vendor's quote on a request: the current offer; its history is quote_events. Money in cents. */
export const quotes = pgTable(
  'quotes',
  {
    id: text('id').primaryKey(),
    requestId: text('request_id')
      .notNull()
      .references(() => quoteRequests.id, { onDelete: 'cascade' }),
    vendorId: text('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('requested'),
    priceCents: integer('price_cents'),
    deliveryFeeCents: integer('delivery_fee_cents'),
    includes: text('includes'),
    message: text('message'),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    /** Answers sent so far (0 until the first). */
    revision: integer('revision').notNull().default(0),
    /** The vendor's first answer (quote or decline): their response time is from created_at to here. */
    firstResponseAt: timestamp('first_response_at', { withTimezone: true }),
    orderId: text('order_id').references(() => orders.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
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
    id: text('id').primaryKey(),
    quoteId: text('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    /** 'requested' (the first), or an action of src/shared/quote-machine.ts. */
    action: text('action').notNull(),
    toStatus: text('to_status').notNull(),
    party: text('party').notNull(),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    priceCents: integer('price_cents'),
    deliveryFeeCents: integer('delivery_fee_cents'),
    targetPriceCents: integer('target_price_cents'),
    message: text('message'),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('quote_events_action_check', sql`${t.action} IN ('requested', ${inList(QUOTE_ACTIONS)})`),
    check('quote_events_party_check', sql`${t.party} IN (${inList(QUOTE_PARTIES)})`),
    check('quote_events_status_check', sql`${t.toStatus} IN (${inList(QUOTE_STATUSES)})`),
    uniqueIndex('quote_events_quote_seq_uq').on(t.quoteId, t.seq),
    index('quote_events_actor_idx').on(t.actorId),
  ],
);
