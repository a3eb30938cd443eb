import { maskContactDetails } from '../../../shared/contact-masking.ts';
import {
  type Conversation,
  type ConversationList,
  type ConversationSummary,
  encodeMessageCursor,
  type Message,
  type MessagePage,
} from '../../../shared/schemas/messages.ts';
import { displayName } from '../../../shared/people.ts';
import { presentMessageImage } from './images.ts';
import type { getConversation, getMessagePage, listConversations } from './service.ts';
import type { MessagePageRows } from './thread.ts';
import { participantIn, type Participant } from './policy.ts';

type SummaryRow = Awaited<ReturnType<typeof listConversations>>['rows'][number];

const iso = (d: Date | string) => new Date(d).toISOString();

/**
 * Before payment, contact details are hidden from both sides, in every message of the thread and in the
 * list's preview of the last one: the one place that decides what a message's text shows.
 */
const shownUnlessPaid = (paid: boolean) => (paid ? (text: string) => text : maskContactDetails);

/** A conversation in the list: its last message shown as its open thread shows it (`paid`). */
function presentConversationSummary(me: Participant, row: SummaryRow, paid: boolean): ConversationSummary {
  const c = row.conversation;
  const side = participantIn(me, c);
  const readAt = side === 'customer' ? c.customerReadAt : c.vendorReadAt;
  const last = row.last;
  return {
    id: c.id,
    counterpart:
      side === 'customer'
        ? { name: row.vendorName, vendorId: c.vendorId }
        : { name: displayName(row.customer), vendorId: null },
    lastMessage: last
      ? {
          body: shownUnlessPaid(paid)(last.body),
          imageCount: last.imageCount,
          mine: last.senderId === me.userId,
          createdAt: iso(last.createdAt),
        }
      : null,
    unread:
      last !== null && last.senderId !== me.userId && (readAt === null || new Date(last.createdAt) > readAt),
    lastMessageAt: c.lastMessageAt.toISOString(),
  };
}

/** The signed-in user's conversations as the list shows them. */
export function presentConversationList({
  me,
  rows,
  paid,
}: Awaited<ReturnType<typeof listConversations>>): ConversationList {
  return { conversations: rows.map((r) => presentConversationSummary(me, r, paid(r.conversation))) };
}

type ThreadRow = Awaited<ReturnType<typeof getMessagePage>>['row'];

/** A page of messages, oldest first, with the cursors to read on in either direction. */
function presentPage(
  me: Participant,
  row: ThreadRow,
  page: MessagePageRows,
  mask: (text: string) => string,
): MessagePage {
  return {
    messages: page.rows.map((m): Message => ({
      id: m.message.id,
      body: mask(m.message.body),
      images: m.images.map((image) => presentMessageImage(row.conversation.id, image)),
      mine: m.message.senderId === me.userId,
      senderName:
        m.message.senderId === row.conversation.customerId ? displayName(row.customer) : row.vendorName,
      orderNumber: m.orderNumber,
      createdAt: m.message.createdAt.toISOString(),
    })),
    olderCursor: page.older && encodeMessageCursor(page.older),
    newerCursor: page.newer && encodeMessageCursor(page.newer),
  };
}

export function presentConversation(data: Awaited<ReturnType<typeof getConversation>>): Conversation {
  const { me, row, page, orderRows, paid } = data;
  return {
    ...presentConversationSummary(me, row, paid),
    contactDetailsMasked: !paid,
    orders: orderRows.map((o) => ({ id: o.id, orderNumber: o.orderNumber })),
    ...presentPage(me, row, page, shownUnlessPaid(paid)),
  };
}

export function presentMessagePage(data: Awaited<ReturnType<typeof getMessagePage>>): MessagePage {
  return presentPage(data.me, data.row, data.page, shownUnlessPaid(data.paid));
}
