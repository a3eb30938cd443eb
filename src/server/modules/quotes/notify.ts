import { eq } from 'drizzle-orm';
import type { QuoteBrief } from '../../../shared/schemas/quotes.ts';
import { formatLongDate, vancouverDayStart } from '../../../shared/time.ts';
import type { Db } from '../../db/client.ts';
import { orders, quoteRequests, quotes, users, vendors } from '../../db/schema/index.ts';
import type { Logger } from '../../logger.ts';
import type { Mailer } from '../mail/mailer.ts';
import { quoteAccepted, quoteClosed, quoteRequested } from '../mail/templates.ts';
import { displayName } from '../reviews/presenter.ts';

/*
 * The vendors' e-mails about quotes. Each is sent after the change it tells of has committed (never
 * inside its transaction, where a rollback would leave an e-mail about something that did not
 * happen); a failure is logged and never undoes the change.
 */

/** "Birthday cake for December 19, 2026, serves 14, delivery" */
const summarize = (b: QuoteBrief) =>
  `${b.occasion} cake for ${formatLongDate(vancouverDayStart(b.eventDate))}, serves ${b.servings}, ${b.fulfillment}`;

/** Every vendor of a request, with the e-mail of the account that runs it and their quote. */
async function requestParties(db: Db, requestId: string) {
  const [request] = await db
    .select({
      brief: quoteRequests.brief,
      customer: { firstName: users.firstName, name: users.name },
    })
    .from(quoteRequests)
    .innerJoin(users, eq(users.id, quoteRequests.customerId))
    .where(eq(quoteRequests.id, requestId));
  if (!request) return undefined;
  const shops = await db
    .select({
      status: quotes.status,
      orderNumber: orders.orderNumber,
      businessName: vendors.businessName,
      email: users.email,
    })
    .from(quotes)
    .innerJoin(vendors, eq(vendors.id, quotes.vendorId))
    .innerJoin(users, eq(users.id, vendors.userId))
    .leftJoin(orders, eq(orders.id, quotes.orderId))
    .where(eq(quotes.requestId, requestId))
    .orderBy(quotes.createdAt, quotes.id);
  return { summary: summarize(request.brief), request, shops };
}

/** A new request: each vendor asked is told, with the customer's first name only. */
export async function tellVendorsOfRequest(
  db: Db,
  mailer: Mailer,
  publicUrl: string,
  requestId: string,
  log: Logger,
) {
  try {
    const p = await requestParties(db, requestId);
    if (!p) return;
    const customerFirstName = displayName({ ...p.request.customer, lastName: null });
    for (const shop of p.shops)
      await mailer.send({
        to: shop.email,
        kind: 'quote-requested',
        ...quoteRequested({
          businessName: shop.businessName,
          customerFirstName,
          summary: p.summary,
          url: `${publicUrl}/vendor-dashboard?tab=quotes`,
        }),
      });
  } catch (err) {
    log.error({ err, requestId }, 'could not e-mail the vendors of a quote request');
  }
}

/**
 * A quote accepted: its vendor is told the order's number; each vendor whose open quote the
 * acceptance closed is told the customer chose another baker. Vendors who had declined, or whose
 * quote had expired, hear nothing more.
 */
export async function tellVendorsOfAcceptance(
  db: Db,
  mailer: Mailer,
  publicUrl: string,
  requestId: string,
  log: Logger,
) {
  try {
    const p = await requestParties(db, requestId);
    if (!p) return;
    for (const shop of p.shops) {
      if (shop.status === 'accepted' && shop.orderNumber)
        await mailer.send({
          to: shop.email,
          kind: 'quote-accepted',
          ...quoteAccepted({
            businessName: shop.businessName,
            orderNumber: shop.orderNumber,
            summary: p.summary,
            url: `${publicUrl}/vendor-dashboard?tab=orders`,
          }),
        });
      else if (shop.status === 'closed')
        await mailer.send({
          to: shop.email,
          kind: 'quote-closed',
          ...quoteClosed({
            businessName: shop.businessName,
            summary: p.summary,
            url: `${publicUrl}/vendor-dashboard?tab=quotes`,
          }),
        });
    }
  } catch (err) {
    log.error({ err, requestId }, 'could not e-mail the vendors of an accepted quote');
  }
}
