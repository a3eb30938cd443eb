import { eq } from 'drizzle-orm';
import { formatCents } from '../../../../shared/money.ts';
import { claims, feeInvoices, userEvents, users, vendors } from '../../../db/schema/index.ts';
import { presentNotifications } from '../presenter.ts';
import { displayName } from '../../../../shared/people.ts';
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
} from '../../mail/index.ts';
import type { OutboxRow, RenderContext, RenderedEmail } from '../../mail/index.ts';
import { HELP, footerFor, orderDetails, orderFacts, orderUpdate, quoteFacts, summarize } from './shared.ts';

export async function renderEvent(ctx: RenderContext, row: OutboxRow, eventId: string) {
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
            url: `${publicUrl}/orders/${order.id}`,
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
            url: `${publicUrl}/orders/${order.id}`,
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
            receiptUrl: refs.receiptId ? `${publicUrl}/receipts/${refs.receiptId}` : undefined,
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
  // A refund's receipt, and a payout's fee invoice (decision 029): the e-mail leads to them.
  const paper = await paperOf(ctx, event.type, refs);
  return done(
    step?.kind ?? KIND[event.type] ?? event.type.replace('.', '-'),
    composeEmail(title, {
      heading: step?.heading ?? title,
      paragraphs: [
        ...(n.body && event.type !== 'order.statusChanged' ? [n.body] : []),
        ...(step?.paragraphs ?? []),
        ...(extra ? [extra] : []),
        ...(paper ? [paper.text] : []),
      ],
      details: order ? orderDetails(order, forCustomer) : undefined,
      button: paper?.button ?? step?.button ?? BUTTON[event.type] ?? 'Open Frosted',
      link: paper?.url ?? url,
      footnote: HELP,
      footer,
    }),
  );
}

/** The receipt of a refund or a balance charged, or the fee invoice of a payout: its words and page. */
async function paperOf(
  { db, publicUrl }: RenderContext,
  type: string,
  refs: { receiptId?: string | undefined; payoutId?: string | undefined },
): Promise<{ text: string; button: string; url: string } | undefined> {
  if ((type === 'refund.sent' || type === 'balance.charged') && refs.receiptId)
    return {
      text: 'Your receipt is on Frosted, to print or keep.',
      button: 'See my receipt',
      url: `${publicUrl}/receipts/${refs.receiptId}`,
    };
  if (type !== 'payout.sent' || !refs.payoutId) return undefined;
  const [invoice] = await db
    .select({ id: feeInvoices.id, number: feeInvoices.number })
    .from(feeInvoices)
    .where(eq(feeInvoices.payoutId, refs.payoutId));
  if (!invoice) return undefined;
  return {
    text: `Invoice ${invoice.number} for the service fee and the tax on it comes with this payout.`,
    button: 'See the invoice',
    url: `${publicUrl}/vendor-dashboard/invoices/${invoice.id}`,
  };
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
