import { and, asc, eq, gte, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { payments, processorEvents } from '../../db/schema/index.ts';
import type { OutsideJobHandler } from '../jobs/index.ts';
import { eachOnItsOwn, type PaymentRound } from './batch.ts';
import { applyProcessorEvent, recordEventFailure } from './events.ts';
import { askAboutOpenGroups } from './group-outcomes.ts';
import { retryPendingPayouts } from './payouts.ts';
import type { PaymentProcessor, ProcessorEvent } from './processor.ts';

const MINUTE = 60_000;
/** An open payment is left to its webhook this long before recovery asks the processor about it… */
export const ASK_ABOUT_PAYMENT_AFTER_MS = 10 * MINUTE;
/** …and asked again after this long at first, then after a sixth of its age (so less often as it ages)… */
export const ASK_AGAIN_AFTER_MS = 10 * MINUTE;
/** …for this long: past Stripe's 3 days of webhook retries, and its 7-day card holds. */
export const RECOVERY_WINDOW_MS = 7 * 24 * 60 * MINUTE;
const BATCH = 20;

export interface RecoveryRound {
  /** Stored events applied now (they had arrived before their payment's processor id was recorded). */
  eventsApplied: number;
  /** Open payments the processor said had succeeded, finished now. */
  paymentsRecovered: number;
  payoutsSent: number;
  payoutsFailed: number;
}

/** The recovery sweep, a job that runs again every minute for as long as the server runs. */
export const RECOVER_PAYMENTS_JOB = 'payments.recover';
const RECOVER_PAYMENTS_JOB_KEY = 'payments:recover';
export const RECOVER_EVERY_MS = MINUTE;

type Round = PaymentRound;

/**
 * So that no money is left half-moved by a missed webhook or a crash: (a) events stored but not
 * applied whose payment is now known, (b) payments still open a while after they started, asked of
 * the processor (a success is applied as an event of its own, `recovered:{paymentId}`; if the order
 * was cancelled meanwhile, applying it refunds). Payouts whose transfer never went through have jobs
 * of their own (payouts.ts). The time is the caller's (services.clock); nothing here waits.
 */
async function sweep(round: Round) {
  const eventsApplied = await applyStoredEvents(round);
  const groupsRecovered = await askAboutOpenGroups(round, {
    afterMs: ASK_ABOUT_PAYMENT_AFTER_MS,
    windowMs: RECOVERY_WINDOW_MS,
    limit: BATCH,
  });
  const paymentsRecovered = (await askAboutOpenPayments(round)) + groupsRecovered;
  return { eventsApplied, paymentsRecovered };
}

/** The sweep's job (one pending for all processes); each process starts it with scheduleRecovery. */
export const recoverPaymentsJob = (processor: PaymentProcessor): OutsideJobHandler => ({
  async outside(db, _job, { now, log }) {
    await sweep({ db, processor, now, log });
    return { runAgainAt: new Date(now.getTime() + RECOVER_EVERY_MS) };
  },
});

/** Sets the recovery sweep going, unless it already is (every process calls this at start). */
export async function scheduleRecovery(db: Db, now: Date) {
  await db.execute(sql`
    INSERT INTO jobs (id, kind, key, run_at, payload)
    VALUES (${crypto.randomUUID()}, ${RECOVER_PAYMENTS_JOB}, ${RECOVER_PAYMENTS_JOB_KEY}, ${now}, '{}'::jsonb)
    ON CONFLICT (key) WHERE status = 'pending' DO NOTHING`);
}

/**
 * One recovery round now: the sweep, then the payout transfers whose retry is due (what the job runner
 * does over a minute, at once).
 */
export async function recoverPayments(round: Round): Promise<RecoveryRound> {
  const swept = await sweep(round);
  const { sent, failed } = await retryPendingPayouts(round);
  return { ...swept, payoutsSent: sent, payoutsFailed: failed };
}

const ago = (now: Date, ms: number) => new Date(now.getTime() - ms);

/** Not asked yet, or long enough ago: a checkout abandoned for days costs dozens of questions, not a thousand. */
const dueForAsking = (now: Date) => {
  const at = sql`${now.toISOString()}::timestamptz`;
  const every = sql.raw(`interval '${ASK_AGAIN_AFTER_MS / 1000} seconds'`);
  return or(
    isNull(payments.checkedAt),
    lte(payments.checkedAt, sql`${at} - greatest(${every}, (${at} - ${payments.createdAt}) / 6)`),
  );
};

/**
 * (a) Events kept unapplied because their payment was unknown, now that it is known, and events that
 * failed to apply whose next try is due. Each on its own: one that fails again has its failure
 * recorded on its row (attempts, error, next try, by applyProcessorEvent) and the others go on.
 * Flagged events (an amount or currency that is not the payment's) wait for an admin.
 */
async function applyStoredEvents({ db, processor, now, log }: Round): Promise<number> {
  const waiting = await db
    .select({ id: processorEvents.id, payload: processorEvents.payload })
    .from(processorEvents)
    .innerJoin(
      payments,
      and(
        eq(payments.provider, processorEvents.provider),
        eq(payments.providerRef, sql`${processorEvents.payload} ->> 'paymentRef'`),
      ),
    )
    .where(
      and(
        isNull(processorEvents.appliedAt),
        isNull(processorEvents.flaggedAt),
        eq(processorEvents.provider, processor.name),
        gte(processorEvents.receivedAt, ago(now, RECOVERY_WINDOW_MS)),
        or(isNull(processorEvents.nextTryAt), lte(processorEvents.nextTryAt, now)),
      ),
    )
    .orderBy(asc(processorEvents.receivedAt))
    .limit(BATCH);
  const { applied } = await eachOnItsOwn({
    items: waiting,
    outcomes: ['applied'],
    handle: async ({ payload }) => {
      const event = storedEvent.parse(payload);
      const result = await applyProcessorEvent({ db, provider: processor.name, event, now, log });
      return result.applied ? 'applied' : null;
    },
    failed: async ({ id }, err) => {
      // A payload that is not an event never reached applyProcessorEvent: its failure is recorded here.
      if (err instanceof z.ZodError)
        await recordEventFailure({ db, eventId: id, err: new Error('not a processor event'), now });
      log.error({ err, eventId: id }, 'stored processor event not applied; tried again later');
    },
  });
  return applied;
}

/** What a stored event's payload must be to be applied again (it was written by an earlier version, maybe). */
const storedEvent: z.ZodType<ProcessorEvent> = z.discriminatedUnion('type', [
  z.object({
    id: z.string(),
    type: z.literal('payment.succeeded'),
    paymentRef: z.string(),
    amountCents: z.number(),
    currency: z.string().default('unknown'),
    savedMethodRef: z.string().nullish(),
    customerRef: z.string().nullish(),
  }),
  z.object({
    id: z.string(),
    type: z.literal('payment.failed'),
    paymentRef: z.string(),
    message: z.string(),
  }),
  z.object({ id: z.string(), type: z.literal('payment.requires_action'), paymentRef: z.string() }),
]);

/** (b) Payments still open a while after they started: did the processor take the money? */
async function askAboutOpenPayments({ db, processor, now, log }: Round): Promise<number> {
  const open = await db
    .select({ id: payments.id, providerRef: payments.providerRef })
    .from(payments)
    .where(
      and(
        eq(payments.provider, processor.name),
        inArray(payments.status, [...processor.reopenable]),
        isNotNull(payments.providerRef),
        lte(payments.updatedAt, ago(now, ASK_ABOUT_PAYMENT_AFTER_MS)),
        gte(payments.createdAt, ago(now, RECOVERY_WINDOW_MS)),
        dueForAsking(now),
      ),
    )
    .orderBy(asc(payments.createdAt))
    .limit(BATCH);
  const { recovered } = await eachOnItsOwn({
    items: open,
    outcomes: ['recovered'],
    // Claimed for this period: another process skips it; a processor that is down is asked later.
    claim: async ({ id }) => {
      const claimed = await db
        .update(payments)
        .set({ checkedAt: now })
        .where(and(eq(payments.id, id), dueForAsking(now)))
        .returning({ id: payments.id });
      return claimed.length > 0;
    },
    handle: async ({ id, providerRef }) => {
      const seen = await processor.retrievePayment(providerRef!);
      if (seen.status !== 'succeeded') return null;
      const event: ProcessorEvent = {
        id: `recovered:${id}`,
        type: 'payment.succeeded',
        paymentRef: providerRef!,
        amountCents: seen.amountCents,
        currency: seen.currency,
        // A deposit's card, saved for the balance, is kept as the lost event would have kept it.
        savedMethodRef: seen.savedMethodRef,
        customerRef: seen.customerRef,
      };
      const result = await applyProcessorEvent({ db, provider: processor.name, event, now, log });
      if (!result.applied) return null;
      log.warn({ paymentId: id }, 'payment finished by recovery: its success event never arrived');
      return 'recovered';
    },
    failed: async ({ id }, err) => {
      log.error({ err, paymentId: id }, 'could not ask the processor about an open payment');
    },
  });
  return recovered;
}
