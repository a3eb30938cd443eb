import { z } from 'zod';
import { MESSAGES } from '../errors.ts';
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

const messageBody = z
  .string({ error: 'Write a message first.' })
  .trim()
  .max(MESSAGE_MAX_LENGTH, `Messages can be at most ${MESSAGE_MAX_LENGTH} characters.`);

/** The order the message is about, when sent from an order. */
const messageOrderId = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.string().trim().min(1).max(100).optional(),
);

/** `POST /api/me/conversations/:id/messages` as JSON: text only. */
export const sendMessageSchema = z.object({
  body: messageBody.min(1, 'Write a message first.'),
  orderId: messageOrderId,
});
export type SendMessageInput = z.input<typeof sendMessageSchema>;
export type SendMessageValues = z.output<typeof sendMessageSchema>;

/** Images one message can carry. */
export const MESSAGE_IMAGES_MAX = 5;
/** The largest image a message takes, in bytes (the `messages` storage bucket's limit). */
export const MESSAGE_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** What the file picker offers; the server decides by the bytes, whatever a file claims to be. */
export const MESSAGE_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** A problem with one of several images names it: "Image 2: …", as the composer numbers them. */
export const imageProblem = (message: string, index: number, count: number) =>
  count > 1 ? `Image ${index + 1}: ${message}` : message;

const isFile = (value: unknown): value is File => typeof File !== 'undefined' && value instanceof File;

// A file that claims no type (curl, some clients) is left to the server's check of its content.
const claimsImageType = (type: string) =>
  type === '' ||
  type === 'application/octet-stream' ||
  (MESSAGE_IMAGE_TYPES as readonly string[]).includes(type);

/**
 * `POST /api/me/conversations/:id/messages` as multipart: `body`, `orderId` and up to five files in
 * `images`. A message needs text or at least one image. The composer checks the same before sending;
 * the server then checks each image by its content.
 */
export const sendMessageFormSchema = z
  .object({
    body: messageBody.default(''),
    orderId: messageOrderId,
    images: z
      .array(z.unknown())
      .max(MESSAGE_IMAGES_MAX, `Attach at most ${MESSAGE_IMAGES_MAX} images.`)
      // Problems with one image are reported at `images`, naming it, not at `images.N`.
      .superRefine((items, ctx) => {
        for (const [i, item] of items.entries()) {
          const problem = !isFile(item)
            ? 'Attach image files only.'
            : item.size > MESSAGE_IMAGE_MAX_BYTES
              ? MESSAGES.fileTooLarge(MESSAGE_IMAGE_MAX_BYTES / (1024 * 1024))
              : claimsImageType(item.type)
                ? null
                : MESSAGES.unsupportedFile;
          if (problem) ctx.addIssue({ code: 'custom', message: imageProblem(problem, i, items.length) });
        }
      })
      .transform((items) => items.filter(isFile)),
  })
  .refine((m) => m.body !== '' || m.images.length > 0, {
    path: ['body'],
    message: 'Write a message or attach an image.',
  });
export type SendMessageFormInput = z.input<typeof sendMessageFormSchema>;
export type SendMessageFormValues = z.output<typeof sendMessageFormSchema>;

/** The preview of a message that is only images: "Sent a photo", "Sent 3 photos". */
export const photosPreview = (count: number) => (count === 1 ? 'Sent a photo' : `Sent ${count} photos`);

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

/** An image of a message: the display copy (at most 1600 px) and its thumbnail (at most 480 px). */
export const messageImageSchema = z.object({
  url: z.string(),
  thumbUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type MessageImage = z.infer<typeof messageImageSchema>;

export const messageSchema = z.object({
  id: z.string(),
  /** Empty for a message that is only images. */
  body: z.string(),
  /** In the order they were attached. */
  images: z.array(messageImageSchema),
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
  lastMessage: z
    .object({
      body: z.string(),
      /** How many images it carries: a message may be only images, its body then empty. */
      imageCount: z.number().int(),
      mine: z.boolean(),
      createdAt: z.string(),
    })
    .nullable(),
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
