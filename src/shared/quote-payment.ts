import { paymentPlan } from './deposits.ts';
import type { QuotePayment } from './schemas/quotes.ts';
import { HOUR_MS, MINUTE_MS, vancouverDayStart } from './time.ts';

/** The instant of a brief's event: its Vancouver day at its time (HH:MM), the order's delivery date. */
export function briefEventAt(brief: { eventDate: string; eventTime: string }): Date {
  const [hours = 0, minutes = 0] = brief.eventTime.split(':').map(Number);
  return new Date(vancouverDayStart(brief.eventDate).getTime() + hours * HOUR_MS + minutes * MINUTE_MS);
}

/**
 * What accepting a quote of `totalCents` now asks the customer to pay, by the vendor's deposit terms:
 * the same plan the order gets when it is accepted at `now`. Null for a quote without a price.
 */
export function quotePayment(input: {
  totalCents: number | null;
  depositPercent: number;
  balanceDueDays: number;
  brief: { eventDate: string; eventTime: string };
  now: Date;
}): QuotePayment | null {
  if (input.totalCents === null) return null;
  const plan = paymentPlan({
    amountCents: input.totalCents,
    depositPercent: input.depositPercent,
    balanceDueDays: input.balanceDueDays,
    eventAt: briefEventAt(input.brief),
    now: input.now,
  });
  return plan.kind === 'full'
    ? plan
    : {
        kind: 'deposit',
        depositCents: plan.depositCents,
        balanceCents: plan.balanceCents,
        balanceDueDay: plan.balanceDueDay,
      };
}
