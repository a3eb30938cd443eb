import { and, eq, inArray } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { sandboxCharges, sandboxDisputes as disputesTable } from '../../db/schema/index.ts';
import type { DisputeEvent, DisputeEvidenceFiles, DisputeEvidenceText } from './processor.ts';

/**
 * The sandbox's card disputes (its test card 4000 0000 0000 0259 opens one as soon as it pays, as
 * Stripe's does): kept as a processor keeps them, with the dispute fee Stripe charges in Canada
 * (CAD 15.00, not given back when the dispute is won), evidence submitted through the interface, and
 * the outcome decided by hand (an admin's sandbox control), since no card network is there to decide.
 */
export const SANDBOX_DISPUTE_FEE_CENTS = 1500;
/** How long the sandbox gives for evidence (Stripe's are usually 7 to 21 days). */
export const SANDBOX_EVIDENCE_DAYS = 7;
const OPEN = ['warning_needs_response', 'needs_response', 'under_review'] as const;

const newId = (prefix: string) => `${prefix}_sandbox_${crypto.randomUUID().replaceAll('-', '')}`;

export function sandboxDisputes(db: Db, clock: Clock) {
  const event = (row: typeof disputesTable.$inferSelect): DisputeEvent => ({
    // One id per state: the same state told twice is recognised as one event.
    id: `evt_${row.id}_${row.status}`,
    type: 'dispute.changed',
    disputeRef: row.id,
    paymentRef: row.chargeId,
    amountCents: row.amount,
    currency: 'cad',
    reason: row.reason,
    status: row.status,
    dueBy: row.dueBy.toISOString(),
    at: row.updatedAt.toISOString(),
    fees: [{ key: `${row.id}:withdrawal`, amountCents: row.fee }],
  });
  const dispute = async (ref: string) => {
    const [row] = await db.select().from(disputesTable).where(eq(disputesTable.id, ref));
    if (!row) throw new Error(`sandbox: no dispute ${ref}`);
    return row;
  };

  return {
    /** The card's holder disputes the whole charge (once per charge). */
    async open(chargeRef: string) {
      const [charge] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.id, chargeRef));
      const [existing] = await db
        .select({ id: disputesTable.id })
        .from(disputesTable)
        .where(eq(disputesTable.chargeId, chargeRef));
      if (!charge || existing) return;
      const now = clock.now();
      await db.insert(disputesTable).values({
        id: newId('dp'),
        chargeId: chargeRef,
        amount: charge.amount,
        status: 'needs_response',
        reason: 'fraudulent',
        dueBy: new Date(now.getTime() + SANDBOX_EVIDENCE_DAYS * 86_400_000),
        fee: SANDBOX_DISPUTE_FEE_CENTS,
        createdAt: now,
        updatedAt: now,
      });
    },

    /** The disputes of a charge, each as the event a processor would send of its state. */
    async eventsOf(chargeRef: string) {
      const rows = await db.select().from(disputesTable).where(eq(disputesTable.chargeId, chargeRef));
      return rows.map(event);
    },

    async submitEvidence({
      disputeRef,
      evidence,
      files,
    }: {
      disputeRef: string;
      evidence: DisputeEvidenceText;
      files: DisputeEvidenceFiles;
      idempotencyKey: string;
    }) {
      // The sandbox keeps what a file was (its name, type and size) where Stripe would keep its id.
      const photo = files.shippingDocumentation;
      const attached: Record<string, string> = photo
        ? { shippingDocumentation: `${photo.name} (${photo.contentType}, ${photo.bytes.length} bytes)` }
        : {};
      const now = clock.now();
      // Submitted once: evidence sent again after it was submitted changes nothing (Stripe refuses it).
      await db
        .update(disputesTable)
        .set({
          evidence: { ...evidence, ...attached },
          submittedAt: now,
          status: 'under_review',
          updatedAt: now,
        })
        .where(
          and(
            eq(disputesTable.id, disputeRef),
            inArray(disputesTable.status, ['warning_needs_response', 'needs_response']),
          ),
        );
      return { status: (await dispute(disputeRef)).status };
    },

    /** The bank decides (the sandbox's admin control): won or lost, once. */
    async resolve(disputeRef: string, outcome: 'won' | 'lost') {
      await db
        .update(disputesTable)
        .set({ status: outcome, updatedAt: clock.now() })
        .where(and(eq(disputesTable.id, disputeRef), inArray(disputesTable.status, [...OPEN])));
      return event(await dispute(disputeRef));
    },
  };
}
