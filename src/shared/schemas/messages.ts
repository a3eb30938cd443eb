import { z } from 'zod';
import { decodePositionCursor, encodePositionCursor, type Position } from '../position-cursor.ts';

export const MESSAGE_MAX_LENGTH = 4000;

export const startConversationSchema = z.object({
  vendorId: z
    .string({ error: 'Choose a vendor to message.' })
    .trim()
    .min(1, 'Choose a vendor to message.')
    .max(100),
});
export type StartConversationInput = z.infer<typeof startConversationSchema>;

export const sendMessageSchema = z.object({
  body: z
    .string({ error: 'Write a message first.' })
    .trim()
    .min(1, 'Write a message first.')
    .max(MESSAGE_MAX_LENGTH, `Messages can be at most ${MESSAGE_MAX_LENGTH} characters.`),
  /** The order the message is about, when sent from an order. */
  orderId: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.string().trim().min(1).max(100).optional(),
  ),
});
export type SendMessageInput = z.input<typeof sendMessageSchema>;
export type SendMessageValues = z.output<typeof sendMessageSchema>;

export const conversationIdParamSchema = z.object({ id: z.string().min(1).max(100) });

/** Messages in the first page of a thread and in each "Show earlier messages" page. */
export const MESSAGE_PAGE_SIZE = 50;
export const MESSAGE_PAGE_MAX = 100;

/** A place in a thread: one message's time (microseconds) and id; threads are ordered by (createdAt, id). */
export type MessagePosition = Position;
/** The opaque cursor the API hands out for a place in a thread. */
export const encodeMessageCursor = encodePositionCursor;
export const decodeMessageCursor = decodePositionCursor;

const INVALID_CURSOR = 'This link to older or newer messages is invalid; reload the conversation.';
const messageCursorSchema = z
  .string()
  .max(300, INVALID_CURSOR)
  .regex(/^[A-Za-z0-9_-]+$/, INVALID_CURSOR)
  .transform((token, ctx) => {
    const position = decodeMessageCursor(token);
    if (!position) {
      ctx.addIssue({ code: 'custom', message: INVALID_CURSOR });
      return z.NEVER;
    }
    return position;
  });

/**
 * `GET /api/me/conversations/:id/messages`: without a cursor the newest page; `before` the page of
 * messages just older than a cursor ("Show earlier messages"); `after` only the messages newer than it
 * (polling). Either way the page comes back oldest first.
 */
export const messagePageQuerySchema = z
  .object({
    before: messageCursorSchema.optional(),
    after: messageCursorSchema.optional(),
    limit: z.coerce
      .number({ error: `Ask for 1 to ${MESSAGE_PAGE_MAX} messages.` })
      .int(`Ask for 1 to ${MESSAGE_PAGE_MAX} messages.`)
      .min(1, `Ask for 1 to ${MESSAGE_PAGE_MAX} messages.`)
      .max(MESSAGE_PAGE_MAX, `Ask for 1 to ${MESSAGE_PAGE_MAX} messages.`)
      .default(MESSAGE_PAGE_SIZE),
  })
  .refine((q) => !(q.before && q.after), {
    path: ['after'],
    message: 'Ask for messages before or after a place, not both.',
  });
export type MessagePageQuery = z.infer<typeof messagePageQuerySchema>;

export const messageSchema = z.object({
  id: z.string(),
  body: z.string(),
  /** The signed-in user sent it. */
  mine: z.boolean(),
  senderName: z.string(),
  orderNumber: z.string().nullable(),
  createdAt: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

const pageCursors = {
  /**
   * Pass as `before` for the messages just older than this page; null when nothing older exists.
   * Always null on an `after` read, whose reader already holds the older messages.
   */
  olderCursor: z.string().nullable(),
  /**
   * Pass as `after` to poll for messages newer than this page: the newest message's place, or the
   * `after` cursor itself when nothing new came; null only for a thread without messages.
   */
  newerCursor: z.string().nullable(),
};

export const conversationSummarySchema = z.object({
  id: z.string(),
  /** The other side: the vendor's business for a customer, the customer's name for a vendor. */
  counterpart: z.object({ name: z.string(), vendorId: z.string().nullable() }),
  lastMessage: z.object({ body: z.string(), mine: z.boolean(), createdAt: z.string() }).nullable(),
  unread: z.boolean(),
  lastMessageAt: z.string(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

export const conversationListSchema = z.object({ conversations: z.array(conversationSummarySchema) });
export type ConversationList = z.infer<typeof conversationListSchema>;

/** The answer to starting a conversation or sending a message: the new (or existing) conversation's or message's id. */
export const createdIdSchema = z.object({ id: z.string() });
export type CreatedId = z.infer<typeof createdIdSchema>;

export const conversationSchema = conversationSummarySchema.extend({
  /** Contact details are masked until the customer has paid for an order with this vendor. */
  contactDetailsMasked: z.boolean(),
  /** The customer's orders with this vendor, to say which order a message is about. */
  orders: z.array(z.object({ id: z.string(), orderNumber: z.string() })),
  /** The newest page of messages, oldest first; older pages come from olderCursor. */
  messages: z.array(messageSchema),
  ...pageCursors,
});
export type Conversation = z.infer<typeof conversationSchema>;

/** A page of messages read with `before` or `after`, oldest first. */
export const messagePageSchema = z.object({ messages: z.array(messageSchema), ...pageCursors });
export type MessagePage = z.infer<typeof messagePageSchema>;

/**
 * `POST /api/me/conversations/:id/read`: the reader has seen the thread up to `through` (the
 * newerCursor of what is shown); without it, up to the latest message.
 */
export const markReadSchema = z.object({ through: messageCursorSchema.optional() });
export type MarkReadInput = z.input<typeof markReadSchema>;

/** The answer to marking a conversation read: whether the read mark moved. */
export const markReadResultSchema = z.object({ marked: z.boolean() });
export type MarkReadResult = z.infer<typeof markReadResultSchema>;
