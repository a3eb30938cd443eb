import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { VENDOR_CATEGORY_VALUES } from '../../../shared/catalog.ts';
import { EVENT_TYPE_VALUES } from '../../../shared/plans.ts';
import { users } from './auth.ts';
import { id, inList, isDemo, ref, timestamps } from './columns.ts';
import { cakeDesigns } from './marketplace.ts';

/**
 * A customer's event (issue 25): the day, the venue, the guests and the budget, and the kinds of vendor
 * wanted (the checklist). Its quote requests point at it (quote_requests.event_plan_id); what is booked
 * and paid is read from their orders, never copied here.
 */
export const eventPlans = pgTable(
  'event_plans',
  {
    id: id(),
    customerId: ref('customer_id', () => users.id, 'cascade').notNull(),
    type: text('type').notNull(),
    title: text('title').notNull(),
    /** The event's Vancouver day. */
    eventDate: date('event_date', { mode: 'string' }).notNull(),
    /** HH:MM, Vancouver time. */
    startTime: text('start_time').notNull(),
    venueAddress: text('venue_address').notNull(),
    guests: integer('guests').notNull(),
    budgetCents: integer('budget_cents').notNull(),
    /** VENDOR_CATEGORY_VALUES the customer wants, in the catalogue's order. */
    categories: text('categories').array().notNull(),
    /** The saved design for the plan's cake. */
    cakeDesignId: ref('cake_design_id', () => cakeDesigns.id, 'set null'),
    isDemo: isDemo(),
    ...timestamps(),
  },
  (t) => [
    check('event_plans_type_check', sql`${t.type} IN (${inList(EVENT_TYPE_VALUES)})`),
    check(
      'event_plans_categories_check',
      sql`${t.categories} <@ ARRAY[${inList(VENDOR_CATEGORY_VALUES)}]::text[] AND cardinality(${t.categories}) >= 1`,
    ),
    check('event_plans_guests_check', sql`${t.guests} BETWEEN 1 AND 2000`),
    check('event_plans_budget_check', sql`${t.budgetCents} >= 0`),
    check('event_plans_start_time_check', sql`${t.startTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    index('event_plans_customer_idx').on(t.customerId, t.eventDate),
    index('event_plans_design_idx').on(t.cakeDesignId),
  ],
);
