import { and, eq, ne, sql } from 'drizzle-orm';
import { UNANSWERED_QUOTE_HOURS, isOpenQuote, quoteTotalCents } from '../../../shared/quote-machine.ts';
import { QUOTE_REVISED_MESSAGE } from '../../../shared/schemas/quotes.ts';
import { addHours, HOUR_MS } from '../../../shared/time.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { cakeDesigns, orderEvents, orders, quoteRequests, quotes, vendors } from '../../db/schema/index.ts';
import { feeRateBasisPoints } from '../../../shared/fees.ts';
import { paymentPlan } from '../../../shared/deposits.ts';
import { briefEventAt } from '../../../shared/quote-payment.ts';
import { briefAddress } from '../../../shared/quote-brief.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../actor.ts';
import { cancelJob, scheduleJob, type JobHandlers } from '../jobs/index.ts';
import { publish, vendorOwnerId } from '../notifications/index.ts';
import { vendorAvailability } from '../calendar/index.ts';
import { EXPIRE_UNPAID_JOB, expireUnpaidJobKey } from '../orders/index.ts';
import { UNPAID_EXPIRY_HOURS } from '../../../shared/order-machine.ts';
import {
  QUOTE_EXPIRE_JOB,
  addQuoteEvent,
  closeRequestIfDone,
  moveQuote,
  quoteExpireJobKey,
  quoteFor,
  quoteRefs,
} from './lifecycle.ts';

/**
 * The customer accepts one quote, at the revision they read. In one transaction: the request row is
 * locked so two accepts of one request make one order, and the vendor's row so two customers taking
 * the vendor's last slot of a day make one order (their lead time and orders per day are checked again
 * under that lock). The quote is accepted, every other open quote of the request is closed, and the
 * order is created (pending payment) with the brief and the design frozen as they are now.
 */
export async function acceptQuote({
  db,
  actor,
  quoteId,
  revision,
  now,
  serviceFeeRate,
  feeTax,
}: {
  db: Db;
  actor: Actor;
  quoteId: string;
  /** The quote's revision the customer saw: a quote revised since is refused (409). */
  revision: number;
  now: Date;
  /** SERVICE_FEE_RATE now: the order keeps it, whatever the configuration says later. */
  serviceFeeRate: number;
  /** GST_RATE and PST_RATE now, in basis points (decision 029), kept by the order like the fee. */
  feeTax: { gstBps: number; pstBps: number };
}): Promise<{ orderId: string; orderNumber: string; requestId: string }> {
  return db.transaction(async (tx) => {
    const { quote, request, vendorUserId } = await quoteFor({ tx, actor, quoteId, party: 'customer' });
    const [locked] = await tx
      .select({ status: quoteRequests.status })
      .from(quoteRequests)
      .where(eq(quoteRequests.id, request.id))
      .for('update');
    if (locked?.status !== 'open')
      throw new AppError('CONFLICT', 409, 'You have already accepted a quote for this request.');
    const [current] = await tx.select().from(quotes).where(eq(quotes.id, quote.id));
    if (current!.status === 'quoted' && current!.revision !== revision)
      throw new AppError('CONFLICT', 409, QUOTE_REVISED_MESSAGE);
    if (current!.status === 'quoted' && current!.validUntil && current!.validUntil.getTime() < now.getTime())
      throw new AppError('CONFLICT', 409, 'This quote has expired. Ask the vendor for a new one.');

    const accepted = await moveQuote({ tx, quote: current!, action: 'accept', party: 'customer', now });

    const brief = request.brief;
    // Locked until this transaction ends: another acceptance for this vendor waits here, then counts
    // the order this one makes.
    const [vendor] = await tx
      .select({
        id: vendors.id,
        businessName: vendors.businessName,
        leadTimeDays: vendors.leadTimeDays,
        ordersPerDay: vendors.ordersPerDay,
        refundPercent: vendors.cancellationRefundPercent,
        depositPercent: vendors.depositPercent,
        balanceDueDays: vendors.balanceDueDays,
        changeCutoffHours: vendors.changeCutoffHours,
      })
      .from(vendors)
      .where(eq(vendors.id, quote.vendorId))
      .for('update');
    const refusal = await vendorAvailability(tx, { vendor: vendor!, eventDate: brief.eventDate, now });
    if (refusal) throw new AppError('CONFLICT', 409, refusal);

    const [design] = request.cakeDesignId
      ? await tx
          .select({
            occasion: cakeDesigns.occasion,
            flavor: cakeDesigns.flavor,
            size: cakeDesigns.size,
            description: cakeDesigns.description,
            imageUrl: cakeDesigns.imageUrl,
          })
          .from(cakeDesigns)
          .where(eq(cakeDesigns.id, request.cakeDesignId))
      : [];
    const [next] = await queryRows<{ n: string }>(tx, sql`select nextval('order_number_seq')::text as n`);
    const orderId = crypto.randomUUID();
    const orderNumber = `FR-${next!.n}`;
    // Only a quoted quote is accepted, and quoting names its price.
    const amount = quoteTotalCents(accepted) ?? 0;
    const deliveryDate = briefEventAt(brief);
    // Deposit now and the balance on its due day, when the vendor asks for one and the event is far enough.
    const plan = paymentPlan({
      amountCents: amount,
      depositPercent: vendor?.depositPercent ?? 0,
      balanceDueDays: vendor?.balanceDueDays ?? 14,
      eventAt: deliveryDate,
      now,
    });
    await tx.insert(orders).values({
      id: orderId,
      orderNumber,
      customerId: request.customerId,
      vendorId: quote.vendorId,
      cakeDesignId: request.cakeDesignId,
      status: 'pending',
      amount,
      depositCents: plan.kind === 'deposit' ? plan.depositCents : null,
      balanceDueAt: plan.kind === 'deposit' ? plan.balanceDueAt : null,
      // The terms of this order as they are now: the fee, the vendor's late-cancellation refund and
      // when design changes close.
      serviceFeeBps: feeRateBasisPoints(serviceFeeRate),
      gstBps: feeTax.gstBps,
      pstBps: feeTax.pstBps,
      refundPercent: vendor?.refundPercent ?? null,
      changeCutoffHours: vendor?.changeCutoffHours ?? null,
      deliveryDate,
      deliveryAddress: briefAddress(brief),
      specialInstructions: brief.notes ?? null,
      brief,
      designSnapshot: design ?? null,
      createdAt: now,
      updatedAt: now,
    });
    await tx.insert(orderEvents).values({
      id: crypto.randomUUID(),
      orderId,
      seq: 1,
      action: 'created',
      toStatus: 'pending',
      party: 'customer',
      actorId: actor.id,
      createdAt: now,
    });
    // Unpaid after 24 hours, the order is cancelled and the vendor's day is free again.
    await scheduleJob(tx, {
      kind: EXPIRE_UNPAID_JOB,
      key: expireUnpaidJobKey(orderId),
      runAt: addHours(now, UNPAID_EXPIRY_HOURS),
      payload: { orderId },
    });
    await tx.update(quotes).set({ orderId }).where(eq(quotes.id, quote.id));
    await addQuoteEvent({
      tx,
      quoteId: quote.id,
      action: 'accept',
      toStatus: 'accepted',
      party: 'customer',
      actorId: actor.id,
      now,
    });
    await cancelJob(tx, quoteExpireJobKey(quote.id));

    const others = await tx
      .select()
      .from(quotes)
      .where(and(eq(quotes.requestId, request.id), ne(quotes.id, quote.id)));
    for (const other of others.filter((o) => isOpenQuote(o.status))) {
      await moveQuote({ tx, quote: other, action: 'close', party: 'system', now });
      await addQuoteEvent({
        tx,
        quoteId: other.id,
        action: 'close',
        toStatus: 'closed',
        party: 'system',
        actorId: null,
        now,
      });
      await cancelJob(tx, quoteExpireJobKey(other.id));
      const owner = await vendorOwnerId(tx, other.vendorId);
      await publish(tx, {
        type: 'quote.closed',
        userIds: [owner],
        refs: quoteRefs(other),
        actorId: actor.id,
      });
    }
    await publish(tx, {
      type: 'quote.accepted',
      userIds: [vendorUserId],
      refs: { ...quoteRefs(quote), orderId },
      actorId: actor.id,
    });
    await tx
      .update(quoteRequests)
      .set({ status: 'accepted', updatedAt: now })
      .where(eq(quoteRequests.id, request.id));
    return { orderId, orderNumber, requestId: request.id };
  });
}

/**
 * The quote timer: an unanswered request (or change request) closes 72 h after it was made, a quote
 * when its validity ends. A quote answered or moved on meanwhile was rescheduled or needs nothing.
 */
export const quoteJobHandlers: JobHandlers = {
  [QUOTE_EXPIRE_JOB]: async (tx, job, { now }) => {
    const quoteId = String(job.payload.quoteId ?? '');
    const [quote] = await tx.select().from(quotes).where(eq(quotes.id, quoteId));
    if (!quote || !isOpenQuote(quote.status)) return;
    const due =
      quote.status === 'quoted'
        ? (quote.validUntil?.getTime() ?? 0)
        : quote.updatedAt.getTime() + UNANSWERED_QUOTE_HOURS * HOUR_MS;
    if (due > now.getTime()) return;
    await moveQuote({ tx, quote, action: 'expire', party: 'system', now });
    await addQuoteEvent({
      tx,
      quoteId: quote.id,
      action: 'expire',
      toStatus: 'expired',
      party: 'system',
      actorId: null,
      now,
      message: quote.status === 'quoted' ? 'The quote’s validity ended.' : 'No answer within 72 hours.',
    });
    await closeRequestIfDone({ tx, requestId: quote.requestId, now });
    const [request] = await tx
      .select({ customerId: quoteRequests.customerId })
      .from(quoteRequests)
      .where(eq(quoteRequests.id, quote.requestId));
    await publish(tx, { type: 'quote.expired', userIds: [request?.customerId], refs: quoteRefs(quote) });
  },
};
