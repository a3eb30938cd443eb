import { and, eq, inArray } from 'drizzle-orm';
import { categoryLabel } from '../../../shared/catalog.ts';
import { UNANSWERED_QUOTE_HOURS } from '../../../shared/quote-machine.ts';
import type { QuoteBrief } from '../../../shared/schemas/quotes.ts';
import { addHours, daysBetween, vancouverDay } from '../../../shared/time.ts';
import type { Db } from '../../db/client.ts';
import { cakeDesigns, quoteRequests, quotes, vendors } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../actor.ts';
import { scheduleJob } from '../jobs/index.ts';
import { publish, vendorOwnerId } from '../notifications/index.ts';
import { vendorAvailability } from '../calendar/index.ts';
import { QUOTE_EXPIRE_JOB, addQuoteEvent, quoteExpireJobKey, quoteRefs } from './lifecycle.ts';

/**
 * A customer's quote request to one to five approved vendors: one request, a quote per vendor (each
 * its own thread), and for each a timer that closes it if unanswered for 72 h. A vendor who cannot
 * take the date (lead time, a full day) or does not sell what the brief asks for (a cake, flowers…)
 * is refused by name at their place in `vendorIds`; nothing is sent then, so the customer can change
 * the date or drop that vendor. `eventPlanId` is the customer's plan it was made from (the plans
 * module checks it is theirs before asking).
 */
export async function createQuoteRequest({
  db,
  actor,
  input,
  eventPlanId,
  now,
}: {
  db: Db;
  actor: Actor;
  input: { vendorIds: string[]; designId?: string | undefined; brief: QuoteBrief };
  eventPlanId?: string | undefined;
  now: Date;
}): Promise<{ requestId: string; quoteIds: string[] }> {
  const { brief } = input;
  const category = brief.kind === 'event' ? brief.category : 'cakes';
  if (brief.kind === 'event' && input.designId)
    throw AppError.validation({ designId: 'A design goes with a cake request.' });
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
        categories: vendors.categories,
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
      if (!vendor.categories.includes(category)) {
        fields[`vendorIds.${i}`] =
          `${vendor.businessName} does not offer ${categoryLabel(category).toLowerCase()}.`;
        continue;
      }
      const refusal = await vendorAvailability(tx, { vendor, eventDate: brief.eventDate, now });
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
      eventPlanId: eventPlanId ?? null,
      category,
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
      await addQuoteEvent({
        tx,
        quoteId: id,
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
