import { z } from 'zod';
import { ORDER_STATUSES } from '../order-status.ts';

/** How many ended orders still holding money, and unapplied processor events, the page lists (newest first). */
export const RECONCILIATION_LIST_LIMIT = 100;

const cents = z.number().int();

/** A figure the ledger and the processor both keep, compared. */
export const reconciliationCheckSchema = z.object({
  key: z.enum(['collected', 'refunded', 'paidOut']),
  label: z.string(),
  ledgerCents: cents,
  processorCents: cents,
  /** The processor's figure less the ledger's: positive when the processor knows of more money. */
  differenceCents: cents,
  matches: z.boolean(),
});
export type ReconciliationCheck = z.infer<typeof reconciliationCheckSchema>;

/** GET /api/admin/reconciliation: the ledger against the processor's records. */
export const reconciliationSchema = z.object({
  /** The ledger's sums, read in one snapshot. */
  totals: z.object({
    collectedCents: cents,
    refundedCents: cents,
    refundsOwedCents: cents,
    paidOutCents: cents,
    availableCents: cents,
    heldCents: cents,
    feesCents: cents,
    /** GST and PST charged on the fees, owed to the governments (decision 029). */
    gstCents: cents,
    pstCents: cents,
    processorCashCents: cents,
  }),
  processor: z.object({
    name: z.enum(['sandbox', 'stripe']),
    /** Set when the processor's records could not be read; the checks are then empty. */
    error: z.string().nullable(),
  }),
  checks: z.array(reconciliationCheckSchema),
  /** Orders that ended (completed or cancelled) whose held funds are not zero: money the ledger has not settled. */
  stuckOrders: z.object({
    orders: z.array(
      z.object({
        orderId: z.string(),
        orderNumber: z.string(),
        status: z.enum(ORDER_STATUSES),
        /** Negative when more was settled than was held. */
        heldCents: cents,
      }),
    ),
    /** All of them, when there are more than the list shows. */
    total: z.number().int(),
  }),
  /** Processor events (webhooks, the sandbox's own) stored but not applied, newest first. */
  unappliedEvents: z.object({
    events: z.array(
      z.object({ id: z.string(), type: z.string(), error: z.string().nullable(), receivedAt: z.string() }),
    ),
    total: z.number().int(),
  }),
  openClaims: z.number().int(),
  generatedAt: z.string(),
});
export type Reconciliation = z.infer<typeof reconciliationSchema>;
