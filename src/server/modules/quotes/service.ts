import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  UNANSWERED_QUOTE_HOURS,
  isOpenQuote,
  nextQuoteStatus,
  type QuoteAction,
  type QuoteParty,
  type QuoteStatus,
} from '../../../shared/quote-machine.ts';
import { QUOTE_REVISED_MESSAGE, type QuoteBrief } from '../../../shared/schemas/quotes.ts';
import {
  addHours,
  daysBetween,
  HOUR_MS,
  MINUTE_MS,
  vancouverDay,
  vancouverDayStart,
} from '../../../shared/time.ts';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import {
  cakeDesigns,
  orderEvents,
  orders,
  quoteEvents,
  quoteRequests,
  quotes,
  vendors,
} from '../../db/schema/index.ts';
import { feeRateBasisPoints } from '../../../shared/fees.ts';
import { paymentPlan } from '../../../shared/deposits.ts';
import { AppError } from '../../http/app-error.ts';
import type { Actor } from '../auth/actor.ts';
import { cancelJob, scheduleJob, type JobHandlers } from '../jobs/jobs.ts';
import { publish, vendorOwnerId } from '../notifications/index.ts';
import { vendorAvailability } from '../calendar/availability.ts';
import { EXPIRE_UNPAID_JOB, expireUnpaidJobKey } from '../orders/transitions.ts';
import { UNPAID_EXPIRY_HOURS } from '../../../shared/order-machine.ts';

export const QUOTE_EXPIRE_JOB = 'quote.expire';
export const quoteExpireJobKey = (quoteId: string) => `quote:${quoteId}:expire`;

type QuoteRow = typeof quotes.$inferSelect;

/** What a quote's notifications point at. */
const quoteRefs = (q: { id: string; requestId: string; vendorId: string }) => ({
  quoteId: q.id,
  requestId: q.requestId,
  vendorId: q.vendorId,
});

/**
 * A customer's quote request to one to five approved vendors: one request, a quote per vendor (each
 * its own thread), and for each a timer that closes it if unanswered for 72 h. A vendor who cannot
 * take the date (lead time, a full day) is refused by name at their place in `vendorIds`; nothing is
 * sent then, so the customer can change the date or drop that vendor.
 */
export async function createQuoteRequest({
  db,
  actor,
  input,
  now,
}: {
  db: Db;
  actor: Actor;
  input: { vendorIds: string[]; designId?: string | undefined; brief: QuoteBrief };
  now: Date;
}): Promise<{ requestId: string; quoteIds: string[] }> {
  const { brief } = input;
  if (daysBetween(vancouverDay(now), brief.eventDate) < 0)
    throw AppError.validation({ 'brief.eventDate': 'Please choose a date that has not passed.' });
  return db.transaction(async (tx) => {
    const found = await tx
      .select({
        id: vendors.id,
        businessName: vendors.businessName,
        status: vendors.status,
        leadTimeDays: vendors.leadTimeDays,
        ordersPerDay: vendors.ordersPerDay,
      })
      .from(vendors)
      .where(inArray(vendors.id, input.vendorIds));
    const fields: Record<string, string> = {};
    for (const [i, id] of input.vendorIds.entries()) {
      const vendor = found.find((v) => v.id === id);
      // Only approved vendors receive requests; any other reads as not found.
      if (!vendor || vendor.status !== 'approved') {
        fields[`vendorIds.${i}`] = 'This vendor is not taking requests.';
        continue;
      }
      const refusal = await vendorAvailability(tx, vendor, brief.eventDate, now);
      if (refusal) fields[`vendorIds.${i}`] = refusal;
    }
    if (input.designId) {
      const [design] = await tx
        .select({ id: cakeDesigns.id })
        .from(cakeDesigns)
        .where(and(eq(cakeDesigns.id, input.designId), eq(cakeDesigns.customerId, actor.id)));
      if (!design) fields.designId = 'Choose one of your saved designs.';
    }
    if (Object.keys(fields).length) throw AppError.validation(fields);

    const requestId = crypto.randomUUID();
    await tx.insert(quoteRequests).values({
      id: requestId,
      customerId: actor.id,
      cakeDesignId: input.designId ?? null,
      brief,
      eventDate: brief.eventDate,
      createdAt: now,
      updatedAt: now,
    });
    const quoteIds: string[] = [];
    for (const vendorId of input.vendorIds) {
      const id = crypto.randomUUID();
      quoteIds.push(id);
      await tx.insert(quotes).values({ id, requestId, vendorId, createdAt: now, updatedAt: now });
      await addQuoteEvent(tx, id, {
        action: 'requested',
        toStatus: 'requested',
        party: 'customer',
        actorId: actor.id,
        now,
      });
      await scheduleJob(tx, {
        kind: QUOTE_EXPIRE_JOB,
        key: quoteExpireJobKey(id),
        runAt: addHours(now, UNANSWERED_QUOTE_HOURS),
        payload: { quoteId: id },
      });
      const owner = await vendorOwnerId(tx, vendorId);
      await publish(tx, {
        type: 'quote.requested',
        userIds: [owner],
        refs: quoteRefs({ id, requestId, vendorId }),
        actorId: actor.id,
      });
    }
    return { requestId, quoteIds };
  });
}

async function addQuoteEvent(
  tx: Tx,
  quoteId: string,
  e: {
    action: QuoteAction | 'requested';
    toStatus: QuoteStatus;
    party: QuoteParty;
    actorId: string | null;
    now: Date;
    priceCents?: number | null;
    deliveryFeeCents?: number | null;
    targetPriceCents?: number | null;
    message?: string | null;
    validUntil?: Date | null;
  },
) {
  const [last] = await tx
    .select({ seq: sql<number>`coalesce(max(${quoteEvents.seq}), 0)::int` })
    .from(quoteEvents)
    .where(eq(quoteEvents.quoteId, quoteId));
  await tx.insert(quoteEvents).values({
    id: crypto.randomUUID(),
    quoteId,
    seq: (last?.seq ?? 0) + 1,
    action: e.action,
    toStatus: e.toStatus,
    party: e.party,
    actorId: e.actorId,
    priceCents: e.priceCents ?? null,
    deliveryFeeCents: e.deliveryFeeCents ?? null,
    targetPriceCents: e.targetPriceCents ?? null,
    message: e.message ?? null,
    validUntil: e.validUntil ?? null,
    createdAt: e.now,
  });
}

/** The quote with its request, for a party: the vendor who was asked, or the customer who asked. */
async function quoteFor(tx: Tx, quoteId: string, actor: Actor, party: 'vendor' | 'customer') {
  const [row] = await tx
    .select({ quote: quotes, request: quoteRequests, vendorUserId: vendors.userId })
    .from(quotes)
    .innerJoin(quoteRequests, eq(quoteRequests.id, quotes.requestId))
    .innerJoin(vendors, eq(vendors.id, quotes.vendorId))
    .where(eq(quotes.id, quoteId))
    .limit(1);
  const mine = party === 'vendor' ? row?.vendorUserId === actor.id : row?.request.customerId === actor.id;
  if (!row || !mine) throw AppError.notFound('Quote not found.');
  return row;
}

/** Moves a quote from the status read to the next, or 409 when it changed meanwhile or cannot. */
async function moveQuote(
  tx: Tx,
  quote: QuoteRow,
  action: QuoteAction,
  party: QuoteParty,
  set: Partial<typeof quotes.$inferInsert>,
  now: Date,
): Promise<QuoteRow> {
  const status = quote.status as QuoteStatus;
  const to = nextQuoteStatus(action, status, party);
  if (!to) throw new AppError('CONFLICT', 409, quoteRefusal(status));
  const [updated] = await tx
    .update(quotes)
    .set({ ...set, status: to, updatedAt: now })
    .where(and(eq(quotes.id, quote.id), eq(quotes.status, status), eq(quotes.revision, quote.revision)))
    .returning();
  if (!updated)
    throw new AppError('CONFLICT', 409, 'This quote has just changed. Refresh to see the latest.');
  return updated;
}

function quoteRefusal(status: QuoteStatus): string {
  switch (status) {
    case 'accepted':
      return 'This quote has been accepted.';
    case 'declined':
      return 'This quote was declined.';
    case 'closed':
      return 'This request is closed: the customer accepted another quote.';
    case 'expired':
      return 'This quote has expired.';
    case 'requested':
      return 'This vendor has not sent a quote yet.';
    case 'change_requested':
      return 'You asked this vendor for a change: wait for their new quote.';
    default:
      return 'This change is not possible now.';
  }
}

/** The vendor's answer or a revision of it; the quote then holds until `validUntil`. */
export async function answerQuote({
  db,
  actor,
  quoteId,
  input,
  now,
}: {
  db: Db;
  actor: Actor;
  quoteId: string;
  input: {
    priceCents: number;
    deliveryFeeCents: number;
    includes?: string | undefined;
    message?: string | undefined;
    validUntil: string;
  };
  now: Date;
}): Promise<QuoteRow> {
  const validUntil = new Date(input.validUntil);
  if (validUntil.getTime() <= now.getTime() + HOUR_MS)
    throw AppError.validation({ validUntil: 'Keep the quote valid for at least an hour from now.' });
  return db.transaction(async (tx) => {
    const { quote, request } = await quoteFor(tx, quoteId, actor, 'vendor');
    const action: QuoteAction = quote.status === 'quoted' ? 'revise' : 'answer';
    const updated = await moveQuote(
      tx,
      quote,
      action,
      'vendor',
      {
        priceCents: input.priceCents,
        deliveryFeeCents: input.deliveryFeeCents,
        includes: input.includes || null,
        message: input.message || null,
        validUntil,
        revision: quote.revision + 1,
        firstResponseAt: quote.firstResponseAt ?? now,
      },
      now,
    );
    await addQuoteEvent(tx, quote.id, {
      action,
      toStatus: 'quoted',
      party: 'vendor',
      actorId: actor.id,
      now,
      priceCents: input.priceCents,
      deliveryFeeCents: input.deliveryFeeCents,
      message: input.message || null,
      validUntil,
    });
    await scheduleJob(tx, {
      kind: QUOTE_EXPIRE_JOB,
      key: quoteExpireJobKey(quote.id),
      runAt: validUntil,
      payload: { quoteId: quote.id },
    });
    if (!quote.firstResponseAt) await refreshResponseTime(tx, quote.vendorId);
    await publish(tx, {
      type: 'quote.answered',
      userIds: [request.customerId],
      refs: quoteRefs(quote),
      actorId: actor.id,
    });
    return updated;
  });
}

/** The vendor declines, with a reason the customer reads. */
export async function declineQuote({
  db,
  actor,
  quoteId,
  reason,
  now,
}: {
  db: Db;
  actor: Actor;
  quoteId: string;
  reason: string;
  now: Date;
}): Promise<QuoteRow> {
  return db.transaction(async (tx) => {
    const { quote, request } = await quoteFor(tx, quoteId, actor, 'vendor');
    const updated = await moveQuote(
      tx,
      quote,
      'decline',
      'vendor',
      { firstResponseAt: quote.firstResponseAt ?? now },
      now,
    );
    await addQuoteEvent(tx, quote.id, {
      action: 'decline',
      toStatus: 'declined',
      party: 'vendor',
      actorId: actor.id,
      now,
      message: reason,
    });
    await cancelJob(tx, quoteExpireJobKey(quote.id));
    if (!quote.firstResponseAt) await refreshResponseTime(tx, quote.vendorId);
    await closeRequestIfDone(tx, quote.requestId, now);
    await publish(tx, {
      type: 'quote.declined',
      userIds: [request.customerId],
      refs: quoteRefs(quote),
      actorId: actor.id,
    });
    return updated;
  });
}

/** The customer asks for a change (and a target price); the vendor answers again within 72 h. */
export async function askForChange({
  db,
  actor,
  quoteId,
  message,
  targetPriceCents,
  now,
}: {
  db: Db;
  actor: Actor;
  quoteId: string;
  message: string;
  targetPriceCents?: number | undefined;
  now: Date;
}): Promise<QuoteRow> {
  return db.transaction(async (tx) => {
    const { quote, request, vendorUserId } = await quoteFor(tx, quoteId, actor, 'customer');
    if (request.status !== 'open') throw new AppError('CONFLICT', 409, 'This request is no longer open.');
    const updated = await moveQuote(tx, quote, 'askChange', 'customer', {}, now);
    await addQuoteEvent(tx, quote.id, {
      action: 'askChange',
      toStatus: 'change_requested',
      party: 'customer',
      actorId: actor.id,
      now,
      message,
      targetPriceCents: targetPriceCents ?? null,
    });
    await scheduleJob(tx, {
      kind: QUOTE_EXPIRE_JOB,
      key: quoteExpireJobKey(quote.id),
      runAt: addHours(now, UNANSWERED_QUOTE_HOURS),
      payload: { quoteId: quote.id },
    });
    await publish(tx, {
      type: 'quote.changeRequested',
      userIds: [vendorUserId],
      refs: quoteRefs(quote),
      actorId: actor.id,
    });
    return updated;
  });
}

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
}: {
  db: Db;
  actor: Actor;
  quoteId: string;
  /** The quote's revision the customer saw: a quote revised since is refused (409). */
  revision: number;
  now: Date;
  /** SERVICE_FEE_RATE now: the order keeps it, whatever the configuration says later. */
  serviceFeeRate: number;
}): Promise<{ orderId: string; orderNumber: string; requestId: string }> {
  return db.transaction(async (tx) => {
    const { quote, request, vendorUserId } = await quoteFor(tx, quoteId, actor, 'customer');
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

    const accepted = await moveQuote(tx, current!, 'accept', 'customer', {}, now);

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
    const refusal = await vendorAvailability(tx, vendor!, brief.eventDate, now);
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
    const [hours, minutes] = brief.eventTime.split(':').map(Number) as [number, number];
    const amount = (accepted.priceCents ?? 0) + (accepted.deliveryFeeCents ?? 0);
    const deliveryDate = new Date(
      vancouverDayStart(brief.eventDate).getTime() + hours * HOUR_MS + minutes * MINUTE_MS,
    );
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
      refundPercent: vendor?.refundPercent ?? null,
      changeCutoffHours: vendor?.changeCutoffHours ?? null,
      deliveryDate,
      deliveryAddress: brief.fulfillment === 'delivery' ? (brief.deliveryAddress ?? null) : null,
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
    await addQuoteEvent(tx, quote.id, {
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
      await moveQuote(tx, other, 'close', 'system', {}, now);
      await addQuoteEvent(tx, other.id, {
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

/** A request with no open quote left (all declined or expired) is closed. */
async function closeRequestIfDone(tx: Tx, requestId: string, now: Date) {
  const rows = await tx.select({ status: quotes.status }).from(quotes).where(eq(quotes.requestId, requestId));
  if (rows.some((r) => isOpenQuote(r.status) || r.status === 'accepted')) return;
  await tx
    .update(quoteRequests)
    .set({ status: 'closed', updatedAt: now })
    .where(and(eq(quoteRequests.id, requestId), eq(quoteRequests.status, 'open')));
}

/** The vendor's median time from request to first answer, over every request they answered. */
async function refreshResponseTime(tx: Tx, vendorId: string) {
  await tx.execute(sql`
    update ${vendors} set response_time_minutes = (
      select round(percentile_cont(0.5) within group (
        order by extract(epoch from (${quotes.firstResponseAt} - ${quotes.createdAt})) / 60))::int
      from ${quotes}
      where ${quotes.vendorId} = ${vendorId} and ${quotes.firstResponseAt} is not null
    )
    where ${vendors.id} = ${vendorId}`);
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
    await moveQuote(tx, quote, 'expire', 'system', {}, now);
    await addQuoteEvent(tx, quote.id, {
      action: 'expire',
      toStatus: 'expired',
      party: 'system',
      actorId: null,
      now,
      message: quote.status === 'quoted' ? 'The quote’s validity ended.' : 'No answer within 72 hours.',
    });
    await closeRequestIfDone(tx, quote.requestId, now);
    const [request] = await tx
      .select({ customerId: quoteRequests.customerId })
      .from(quoteRequests)
      .where(eq(quoteRequests.id, quote.requestId));
    await publish(tx, { type: 'quote.expired', userIds: [request?.customerId], refs: quoteRefs(quote) });
  },
};
