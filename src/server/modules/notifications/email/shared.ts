import { EMAIL_CATEGORY_LABELS, type EmailCategory } from '../../../../shared/schemas/email.ts';
import { formatCents } from '../../../../shared/money.ts';
import { AUTO_COMPLETE_HOURS } from '../../../../shared/order-machine.ts';
import type { QuoteBrief } from '../../../../shared/schemas/quotes.ts';
import { categoryLabel } from '../../../../shared/catalog.ts';
import { briefTitle, fulfillmentLabel, isEventBrief, isPickup } from '../../../../shared/quote-brief.ts';
import { formatDateTime, formatDayKey, formatLongDate } from '../../../../shared/time.ts';
import type { Db } from '../../../db/client.ts';
import { displayName } from '../../../../shared/people.ts';
import { ordersWithParties, quotesWithParties } from '../referents.ts';
import { type EmailDetail, type EmailFooter } from '../../mail/index.ts';
import { unsubscribeApiUrl, unsubscribePageUrl, unsubscribeToken } from '../../mail/index.ts';
import type { RenderContext } from '../../mail/index.ts';

export const HELP = 'Questions? Reply to this e-mail or visit our support page.';

/**
 * "Birthday cake for December 19, 2026, serves 14, delivery", or an event vendor's: "Flowers for a
 * wedding on June 12, 2027, 120 guests, sets up at the venue".
 */
export const summarize = (b: QuoteBrief) =>
  b.kind === 'event'
    ? `${categoryLabel(b.category)} for a ${b.occasion.toLowerCase()} on ${formatDayKey(b.eventDate)}, ${b.guests} guests, ${fulfillmentLabel(b).toLowerCase()}`
    : `${b.occasion} cake for ${formatDayKey(b.eventDate)}, serves ${b.servings}, ${b.fulfillment}`;

/** What an e-mail says of an order: its number, the other side, the date, how it arrives, the total. */
export const orderFacts = async (db: Db, orderId: string) => (await ordersWithParties(db, [orderId]))[0];
export type OrderFacts = NonNullable<Awaited<ReturnType<typeof orderFacts>>>;

export function orderDetails(order: OrderFacts, forCustomer: boolean): EmailDetail[] {
  const when = order.brief?.eventDate
    ? formatDayKey(order.brief.eventDate)
    : order.deliveryDate
      ? formatLongDate(order.deliveryDate)
      : undefined;
  return [
    { label: 'Order', value: order.orderNumber },
    forCustomer
      ? { label: 'Baker', value: order.vendorName }
      : { label: 'Customer', value: displayName(order.customer) },
    ...(order.brief
      ? [
          isEventBrief(order.brief)
            ? { label: categoryLabel(order.brief.category), value: briefTitle(order.brief) }
            : { label: 'Cake', value: `${order.brief.occasion}, serves ${order.brief.servings}` },
        ]
      : []),
    ...(when ? [{ label: 'Event date', value: when }] : []),
    ...(order.brief ? [{ label: 'Fulfilment', value: fulfillmentLabel(order.brief) }] : []),
    { label: 'Total', value: formatCents(order.amount) },
  ];
}

export const quoteFacts = async (db: Db, quoteId: string) => (await quotesWithParties(db, [quoteId]))[0];

export function footerFor(ctx: RenderContext, userId: string, category: EmailCategory) {
  const token = unsubscribeToken(ctx.secret, userId, category);
  const footer: EmailFooter = {
    reason: `You get this e-mail because “${EMAIL_CATEGORY_LABELS[category].label}” e-mails are on in your Frosted settings.`,
    unsubscribeUrl: unsubscribePageUrl(ctx.publicUrl, token),
    settingsUrl: `${ctx.publicUrl}/account#email-settings`,
  };
  return { footer, header: unsubscribeApiUrl(ctx.publicUrl, token) };
}

/** The e-mail of an order's new status, for the side that did not make the change. */
export function orderUpdate(
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
          paragraphs: [
            order.brief?.kind === 'event'
              ? `${vendor} has started preparing for your event.`
              : `${vendor} has started making your cake.`,
          ],
          button: 'Track my order',
        };
      case 'ready':
        return {
          kind: 'order-ready',
          paragraphs: [
            order.brief && isPickup(order.brief)
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
