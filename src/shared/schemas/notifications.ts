import { z } from 'zod';

/**
 * What a user is told happened (stored per user, so nothing is lost while they are offline; delivered
 * live over the event stream GET /api/me/events and listed in the notification centre). Payloads carry
 * ids only; the receiver reads what the user may see.
 */
export const NOTIFICATION_TYPES = [
  'message.received',
  'quote.requested',
  'quote.answered',
  'quote.declined',
  'quote.changeRequested',
  'quote.accepted',
  'quote.closed',
  'quote.expired',
  'order.statusChanged',
  'payment.captured',
  'refund.sent',
  'claim.opened',
  'claim.answered',
  'claim.resolved',
  'payout.sent',
  'vendor.approved',
  'vendor.rejected',
  'proof.sent',
  'proof.changesRequested',
  'proof.approved',
  'verification.reviewed',
  'verification.expiring',
  'verification.expired',
  'balance.charged',
  'balance.failed',
  'dispute.opened',
  'dispute.evidenceDue',
  'dispute.closed',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** The ids an event is about; which are present depends on the type. */
export const notificationRefsSchema = z.object({
  orderId: z.string().optional(),
  quoteId: z.string().optional(),
  requestId: z.string().optional(),
  conversationId: z.string().optional(),
  messageId: z.string().optional(),
  claimId: z.string().optional(),
  payoutId: z.string().optional(),
  vendorId: z.string().optional(),
  proofId: z.string().optional(),
  disputeId: z.string().optional(),
});
export type NotificationRefs = z.infer<typeof notificationRefsSchema>;

/** One notification as the API and the event stream present it. */
export const notificationSchema = z.object({
  /** Increasing per server (a bigint as a string): the event stream's `id:`, for Last-Event-ID. */
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  /** One line for the bell and the toast, e.g. "Order FR-10001 is now Delivered." */
  title: z.string(),
  /** A second line (the message's first words, the vendor's name…), or null. */
  body: z.string().nullable(),
  /** Where the notification leads in the app (a path), or null. */
  link: z.string().nullable(),
  refs: notificationRefsSchema,
  createdAt: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** GET /api/me/notifications: the newest first, a page at a time, with the unread count. */
export const notificationListSchema = z.object({
  notifications: z.array(notificationSchema),
  unread: z.number().int(),
  /** Pass as `before` for the next page; null when there is none. */
  nextBefore: z.string().nullable(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

export const NOTIFICATION_PAGE_SIZE = 30;

export const notificationListQuerySchema = z.object({
  before: z
    .string()
    .regex(/^\d{1,19}$/, 'Not a notification id.')
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(NOTIFICATION_PAGE_SIZE),
});

/** POST /api/me/notifications/read: these ids, or everything up to and including `through`. */
export const markNotificationsReadSchema = z
  .object({
    ids: z
      .array(z.string().regex(/^\d{1,19}$/, 'Not a notification id.'))
      .max(100)
      .optional(),
    through: z
      .string()
      .regex(/^\d{1,19}$/, 'Not a notification id.')
      .optional(),
  })
  .refine((v) => v.ids !== undefined || v.through !== undefined, {
    message: 'Say which notifications to mark read.',
  });
export type MarkNotificationsRead = z.infer<typeof markNotificationsReadSchema>;

/** The unread counts the navbar shows: the bell and Messages. */
export const unreadCountsSchema = z.object({ notifications: z.number().int(), messages: z.number().int() });
export type UnreadCounts = z.infer<typeof unreadCountsSchema>;

/**
 * The event stream (text/event-stream at GET /api/me/events): `event: notification` with a
 * Notification as its data and its id as the event id; `event: unread` with UnreadCounts whenever they
 * change; a comment line every 25 s as a heartbeat (spec section 9). A client reconnects with
 * Last-Event-ID and receives, once, the notifications it missed.
 */
export const STREAM_HEARTBEAT_MS = 25_000;
/** Reconnect delays of the web client (spec section 9): 1, 2, 5, then 10 seconds. */
export const STREAM_RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000] as const;
/** Open streams per user (tabs); the oldest is closed when another opens. */
export const MAX_STREAMS_PER_USER = 5;

/**
 * GET /api/me/events?lastEventId=…: the Last-Event-ID of a client that cannot set the header (the
 * header wins over nothing; the query over the header).
 */
export const eventStreamQuerySchema = z.object({
  lastEventId: z
    .string()
    .regex(/^\d{1,19}$/, 'Not a notification id.')
    .optional(),
});
