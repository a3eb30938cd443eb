/** Before an acceptance: the vendor quotes, revises or declines; the customer asks for a change. */
import { sql } from 'drizzle-orm';
import { quoteTotalCents, UNANSWERED_QUOTE_HOURS, type QuoteAction } from '../../../shared/quote-machine.ts';
import { addHours, HOUR_MS } from '../../../shared/time.ts';
import type { Db, Tx } from '../../db/client.ts';
import { quotes, vendors } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../actor.ts';
import { cancelJob, scheduleJob } from '../jobs/index.ts';
import { publish } from '../notifications/index.ts';
import {
  QUOTE_EXPIRE_JOB,
  addQuoteEvent,
  closeRequestIfDone,
  moveQuote,
  quoteExpireJobKey,
  quoteFor,
  quoteRefs,
  type QuoteRow,
} from './lifecycle.ts';

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
    const { quote, request } = await quoteFor({ tx, actor, quoteId, party: 'vendor' });
    const action: QuoteAction = quote.status === 'quoted' ? 'revise' : 'answer';
    const updated = await moveQuote({
      tx,
      quote,
      action,
      party: 'vendor',
      set: {
        priceCents: input.priceCents,
        deliveryFeeCents: input.deliveryFeeCents,
        includes: input.includes || null,
        message: input.message || null,
        validUntil,
        revision: quote.revision + 1,
        firstResponseAt: quote.firstResponseAt ?? now,
      },
      now,
    });
    await addQuoteEvent({
      tx,
      quoteId: quote.id,
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
      // The notification keeps the total it announced: a later revision is its own notification.
      refs: { ...quoteRefs(quote), amount: quoteTotalCents(input) ?? undefined },
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
    const { quote, request } = await quoteFor({ tx, actor, quoteId, party: 'vendor' });
    const updated = await moveQuote({
      tx,
      quote,
      action: 'decline',
      party: 'vendor',
      set: { firstResponseAt: quote.firstResponseAt ?? now },
      now,
    });
    await addQuoteEvent({
      tx,
      quoteId: quote.id,
      action: 'decline',
      toStatus: 'declined',
      party: 'vendor',
      actorId: actor.id,
      now,
      message: reason,
    });
    await cancelJob(tx, quoteExpireJobKey(quote.id));
    if (!quote.firstResponseAt) await refreshResponseTime(tx, quote.vendorId);
    await closeRequestIfDone({ tx, requestId: quote.requestId, now });
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
    const { quote, request, vendorUserId } = await quoteFor({ tx, actor, quoteId, party: 'customer' });
    if (request.status !== 'open') throw new AppError('CONFLICT', 409, 'This request is no longer open.');
    const updated = await moveQuote({ tx, quote, action: 'askChange', party: 'customer', now });
    await addQuoteEvent({
      tx,
      quoteId: quote.id,
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
