import { and, asc, eq, gte, inArray, isNotNull, isNull, lte, notInArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { checkoutGroups, payments } from '../../db/schema/index.ts';
import type { Logger } from '../../logger.ts';
import type { PaymentRound } from './batch.ts';
import { askProcessor, moveAfterAnswer } from './processor-outcome.ts';
import type { PaymentProcessor, ProcessorPayment } from './processor.ts';

/**
 * A checkout group's card with the processor: claimed before it is sent, released once its answer is
 * recorded, asked about when no answer came (outcomes.ts does the same for a payment of its own). The
 * claim is mirrored on the group's open shares, so each order's page and list say "confirming".
 */

type GroupRow = typeof checkoutGroups.$inferSelect;
const SETTLED = ['succeeded', 'duplicate'] as const;

/** Claims the group for one card or confirmation; false when another tab holds it or it moved on. */
export async function claimGroupSubmission(
  db: Db,
  {
    groupId,
    status,
    now,
  }: { groupId: string; status: 'requires_payment' | 'requires_action' | 'failed'; now: Date },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(checkoutGroups)
      .set({ submittedAt: now, updatedAt: now })
      .where(
        and(
          eq(checkoutGroups.id, groupId),
          eq(checkoutGroups.status, status),
          isNull(checkoutGroups.submittedAt),
        ),
      )
      .returning({ id: checkoutGroups.id });
    if (!claimed) return false;
    await tx
      .update(payments)
      .set({ submittedAt: now })
      .where(and(eq(payments.checkoutGroupId, groupId), notInArray(payments.status, [...SETTLED])));
    return true;
  });
}

/** The answer is recorded (or nothing reached the processor): the claim is let go. */
export async function releaseGroupSubmission(db: Db, groupId: string) {
  await db.transaction(async (tx) => {
    await tx.update(checkoutGroups).set({ submittedAt: null }).where(eq(checkoutGroups.id, groupId));
    await tx.update(payments).set({ submittedAt: null }).where(eq(payments.checkoutGroupId, groupId));
  });
}

/**
 * Asks the processor about a group's payment and records its answer: a success is applied as the lost
 * event would have been (`recovered:{groupId}`), a decline or a confirmation step moves the group, an
 * untouched payment loses its claim; a payment still processing keeps it. Null when the processor
 * could not be reached.
 */
export async function askAboutGroup({
  db,
  processor,
  group,
  now,
  log,
}: {
  db: Db;
  processor: PaymentProcessor;
  group: GroupRow;
  now: Date;
  log: Logger;
}): Promise<ProcessorPayment | null> {
  if (!group.providerRef || group.provider !== processor.name) return null;
  const seen = await askProcessor({
    db,
    processor,
    ref: group.providerRef,
    recoveredId: group.id,
    withCharge: true,
    now,
    log,
    logContext: { checkoutGroupId: group.id },
  });
  if (!seen || seen.status === 'succeeded' || seen.status === 'processing') return seen;
  const move = moveAfterAnswer(seen, group);
  await db.transaction(async (tx) => {
    const [moved] = await tx
      .update(checkoutGroups)
      .set({ ...move, submittedAt: null, updatedAt: now })
      .where(and(eq(checkoutGroups.id, group.id), inArray(checkoutGroups.status, [...OPEN_OR_FAILED])))
      .returning({ id: checkoutGroups.id });
    if (!moved) return;
    await tx
      .update(payments)
      .set({ ...move, submittedAt: null, updatedAt: now })
      .where(and(eq(payments.checkoutGroupId, group.id), notInArray(payments.status, [...SETTLED])));
  });
  return seen;
}

const OPEN_OR_FAILED = ['requires_payment', 'requires_action', 'failed'] as const;
const MINUTE = 60_000;

/**
 * Recovery's round for groups: open groups left a while after they started (or whose card went to the
 * processor with no answer recorded), asked about within the recovery window, a few at a time.
 */
export async function askAboutOpenGroups(
  { db, processor, now, log }: PaymentRound,
  { afterMs, windowMs, limit }: { afterMs: number; windowMs: number; limit: number },
): Promise<number> {
  const open = await db
    .select()
    .from(checkoutGroups)
    .where(
      and(
        eq(checkoutGroups.provider, processor.name),
        inArray(checkoutGroups.status, [...OPEN_OR_FAILED]),
        isNotNull(checkoutGroups.providerRef),
        lte(checkoutGroups.updatedAt, new Date(now.getTime() - afterMs)),
        gte(checkoutGroups.createdAt, new Date(now.getTime() - windowMs)),
        or(
          isNull(checkoutGroups.checkedAt),
          lte(checkoutGroups.checkedAt, new Date(now.getTime() - 10 * MINUTE)),
        ),
      ),
    )
    .orderBy(asc(checkoutGroups.createdAt))
    .limit(limit);
  let recovered = 0;
  for (const group of open) {
    try {
      await db.update(checkoutGroups).set({ checkedAt: now }).where(eq(checkoutGroups.id, group.id));
      const seen = await askAboutGroup({ db, processor, group, now, log });
      if (seen?.status === 'succeeded') recovered++;
    } catch (err) {
      log.error({ err, checkoutGroupId: group.id }, 'could not ask the processor about an open checkout');
    }
  }
  return recovered;
}
