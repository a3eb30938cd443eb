import { and, eq } from 'drizzle-orm';
import { maskContactDetails } from '../../../shared/contact-masking.ts';
import { EMAIL_CATEGORY_LABELS, type EmailCategory } from '../../../shared/schemas/email.ts';
import { formatCents } from '../../../shared/money.ts';
import { AUTO_COMPLETE_HOURS } from '../../../shared/order-machine.ts';
import type { QuoteBrief } from '../../../shared/schemas/quotes.ts';
import { formatDateTime, formatLongDate, vancouverDayStart } from '../../../shared/time.ts';
import type { Db } from '../../db/client.ts';
import { claims, userEvents, users, vendors } from '../../db/schema/index.ts';
import { hasPaidOrder } from '../messages/service.ts';
import { presentNotifications } from '../notifications/presenter.ts';
import { displayName } from '../reviews/presenter.ts';
import { messagesWithParties, ordersWithParties, quotesWithParties } from '../notifications/referents.ts';
import {
  claimOpened,
  claimResolved,
  composeEmail,
  paymentReceipt,
  quoteAccepted,
  quoteClosed,
  quoteRequested,
  vendorApproved,
  vendorRejected,
  type EmailContent,
  type EmailDetail,
  type EmailFooter,
} from './templates.ts';
import type { emailOutbox } from '../../db/schema/index.ts';
import { unsubscribeApiUrl, unsubscribePageUrl, unsubscribeToken } from './unsubscribe.ts';

export type OutboxRow = typeof emailOutbox.$inferSelect;

export interface RenderContext {
  db: Db;
  publicUrl: string;
  /** Signs the unsubscribe links. */
  secret: string;
}

export interface RenderedEmail {
  kind: string;
  content: EmailContent;
  /** The List-Unsubscribe address, for e-mails with a category. */
  unsubscribeUrl: string | null;
}

const HELP = 'Questions? Reply to this e-mail or visit our support page.';

/** "Birthday cake for December 19, 2026, serves 14, delivery" */
const summarize = (b: QuoteBrief) =>
  `${b.occasion} cake for ${formatLongDate(vancouverDayStart(b.eventDate))}, serves ${b.servings}, ${b.fulfillment}`;

/** What an e-mail says of an order: its number, the other side, the date, how it arrives, the total. */
const orderFacts = async (db: Db, orderId: string) => (await ordersWithParties(db, [orderId]))[0];
type OrderFacts = NonNullable<Awaited<ReturnType<typeof orderFacts>>>;

function orderDetails(order: OrderFacts, forCustomer: boolean): EmailDetail[] {
  const when = order.brief?.eventDate
    ? formatLongDate(vancouverDayStart(order.brief.eventDate))
    : order.deliveryDate
      ? formatLongDate(order.deliveryDate)
      : undefined;
  return [
    { label: 'Order', value: order.orderNumber },
    forCustomer
      ? { label: 'Baker', value: order.vendorName }
      : { label: 'Customer', value: displayName(order.customer) },
    ...(order.brief
      ? [{ label: 'Cake', value: `${order.brief.occasion}, serves ${order.brief.servings}` }]
      : []),
    ...(when ? [{ label: 'Event date', value: when }] : []),
    ...(order.brief
      ? [{ label: 'Fulfilment', value: order.brief.fulfillment === 'pickup' ? 'Pickup' : 'Delivery' }]
      : []),
    { label: 'Total', value: formatCents(order.amount) },
  ];
}

const quoteFacts = async (db: Db, quoteId: string) => (await quotesWithParties(db, [quoteId]))[0];

function footerFor(ctx: RenderContext, userId: string, category: EmailCategory) {
  const token = unsubscribeToken(ctx.secret, userId, category);
  const footer: EmailFooter = {
    reason: `You get this e-mail because “${EMAIL_CATEGORY_LABELS[category].label}” e-mails are on in your Frosted settings.`,
    unsubscribeUrl: unsubscribePageUrl(ctx.publicUrl, token),
    settingsUrl: `${ctx.publicUrl}/account#email-settings`,
  };
  return { footer, header: unsubscribeApiUrl(ctx.publicUrl, token) };
}

/** The e-mail of an order's new status, for the side that did not make the change. */
function orderUpdate(
  order: OrderFacts,
  status: string,
  forCustomer: boolean,
  at: Date,
): { kind: string; heading?: string; paragraphs: string[]; button: string } {
  const vendor = order.vendorName;
  if (forCustomer)
    switch (status) {
      case 'confirmed':
        return {
          kind: 'order-confirmed',
          paragraphs: [`${vendor} confirmed your order and will start on it in good time for your event.`],
          button: 'Track my order',
        };
      case 'in_progress':
        return {
          kind: 'order-in-progress',
          paragraphs: [`${vendor} has started making your cake.`],
          button: 'Track my order',
        };
      case 'ready':
        return {
          kind: 'order-ready',
          paragraphs: [
            order.brief?.fulfillment === 'pickup'
              ? `Your order is ready for pickup. The pickup address is on your order.`
              : `Your order is ready and will be on its way to you soon.`,
          ],
          button: 'Track my order',
        };
      case 'delivered': {
        const completesAt = new Date(at.getTime() + AUTO_COMPLETE_HOURS * 3_600_000);
        return {
          kind: 'order-delivered',
          heading: `Your order ${order.orderNumber} is delivered: please confirm you are satisfied`,
          paragraphs: [
            `${vendor} marked your order as delivered. If all is well, confirm you are satisfied: Frosted then releases your payment to ${vendor}.`,
            `If something is wrong, open a satisfaction claim before ${formatDateTime(completesAt)} (24 hours after delivery). After that the order completes automatically and the payment is released.`,
          ],
          button: 'Confirm I’m satisfied',
        };
      }
      case 'completed':
        return {
          kind: 'order-completed',
          paragraphs: [
            `Your order with ${vendor} is complete. Thank you for ordering through Frosted!`,
            'How was it? A review helps other customers and the baker.',
          ],
          button: 'Leave a review',
        };
      case 'cancelled':
        return {
          kind: 'order-cancelled',
          paragraphs: [
            `Order ${order.orderNumber} is cancelled.`,
            'Any refund due under our Terms goes back to your card; we e-mail you when it is sent.',
          ],
          button: 'See my orders',
        };
    }
  switch (status) {
    case 'completed':
      return {
        kind: 'order-completed',
        paragraphs: [
          `Order ${order.orderNumber} is complete. The payment, less the service fee, is released to your balance and paid out with your next payout.`,
        ],
        button: 'Open my orders',
      };
    case 'cancelled':
      return {
        kind: 'order-cancelled',
        paragraphs: [
          `Order ${order.orderNumber} is cancelled, so you do not need to make it. The date is free again for other orders.`,
          'Any part of the payment that is yours under the Terms is released to your balance.',
        ],
        button: 'Open my orders',
      };
    default:
      return { kind: 'order-update', paragraphs: [], button: 'Open my orders' };
  }
}

async function renderEvent(ctx: RenderContext, row: OutboxRow, eventId: string) {
  const { db, publicUrl } = ctx;
  if (!/^\d{1,19}$/.test(eventId)) return null;
  const [event] = await db
    .select()
    .from(userEvents)
    .where(eq(userEvents.id, BigInt(eventId)))
    .limit(1);
  if (!event) return null;
  const [n] = await presentNotifications(db, [event]);
  if (!n) return null;
  const { refs, userId } = event;
  const unsubscribe = row.category ? footerFor(ctx, userId, row.category) : undefined;
  const footer = unsubscribe?.footer;
  const order = refs.orderId ? await orderFacts(db, refs.orderId) : undefined;
  const forCustomer = order ? order.customerId === userId : true;
  const url = `${publicUrl}${n.link ?? '/'}`;
  const done = (kind: string, content: EmailContent): RenderedEmail => ({
    kind,
    content,
    unsubscribeUrl: unsubscribe?.header ?? null,
  });

  const quote = refs.quoteId ? await quoteFacts(db, refs.quoteId) : undefined;
  switch (event.type) {
    case 'quote.requested':
      if (quote)
        return done(
          'quote-requested',
          quoteRequested({
            businessName: quote.vendorName,
            customerFirstName: displayName({ ...quote.customer, lastName: null }),
            summary: summarize(quote.brief),
            url,
            footer,
          }),
        );
      break;
    case 'quote.accepted':
      if (quote && order)
        return done(
          'quote-accepted',
          quoteAccepted({
            businessName: quote.vendorName,
            orderNumber: order.orderNumber,
            summary: summarize(quote.brief),
            url: `${publicUrl}/vendor-dashboard?tab=orders`,
            footer,
          }),
        );
      break;
    case 'quote.closed':
      if (quote)
        return done(
          'quote-closed',
          quoteClosed({ businessName: quote.vendorName, summary: summarize(quote.brief), url, footer }),
        );
      break;
    case 'claim.opened':
      if (order)
        return done(
          'claim-opened',
          claimOpened({
            orderNumber: order.orderNumber,
            url: `${publicUrl}/vendor-dashboard?tab=orders`,
            footer,
          }),
        );
      break;
    case 'claim.resolved': {
      const [claim] = refs.claimId
        ? await db.select().from(claims).where(eq(claims.id, refs.claimId)).limit(1)
        : [];
      if (order && claim)
        return done(
          'claim-resolved',
          claimResolved({
            orderNumber: order.orderNumber,
            outcome:
              claim.outcome === 'release'
                ? `The payment goes to ${order.vendorName}.`
                : `${formatCents(claim.refundCents ?? 0)} is refunded to the customer.`,
            note: claim.adminNote ?? '',
            url,
          }),
        );
      break;
    }
    case 'payment.captured':
      if (order && forCustomer) {
        const [me] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
        return done(
          'payment-receipt',
          paymentReceipt({
            name: me?.name ?? displayName(order.customer),
            orderNumber: order.orderNumber,
            vendorName: order.vendorName,
            // What was paid (a deposit is part of the order); older rows have no amount.
            amount: formatCents(typeof refs.amount === 'number' ? refs.amount : order.amount),
            url,
          }),
        );
      }
      break;
    case 'vendor.approved':
    case 'vendor.rejected': {
      const [vendor] = refs.vendorId
        ? await db
            .select({ businessName: vendors.businessName, reason: vendors.rejectionReason })
            .from(vendors)
            .where(eq(vendors.id, refs.vendorId))
        : [];
      if (!vendor) return null;
      return event.type === 'vendor.approved'
        ? done(
            'vendor-approved',
            vendorApproved({ businessName: vendor.businessName, url: `${publicUrl}/auth?type=vendor` }),
          )
        : done(
            'vendor-rejected',
            vendorRejected({
              businessName: vendor.businessName,
              reason: vendor.reason ?? '',
              url: `${publicUrl}/support`,
            }),
          );
    }
  }

  // Everything else: the notification's words, what to do next, and the order's details.
  const title = n.title.replace(/\.$/, '');
  const status = typeof refs.status === 'string' ? refs.status : undefined;
  const step =
    event.type === 'order.statusChanged' && order && status
      ? orderUpdate(order, status, forCustomer, event.createdAt)
      : undefined;
  const extra = STEP_TEXT[event.type];
  return done(
    step?.kind ?? KIND[event.type] ?? event.type.replace('.', '-'),
    composeEmail(title, {
      heading: step?.heading ?? title,
      paragraphs: [
        ...(n.body && event.type !== 'order.statusChanged' ? [n.body] : []),
        ...(step?.paragraphs ?? []),
        ...(extra ? [extra] : []),
      ],
      details: order ? orderDetails(order, forCustomer) : undefined,
      button: step?.button ?? BUTTON[event.type] ?? 'Open Frosted',
      link: url,
      footnote: HELP,
      footer,
    }),
  );
}

const KIND: Partial<Record<string, string>> = {
  'quote.answered': 'quote-received',
  'payment.captured': 'payment-received',
  'refund.sent': 'refund-sent',
  'payout.sent': 'payout-sent',
};
const BUTTON: Partial<Record<string, string>> = {
  'quote.answered': 'Compare my quotes',
  'quote.declined': 'See my quote request',
  'quote.expired': 'See my quote request',
  'quote.changeRequested': 'Revise the quote',
  'payment.captured': 'Confirm the order',
  'refund.sent': 'See my orders',
  'claim.answered': 'See the claim',
  'payout.sent': 'See my payouts',
};
const STEP_TEXT: Partial<Record<string, string>> = {
  'quote.answered':
    'Compare it with your other quotes and accept the one you like: the others close, and you pay through Frosted, protected until you are satisfied.',
  'quote.declined': 'You can ask other bakers for a quote from the same request.',
  'quote.expired': 'You can ask the baker for a new quote, or ask other bakers.',
  'quote.changeRequested': 'Read what the customer asked and send a revised quote from the Quotes tab.',
  'payment.captured':
    'Frosted holds the payment and releases it to you when the customer is satisfied. Confirm the order from the Orders tab of your dashboard.',
  'refund.sent': 'Refunds usually reach your card within 5 to 10 business days.',
  'claim.answered': 'Frosted reviews the claim with both sides and lets you know the outcome.',
  'payout.sent': 'Payouts usually reach your bank account within 2 business days.',
};

/** The message digest: the unread messages of someone who has been away, per conversation. */
async function renderMessages(ctx: RenderContext, row: OutboxRow, messageIds: string[], total: number) {
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
async function renderReminder(ctx: RenderContext, row: OutboxRow, orderId: string, completesAt: string) {
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
      heading: `Are you happy with your cake from ${order.vendorName}?`,
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

/**
 * Writes a queued e-mail from its payload, reading what it is about now (names, numbers, whether the
 * order is still waiting). Null when there is nothing left to say (the order completed before its
 * reminder was due, the notification was pruned): the e-mail is then cancelled.
 */
export async function renderQueuedEmail(ctx: RenderContext, row: OutboxRow): Promise<RenderedEmail | null> {
  const payload = row.payload;
  if (!payload) return null;
  switch (payload.template) {
    case 'event':
      return renderEvent(ctx, row, payload.eventId);
    case 'messages':
      return renderMessages(ctx, row, payload.messageIds, payload.total);
    case 'reminder':
      return renderReminder(ctx, row, payload.orderId, payload.completesAt);
  }
}
