import { z } from 'zod';
import { VENDOR_CATEGORY_VALUES } from '../catalog.ts';
import { EVENT_TYPE_VALUES } from '../plans.ts';
import { isBritishColumbiaAddress } from './quotes.ts';

const TITLE_MESSAGE = 'Please name your event (at most 100 characters).';
const GUESTS_MESSAGE = 'Please enter how many guests are coming (1 to 2000).';
const BUDGET_MESSAGE = 'Please enter a budget in dollars.';

/** A new event plan (POST /api/plans), and each field an edit may change (PATCH /api/plans/{id}). */
export const planFieldsSchema = z.object({
  type: z.enum(EVENT_TYPE_VALUES, { error: 'Please choose the kind of event.' }),
  title: z.string({ error: TITLE_MESSAGE }).trim().min(1, TITLE_MESSAGE).max(100, TITLE_MESSAGE),
  /** The event's day in Vancouver, YYYY-MM-DD. */
  eventDate: z.iso.date({ error: 'Please choose the date of your event.' }),
  /** When the event starts, HH:MM (24 h). */
  startTime: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Please choose a start time.'),
  venueAddress: z
    .string({ error: 'Please enter the venue address in British Columbia.' })
    .trim()
    .min(1, 'Please enter the venue address in British Columbia.')
    .max(200, 'Must be at most 200 characters.')
    .refine(
      isBritishColumbiaAddress,
      'Enter a venue address in British Columbia, with its postal code (V…).',
    ),
  guests: z.coerce
    .number({ error: GUESTS_MESSAGE })
    .int(GUESTS_MESSAGE)
    .min(1, GUESTS_MESSAGE)
    .max(2000, GUESTS_MESSAGE),
  budgetCents: z.coerce
    .number({ error: BUDGET_MESSAGE })
    .int(BUDGET_MESSAGE)
    .min(0, BUDGET_MESSAGE)
    .max(100_000_000, BUDGET_MESSAGE),
  /** The vendors the customer wants for it: the plan's checklist. */
  categories: z
    .array(z.enum(VENDOR_CATEGORY_VALUES, { error: 'Not one of our categories.' }))
    .min(1, 'Choose at least one kind of vendor.')
    .max(VENDOR_CATEGORY_VALUES.length)
    .refine((c) => new Set(c).size === c.length, 'Each kind of vendor only once.'),
  /** A saved cake design of the customer's, for the plan's cake. */
  designId: z.string().min(1).max(100).nullable().optional(),
});
export const planInputSchema = planFieldsSchema;
export type PlanInput = z.input<typeof planInputSchema>;
export const planUpdateSchema = planFieldsSchema.partial();
export type PlanUpdate = z.input<typeof planUpdateSchema>;

/** POST /api/plans/{id}/checkout: the plan's accepted, unpaid orders to pay in one payment. */
export const planCheckoutSchema = z.object({
  orderIds: z
    .array(z.string().min(1).max(100))
    .min(1, 'Choose at least one order to pay.')
    .max(10, 'Pay at most 10 orders at once.')
    .refine((ids) => new Set(ids).size === ids.length, 'Each order only once.'),
});

const quoteSummarySchema = z.object({
  quoteId: z.string(),
  vendorId: z.string(),
  businessName: z.string(),
  status: z.string(),
  totalCents: z.number().int().nullable(),
});

const bookingSchema = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  vendorId: z.string(),
  businessName: z.string(),
  status: z.string(),
  amountCents: z.number().int(),
  /** What the customer has paid on it (a deposit, or all of it). */
  paidCents: z.number().int(),
  /** What paying it now would charge (0 once paid, or while nothing is due). */
  dueNowCents: z.number().int(),
  /** When the vendor is at the venue (arrival, set-up or delivery), an instant. */
  at: z.string().nullable(),
});

/** One line of the plan's checklist: the category, its requests' quotes, and the vendor booked. */
const planCategorySchema = z.object({
  category: z.string(),
  label: z.string(),
  requests: z.array(
    z.object({ requestId: z.string(), status: z.string(), quotes: z.array(quoteSummarySchema) }),
  ),
  booking: bookingSchema.nullable(),
});

/** One moment of the day: a booked vendor at the venue. */
export const timelineEntrySchema = z.object({
  at: z.string(),
  category: z.string(),
  /** "sets up", "delivers", "covers". */
  does: z.string(),
  /** Shown to the customer always; to another vendor once both their orders are paid. */
  businessName: z.string().nullable(),
  orderId: z.string().nullable(),
});

export const planViewSchema = z.object({
  id: z.string(),
  type: z.enum(EVENT_TYPE_VALUES),
  title: z.string(),
  eventDate: z.string(),
  startTime: z.string(),
  venueAddress: z.string(),
  guests: z.number().int(),
  budgetCents: z.number().int(),
  designId: z.string().nullable(),
  categories: z.array(planCategorySchema),
  /** What the booked orders cost, and what of it is paid. */
  bookedCents: z.number().int(),
  paidCents: z.number().int(),
  timeline: z.array(timelineEntrySchema),
  createdAt: z.string(),
});
export type PlanView = z.infer<typeof planViewSchema>;

export const planSummarySchema = planViewSchema.pick({
  id: true,
  type: true,
  title: true,
  eventDate: true,
  startTime: true,
  guests: true,
  budgetCents: true,
  bookedCents: true,
  paidCents: true,
});
export const planListSchema = z.object({
  plans: z.array(
    planSummarySchema.extend({ categoryCount: z.number().int(), bookedCount: z.number().int() }),
  ),
});
export type PlanList = z.infer<typeof planListSchema>;

/** An order's event, as its vendor sees it: the day's schedule of every vendor booked for it. */
export const orderScheduleSchema = z.object({
  title: z.string(),
  eventDate: z.string(),
  startTime: z.string(),
  timeline: z.array(timelineEntrySchema),
});
export type OrderSchedule = z.infer<typeof orderScheduleSchema>;
