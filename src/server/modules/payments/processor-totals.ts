import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { processorBalanceCheckpoints } from '../../db/schema/index.ts';
import type { PaymentProcessor, ProcessorTotals } from './processor.ts';

/**
 * How long after it is made a processor record is taken as settled: Stripe dates a balance transaction
 * when it makes it and never changes it, but lists lag a little; a day is far beyond that.
 */
export const SETTLED_AFTER_MS = 24 * 60 * 60 * 1000;

const add = (a: ProcessorTotals, b: ProcessorTotals): ProcessorTotals => ({
  collectedCents: a.collectedCents + b.collectedCents,
  refundedCents: a.refundedCents + b.refundedCents,
  paidOutCents: a.paidOutCents + b.paidOutCents,
});
const NONE: ProcessorTotals = { collectedCents: 0, refundedCents: 0, paidOutCents: 0 };

/**
 * The processor's totals for reconciliation. One whose records are dated (Stripe) is asked only for
 * what was made since its checkpoint: the records older than a day are summed into the checkpoint
 * once, and later looks add what came after. Without that, each look listed every balance transaction
 * ever made, 100 a call. Two looks at once keep the checkpoint of the later moment (each computed its
 * own from the same start, so either is right).
 */
export async function processorTotalsNow(
  db: Db,
  processor: PaymentProcessor,
  now: Date,
): Promise<ProcessorTotals> {
  if (!processor.datedTotals) return processor.totals();
  const [checkpoint] = await db
    .select()
    .from(processorBalanceCheckpoints)
    .where(eq(processorBalanceCheckpoints.processor, processor.name));
  const from = checkpoint?.settledBefore;
  // Whole seconds, as the processor dates its records; never before the checkpoint (a clock set back).
  let split = new Date(Math.floor((now.getTime() - SETTLED_AFTER_MS) / 1000) * 1000);
  if (from && split < from) split = from;
  const settled = await processor.totals({ from, before: split });
  const recent = await processor.totals({ from: split });
  const base = add(checkpoint ?? NONE, settled);
  if (!from || split > from) {
    await db
      .insert(processorBalanceCheckpoints)
      .values({ processor: processor.name, settledBefore: split, ...base })
      .onConflictDoUpdate({
        target: processorBalanceCheckpoints.processor,
        set: { settledBefore: split, ...base, updatedAt: sql`now()` },
        setWhere: sql`${processorBalanceCheckpoints.settledBefore} < ${split}`,
      });
  }
  return add(base, recent);
}
