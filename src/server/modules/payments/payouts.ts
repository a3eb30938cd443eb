import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { StripeOnboarding, VendorPayouts } from '../../../shared/schemas/payments.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { payouts, vendors } from '../../db/schema/index.ts';
import { AppError } from '../../http/app-error.ts';
import type { Logger } from '../../logger.ts';
import type { Actor } from '../auth/actor.ts';
import { payOutAvailable, vendorBalances } from '../ledger/ledger.ts';
import { publish, vendorOwnerId } from '../notifications/index.ts';
import type { PaymentProcessor } from './processor.ts';
import { isStripeProcessor } from './stripe.ts';

/** A vendor's money: the Payouts tab, paying out the available balance, and the payout account. */

async function vendorOf(db: Db, actor: Actor) {
  const [vendor] = await db.select().from(vendors).where(eq(vendors.userId, actor.id));
  if (!vendor) throw AppError.notFound('Vendor profile not found.');
  return vendor;
}

export const PAYOUT_ACCOUNT_MISSING =
  'Set up payouts with Stripe first: your money is paid to your Stripe account.';
export const PAYOUT_ACCOUNT_INCOMPLETE =
  'Finish setting up payouts with Stripe first: Stripe still needs some details from you.';

/**
 * Where a vendor's payouts go: their id in the sandbox; under Stripe their connected account, which
 * must exist and be able to receive transfers (asked before any money moves).
 */
async function payoutDestination(processor: PaymentProcessor, vendor: typeof vendors.$inferSelect) {
  if (!isStripeProcessor(processor)) return vendor.id;
  if (!vendor.stripeAccountId) throw new AppError('CONFLICT', 409, PAYOUT_ACCOUNT_MISSING);
  if (!(await processor.accountReady(vendor.stripeAccountId)))
    throw new AppError('CONFLICT', 409, PAYOUT_ACCOUNT_INCOMPLETE);
  return vendor.stripeAccountId;
}

/**
 * A vendor asks for their available balance. The ledger moves it and the payout row is written in one
 * transaction (never more than available, even for two requests at once); the transfer follows. A
 * transfer that fails stays pending and recovery retries it with the same idempotency key.
 */
export async function requestPayout({
  db,
  processor,
  actor,
  now,
  log,
}: {
  db: Db;
  processor: PaymentProcessor;
  actor: Actor;
  now: Date;
  log: Logger;
}): Promise<{ id: string; amountCents: number; status: string }> {
  const vendor = await vendorOf(db, actor);
  const destination = await payoutDestination(processor, vendor);
  const payoutId = crypto.randomUUID();
  const outcome = await payOutAvailable(db, {
    vendorId: vendor.id,
    key: `payout:${payoutId}`,
    record: (tx, amountCents) =>
      tx
        .insert(payouts)
        .values({ id: payoutId, vendorId: vendor.id, amount: amountCents, createdAt: now, updatedAt: now })
        .then(() => undefined),
  });
  if (!outcome.ok) throw new AppError('CONFLICT', 409, 'There is no available balance to pay out yet.');
  try {
    const { ref } = await processor.transfer({
      destination,
      amountCents: outcome.amountCents,
      idempotencyKey: `payout:${payoutId}`,
      group: `payout:${payoutId}`,
    });
    await recordPayoutPaid(db, { payoutId, ref, now });
    return { id: payoutId, amountCents: outcome.amountCents, status: 'paid' };
  } catch (err) {
    log.error({ err, payoutId }, 'payout transfer failed; retried later');
    await db
      .update(payouts)
      .set({ lastError: err instanceof Error ? err.message : String(err), updatedAt: now })
      .where(eq(payouts.id, payoutId));
    return { id: payoutId, amountCents: outcome.amountCents, status: 'pending' };
  }
}

/**
 * A transfer that went through: the payout is paid, and the vendor told, in one transaction. Only a
 * pending payout moves, so a transfer recorded twice (a retry that raced) tells once.
 */
export async function recordPayoutPaid(
  db: Db,
  { payoutId, ref, now }: { payoutId: string; ref: string; now: Date },
) {
  await db.transaction(async (tx) => {
    const [paid] = await tx
      .update(payouts)
      .set({ status: 'paid', providerRef: ref, lastError: null, updatedAt: now })
      .where(and(eq(payouts.id, payoutId), eq(payouts.status, 'pending')))
      .returning({ vendorId: payouts.vendorId });
    if (!paid) return;
    const owner = await vendorOwnerId(tx, paid.vendorId);
    await publish(tx, { type: 'payout.sent', userIds: [owner], refs: { payoutId } });
  });
}

/**
 * How the vendor is paid: the sandbox records payouts; Stripe pays their connected account, which is
 * "connected" once its onboarding lets it receive transfers. Stripe being unreachable shows as not
 * connected (the setup button then only makes a new onboarding link).
 */
export async function payoutMethod({
  db,
  processor,
  actor,
  log,
}: {
  db: Db;
  processor: PaymentProcessor;
  actor: Actor;
  log: Logger;
}): Promise<VendorPayouts['payoutMethod']> {
  if (!isStripeProcessor(processor)) return { provider: 'sandbox', connected: true };
  const { stripeAccountId } = await vendorOf(db, actor);
  if (!stripeAccountId) return { provider: 'stripe', connected: false };
  const connected = await processor.accountReady(stripeAccountId).catch((err: unknown) => {
    log.warn({ err, stripeAccountId }, 'could not ask Stripe about a connected account');
    return false;
  });
  return { provider: 'stripe', connected };
}

/**
 * Stripe Connect Express onboarding: the vendor's account is created once (keyed by the vendor, its
 * id stored as soon as Stripe answers), then a single-use link to Stripe's hosted form, which sends
 * the vendor back to their Payouts tab.
 */
export async function startStripeOnboarding({
  db,
  processor,
  actor,
  publicUrl,
  now,
}: {
  db: Db;
  processor: PaymentProcessor;
  actor: Actor;
  publicUrl: string;
  now: Date;
}): Promise<StripeOnboarding> {
  if (!isStripeProcessor(processor)) throw AppError.notFound();
  const vendor = await vendorOf(db, actor);
  let accountId = vendor.stripeAccountId;
  if (!accountId) {
    const created = await processor.createConnectedAccount({
      vendorId: vendor.id,
      email: actor.email,
      idempotencyKey: `account:${vendor.id}`,
    });
    // Two requests at once get the same account (same key); the first to record one wins.
    await db
      .update(vendors)
      .set({ stripeAccountId: created.accountId, updatedAt: now })
      .where(and(eq(vendors.id, vendor.id), isNull(vendors.stripeAccountId)));
    accountId = (await vendorOf(db, actor)).stripeAccountId!;
  }
  const back = `${publicUrl}/vendor-dashboard?tab=payouts`;
  return processor.onboardingLink({
    accountId,
    refreshUrl: `${back}&stripe=refresh`,
    returnUrl: `${back}&stripe=return`,
  });
}

/** The vendor's Payouts tab: balances, per order what the ledger moved, and their payouts. */
export async function vendorPayouts(db: Db, actor: Actor): Promise<Omit<VendorPayouts, 'payoutMethod'>> {
  const vendor = await vendorOf(db, actor);
  const balances = await vendorBalances(db, vendor.id);
  const rows = await queryRows<{
    order_id: string;
    order_number: string;
    status: string;
    amount: number;
    account_kind: string;
    transaction_kind: string;
    total: string;
  }>(
    db,
    sql`SELECT o.id AS order_id, o.order_number, o.status, o.amount, a.kind AS account_kind,
          t.kind AS transaction_kind, sum(e.amount)::text AS total
        FROM orders o
        JOIN ledger_transactions t ON t.order_id = o.id
        JOIN ledger_entries e ON e.transaction_id = t.id
        JOIN ledger_accounts a ON a.id = e.account_id
        WHERE o.vendor_id = ${vendor.id}
        GROUP BY o.id, o.order_number, o.status, o.amount, o.created_at, a.kind, t.kind
        ORDER BY o.created_at DESC`,
  );
  const byOrder = new Map<string, VendorPayouts['orders'][number]>();
  for (const r of rows) {
    const line =
      byOrder.get(r.order_id) ??
      ({
        orderId: r.order_id,
        orderNumber: r.order_number,
        status: r.status,
        amountCents: r.amount,
        heldCents: 0,
        vendorCents: 0,
        feeCents: 0,
        refundedCents: 0,
      } satisfies VendorPayouts['orders'][number]);
    const total = Number(r.total);
    if (r.account_kind === 'order_held') line.heldCents -= total;
    else if (r.account_kind === 'vendor_payable') line.vendorCents -= total;
    else if (r.account_kind === 'platform_revenue') line.feeCents -= total;
    else if (r.account_kind === 'refunds_payable' && r.transaction_kind !== 'refund_sent')
      line.refundedCents -= total;
    byOrder.set(r.order_id, line);
  }
  const list = await db
    .select()
    .from(payouts)
    .where(eq(payouts.vendorId, vendor.id))
    .orderBy(desc(payouts.createdAt))
    .limit(100);
  return {
    ...balances,
    orders: [...byOrder.values()],
    payouts: list.map((p) => ({
      id: p.id,
      amountCents: p.amount,
      status: p.status,
      createdAt: p.createdAt.toISOString(),
    })),
  };
}
