import { z } from 'zod';

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

export const conversationSummarySchema = z.object({
  id: z.string(),
  /** The other side: the vendor's business for a customer, the customer's name for a vendor. */
  counterpart: z.object({ name: z.string(), vendorId: z.string().nullable() }),
  lastMessage: z.object({ body: z.string(), mine: z.boolean(), createdAt: z.string() }).nullable(),
  unread: z.boolean(),
  lastMessageAt: z.string(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

export const conversationSchema = conversationSummarySchema.extend({
  /** Contact details are masked until the customer has paid for an order with this vendor. */
  contactDetailsMasked: z.boolean(),
  /** The customer's orders with this vendor, to say which order a message is about. */
  orders: z.array(z.object({ id: z.string(), orderNumber: z.string() })),
  messages: z.array(messageSchema),
});
export type Conversation = z.infer<typeof conversationSchema>;
