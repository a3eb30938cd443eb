import { eq, inArray } from 'drizzle-orm';
import { planTransferGroup } from '../../../shared/plans.ts';
import type { Tx } from '../../db/client.ts';
import { quoteRequests, quotes } from '../../db/schema/index.ts';

/**
 * The transfer_group of an event plan whose orders these all are (issue 25: one per event), or none
 * when they come from no plan or from several. Read from the quote requests the orders were accepted on.
 */
export async function eventTransferGroup(tx: Tx, orderIds: string[]): Promise<string | undefined> {
  const rows = await tx
    .select({ orderId: quotes.orderId, planId: quoteRequests.eventPlanId })
    .from(quotes)
    .innerJoin(quoteRequests, eq(quoteRequests.id, quotes.requestId))
    .where(inArray(quotes.orderId, orderIds));
  const plans = new Set(rows.map((r) => r.planId));
  const [planId] = plans;
  return rows.length === orderIds.length && plans.size === 1 && planId
    ? planTransferGroup(planId)
    : undefined;
}
