import { z } from 'zod';
import { DIETARY_VALUES, FLAVORS, OCCASIONS, SIZES, VENDOR_CATEGORY_VALUES } from '../catalog.ts';
import { MAX_VENDORS_PER_REQUEST, QUOTE_STATUSES } from '../quote-machine.ts';

const text = (max: number, message = `Must be at most ${max} characters.`) =>
  z.string().trim().max(max, message);

/** Whole dollars in a form become cents here; stored and sent as integer cents. */
const cents = (message: string) =>
  z.coerce.number({ error: message }).int(message).min(0, message).max(10_000_000, message);

/** A BC postal code: V, digit, letter, an optional space, digit, letter, digit (Canada Post's letters). */
const BC_POSTAL_CODE = /\bV\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d\b/i;
/** The province by name or abbreviation after a comma: "Vancouver, BC", "Victoria, B.C.". */
const BC_NAMED = /,\s*B\.?C\.?(?![A-Z])|\bBritish\s+Columbia\b/i;

const NOT_IN_BC = 'Enter a delivery address in British Columbia, with its postal code (V…).';

/**
 * Whether a delivery address is in British Columbia, where Frosted's vendors deliver: it carries a BC
 * postal code, or names the province (", BC" or "British Columbia").
 */
export const isBritishColumbiaAddress = (address: string): boolean =>
  BC_POSTAL_CODE.test(address) || BC_NAMED.test(address);

/**
 * The address checks run whenever the address and the choice of delivery are themselves valid, even
 * while other fields are not, so the form shows every message at once.
 */
const addressReadable = (payload: { value: unknown; issues: readonly { path?: readonly PropertyKey[] }[] }) =>
  typeof payload.value === 'object' &&
  payload.value !== null &&
  !payload.issues.some((i) => i.path?.[0] === 'deliveryAddress' || i.path?.[0] === 'fulfillment');

/**
 * A cake: what the customer asks cake makers to quote on. `kind` may be left out (every brief was a
 * cake's before event vendors came; migration 0035 wrote it into the stored ones).
 */
export const cakeBriefSchema = z
  .object({
    kind: z.literal('cake').default('cake'),
    occasion: z.enum(OCCASIONS, { error: 'Please choose the occasion.' }),
    flavor: z.enum(FLAVORS, { error: 'Please choose a flavor.' }),
    size: z.enum(SIZES, { error: 'Please choose a size.' }),
    servings: z.coerce
      .number({ error: 'Please enter how many people it should serve (1 to 500).' })
      .int('Please enter how many people it should serve (1 to 500).')
      .min(1, 'Please enter how many people it should serve (1 to 500).')
      .max(500, 'Please enter how many people it should serve (1 to 500).'),
    fulfillment: z.enum(['delivery', 'pickup'], { error: 'Choose delivery or pickup.' }),
    /** The event's day in Vancouver, YYYY-MM-DD. */
    eventDate: z.iso.date({ error: 'Please choose the date of your event.' }),
    /** When the cake is needed that day, HH:MM (24 h). */
    eventTime: z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Please choose a time.')
      .default('12:00'),
    deliveryAddress: text(200).optional(),
    budgetMinCents: cents('Please enter a budget in dollars.').optional(),
    budgetMaxCents: cents('Please enter a budget in dollars.').optional(),
    allergies: text(500).optional(),
    dietary: z.array(z.enum(DIETARY_VALUES)).max(DIETARY_VALUES.length).default([]),
    notes: text(2000).optional(),
  })
  .refine((b) => b.fulfillment !== 'delivery' || /\S/.test(b.deliveryAddress ?? ''), {
    path: ['deliveryAddress'],
    message: 'Please enter the delivery address in British Columbia.',
    when: addressReadable,
  })
  .refine(
    (b) =>
      b.fulfillment !== 'delivery' ||
      !/\S/.test(b.deliveryAddress ?? '') ||
      isBritishColumbiaAddress(b.deliveryAddress ?? ''),
    { path: ['deliveryAddress'], message: NOT_IN_BC, when: addressReadable },
  )
  .refine(
    (b) =>
      b.budgetMinCents === undefined ||
      b.budgetMaxCents === undefined ||
      b.budgetMinCents <= b.budgetMaxCents,
    { path: ['budgetMaxCents'], message: 'The most you would spend must be at least the least.' },
  );

const GUESTS_MESSAGE = 'Please enter how many guests are coming (1 to 2000).';

/** The event vendors' categories (a cake is asked for with the cake brief and its designer). */
export const EVENT_CATEGORY_VALUES = VENDOR_CATEGORY_VALUES.filter((c) => c !== 'cakes') as [
  Exclude<(typeof VENDOR_CATEGORY_VALUES)[number], 'cakes'>,
  ...Exclude<(typeof VENDOR_CATEGORY_VALUES)[number], 'cakes'>[],
];

/**
 * A florist's, decorator's, caterer's, photographer's, entertainer's or rental company's brief: what
 * they need to quote (issue 25). They come to the venue: its address is the order's address, and
 * `eventTime` is when the vendor is wanted there (arrival, set-up or delivery).
 */
export const eventBriefSchema = z
  .object({
    kind: z.literal('event'),
    category: z.enum(EVENT_CATEGORY_VALUES, { error: 'Please choose what you are booking.' }),
    occasion: z.enum(OCCASIONS, { error: 'Please choose the occasion.' }),
    /** The event's day in Vancouver, YYYY-MM-DD. */
    eventDate: z.iso.date({ error: 'Please choose the date of your event.' }),
    /** When the vendor is wanted at the venue that day, HH:MM (24 h). */
    eventTime: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Please choose a time.'),
    venueAddress: text(200).refine(
      (a) => /\S/.test(a),
      'Please enter the venue address in British Columbia.',
    ),
    guests: z.coerce
      .number({ error: GUESTS_MESSAGE })
      .int(GUESTS_MESSAGE)
      .min(1, GUESTS_MESSAGE)
      .max(2000, GUESTS_MESSAGE),
    /** The vendor's package the customer would like (its name, as the vendor's page lists it). */
    packageName: text(120).optional(),
    budgetMinCents: cents('Please enter a budget in dollars.').optional(),
    budgetMaxCents: cents('Please enter a budget in dollars.').optional(),
    notes: text(2000).optional(),
  })
  .refine((b) => !/\S/.test(b.venueAddress) || isBritishColumbiaAddress(b.venueAddress), {
    path: ['venueAddress'],
    message: 'Enter a venue address in British Columbia, with its postal code (V…).',
  })
  .refine(
    (b) =>
      b.budgetMinCents === undefined ||
      b.budgetMaxCents === undefined ||
      b.budgetMinCents <= b.budgetMaxCents,
    { path: ['budgetMaxCents'], message: 'The most you would spend must be at least the least.' },
  );

/**
 * What the customer asks vendors to quote on: the same brief goes to every vendor of the request, and
 * the accepted quote's order keeps it as it was. A cake's, or an event vendor's.
 */
export const quoteBriefSchema = z.discriminatedUnion('kind', [cakeBriefSchema, eventBriefSchema]);
export type QuoteBrief = z.output<typeof quoteBriefSchema>;
export type QuoteBriefInput = z.input<typeof quoteBriefSchema>;
export type CakeBrief = z.output<typeof cakeBriefSchema>;
export type CakeBriefInput = z.input<typeof cakeBriefSchema>;
export type EventBrief = z.output<typeof eventBriefSchema>;
export type EventBriefInput = z.input<typeof eventBriefSchema>;

/** POST /api/quote-requests: one brief to one or several vendors. */
export const quoteRequestInputSchema = z.object({
  vendorIds: z
    .array(z.string().min(1).max(100))
    .min(1, 'Choose at least one vendor.')
    .max(MAX_VENDORS_PER_REQUEST, `Choose at most ${MAX_VENDORS_PER_REQUEST} vendors.`)
    .refine((ids) => new Set(ids).size === ids.length, 'Each vendor only once.'),
  /** A saved design of the customer's, shown to the vendors with the brief. */
  designId: z.string().min(1).max(100).optional(),
  brief: quoteBriefSchema,
});
export type QuoteRequestInput = z.input<typeof quoteRequestInputSchema>;

/** The vendor's answer, and each revision of it. */
export const quoteAnswerSchema = z.object({
  priceCents: cents('Please enter your price.').refine((n) => n > 0, 'Please enter your price.'),
  deliveryFeeCents: cents('Please enter a delivery fee (0 for none).').default(0),
  includes: text(1000).optional(),
  message: text(2000).optional(),
  /** Until when the price holds (an instant; the customer's accept after it is refused). */
  validUntil: z.iso.datetime({ offset: true, error: 'Please choose until when this quote is valid.' }),
});
export type QuoteAnswerInput = z.input<typeof quoteAnswerSchema>;

/**
 * POST /api/quotes/{id}/accept: the revision of the quote the customer saw. A quote the vendor revised
 * since is refused (409), so nobody accepts a price they have not read.
 */
export const quoteAcceptSchema = z.object({
  revision: z
    .number({ error: 'Send the revision of the quote you are accepting.' })
    .int('Send the revision of the quote you are accepting.')
    .min(1, 'Send the revision of the quote you are accepting.')
    .max(1_000_000, 'Send the revision of the quote you are accepting.'),
});
export type QuoteAcceptInput = z.infer<typeof quoteAcceptSchema>;

/** The answer to accepting a quote the vendor revised after the customer looked at it. */
export const QUOTE_REVISED_MESSAGE = 'This quote was revised. Review the new price before accepting.';

export const quoteDeclineSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(1, 'Please tell the customer why.')
    .max(500, 'Must be at most 500 characters.'),
});

/** The customer asks for a change: what, and the price they hope for. */
export const quoteChangeSchema = z.object({
  message: z
    .string()
    .trim()
    .min(1, 'Please say what you would like changed.')
    .max(2000, 'Must be at most 2000 characters.'),
  targetPriceCents: cents('Please enter a price in dollars.').optional(),
});

export const quoteEventViewSchema = z.object({
  seq: z.number().int(),
  action: z.string(),
  party: z.enum(['customer', 'vendor', 'system']),
  priceCents: z.number().int().nullable(),
  deliveryFeeCents: z.number().int().nullable(),
  targetPriceCents: z.number().int().nullable(),
  message: z.string().nullable(),
  validUntil: z.string().nullable(),
  at: z.string(),
});

/** One vendor's quote as both sides see it: the current offer and its thread. */
export const quoteViewSchema = z.object({
  id: z.string(),
  status: z.enum(QUOTE_STATUSES),
  vendor: z.object({
    id: z.string(),
    businessName: z.string(),
    rating: z.number(),
    reviewCount: z.number().int(),
    /** Median minutes from request to first answer; null before any answer. */
    responseTimeMinutes: z.number().int().nullable(),
  }),
  priceCents: z.number().int().nullable(),
  deliveryFeeCents: z.number().int().nullable(),
  /** Price plus delivery fee: what the order will cost. */
  totalCents: z.number().int().nullable(),
  includes: z.string().nullable(),
  message: z.string().nullable(),
  validUntil: z.string().nullable(),
  revision: z.number().int(),
  orderId: z.string().nullable(),
  events: z.array(quoteEventViewSchema),
});
export type QuoteView = z.infer<typeof quoteViewSchema>;

/** A brief as both sides read it (the request's, or the one an order froze at acceptance). */
const cakeBriefViewSchema = z.object({
  kind: z.literal('cake'),
  occasion: z.string(),
  flavor: z.string(),
  size: z.string(),
  servings: z.number().int(),
  fulfillment: z.enum(['delivery', 'pickup']),
  eventDate: z.string(),
  eventTime: z.string(),
  deliveryAddress: z.string().optional(),
  budgetMinCents: z.number().int().optional(),
  budgetMaxCents: z.number().int().optional(),
  allergies: z.string().optional(),
  dietary: z.array(z.string()),
  notes: z.string().optional(),
});
const eventBriefViewSchema = z.object({
  kind: z.literal('event'),
  category: z.string(),
  occasion: z.string(),
  eventDate: z.string(),
  eventTime: z.string(),
  venueAddress: z.string(),
  guests: z.number().int(),
  packageName: z.string().optional(),
  budgetMinCents: z.number().int().optional(),
  budgetMaxCents: z.number().int().optional(),
  notes: z.string().optional(),
});
export const briefViewSchema = z.discriminatedUnion('kind', [cakeBriefViewSchema, eventBriefViewSchema]);
export type BriefView = z.infer<typeof briefViewSchema>;

export const designViewSchema = z
  .object({
    id: z.string(),
    occasion: z.string(),
    description: z.string().nullable(),
    imageUrl: z.string().nullable(),
  })
  .nullable();

/**
 * What accepting a quote asks the customer to pay, by the vendor's terms as they are now: the whole
 * total at checkout, or a deposit at checkout and the balance on its due day (src/shared/deposits.ts).
 */
export const quotePaymentSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('full'), dueNowCents: z.number().int() }),
  z.object({
    kind: z.literal('deposit'),
    depositCents: z.number().int(),
    balanceCents: z.number().int(),
    /** The Vancouver day the balance is charged, YYYY-MM-DD. */
    balanceDueDay: z.string(),
  }),
]);
export type QuotePayment = z.infer<typeof quotePaymentSchema>;

/** A quote as its customer compares it: with what accepting it costs now, and its order once accepted. */
export const customerQuoteViewSchema = quoteViewSchema.extend({
  /** Null while the quote has no price. */
  payment: quotePaymentSchema.nullable(),
  /** The accepted quote's order status (`pending` until it is paid); null before. */
  orderStatus: z.string().nullable(),
});
export type CustomerQuoteView = z.infer<typeof customerQuoteViewSchema>;

/** A customer's request with every vendor's quote, for comparing side by side. */
export const quoteRequestViewSchema = z.object({
  id: z.string(),
  status: z.enum(['open', 'accepted', 'closed']),
  createdAt: z.string(),
  brief: briefViewSchema,
  design: designViewSchema,
  quotes: z.array(customerQuoteViewSchema),
});
export type QuoteRequestView = z.infer<typeof quoteRequestViewSchema>;
export const quoteRequestListSchema = z.object({ requests: z.array(quoteRequestViewSchema) });

/** A vendor's inbox entry: their quote with the customer's brief and design. */
export const vendorQuoteViewSchema = quoteViewSchema.extend({
  requestId: z.string(),
  createdAt: z.string(),
  customerName: z.string(),
  brief: briefViewSchema,
  design: designViewSchema,
});
export type VendorQuoteView = z.infer<typeof vendorQuoteViewSchema>;
export const vendorQuoteInboxSchema = z.object({ quotes: z.array(vendorQuoteViewSchema) });

export const quoteRequestCreatedSchema = z.object({ requestId: z.string(), quoteIds: z.array(z.string()) });
export const quoteAcceptedSchema = z.object({ orderId: z.string(), orderNumber: z.string() });
