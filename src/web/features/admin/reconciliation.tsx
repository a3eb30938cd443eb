import { RefreshCw } from 'lucide-react';
import { Link } from 'react-router';
import { formatCents } from '../../../shared/money.ts';
import { orderStatusLabel } from '../../../shared/order-status.ts';
import type { Reconciliation as Report } from '../../../shared/schemas/reconciliation.ts';
import { formatDateTime } from '../../../shared/time.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useReconciliation } from './api.ts';
import { CheckCard, Empty, eventLabel, Figure, More, Section, sentence } from './reconciliation-parts.tsx';

const PROCESSOR_NAMES: Record<Report['processor']['name'], string> = { sandbox: 'Sandbox', stripe: 'Stripe' };

/**
 * The admins' reconciliation: the ledger's figures against the payment processor's own records,
 * ended orders that still hold money, processor events never applied, and the open claims.
 */
export function Reconciliation() {
  const report = useReconciliation();
  if (report.isPending) return <Spinner label="Loading the reconciliation" className="py-10" />;
  if (report.isError)
    return <LoadError message={report.error.message} onRetry={() => void report.refetch()} className="p-6" />;
  const r = report.data;
  const processor = PROCESSOR_NAMES[r.processor.name];
  const mismatches = r.checks.filter((c) => !c.matches).length;
  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-cocoa-600">Checked {formatDateTime(r.generatedAt)}</p>
        <Button
          variant="outline"
          size="sm"
          onClick={() => void report.refetch()}
          disabled={report.isFetching}
        >
          <RefreshCw aria-hidden className={report.isFetching ? 'animate-spin' : undefined} />
          {report.isFetching ? 'Checking...' : 'Check Again'}
        </Button>
      </div>

      <Section id="recon-checks" title={`The ledger against ${processor}’s records`}>
        {r.processor.error ? (
          <p role="alert" className="rounded-2xl bg-rose-50 p-4 text-sm font-medium text-rose-700">
            {r.processor.error}
          </p>
        ) : (
          <>
            <ul className="grid gap-4 sm:grid-cols-3" aria-label="Checks">
              {r.checks.map((c) => (
                <li key={c.key}>
                  <CheckCard check={c} processor={processor} />
                </li>
              ))}
            </ul>
            {mismatches > 0 && (
              <p className="mt-3 text-sm text-cocoa-600">
                Money moving while this page loaded can differ for a moment: check again before digging in. A
                difference that stays means a payment, refund or payout reached one side only.
              </p>
            )}
          </>
        )}
      </Section>

      <Section id="recon-totals" title="The ledger">
        <Card className="p-5">
          <dl className="grid grid-cols-2 gap-x-4 gap-y-5 lg:grid-cols-4">
            <Figure label="Collected" cents={r.totals.collectedCents} />
            <Figure label="Refunded" cents={r.totals.refundedCents} />
            <Figure label="Refunds owed" cents={r.totals.refundsOwedCents} />
            <Figure label="Paid out to vendors" cents={r.totals.paidOutCents} />
            <Figure label="Available to vendors" cents={r.totals.availableCents} />
            <Figure label="Held (payment protection)" cents={r.totals.heldCents} />
            <Figure label="Platform fees" cents={r.totals.feesCents} />
            <Figure label="GST on fees owed" cents={r.totals.gstCents} />
            {r.totals.pstCents > 0 && <Figure label="PST on fees owed" cents={r.totals.pstCents} />}
            <Figure label="Processor cash" cents={r.totals.processorCashCents} />
          </dl>
        </Card>
      </Section>

      <Section id="recon-stuck" title="Ended orders still holding money">
        {r.stuckOrders.orders.length === 0 ? (
          <Empty>No orders hold money after they ended.</Empty>
        ) : (
          <>
            <ul
              className="divide-y divide-cocoa-900/5 rounded-2xl bg-white text-sm"
              aria-label="Stuck orders"
            >
              {r.stuckOrders.orders.map((o) => (
                <li
                  key={o.orderId}
                  className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-3"
                >
                  <span className="flex flex-wrap items-center gap-2">
                    <span className="font-medium text-cocoa-900">{o.orderNumber}</span>
                    <Badge variant="outline">{orderStatusLabel(o.status)}</Badge>
                  </span>
                  <span className="font-semibold">{formatCents(o.heldCents)} held</span>
                </li>
              ))}
            </ul>
            <More shown={r.stuckOrders.orders.length} total={r.stuckOrders.total} />
          </>
        )}
      </Section>

      <Section id="recon-events" title="Processor events not applied">
        {r.unappliedEvents.events.length === 0 ? (
          <Empty>Every event the processor sent has been applied.</Empty>
        ) : (
          <>
            <ul
              className="divide-y divide-cocoa-900/5 rounded-2xl bg-white text-sm"
              aria-label="Unapplied events"
            >
              {r.unappliedEvents.events.map((e) => (
                <li key={e.id} className="space-y-1 px-4 py-3">
                  <div className="flex flex-wrap justify-between gap-x-4">
                    <span className="font-medium text-cocoa-900">{eventLabel(e.type)}</span>
                    <span className="text-cocoa-600">Received {formatDateTime(e.receivedAt)}</span>
                  </div>
                  <p className="text-cocoa-600">{e.error ? sentence(e.error) : 'No error was recorded.'}</p>
                  <p className="break-all font-mono text-xs text-cocoa-500">{e.id}</p>
                </li>
              ))}
            </ul>
            <More shown={r.unappliedEvents.events.length} total={r.unappliedEvents.total} />
          </>
        )}
      </Section>

      <Section id="recon-claims" title="Open claims">
        <Card className="flex flex-wrap items-center justify-between gap-3 p-5">
          <p className="text-cocoa-700">
            {r.openClaims === 0
              ? 'No open claims. No money is waiting for a decision.'
              : `${r.openClaims} open ${r.openClaims === 1 ? 'claim holds its' : 'claims hold their'} order’s money until an admin decides.`}
          </p>
          {r.openClaims > 0 && (
            <Button asChild variant="outline" size="sm">
              <Link to="?tab=claims">Review Claims</Link>
            </Button>
          )}
        </Card>
      </Section>
    </div>
  );
}
