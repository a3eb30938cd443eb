import { and, eq, isNull } from 'drizzle-orm';
import type { StripeOnboarding, VendorPayouts } from '../../../shared/schemas/payments.ts';
import type { Actor } from '../../actor.ts';
import type { Db } from '../../db/client.ts';
import { payouts, vendors } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { Logger } from '../../logger.ts';
import { vendorOf } from '../auth/index.ts';
import { cancelJob, scheduleJob, type OutsideJobHandler } from '../jobs/index.ts';
import { payOutAvailable } from '../ledger/index.ts';
import { publish, vendorOwnerId } from '../notifications/index.ts';
import { requireTaxInformation } from '../reporting/index.ts';
import { errorText, runJobsNow, type PaymentRound } from './batch.ts';
import { issueFeeInvoice } from './invoices.ts';
import { planPayoutTransfers, sendPayoutTransfers } from './payout-transfers.ts';
import type { PaymentProcessor } from './processor.ts';

/** A vendor's money going out: paying out the available balance, retrying it, and the payout account. */

/** The actor's vendor profile (404 without one). */
export async function payoutVendor(db: Db, actor: Actor) {
  const vendor = await vendorOf({ db, actor });
  if (!vendor) throw AppError.notFound('Vendor profile not found.');
  return vendor;
}

export const PAYOUT_ACCOUNT_MISSING =
  'Set up payouts with Stripe first: your money is paid to your Stripe account.';
export const PAYOUT_ACCOUNT_INCOMPLETE =
  'Finish setting up payouts with Stripe first: Stripe still needs some details from you.';

/** A payout whose transfer failed (or whose process stopped) is sent again this long after it was asked for. */
export const RETRY_PAYOUT_AFTER_MS = 5 * 60_000;

/**
 * Where a vendor's payouts go: their account with the processor when it keeps vendors' accounts (null
 * until they start its onboarding), else their Frosted id.
 */
const destinationOf = (
  processor: PaymentProcessor,
  vendor: { id: string; stripeAccountId: string | null },
) => (processor.vendorAccounts ? vendor.stripeAccountId : vendor.id);

/** The destination of a new payout, asked before any money moves: an account able to receive transfers. */
async function readyDestination(processor: PaymentProcessor, vendor: typeof vendors.$inferSelect) {
  const destination = destinationOf(processor, vendor);
  if (!destination) throw new AppError('CONFLICT', 409, PAYOUT_ACCOUNT_MISSING);
  if (processor.vendorAccounts && !(await processor.vendorAccounts.ready(destination)))
    throw new AppError('CONFLICT', 409, PAYOUT_ACCOUNT_INCOMPLETE);
  return destination;
}

/**
 * A vendor asks for their available balance. The ledger moves it and the payout row is written in one
 * transaction (never more than available, even for two requests at once), with its retry's job; the
 * transfer follows. A transfer that fails stays pending and its job sends it again with the same key.
 */
export async function requestPayout({
  db,
  processor,
  actor,
  now,
  log,
  platformGstNumber,
}: {
  db: Db;
  processor: PaymentProcessor;
  actor: Actor;
  now: Date;
  log: Logger;
  /** PLATFORM_GST_NUMBER, printed on the payout's fee invoice. */
  platformGstNumber?: string | undefined;
}): Promise<{ id: string; amountCents: number; status: string }> {
  const vendor = await payoutVendor(db, actor);
  // Part XX's seller report needs the vendor's tax information: no payout without it (decision 030).
  await requireTaxInformation(db, vendor.id);
  const destination = await readyDestination(processor, vendor);
  const payoutId = crypto.randomUUID();
  const outcome = await payOutAvailable(db, {
    vendorId: vendor.id,
    key: `payout:${payoutId}`,
    record: async (tx, amountCents) => {
      await tx
        .insert(payouts)
        .values({ id: payoutId, vendorId: vendor.id, amount: amountCents, createdAt: now, updatedAt: now });
      // Money from checkout groups goes in transfers of their own (transfer_group, source_transaction).
      await planPayoutTransfers(tx, { payoutId, vendorId: vendor.id, amountCents });
      // The fees and their tax charged since the last payout, invoiced with this one (decision 029).
      await issueFeeInvoice(tx, { payoutId, vendorId: vendor.id, now, platformGstNumber });
      // Its retry, should the transfer below fail or this process stop before it: cancelled once paid.
      await scheduleJob(tx, {
        kind: SEND_PAYOUT_JOB,
        key: sendPayoutJobKey(payoutId),
        runAt: new Date(now.getTime() + RETRY_PAYOUT_AFTER_MS),
        payload: { payoutId },
      });
    },
  });
  if (!outcome.ok) throw new AppError('CONFLICT', 409, 'There is no available balance to pay out yet.');
  const payout = { id: payoutId, amount: outcome.amountCents };
  try {
    await sendPayout({ db, processor, payout, destination, now });
    await cancelJob(db, sendPayoutJobKey(payoutId));
    return { id: payoutId, amountCents: outcome.amountCents, status: 'paid' };
  } catch (err) {
    log.error({ err, payoutId }, 'payout transfer failed; retried later');
    await recordPayoutFailure({ db, payoutId, err, now });
    return { id: payoutId, amountCents: outcome.amountCents, status: 'pending' };
  }
}

/** Sends a payout's transfer again (scheduled with the payout, for when the first one fails). */
export const SEND_PAYOUT_JOB = 'payments.sendPayout';
export const sendPayoutJobKey = (payoutId: string) => `payout:${payoutId}:send`;

/**
 * A payout the ledger has moved whose transfer has not gone through (it failed, or the process
 * stopped): sent again with the same idempotency key, so a transfer that did go through is not sent
 * twice. A failure is kept on the payout, and the queue tries again with backoff. `onSent` counts the
 * payouts sent, for whoever runs a round now.
 */
export function sendPayoutJob(processor: PaymentProcessor, onSent?: () => void): OutsideJobHandler {
  return {
    async outside(db, job, { now, log }) {
      const payoutId = String(job.payload.payoutId ?? '');
      const [pending] = await db
        .select({ payout: payouts, vendor: { id: vendors.id, stripeAccountId: vendors.stripeAccountId } })
        .from(payouts)
        .innerJoin(vendors, eq(vendors.id, payouts.vendorId))
        .where(and(eq(payouts.id, payoutId), eq(payouts.status, 'pending')));
      if (!pending) return;
      const { payout, vendor } = pending;
      try {
        const destination = destinationOf(processor, vendor);
        if (!destination) throw new Error('the vendor has no Stripe account to pay');
        await sendPayout({ db, processor, payout, destination, now });
        onSent?.();
      } catch (err) {
        log.error({ err, payoutId: payout.id }, 'payout transfer failed again; retried later');
        await recordPayoutFailure({ db, payoutId: payout.id, err, now });
        throw err;
      }
    },
  };
}

/** Sends the payouts whose retries are due now (the job runner sends them too). */
export async function retryPendingPayouts(round: PaymentRound): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  const { failed } = await runJobsNow(
    round,
    SEND_PAYOUT_JOB,
    sendPayoutJob(round.processor, () => sent++),
  );
  return { sent, failed };
}

/** A payout's transfer, keyed by the payout (sent again, it is sent once), then recorded as paid. */
async function sendPayout({
  db,
  processor,
  payout,
  destination,
  now,
}: {
  db: Db;
  processor: PaymentProcessor;
  payout: { id: string; amount: number };
  destination: string;
  now: Date;
}) {
  const parts = await sendPayoutTransfers(db, processor, { payoutId: payout.id, destination });
  const ref =
    parts?.join(',') ??
    (
      await processor.transfer({
        destination,
        amountCents: payout.amount,
        idempotencyKey: `payout:${payout.id}`,
        group: `payout:${payout.id}`,
      })
    ).ref;
  await recordPayoutPaid({ db, payoutId: payout.id, ref, now });
}

/**
 * A transfer that went through: the payout is paid, and the vendor told, in one transaction. Only a
 * pending payout moves, so a transfer recorded twice (a retry that raced) tells once.
 */
async function recordPayoutPaid({
  db,
  payoutId,
  ref,
  now,
}: {
  db: Db;
  payoutId: string;
  ref: string;
  now: Date;
}) {
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

/** A transfer that failed: why, on the payout, which stays pending until its retry. */
async function recordPayoutFailure({
  db,
  payoutId,
  err,
  now,
}: {
  db: Db;
  payoutId: string;
  err: unknown;
  now: Date;
}) {
  await db
    .update(payouts)
    .set({ lastError: errorText(err), updatedAt: now })
    .where(eq(payouts.id, payoutId));
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
  const accounts = processor.vendorAccounts;
  // Paid by their id: nothing to set up.
  if (!accounts) return { provider: processor.name, connected: true };
  const { stripeAccountId } = await payoutVendor(db, actor);
  if (!stripeAccountId) return { provider: processor.name, connected: false };
  const connected = await accounts.ready(stripeAccountId).catch((err: unknown) => {
    log.warn({ err, stripeAccountId }, 'could not ask Stripe about a connected account');
    return false;
  });
  return { provider: processor.name, connected };
}

/**
 * Stripe Connect Express onboarding: the vendor's account is created once (keyed by the vendor, its
 * id stored as soon as Stripe answers), then a single-use link to Stripe's hosted form, which sends
 * the vendor back to their Payouts tab. A processor without vendors' accounts has no onboarding (404).
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
  const accounts = processor.vendorAccounts;
  if (!accounts) throw AppError.notFound();
  const vendor = await payoutVendor(db, actor);
  let accountId = vendor.stripeAccountId;
  if (!accountId) {
    const created = await accounts.create({
      vendorId: vendor.id,
      email: actor.email,
      idempotencyKey: `account:${vendor.id}`,
    });
    // Two requests at once get the same account (same key); the first to record one wins.
    await db
      .update(vendors)
      .set({ stripeAccountId: created.accountId, updatedAt: now })
      .where(and(eq(vendors.id, vendor.id), isNull(vendors.stripeAccountId)));
    accountId = (await payoutVendor(db, actor)).stripeAccountId!;
  }
  const back = `${publicUrl}/vendor-dashboard?tab=payouts`;
  return accounts.onboardingLink({
    accountId,
    refreshUrl: `${back}&stripe=refresh`,
    returnUrl: `${back}&stripe=return`,
  });
}
