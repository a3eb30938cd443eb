import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { SPECIALTY_VALUES, VENDOR_CATEGORY_VALUES } from '../../../shared/catalog.ts';
import { ORDER_ACTIONS, ORDER_PARTIES } from '../../../shared/order-machine.ts';
import { ORDER_STATUSES } from '../../../shared/order-status.ts';
import { MESSAGE_IMAGES_MAX } from '../../../shared/schemas/messages.ts';
import type { QuoteBrief } from '../../../shared/schemas/quotes.ts';
import { PACKAGE_PRICE_MAX_CENTS } from '../../../shared/schemas/packages.ts';
import { LEAD_TIME_MAX_DAYS, ORDERS_PER_DAY_MAX } from '../../../shared/schemas/vendor-profile.ts';
import { users } from './auth.ts';
import { createdAt, id, inList, isDemo, ref, timestamps, timestamptz } from './columns.ts';
import { designImages } from './designs.ts';

/** `closed`: the owner closed the account (privacy, decision 028); never shown to the public again. */
export const VENDOR_STATUSES = ['pending', 'approved', 'rejected', 'closed'] as const;

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/*
 * Browse search reads a stored generated tsvector, so a search never recomputes it per row.
 * vendor_search_vector is an IMMUTABLE SQL function defined in migration 0003 and given the categories
 * in 0033 (it maps specialty and category values to their catalog labels; a label change needs a new
 * migration). Migration 0003 keeps vendor_search_words, the dictionary of every lexeme, which
 * typo-tolerant search matches by trigram.
 */
const searchVector = sql`vendor_search_vector(business_name, description, location, specialties, categories)`;

/** A cake maker or event vendor. status is the application state; verified is the public badge. */
export const vendors = pgTable(
  'vendors',
  {
    id: id(),
    userId: ref('user_id', () => users.id, 'cascade')
      .notNull()
      .unique(),
    businessName: text('business_name').notNull(),
    businessAddress: text('business_address'),
    /**
     * The card's headline. A cake maker's main cake specialty (SPECIALTY_VALUES); a vendor of another
     * primary category has no cake specialty, and this is its primary category (so it is never null
     * and its label is the category's: catalog.ts specialtyLabel). The CHECK holds both rules.
     */
    specialty: text('specialty').notNull(),
    /** The primary category (VENDOR_CATEGORY_VALUES): what the vendor mainly sells. */
    category: text('category').notNull().default('cakes'),
    /** Every category the vendor sells in, the primary always among them: Browse filters on this. */
    categories: text('categories')
      .array()
      .notNull()
      .default(sql`'{cakes}'::text[]`),
    /**
     * The lowest starting price of the vendor's packages (cents), null without packages: Browse's
     * "From $X" with no join. Written only in the transaction of a package change (packages-service.ts).
     */
    fromPriceCents: integer('from_price_cents'),
    phone: text('phone'),
    description: text('description'),
    website: text('website'),
    instagram: text('instagram'),
    verified: boolean('verified').notNull().default(false),
    status: text('status').notNull().default('pending'),
    rejectionReason: text('rejection_reason'),
    /** Average review rating, maintained by the reviews service; 0 until the first review. */
    rating: numeric('rating', { precision: 3, scale: 2, mode: 'number' }).notNull().default(0),
    reviewCount: integer('review_count').notNull().default(0),
    /** Sum of every review's stars: rating is this over review_count, recomputed exactly, never drifting. */
    ratingSum: integer('rating_sum').notNull().default(0),
    /** Completed orders, maintained by the orders service. */
    totalOrders: integer('total_orders').notNull().default(0),
    /** Median minutes to answer a quote request; null until known. */
    responseTimeMinutes: integer('response_time_minutes'),
    priceTier: integer('price_tier').notNull().default(2),
    location: text('location').notNull(),
    imageUrl: text('image_url'),
    /**
     * Everything the vendor bakes for (SPECIALTY_VALUES); for a cake maker `specialty` is the main one,
     * always included. Empty for a vendor that sells no cakes.
     */
    specialties: text('specialties')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** DIETARY_VALUES the vendor can accommodate. */
    dietaryOptions: text('dietary_options')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    offersDelivery: boolean('offers_delivery').notNull().default(false),
    offersPickup: boolean('offers_pickup').notNull().default(true),
    /** Refund the vendor gives on cancellations within 48 hours of delivery (Terms), 0-100. */
    cancellationRefundPercent: integer('cancellation_refund_percent').notNull().default(50),
    /** Days of notice the vendor needs: a request for an event sooner is refused for this vendor. */
    leadTimeDays: integer('lead_time_days').notNull().default(3),
    /** Orders the vendor takes per day; a day with that many is full. */
    ordersPerDay: integer('orders_per_day').notNull().default(3),
    /**
     * Percent of an order taken at acceptance as a deposit, 0-100 (0: the customer pays in full). The
     * balance is charged `balanceDueDays` before the event; an event sooner than that is paid in full.
     */
    depositPercent: integer('deposit_percent').notNull().default(0),
    balanceDueDays: integer('balance_due_days').notNull().default(14),
    /** Hours before the event after which the customer can no longer ask for design changes. */
    changeCutoffHours: integer('change_cutoff_hours').notNull().default(72),
    /** The vendor's Stripe Connect Express account (acct_…), where payouts go under Stripe. */
    stripeAccountId: text('stripe_account_id').unique(),
    /** The vendor's GST/HST registration number (123456789RT0001), shown on receipts and invoices; null: none. */
    gstNumber: text('gst_number'),
    /** Weighted full-text document: name (A), location and specialty labels (B), description (C). */
    searchVector: tsvector('search_vector').generatedAlwaysAs(searchVector),
    isDemo: isDemo(),
    ...timestamps(),
  },
  (t) => [
    check('vendors_status_check', sql`${t.status} IN (${inList(VENDOR_STATUSES)})`),
    check('vendors_rating_check', sql`${t.rating} >= 0 AND ${t.rating} <= 5`),
    check('vendors_counts_check', sql`${t.reviewCount} >= 0 AND ${t.totalOrders} >= 0`),
    check('vendors_price_tier_check', sql`${t.priceTier} BETWEEN 1 AND 4`),
    check('vendors_category_check', sql`${t.category} IN (${inList(VENDOR_CATEGORY_VALUES)})`),
    check(
      'vendors_categories_check',
      sql`${t.categories} @> ARRAY[${t.category}] AND ${t.categories} <@ ARRAY[${inList(VENDOR_CATEGORY_VALUES)}]`,
    ),
    check(
      'vendors_specialty_check',
      sql`CASE WHEN ${t.category} = 'cakes' THEN ${t.specialty} IN (${inList(SPECIALTY_VALUES)}) ELSE ${t.specialty} = ${t.category} END`,
    ),
    check('vendors_from_price_check', sql`${t.fromPriceCents} IS NULL OR ${t.fromPriceCents} >= 0`),
    check('vendors_refund_percent_check', sql`${t.cancellationRefundPercent} BETWEEN 0 AND 100`),
    check('vendors_deposit_percent_check', sql`${t.depositPercent} BETWEEN 0 AND 100`),
    check('vendors_balance_due_days_check', sql`${t.balanceDueDays} BETWEEN 3 AND 90`),
    check('vendors_change_cutoff_check', sql`${t.changeCutoffHours} BETWEEN 0 AND 720`),
    check('vendors_gst_number_check', sql`${t.gstNumber} ~ '^[0-9]{9}RT[0-9]{4}$'`),
    check(
      'vendors_lead_time_check',
      sql`${t.leadTimeDays} BETWEEN 0 AND ${sql.raw(String(LEAD_TIME_MAX_DAYS))}`,
    ),
    check(
      'vendors_orders_per_day_check',
      sql`${t.ordersPerDay} BETWEEN 1 AND ${sql.raw(String(ORDERS_PER_DAY_MAX))}`,
    ),
    check(
      'vendors_response_time_check',
      sql`${t.responseTimeMinutes} IS NULL OR ${t.responseTimeMinutes} >= 0`,
    ),
    // Browse and featured: one partial index per sort order, matching its keyset exactly, so a
    // first page or a Load More page reads only the rows it returns (plus those filters skip).
    index('vendors_public_rating_idx')
      .on(t.rating.desc(), t.reviewCount.desc(), t.id)
      .where(sql`${t.status} = 'approved'`),
    index('vendors_public_reviews_idx')
      .on(t.reviewCount.desc(), t.rating.desc(), t.id)
      .where(sql`${t.status} = 'approved'`),
    index('vendors_public_price_low_idx')
      .on(t.priceTier, t.rating.desc(), t.id)
      .where(sql`${t.status} = 'approved'`),
    index('vendors_public_price_high_idx')
      .on(t.priceTier.desc(), t.rating.desc(), t.id)
      .where(sql`${t.status} = 'approved'`),
    // Location pages and their "{N} vendors found" count. Migrations 0003 and 0033 add INCLUDE
    // (specialties, dietary_options, price_tier, offers_delivery, categories) so the count is an
    // index-only scan.
    index('vendors_public_location_idx')
      .on(t.location, t.rating.desc(), t.reviewCount.desc(), t.id)
      .where(sql`${t.status} = 'approved'`),
    index('vendors_location_specialty_idx').on(t.location, t.specialty),
    // Partial like the rest, so a count over a bitmap of them never visits the heap for status.
    index('vendors_specialties_idx')
      .using('gin', t.specialties)
      .where(sql`${t.status} = 'approved'`),
    // Category pages and the category filter: a bitmap of the category's vendors for counts and for
    // rare categories (a common one reads the sort's own index and skips the others).
    index('vendors_categories_idx')
      .using('gin', t.categories)
      .where(sql`${t.status} = 'approved'`),
    index('vendors_dietary_options_idx')
      .using('gin', t.dietaryOptions)
      .where(sql`${t.status} = 'approved'`),
    index('vendors_search_vector_idx')
      .using('gin', t.searchVector)
      .where(sql`${t.status} = 'approved'`),
  ],
);

/**
 * What a vendor sells, with a starting price ("4-hour coverage, from $1,200"), in the vendor's order.
 * Every change updates vendors.from_price_cents in the same transaction, with the vendor row locked
 * (which also holds PACKAGES_MAX per vendor and the positions under concurrency).
 */
export const vendorPackages = pgTable(
  'vendor_packages',
  {
    id: id(),
    vendorId: ref('vendor_id', () => vendors.id, 'cascade').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    /** Integer cents (CAD): the lowest price the package is sold for. */
    priceCents: integer('price_cents').notNull(),
    /** 0-based order on the vendor's page. */
    position: integer('position').notNull(),
    isDemo: isDemo(),
    ...timestamps(),
  },
  (t) => [
    check(
      'vendor_packages_price_check',
      sql`${t.priceCents} BETWEEN 0 AND ${sql.raw(String(PACKAGE_PRICE_MAX_CENTS))}`,
    ),
    check('vendor_packages_name_check', sql`length(${t.name}) BETWEEN 1 AND 200`),
    index('vendor_packages_vendor_position_idx').on(t.vendorId, t.position, t.id),
  ],
);

export const cakeDesigns = pgTable(
  'cake_designs',
  {
    id: id(),
    customerId: ref('customer_id', () => users.id, 'cascade').notNull(),
    occasion: text('occasion').notNull(),
    flavor: text('flavor').notNull(),
    size: text('size').notNull(),
    colors: text('colors'),
    description: text('description'),
    aiGenerated: boolean('ai_generated').notNull().default(true),
    imageUrl: text('image_url'),
    prompt: text('prompt'),
    style: text('style'),
    dietaryRestrictions: text('dietary_restrictions'),
    /** The generated image it was saved from; its public page is /designs/{designImageId}. */
    designImageId: ref('design_image_id', () => designImages.id, 'set null'),
    isDemo: isDemo(),
    ...timestamps(),
  },
  (t) => [
    index('cake_designs_customer_created_idx').on(t.customerId, t.createdAt.desc()),
    uniqueIndex('cake_designs_customer_image_uq').on(t.customerId, t.designImageId),
    index('cake_designs_design_image_idx').on(t.designImageId),
    index('cake_designs_image_url_idx').on(t.imageUrl),
  ],
);

/** The design an order was agreed on, copied at acceptance. */
export interface OrderDesignSnapshot {
  occasion: string;
  flavor: string;
  size: string;
  description: string | null;
  imageUrl: string | null;
}

/** Money columns hold integer cents (CAD). */
export const orders = pgTable(
  'orders',
  {
    id: id(),
    orderNumber: text('order_number').notNull().unique(),
    customerId: ref('customer_id', () => users.id, 'restrict').notNull(),
    vendorId: ref('vendor_id', () => vendors.id, 'restrict').notNull(),
    cakeDesignId: ref('cake_design_id', () => cakeDesigns.id, 'set null'),
    status: text('status').notNull().default('pending'),
    amount: integer('amount').notNull(),
    /** The service fee (basis points, 800 = 8%) as it was when the order was made: what the vendor agreed to. */
    serviceFeeBps: integer('service_fee_bps').notNull().default(800),
    /** GST and PST on the fee (basis points) when the order was made; 0 on orders made before (decision 029). */
    gstBps: integer('gst_bps').notNull().default(0),
    pstBps: integer('pst_bps').notNull().default(0),
    /** The vendor's refund percentage for the last 48 hours (Terms) when the order was made. */
    refundPercent: integer('refund_percent'),
    /** The vendor's change cut-off (hours before the event) when the order was made; null: the vendor's now. */
    changeCutoffHours: integer('change_cutoff_hours'),
    deliveryDate: timestamptz('delivery_date'),
    deliveryAddress: text('delivery_address'),
    specialInstructions: text('special_instructions'),
    /** The brief of the accepted quote, frozen at acceptance (later edits of anything leave it as agreed). */
    brief: jsonb('brief').$type<QuoteBrief>(),
    /** The design as it was at acceptance: what the vendor agreed to make. */
    designSnapshot: jsonb('design_snapshot').$type<OrderDesignSnapshot>(),
    /**
     * Deposit now, balance later (src/shared/deposits.ts): the deposit taken at checkout and when the
     * rest is charged; both null for an order paid in full.
     */
    depositCents: integer('deposit_cents'),
    balanceDueAt: timestamptz('balance_due_at'),
    /** The card saved with the deposit for the balance (a Stripe PaymentMethod, or the sandbox's), and its customer. */
    paymentMethodRef: text('payment_method_ref'),
    processorCustomerRef: text('processor_customer_ref'),
    isDemo: isDemo(),
    ...timestamps(),
  },
  (t) => [
    check('orders_status_check', sql`${t.status} IN (${inList(ORDER_STATUSES)})`),
    check(
      'orders_deposit_check',
      sql`(${t.depositCents} IS NULL) = (${t.balanceDueAt} IS NULL) AND (${t.depositCents} IS NULL OR (${t.depositCents} > 0 AND ${t.depositCents} < ${t.amount}))`,
    ),
    check('orders_amount_check', sql`${t.amount} >= 0`),
    check('orders_service_fee_check', sql`${t.serviceFeeBps} BETWEEN 0 AND 5000`),
    check('orders_fee_tax_check', sql`${t.gstBps} BETWEEN 0 AND 2500 AND ${t.pstBps} BETWEEN 0 AND 2500`),
    check('orders_refund_percent_check', sql`${t.refundPercent} BETWEEN 0 AND 100`),
    index('orders_customer_created_idx').on(t.customerId, t.createdAt.desc()),
    index('orders_vendor_created_idx').on(t.vendorId, t.createdAt.desc()),
    index('orders_vendor_status_idx').on(t.vendorId, t.status),
    // A vendor's orders on a day: the capacity counts (calendar, Browse's "available on", analytics).
    index('orders_vendor_delivery_idx').on(t.vendorId, t.deliveryDate),
    index('orders_cake_design_idx').on(t.cakeDesignId),
    // Whether an order still shows a design's picture (the privacy purge keeps it while one does).
    index('orders_design_image_url_idx')
      .on(sql`(${t.designSnapshot} ->> 'imageUrl')`)
      .where(sql`(${t.designSnapshot} ->> 'imageUrl') IS NOT NULL`),
  ],
);

/**
 * Every change of an order's status, written in the same transaction as the change itself
 * (modules/orders/transitions.ts): who made it, from what, to what, when, and their note. The order's
 * timeline is read from here. `created` is the order's first row (from_status null).
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: id(),
    orderId: ref('order_id', () => orders.id, 'cascade').notNull(),
    /** 1, 2, 3 … per order: the timeline's order, and unique, so two concurrent changes cannot both land. */
    seq: integer('seq').notNull(),
    action: text('action').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    party: text('party').notNull(),
    /** The user who acted; null for the system (timers, payments) or a deleted account. */
    actorId: ref('actor_id', () => users.id, 'set null'),
    note: text('note'),
    /** Delivered with a photo: the stored picture (deliveries bucket) and its thumbnail, with its size. */
    photoKey: text('photo_key'),
    photoThumbKey: text('photo_thumb_key'),
    photoWidth: integer('photo_width'),
    photoHeight: integer('photo_height'),
    createdAt: createdAt(),
  },
  (t) => [
    check('order_events_action_check', sql`${t.action} IN ('created', ${inList(ORDER_ACTIONS)})`),
    check('order_events_party_check', sql`${t.party} IN (${inList(ORDER_PARTIES)})`),
    check('order_events_to_check', sql`${t.toStatus} IN (${inList(ORDER_STATUSES)})`),
    check(
      'order_events_from_check',
      sql`${t.fromStatus} IS NULL OR ${t.fromStatus} IN (${inList(ORDER_STATUSES)})`,
    ),
    uniqueIndex('order_events_order_seq_uq').on(t.orderId, t.seq),
    index('order_events_actor_idx').on(t.actorId),
  ],
);

/** A favorite is either a design or a vendor, never both. */
export const customerFavorites = pgTable(
  'customer_favorites',
  {
    id: id(),
    customerId: ref('customer_id', () => users.id, 'cascade').notNull(),
    cakeDesignId: ref('cake_design_id', () => cakeDesigns.id, 'cascade'),
    vendorId: ref('vendor_id', () => vendors.id, 'cascade'),
    isDemo: isDemo(),
    createdAt: createdAt(),
  },
  (t) => [
    check('customer_favorites_target_check', sql`num_nonnulls(${t.cakeDesignId}, ${t.vendorId}) = 1`),
    uniqueIndex('customer_favorites_design_uq').on(t.customerId, t.cakeDesignId),
    uniqueIndex('customer_favorites_vendor_uq').on(t.customerId, t.vendorId),
    index('customer_favorites_vendor_idx').on(t.vendorId),
    index('customer_favorites_design_idx').on(t.cakeDesignId),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    orderId: ref('order_id', () => orders.id, 'cascade')
      .notNull()
      .unique(),
    customerId: ref('customer_id', () => users.id, 'cascade').notNull(),
    vendorId: ref('vendor_id', () => vendors.id, 'cascade').notNull(),
    rating: integer('rating').notNull(),
    title: text('title'),
    comment: text('comment').notNull(),
    helpfulCount: integer('helpful_count').notNull().default(0),
    /** The vendor's one public reply, and when it was written. */
    vendorReply: text('vendor_reply'),
    vendorRepliedAt: timestamptz('vendor_replied_at'),
    isDemo: isDemo(),
    createdAt: createdAt(),
  },
  (t) => [
    check('reviews_rating_check', sql`${t.rating} BETWEEN 1 AND 5`),
    check('reviews_helpful_check', sql`${t.helpfulCount} >= 0`),
    check('reviews_reply_check', sql`(${t.vendorReply} IS NULL) = (${t.vendorRepliedAt} IS NULL)`),
    index('reviews_created_idx').on(t.createdAt.desc()),
    index('reviews_rating_created_idx').on(t.rating, t.createdAt.desc()),
    index('reviews_vendor_created_idx').on(t.vendorId, t.createdAt.desc()),
    index('reviews_customer_idx').on(t.customerId),
  ],
);

/**
 * A signed-in user found a review helpful, once. reviews.helpful_count counts these on top of the base
 * the demo seed gives: a vote changes it in the same transaction, only when its row really came or went.
 */
export const reviewHelpfulVotes = pgTable(
  'review_helpful_votes',
  {
    reviewId: ref('review_id', () => reviews.id, 'cascade').notNull(),
    userId: ref('user_id', () => users.id, 'cascade').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'review_helpful_votes_pkey', columns: [t.reviewId, t.userId] }),
    index('review_helpful_votes_user_idx').on(t.userId),
  ],
);

export const SUPPORT_STATUSES = ['open', 'answered', 'closed'] as const;

export const supportRequests = pgTable(
  'support_requests',
  {
    id: id(),
    userId: ref('user_id', () => users.id, 'set null'),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    status: text('status').notNull().default('open'),
    ...timestamps(),
  },
  (t) => [
    check('support_requests_status_check', sql`${t.status} IN (${inList(SUPPORT_STATUSES)})`),
    index('support_requests_status_created_idx').on(t.status, t.createdAt.desc()),
    index('support_requests_user_idx').on(t.userId),
  ],
);

/** A photo in a vendor's portfolio; the image files live in storage under the keys. */
export const portfolioItems = pgTable(
  'portfolio_items',
  {
    id: id(),
    vendorId: ref('vendor_id', () => vendors.id, 'cascade').notNull(),
    title: text('title').notNull(),
    category: text('category').notNull(),
    /** Integer cents (CAD); either may be null ("from $X", "up to $Y"). */
    priceMin: integer('price_min'),
    priceMax: integer('price_max'),
    /** Storage keys (bucket "portfolio") of the display-size and thumbnail WebP files. */
    imageKey: text('image_key').notNull(),
    thumbKey: text('thumb_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** 0-based order in the gallery. */
    position: integer('position').notNull(),
    ...timestamps(),
  },
  (t) => [
    check(
      'portfolio_items_price_check',
      sql`(${t.priceMin} IS NULL OR ${t.priceMin} >= 0) AND (${t.priceMax} IS NULL OR ${t.priceMax} >= 0) AND (${t.priceMin} IS NULL OR ${t.priceMax} IS NULL OR ${t.priceMin} <= ${t.priceMax})`,
    ),
    index('portfolio_items_vendor_position_idx').on(t.vendorId, t.position),
  ],
);

/** One conversation between a customer and a vendor; messages about any order or design go in it. */
export const conversations = pgTable(
  'conversations',
  {
    id: id(),
    customerId: ref('customer_id', () => users.id, 'cascade').notNull(),
    vendorId: ref('vendor_id', () => vendors.id, 'cascade').notNull(),
    lastMessageAt: timestamptz('last_message_at').notNull().defaultNow(),
    customerReadAt: timestamptz('customer_read_at'),
    vendorReadAt: timestamptz('vendor_read_at'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('conversations_customer_vendor_uq').on(t.customerId, t.vendorId),
    index('conversations_customer_last_idx').on(t.customerId, t.lastMessageAt.desc()),
    index('conversations_vendor_last_idx').on(t.vendorId, t.lastMessageAt.desc()),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: id(),
    conversationId: ref('conversation_id', () => conversations.id, 'cascade').notNull(),
    senderId: ref('sender_id', () => users.id, 'cascade').notNull(),
    /** The order the message is about, when sent from an order. */
    orderId: ref('order_id', () => orders.id, 'set null'),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // Empty only for a message that is images alone (the API requires text or an image).
    check('messages_body_check', sql`length(${t.body}) BETWEEN 0 AND 4000`),
    index('messages_conversation_created_idx').on(t.conversationId, t.createdAt, t.id),
    index('messages_sender_idx').on(t.senderId),
    index('messages_order_idx').on(t.orderId),
  ],
);

/**
 * The images of a message (files in the `messages` bucket), in the order they were attached. The key
 * (message_id, position) is also the index a message's images are read by.
 */
export const messageImages = pgTable(
  'message_images',
  {
    messageId: ref('message_id', () => messages.id, 'cascade').notNull(),
    position: integer('position').notNull(),
    imageKey: text('image_key').notNull(),
    thumbKey: text('thumb_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
  },
  (t) => [
    primaryKey({ name: 'message_images_pkey', columns: [t.messageId, t.position] }),
    check(
      'message_images_position_check',
      sql`${t.position} BETWEEN 0 AND ${sql.raw(String(MESSAGE_IMAGES_MAX - 1))}`,
    ),
    check('message_images_size_check', sql`${t.width} > 0 AND ${t.height} > 0`),
  ],
);
