import { and, eq } from 'drizzle-orm';
import { maskContactDetails } from '../../../../shared/contact-masking.ts';
import { formatDateTime } from '../../../../shared/time.ts';
import { claims } from '../../../db/schema/index.ts';
import { hasPaidOrder } from '../../masking/index.ts';
import { displayName } from '../../../../shared/people.ts';
import { messagesWithParties } from '../referents.ts';
import { composeEmail, type EmailDetail } from '../../mail/index.ts';
import type { OutboxRow, RenderContext, RenderedEmail } from '../../mail/index.ts';
import { HELP, footerFor, orderDetails, orderFacts } from './shared.ts';

/** The message digest: the unread messages of someone who has been away, per conversation. */
export async function renderMessages(
  ctx: RenderContext,
  row: OutboxRow,
  messageIds: string[],
  total: number,
) {
  const { db, publicUrl } = ctx;
  if (!row.userId || messageIds.length === 0) return null;
  const list = await messagesWithParties(db, messageIds);
  if (list.length === 0) return null;
  const threads = new Map<string, (typeof list)[number][]>();
  for (const m of list) threads.set(m.conversationId, [...(threads.get(m.conversationId) ?? []), m]);
  const details: EmailDetail[] = [];
  for (const items of threads.values()) {
    const latest = items.at(-1)!;
    const from = latest.senderId === latest.customerId ? displayName(latest.customer) : latest.vendorName;
    // Contact details stay masked in e-mail too until the customer has paid the vendor (decision 002).
    const paid = await hasPaidOrder(db, latest);
    const text = (paid ? latest.body : maskContactDetails(latest.body)).replace(/\s+/g, ' ').trim();
    const preview = text.length > 160 ? `${text.slice(0, 157).trimEnd()}…` : text || 'Sent photos';
    details.push({
      label: from,
      value: items.length > 1 ? `${items.length} messages, the latest: “${preview}”` : `“${preview}”`,
    });
  }
  const { footer, header } = footerFor(ctx, row.userId, 'messages');
  const count = Math.max(total, list.length);
  const subject =
    count === 1 ? `New message from ${details[0]!.label}` : `You have ${count} new messages on Frosted`;
  return {
    kind: 'message-digest',
    unsubscribeUrl: header,
    content: composeEmail(subject, {
      heading: subject,
      paragraphs: [
        count === 1
          ? 'While you were away, you received a message:'
          : `While you were away, you received ${count} messages:`,
      ],
      details,
      button: 'Read and reply',
      link: `${publicUrl}/messages${threads.size === 1 ? `?c=${encodeURIComponent(list[0]!.conversationId)}` : ''}`,
      footnote:
        'We e-mail you about new messages at most every 15 minutes, only while you are away from Frosted.',
      footer,
    }),
  } satisfies RenderedEmail;
}

/** The reminder before an order completes by itself: the last chance to raise a problem. */
export async function renderReminder(
  ctx: RenderContext,
  row: OutboxRow,
  orderId: string,
  completesAt: string,
) {
  const { db, publicUrl } = ctx;
  const order = await orderFacts(db, orderId);
  if (!order || order.status !== 'delivered' || !row.userId) return null;
  const [openClaim] = await db
    .select({ id: claims.id })
    .from(claims)
    .where(and(eq(claims.orderId, orderId), eq(claims.status, 'open')))
    .limit(1);
  if (openClaim) return null;
  const { footer, header } = footerFor(ctx, row.userId, 'orders');
  const at = formatDateTime(completesAt);
  const subject = `Reminder: order ${order.orderNumber} completes automatically at ${at}`;
  return {
    kind: 'order-complete-reminder',
    unsubscribeUrl: header,
    content: composeEmail(subject, {
      heading: `Are you happy with your ${order.brief?.kind === 'event' ? 'order' : 'cake'} from ${order.vendorName}?`,
      paragraphs: [
        `Order ${order.orderNumber} completes automatically at ${at}, and Frosted then releases your payment to ${order.vendorName}.`,
        'If all is well, you can confirm now. If something is wrong, open a satisfaction claim before then: after it, the payment can no longer be held.',
      ],
      details: orderDetails(order, true),
      button: 'Review my order',
      link: `${publicUrl}/customer-dashboard-original`,
      footnote: HELP,
      footer,
    }),
  } satisfies RenderedEmail;
}
