import { and, eq, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { AWAITING_BALANCE_STATUSES, balanceDeadline } from '../../../shared/deposits.ts';
import type { Db, Tx } from '../../db/client.ts';
import { payments, type orders } from '../../db/schema/index.ts';
import { cancelJob, scheduleJob } from '../jobs/index.ts';

/** The timer that charges an order's balance on its due day (payments/balance.ts). */
export const CHARGE_BALANCE_JOB = 'payments.chargeBalance';
export const chargeBalanceJobKey = (orderId: string) => `order:${orderId}:chargeBalance`;
/** The timer that cancels an order whose balance is still unpaid 48 hours before the event. */
export const BALANCE_DEADLINE_JOB = 'order.balanceDeadline';
export const balanceDeadlineJobKey = (orderId: string) => `order:${orderId}:balanceDeadline`;

type OrderRow = typeof orders.$inferSelect;

const AWAITING_BALANCE = sql.raw(AWAITING_BALANCE_STATUSES.map((s) => `'${s}'`).join(', '));

export const BALANCE_NOT_PAID =
  'The balance of this order has not been paid yet, so it can’t be marked delivered.';

/** Whether the order's balance has been collected (an order without a deposit has none to collect). */
export async function balancePaid(tx: Tx | Db, order: Pick<OrderRow, 'id' | 'depositCents'>) {
  if (order.depositCents === null) return true;
  const [paid] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(eq(payments.orderId, order.id), eq(payments.purpose, 'balance'), eq(payments.status, 'succeeded')),
    )
    .limit(1);
  return paid !== undefined;
}

/**
 * SQL: the order's balance waits for the customer: its charge to the saved card was declined, it is
 * not paid yet, and the order is still open (the checkout's pay link is for them). For lists.
 */
export const balanceToPaySql = (orderId: SQL | AnyColumn, status: SQL | AnyColumn) => sql<boolean>`(
  ${status} in (${AWAITING_BALANCE})
  and exists (select 1 from ${payments} p where p.order_id = ${orderId} and p.purpose = 'balance'
    and p.off_session and p.status = 'failed')
  and not exists (select 1 from ${payments} p where p.order_id = ${orderId} and p.purpose = 'balance'
    and p.status = 'succeeded'))`;

/** Once the deposit is paid: the balance's charge on its due day, and the deadline after it. */
export async function scheduleBalanceTimers(tx: Tx, order: OrderRow) {
  if (order.depositCents === null || order.balanceDueAt === null) return;
  await scheduleJob(tx, {
    kind: CHARGE_BALANCE_JOB,
    key: chargeBalanceJobKey(order.id),
    runAt: order.balanceDueAt,
    payload: { orderId: order.id },
  });
  if (order.deliveryDate)
    await scheduleJob(tx, {
      kind: BALANCE_DEADLINE_JOB,
      key: balanceDeadlineJobKey(order.id),
      runAt: balanceDeadline(order.deliveryDate),
      payload: { orderId: order.id },
    });
}

/** The order is finished (completed or cancelled): no balance timer, and no balance left to charge. */
export async function cancelBalanceTimers(tx: Tx, { orderId, now }: { orderId: string; now: Date }) {
  await cancelJob(tx, chargeBalanceJobKey(orderId));
  await cancelJob(tx, balanceDeadlineJobKey(orderId));
  await tx
    .update(payments)
    .set({
      status: 'failed',
      failureMessage: 'The order was closed before its balance was charged.',
      updatedAt: now,
    })
    .where(
      and(
        eq(payments.orderId, orderId),
        eq(payments.purpose, 'balance'),
        eq(payments.offSession, true),
        isNull(payments.providerRef),
        eq(payments.status, 'requires_payment'),
      ),
    );
}
