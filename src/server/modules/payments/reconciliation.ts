import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { FINAL_ORDER_STATUSES } from '../../../shared/order-machine.ts';
import type { OrderStatus } from '../../../shared/order-status.ts';
import {
  RECONCILIATION_LIST_LIMIT,
  type Reconciliation,
  type ReconciliationCheck,
} from '../../../shared/schemas/reconciliation.ts';
import type { Tx } from '../../db/client.ts';
import { claims, ledgerAccounts, ledgerEntries, orders, processorEvents } from '../../db/schema/index.ts';
import { type LedgerTotals, ledgerTotals } from '../ledger/index.ts';
import type { PaymentRound } from './batch.ts';
import type { ProcessorTotals } from './processor.ts';
import { processorTotalsNow } from './processor-totals.ts';

const PROCESSOR_UNREADABLE =
  'Frosted could not read the payment processor’s records just now, so nothing was compared. Try again in a minute.';

/** Ended orders whose held funds are not zero, most recently changed first, with how many there are. */
async function unsettledOrders(tx: Tx) {
  const rows = await tx
    .select({
      orderId: orders.id,
      orderNumber: orders.orderNumber,
      status: orders.status,
      held: sql<string>`(-sum(${ledgerEntries.amount}))::text`,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(ledgerAccounts)
    .innerJoin(ledgerEntries, eq(ledgerEntries.accountId, ledgerAccounts.id))
    .innerJoin(orders, eq(orders.id, ledgerAccounts.orderId))
    .where(and(eq(ledgerAccounts.kind, 'order_held'), inArray(orders.status, [...FINAL_ORDER_STATUSES])))
    .groupBy(orders.id)
    .having(sql`sum(${ledgerEntries.amount}) <> 0`)
    .orderBy(desc(orders.updatedAt), desc(orders.id))
    .limit(RECONCILIATION_LIST_LIMIT);
  return {
    orders: rows.map((r) => ({
      orderId: r.orderId,
      orderNumber: r.orderNumber,
      status: r.status as OrderStatus,
      heldCents: Number(r.held),
    })),
    total: rows[0]?.total ?? 0,
  };
}

/** Processor events stored but never applied (an unknown payment, a failure mid-way), newest first. */
async function unappliedEvents(tx: Tx) {
  const rows = await tx
    .select({
      id: processorEvents.id,
      type: processorEvents.type,
      error: processorEvents.error,
      receivedAt: processorEvents.receivedAt,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(processorEvents)
    .where(isNull(processorEvents.appliedAt))
    .orderBy(desc(processorEvents.receivedAt), desc(processorEvents.id))
    .limit(RECONCILIATION_LIST_LIMIT);
  return {
    events: rows.map((e) => ({
      id: e.id,
      type: e.type,
      error: e.error,
      receivedAt: e.receivedAt.toISOString(),
    })),
    total: rows[0]?.total ?? 0,
  };
}

/** The figures both sides keep, side by side. */
export function reconciliationChecks(
  ledger: LedgerTotals,
  processor: ProcessorTotals,
): ReconciliationCheck[] {
  const pairs = [
    ['collected', 'Payments collected', ledger.collectedCents, processor.collectedCents],
    ['refunded', 'Refunds sent', ledger.refundedCents, processor.refundedCents],
    ['paidOut', 'Payouts sent', ledger.paidOutCents, processor.paidOutCents],
  ] as const;
  return pairs.map(([key, label, ledgerCents, processorCents]) => ({
    key,
    label,
    ledgerCents,
    processorCents,
    differenceCents: processorCents - ledgerCents,
    matches: processorCents === ledgerCents,
  }));
}

/**
 * The admins' reconciliation: the ledger's totals against the processor's own records, orders that
 * still hold money although they ended, processor events that were never applied, open claims.
 */
export async function reconciliation({ db, processor, now, log }: PaymentRound): Promise<Reconciliation> {
  // The processor first: payments and refunds reach it before the ledger records them, so money
  // moving while this runs is more often seen by both sides than by one.
  let processorTotals: ProcessorTotals | null = null;
  try {
    processorTotals = await processorTotalsNow(db, processor, now);
  } catch (err) {
    log.error({ err, processor: processor.name }, 'reconciliation could not read the processor');
  }
  // One snapshot of the ledger, so its totals and lists agree with each other.
  const ledger = await db.transaction(
    async (tx) => {
      const totals = await ledgerTotals(tx);
      const stuckOrders = await unsettledOrders(tx);
      const events = await unappliedEvents(tx);
      const [claimCount] = await tx.select({ n: count() }).from(claims).where(eq(claims.status, 'open'));
      return { totals, stuckOrders, events, openClaims: claimCount?.n ?? 0 };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  return {
    totals: ledger.totals,
    processor: { name: processor.name, error: processorTotals ? null : PROCESSOR_UNREADABLE },
    checks: processorTotals ? reconciliationChecks(ledger.totals, processorTotals) : [],
    stuckOrders: ledger.stuckOrders,
    unappliedEvents: ledger.events,
    openClaims: ledger.openClaims,
    generatedAt: now.toISOString(),
  };
}
