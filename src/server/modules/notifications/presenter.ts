import { maskContactDetails } from '../../../shared/contact-masking.ts';
import { formatCents } from '../../../shared/money.ts';
import { orderStatusLabel } from '../../../shared/order-status.ts';
import { quoteTotalCents } from '../../../shared/quote-machine.ts';
import { briefSubject, briefTitle } from '../../../shared/quote-brief.ts';
import { formatDayKey } from '../../../shared/time.ts';
import { verificationLabel } from '../../../shared/verification.ts';
import { photosPreview } from '../../../shared/schemas/messages.ts';
import {
  notificationRefsSchema,
  type Notification,
  type NotificationType,
} from '../../../shared/schemas/notifications.ts';
import type { Db } from '../../db/client.ts';
import type { userEvents } from '../../db/schema/index.ts';
import { displayName } from '../../../shared/people.ts';
import { loadReferents, type Referents } from './referents.ts';

export type UserEventRow = typeof userEvents.$inferSelect;

/** The longest second line: a message or claim preview is cut at a word near here. */
const PREVIEW_CHARS = 140;

const preview = (text: string | null | undefined) => {
  const flat = text?.replace(/\s+/g, ' ').trim();
  if (!flat) return null;
  if (flat.length <= PREVIEW_CHARS) return flat;
  const cut = flat.slice(0, PREVIEW_CHARS);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), PREVIEW_CHARS - 20)).trimEnd()}…`;
};

const LINKS = {
  customerOrders: '/customer-dashboard-original',
  vendorOrders: '/vendor-dashboard?tab=orders',
  vendorQuotes: '/vendor-dashboard?tab=quotes',
  vendorPayouts: '/vendor-dashboard?tab=payouts',
  vendorDashboard: '/vendor-dashboard',
  vendorVerification: '/vendor-dashboard/verification',
  support: '/support',
  adminDisputes: '/admin?tab=disputes',
};

type Person = { firstName: string | null; lastName: string | null; name: string };

type Text = { title: string; body: string | null; link: string | null };

/** The title, second line and link of one notification, for the user it belongs to. */
function describe(row: UserEventRow, r: Referents): Text {
  const { refs, userId } = row;
  const order = refs.orderId ? r.orders.get(refs.orderId) : undefined;
  const quote = refs.quoteId ? r.quotes.get(refs.quoteId) : undefined;
  const isCustomer = order ? order.customerId === userId : undefined;
  // An order's own page, for whichever side; the list of orders when the order is not known.
  const orderPage = refs.orderId ? `/orders/${encodeURIComponent(refs.orderId)}` : undefined;
  const orderLink = orderPage ?? (isCustomer === false ? LINKS.vendorOrders : LINKS.customerOrders);
  // "order FR-10001" inside a sentence, "Order FR-10001" at its start.
  const theOrder = order ? `order ${order.orderNumber}` : 'your order';
  const orderName = theOrder.charAt(0).toUpperCase() + theOrder.slice(1);
  const customerQuoteLink = quote
    ? `/quotes/${quote.requestId}`
    : refs.requestId
      ? `/quotes/${refs.requestId}`
      : '/quotes';
  const vendorName = quote?.vendorName ?? order?.vendorName ?? 'The vendor';
  const customerName = (p?: Person) => (p ? displayName(p) : 'A customer');
  const type: NotificationType = row.type;
  switch (type) {
    case 'message.received': {
      const m = refs.messageId ? r.messages.get(refs.messageId) : undefined;
      const from = m ? (m.senderId === m.customerId ? displayName(m.customer) : m.vendorName) : undefined;
      return {
        title: from ? `New message from ${from}` : 'New message',
        body: m
          ? (preview(m.paid ? m.body : maskContactDetails(m.body)) ??
            (m.imageCount > 0 ? photosPreview(m.imageCount) : null))
          : null,
        link: refs.conversationId ? `/messages?c=${encodeURIComponent(refs.conversationId)}` : '/messages',
      };
    }
    case 'quote.requested':
      return {
        title: `New quote request from ${customerName(quote?.customer)}`,
        body: quote ? briefTitle(quote.brief) : null,
        link: LINKS.vendorQuotes,
      };
    case 'quote.answered': {
      // The total when the quote was sent (rows from before it was kept: the quote's total now).
      const total =
        typeof row.refs.amount === 'number' ? row.refs.amount : quote ? quoteTotalCents(quote) : null;
      return {
        title: `${vendorName} sent you a quote`,
        body: quote && total !== null ? `${formatCents(total)} for your ${briefSubject(quote.brief)}` : null,
        link: customerQuoteLink,
      };
    }
    case 'quote.declined':
      return { title: `${vendorName} declined your quote request`, body: null, link: customerQuoteLink };
    case 'quote.changeRequested':
      return {
        title: `${customerName(quote?.customer)} asked for a change to your quote`,
        body: null,
        link: LINKS.vendorQuotes,
      };
    case 'quote.accepted':
      return {
        title: `${customerName(quote?.customer)} accepted your quote`,
        body: order ? `${orderName} waits for payment.` : null,
        link: LINKS.vendorQuotes,
      };
    case 'quote.closed':
      return {
        title: `${customerName(quote?.customer)} chose another vendor`,
        body: 'The quote request is closed.',
        link: LINKS.vendorQuotes,
      };
    case 'quote.expired':
      return { title: `Your quote with ${vendorName} has expired`, body: null, link: customerQuoteLink };
    case 'order.statusChanged': {
      const status = typeof row.refs.status === 'string' ? row.refs.status : undefined;
      return {
        title: status ? `${orderName} is now ${orderStatusLabel(status)}.` : `${orderName} has changed.`,
        body: order ? (isCustomer ? order.vendorName : displayName(order.customer)) : null,
        link: orderLink,
      };
    }
    case 'payment.captured': {
      // What was paid: a deposit is part of the order (rows from before the amount was kept: all of it).
      const paid = order && formatCents(typeof row.refs.amount === 'number' ? row.refs.amount : order.amount);
      return isCustomer === false
        ? {
            title: `${orderName} is paid`,
            body: order ? `${displayName(order.customer)} paid ${paid}. Confirm the order.` : null,
            link: orderLink,
          }
        : {
            title: `Payment received for ${theOrder}`,
            body: order ? `${paid} to ${order.vendorName}, held by Frosted until you are satisfied.` : null,
            link: orderLink,
          };
    }
    case 'refund.sent':
      return {
        title: `Your refund for ${theOrder} is on its way`,
        body: order ? order.vendorName : null,
        link: orderPage ?? LINKS.customerOrders,
      };
    case 'claim.opened': {
      const claim = refs.claimId ? r.claims.get(refs.claimId) : undefined;
      return {
        title: `${customerName(order?.customer)} opened a claim on ${theOrder}`,
        body: preview(claim?.description),
        link: orderPage ?? LINKS.vendorOrders,
      };
    }
    case 'claim.answered': {
      const claim = refs.claimId ? r.claims.get(refs.claimId) : undefined;
      return {
        title: `${vendorName} answered your claim on ${theOrder}`,
        body: preview(claim?.vendorResponse),
        link: orderPage ?? LINKS.customerOrders,
      };
    }
    case 'claim.resolved': {
      const claim = refs.claimId ? r.claims.get(refs.claimId) : undefined;
      const outcome = !claim?.outcome
        ? null
        : claim.outcome === 'release'
          ? `The payment goes to ${vendorName}.`
          : `${formatCents(claim.refundCents ?? 0)} is refunded to the customer.`;
      return { title: `The claim on ${theOrder} is resolved`, body: outcome, link: orderLink };
    }
    case 'payout.sent': {
      const payout = refs.payoutId ? r.payouts.get(refs.payoutId) : undefined;
      return {
        title: payout ? `Payout of ${formatCents(payout.amount)} sent` : 'Payout sent',
        body: 'It is on its way to your account.',
        link: LINKS.vendorPayouts,
      };
    }
    case 'vendor.approved': {
      const vendor = refs.vendorId ? r.vendors.get(refs.vendorId) : undefined;
      return {
        title: `${vendor?.businessName ?? 'Your business'} is approved`,
        body: 'Customers can now find you and ask for quotes.',
        link: LINKS.vendorDashboard,
      };
    }
    case 'vendor.rejected': {
      const vendor = refs.vendorId ? r.vendors.get(refs.vendorId) : undefined;
      return {
        title: `Your application for ${vendor?.businessName ?? 'your business'} was not approved`,
        body: preview(vendor?.reason),
        link: LINKS.support,
      };
    }
    case 'proof.sent':
      return {
        title: `${vendorName} sent a design proof for ${theOrder}`,
        body: 'Approve it or ask for changes.',
        link: orderLink,
      };
    case 'proof.changesRequested':
      return {
        title: `${customerName(order?.customer)} asked for changes to the proof for ${theOrder}`,
        body: null,
        link: orderLink,
      };
    case 'proof.approved':
      return {
        title: `${customerName(order?.customer)} approved the proof for ${theOrder}`,
        body: null,
        link: orderLink,
      };
    case 'verification.reviewed': {
      const item = verificationLabel(String(row.refs.item ?? ''));
      return row.refs.decision === 'verified'
        ? { title: `${item} verified`, body: null, link: LINKS.vendorVerification }
        : {
            title: `${item} was not accepted`,
            body: 'Upload a new document from your verification checklist.',
            link: LINKS.vendorVerification,
          };
    }
    case 'verification.expiring': {
      const item = verificationLabel(String(row.refs.item ?? ''));
      const on = typeof row.refs.expiresOn === 'string' ? formatDayKey(row.refs.expiresOn) : 'soon';
      return {
        title: `Your ${item.toLowerCase()} expires on ${on}`,
        body: 'Upload the renewed document to keep your Verified badge.',
        link: LINKS.vendorVerification,
      };
    }
    case 'verification.expired': {
      const item = verificationLabel(String(row.refs.item ?? ''));
      return {
        title: `Your ${item.toLowerCase()} has expired`,
        body: 'Your Verified badge is hidden until the renewed document is verified.',
        link: LINKS.vendorVerification,
      };
    }
    case 'balance.charged': {
      // Charged to the saved card on its due day, or paid from the link with another card.
      const amount = typeof row.refs.amount === 'number' ? formatCents(row.refs.amount) : null;
      return {
        title: `Balance paid for ${theOrder}`,
        body: !amount
          ? null
          : isCustomer === false
            ? `${customerName(order?.customer)} paid the balance of ${amount}.`
            : `${amount} was charged to your card.`,
        link: orderLink,
      };
    }
    case 'balance.failed':
      return {
        title: `We could not charge the balance for ${theOrder}`,
        body: 'Pay it from the link before the order is cancelled.',
        link: order ? `/orders/${order.id}/pay` : LINKS.customerOrders,
      };
    case 'dispute.opened':
    case 'dispute.evidenceDue':
    case 'dispute.closed': {
      // The vendor's order page carries the dispute and their note; admins work from the dispute queue.
      const forVendor = order?.vendorUserId === userId;
      const link = forVendor ? (orderPage ?? LINKS.vendorOrders) : LINKS.adminDisputes;
      if (type === 'dispute.opened')
        return {
          title: `The payment for ${theOrder} is disputed`,
          body: forVendor
            ? 'The customer disputed the payment with their bank. Add a note for the evidence Frosted sends.'
            : 'Gather the evidence and submit it before it is due.',
          link,
        };
      if (type === 'dispute.evidenceDue')
        return {
          title: `Evidence for the dispute on ${theOrder} is due soon`,
          body: forVendor
            ? 'Add your note before Frosted submits the evidence.'
            : 'Submit it from the dispute queue.',
          link,
        };
      return { title: `The dispute on ${theOrder} is decided`, body: null, link };
    }
  }
}

/**
 * Stored notifications as the API and the stream present them, each for the user it belongs to:
 * names and numbers are read now (one query per kind for the whole page), never stored.
 */
export async function presentNotifications(db: Db, rows: UserEventRow[]): Promise<Notification[]> {
  if (rows.length === 0) return [];
  const referents = await loadReferents(db, rows);
  // The rows of one publication (a fan-out: thousands) share their refs: each is checked once.
  const shown = new Map<string, Notification['refs']>();
  const refsOf = (refs: UserEventRow['refs']) => {
    const key = JSON.stringify(refs);
    return shown.get(key) ?? shown.set(key, notificationRefsSchema.parse(refs)).get(key)!;
  };
  return rows.map((row) => ({
    id: String(row.id),
    type: row.type,
    ...describe(row, referents),
    // Ids only: anything else the row keeps (the status an order reached) stays on the server.
    refs: refsOf(row.refs),
    createdAt: row.createdAt.toISOString(),
    read: row.readAt !== null,
  }));
}
