import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import { categoryDoes, categoryLabel, VENDOR_CATEGORY_VALUES } from '../../../shared/catalog.ts';
import { eventTypeLabel } from '../../../shared/plans.ts';
import { quoteTotalCents } from '../../../shared/quote-machine.ts';
import type { OrderSchedule, PlanList, PlanView } from '../../../shared/schemas/plans.ts';
import type { Actor } from '../../actor.ts';
import type { Db } from '../../db/client.ts';
import { eventPlans, orders, quoteRequests, quotes, vendors } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { vendorOf } from '../auth/index.ts';
import { paidCentsByOrder } from '../ledger/index.ts';
import { ownPlan } from './service.ts';

type PlanRow = typeof eventPlans.$inferSelect;

/** Every quote of the plans' requests, with its vendor and, once accepted, its order. */
async function quotesOfPlans(db: Db, planIds: string[]) {
  if (planIds.length === 0) return [];
  return db
    .select({
      planId: quoteRequests.eventPlanId,
      requestId: quoteRequests.id,
      requestStatus: quoteRequests.status,
      category: quoteRequests.category,
      requestedAt: quoteRequests.createdAt,
      quoteId: quotes.id,
      quoteStatus: quotes.status,
      priceCents: quotes.priceCents,
      deliveryFeeCents: quotes.deliveryFeeCents,
      vendorId: vendors.id,
      businessName: vendors.businessName,
      orderId: orders.id,
      orderNumber: orders.orderNumber,
      orderStatus: orders.status,
      amount: orders.amount,
      depositCents: orders.depositCents,
      deliveryDate: orders.deliveryDate,
    })
    .from(quoteRequests)
    .innerJoin(quotes, eq(quotes.requestId, quoteRequests.id))
    .innerJoin(vendors, eq(vendors.id, quotes.vendorId))
    .leftJoin(orders, eq(orders.id, quotes.orderId))
    .where(inArray(quoteRequests.eventPlanId, planIds))
    .orderBy(desc(quoteRequests.createdAt), quotes.id);
}
type QuoteLine = Awaited<ReturnType<typeof quotesOfPlans>>[number];
type Booked = QuoteLine & { orderId: string; orderStatus: string; amount: number; orderNumber: string };

/** The plan's orders that still stand (not cancelled): its bookings, newest request first. */
const bookingsOf = (lines: QuoteLine[]): Booked[] =>
  lines.filter((l): l is Booked => l.orderId !== null && l.orderStatus !== 'cancelled');

/** Whether an order's money is in (paid and beyond); a pending one waits for it. */
const isPaid = (status: string) => status !== 'pending' && status !== 'cancelled';

/** What paying the order now charges: a pending order's deposit or all of it; nothing later. */
const dueNow = (b: Booked) => (b.orderStatus === 'pending' ? (b.depositCents ?? b.amount) : 0);

function timelineOf(
  bookings: Booked[],
  name: (b: Booked) => string | null,
  orderId: (b: Booked) => string | null,
) {
  return bookings
    .filter((b) => b.deliveryDate !== null)
    .sort((a, b) => a.deliveryDate!.getTime() - b.deliveryDate!.getTime())
    .map((b) => ({
      at: b.deliveryDate!.toISOString(),
      category: b.category,
      does: categoryDoes(b.category),
      businessName: name(b),
      orderId: orderId(b),
    }));
}

function planView(plan: PlanRow, lines: QuoteLine[], paid: Map<string, number>): PlanView {
  const bookings = bookingsOf(lines);
  const used = new Set([...plan.categories, ...lines.map((l) => l.category)]);
  const categories = VENDOR_CATEGORY_VALUES.filter((c) => used.has(c)).map((category) => {
    const mine = lines.filter((l) => l.category === category);
    const requests = [...new Set(mine.map((l) => l.requestId))].map((requestId) => {
      const quotesOf = mine.filter((l) => l.requestId === requestId);
      return {
        requestId,
        status: quotesOf[0]!.requestStatus,
        quotes: quotesOf.map((q) => ({
          quoteId: q.quoteId,
          vendorId: q.vendorId,
          businessName: q.businessName,
          status: q.quoteStatus,
          totalCents: quoteTotalCents(q),
        })),
      };
    });
    const booked = bookings.find((b) => b.category === category);
    return {
      category,
      label: categoryLabel(category),
      requests,
      booking: booked
        ? {
            orderId: booked.orderId,
            orderNumber: booked.orderNumber,
            vendorId: booked.vendorId,
            businessName: booked.businessName,
            status: booked.orderStatus,
            amountCents: booked.amount,
            paidCents: paid.get(booked.orderId) ?? 0,
            dueNowCents: dueNow(booked),
            at: booked.deliveryDate?.toISOString() ?? null,
          }
        : null,
    };
  });
  const orderIds = new Set(lines.flatMap((l) => (l.orderId ? [l.orderId] : [])));
  return {
    id: plan.id,
    type: plan.type as PlanView['type'],
    title: plan.title,
    eventDate: plan.eventDate,
    startTime: plan.startTime,
    venueAddress: plan.venueAddress,
    guests: plan.guests,
    budgetCents: plan.budgetCents,
    designId: plan.cakeDesignId,
    categories,
    bookedCents: bookings.reduce((sum, b) => sum + b.amount, 0),
    // Net of refunds, over every order the plan made (a cancelled one's refund included).
    paidCents: [...orderIds].reduce((sum, id) => sum + (paid.get(id) ?? 0), 0),
    timeline: timelineOf(
      bookings,
      (b) => b.businessName,
      (b) => b.orderId,
    ),
    createdAt: plan.createdAt.toISOString(),
  };
}

/** One of the customer's plans, as its page shows it (GET /api/plans/{id}). */
export async function getPlan({ db, actor, planId }: { db: Db; actor: Actor; planId: string }) {
  const plan = await ownPlan(db, actor, planId);
  const lines = await quotesOfPlans(db, [plan.id]);
  const paid = await paidCentsByOrder(
    db,
    lines.flatMap((l) => (l.orderId ? [l.orderId] : [])),
  );
  return planView(plan, lines, paid);
}

/** The customer's plans, soonest event first (GET /api/plans). */
export async function listPlans({ db, actor }: { db: Db; actor: Actor }): Promise<PlanList> {
  const plans = await db
    .select()
    .from(eventPlans)
    .where(eq(eventPlans.customerId, actor.id))
    .orderBy(eventPlans.eventDate, eventPlans.createdAt);
  const lines = await quotesOfPlans(
    db,
    plans.map((p) => p.id),
  );
  const paid = await paidCentsByOrder(
    db,
    lines.flatMap((l) => (l.orderId ? [l.orderId] : [])),
  );
  return {
    plans: plans.map((plan) => {
      const view = planView(
        plan,
        lines.filter((l) => l.planId === plan.id),
        paid,
      );
      return {
        id: view.id,
        type: view.type,
        title: view.title,
        eventDate: view.eventDate,
        startTime: view.startTime,
        guests: view.guests,
        budgetCents: view.budgetCents,
        bookedCents: view.bookedCents,
        paidCents: view.paidCents,
        categoryCount: view.categories.length,
        bookedCount: view.categories.filter((c) => c.booking).length,
      };
    }),
  };
}

/**
 * The day's schedule of an order's event (GET /api/orders/{id}/schedule), for the order's vendor
 * or customer: every vendor booked for it, by time. Another vendor's name shows once both orders are
 * paid (before, a category and a time); nobody's contact details are in it, and a vendor reads the
 * kind of event rather than the customer's own name for it.
 */
export async function orderSchedule({
  db,
  actor,
  orderId,
}: {
  db: Db;
  actor: Actor;
  orderId: string;
}): Promise<OrderSchedule | null> {
  const [row] = await db
    .select({ plan: eventPlans, vendorId: orders.vendorId, customerId: orders.customerId })
    .from(orders)
    .innerJoin(quotes, eq(quotes.orderId, orders.id))
    .innerJoin(quoteRequests, eq(quoteRequests.id, quotes.requestId))
    .innerJoin(eventPlans, eq(eventPlans.id, quoteRequests.eventPlanId))
    .where(and(eq(orders.id, orderId), isNotNull(quoteRequests.eventPlanId)))
    .limit(1);
  const vendor = actor.userType === 'vendor' ? await vendorOf({ db, actor }) : undefined;
  const mayRead = row && (row.customerId === actor.id || (vendor && vendor.id === row.vendorId));
  if (!mayRead) {
    // An order that is not the reader's reads as missing; one without a plan has no schedule.
    const [order] = await db
      .select({ vendorId: orders.vendorId, customerId: orders.customerId })
      .from(orders)
      .where(eq(orders.id, orderId));
    if (order && (order.customerId === actor.id || (vendor && vendor.id === order.vendorId))) return null;
    throw AppError.notFound('Order not found.');
  }
  const bookings = bookingsOf(await quotesOfPlans(db, [row.plan.id]));
  const own = bookings.find((b) => b.orderId === orderId);
  const customer = row.customerId === actor.id;
  return {
    // The customer's own name for it is theirs: a vendor reads the kind of event.
    title: customer ? row.plan.title : eventTypeLabel(row.plan.type),
    eventDate: row.plan.eventDate,
    startTime: row.plan.startTime,
    timeline: timelineOf(
      bookings,
      (b) =>
        customer || b.orderId === orderId || (own && isPaid(own.orderStatus) && isPaid(b.orderStatus))
          ? b.businessName
          : null,
      (b) => (customer || b.orderId === orderId ? b.orderId : null),
    ),
  };
}
