import { and, count, eq, isNotNull, sql } from 'drizzle-orm';
import { MAX_PLANS_PER_CUSTOMER, planCategories } from '../../../shared/plans.ts';
import type { PlanInput, PlanUpdate } from '../../../shared/schemas/plans.ts';
import type { QuoteRequestInput } from '../../../shared/schemas/quotes.ts';
import type { QuoteBrief } from '../../../shared/schemas/quotes.ts';
import { daysBetween, vancouverDay } from '../../../shared/time.ts';
import type { Actor } from '../../actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import { cakeDesigns, eventPlans, quoteRequests, quotes } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { createQuoteRequest } from '../quotes/index.ts';

export const PLAN_NOT_FOUND = 'Event plan not found.';
type PlanRow = typeof eventPlans.$inferSelect;

/** The customer's plan, locked for a change when `tx` asks; another customer's reads as missing. */
export async function ownPlan(db: Db | Tx, actor: Actor, planId: string, lock = false): Promise<PlanRow> {
  const query = db
    .select()
    .from(eventPlans)
    .where(and(eq(eventPlans.id, planId), eq(eventPlans.customerId, actor.id)));
  const [plan] = lock ? await query.for('update') : await query;
  if (!plan) throw AppError.notFound(PLAN_NOT_FOUND);
  return plan;
}

async function checkDesign(db: Db | Tx, actor: Actor, designId: string | null | undefined) {
  if (!designId) return;
  const [design] = await db
    .select({ id: cakeDesigns.id })
    .from(cakeDesigns)
    .where(and(eq(cakeDesigns.id, designId), eq(cakeDesigns.customerId, actor.id)));
  if (!design) throw AppError.validation({ designId: 'Choose one of your saved designs.' });
}

const notPast = (eventDate: string, now: Date) => {
  if (daysBetween(vancouverDay(now), eventDate) < 0)
    throw AppError.validation({ eventDate: 'Please choose a date that has not passed.' });
};

/** A new event plan (POST /api/plans): its checklist in the catalogue's order. */
export async function createPlan({
  db,
  actor,
  input,
  now,
}: {
  db: Db;
  actor: Actor;
  input: PlanInput & { budgetCents: number; guests: number };
  now: Date;
}): Promise<string> {
  notPast(input.eventDate, now);
  return db.transaction(async (tx) => {
    await checkDesign(tx, actor, input.designId);
    // One customer's plans are counted under a lock of their user row's plans (two tabs at the limit).
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`plans:${actor.id}`}))`);
    const [{ n = 0 } = {}] = await tx
      .select({ n: count() })
      .from(eventPlans)
      .where(eq(eventPlans.customerId, actor.id));
    if (n >= MAX_PLANS_PER_CUSTOMER)
      throw new AppError('CONFLICT', 409, `You can keep at most ${MAX_PLANS_PER_CUSTOMER} event plans.`);
    const id = crypto.randomUUID();
    await tx.insert(eventPlans).values({
      id,
      customerId: actor.id,
      type: input.type,
      title: input.title,
      eventDate: input.eventDate,
      startTime: input.startTime,
      venueAddress: input.venueAddress,
      guests: input.guests,
      budgetCents: input.budgetCents,
      categories: planCategories(input.categories),
      cakeDesignId: input.designId ?? null,
      createdAt: now,
      updatedAt: now,
    });
    return id;
  });
}

/** An edit of the plan (PATCH /api/plans/{id}): only the fields sent change. */
export async function updatePlan({
  db,
  actor,
  planId,
  input,
  now,
}: {
  db: Db;
  actor: Actor;
  planId: string;
  input: PlanUpdate & { budgetCents?: number | undefined; guests?: number | undefined };
  now: Date;
}): Promise<void> {
  if (input.eventDate !== undefined) notPast(input.eventDate, now);
  await db.transaction(async (tx) => {
    await ownPlan(tx, actor, planId, true);
    await checkDesign(tx, actor, input.designId);
    await tx
      .update(eventPlans)
      .set({
        ...(input.type !== undefined && { type: input.type }),
        ...(input.title !== undefined && { title: input.title }),
        ...(input.eventDate !== undefined && { eventDate: input.eventDate }),
        ...(input.startTime !== undefined && { startTime: input.startTime }),
        ...(input.venueAddress !== undefined && { venueAddress: input.venueAddress }),
        ...(input.guests !== undefined && { guests: input.guests }),
        ...(input.budgetCents !== undefined && { budgetCents: input.budgetCents }),
        ...(input.categories !== undefined && { categories: planCategories(input.categories) }),
        ...(input.designId !== undefined && { cakeDesignId: input.designId }),
        updatedAt: now,
      })
      .where(eq(eventPlans.id, planId));
  });
}

/**
 * Deletes a plan that booked nothing yet (its requests stay, without the plan); a plan with an order
 * stays, as the orders' event.
 */
export async function deletePlan({ db, actor, planId }: { db: Db; actor: Actor; planId: string }) {
  await db.transaction(async (tx) => {
    await ownPlan(tx, actor, planId, true);
    const [booked] = await tx
      .select({ n: count() })
      .from(quoteRequests)
      .innerJoin(quotes, eq(quotes.requestId, quoteRequests.id))
      .where(and(eq(quoteRequests.eventPlanId, planId), isNotNull(quotes.orderId)));
    if ((booked?.n ?? 0) > 0)
      throw new AppError(
        'CONFLICT',
        409,
        'This plan has booked vendors: cancel their orders before deleting it.',
      );
    await tx.delete(eventPlans).where(eq(eventPlans.id, planId));
  });
}

/**
 * A quote request made from the plan (POST /api/plans/{id}/requests): the same request as any, tied
 * to the plan, on the plan's day; the plan's cake design goes with a cake request unless another is
 * chosen.
 */
export async function requestFromPlan({
  db,
  actor,
  planId,
  input,
  now,
}: {
  db: Db;
  actor: Actor;
  planId: string;
  input: QuoteRequestInput & { brief: QuoteBrief };
  now: Date;
}) {
  const plan = await ownPlan(db, actor, planId);
  if (input.brief.eventDate !== plan.eventDate)
    throw AppError.validation({ 'brief.eventDate': 'A request from this plan is for the day of the event.' });
  const designId =
    input.designId ?? (input.brief.kind === 'cake' ? (plan.cakeDesignId ?? undefined) : undefined);
  return createQuoteRequest({
    db,
    actor,
    input: { vendorIds: input.vendorIds, designId, brief: input.brief },
    eventPlanId: plan.id,
    now,
  });
}
