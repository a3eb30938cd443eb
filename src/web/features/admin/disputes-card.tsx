import { useState } from 'react';
import { toast } from 'sonner';
import { formatCents } from '../../../shared/money.ts';
import { DISPUTE_STATUS_LABELS, type DisputeSummary } from '../../../shared/schemas/disputes.ts';
import { formatDateTime } from '../../../shared/time.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useDisputeDetail, useResolveSandboxDispute, useSubmitEvidence } from './disputes-api.ts';

const REASONS: Record<string, string> = {
  fraudulent: 'Fraudulent (the card holder says they did not pay)',
  product_not_received: 'Product not received',
  product_unacceptable: 'Product unacceptable',
  duplicate: 'Duplicate',
  credit_not_processed: 'Credit not processed',
  subscription_canceled: 'Subscription cancelled',
  general: 'General',
};

/** One open dispute: what the bank says, the evidence Frosted holds, and submitting it before it is due. */
export function OpenDispute({ item, canResolveByHand }: { item: DisputeSummary; canResolveByHand: boolean }) {
  const [showEvidence, setShowEvidence] = useState(false);
  const detail = useDisputeDetail(item.id, showEvidence);
  const submit = useSubmitEvidence(item.id);
  const resolve = useResolveSandboxDispute(item.id);
  const orders = item.orders.map((o) => `${o.orderNumber} · ${o.vendorName}`).join(', ');
  const waiting = item.status === 'needs_response' || item.status === 'warning_needs_response';
  const fail = (err: Error) => toast.error(err.message);
  return (
    <Card className="space-y-4 p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-lg font-semibold">{orders}</h3>
        <Badge>{DISPUTE_STATUS_LABELS[item.status]}</Badge>
      </div>
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        <div>
          <dt className="inline font-semibold">Amount: </dt>
          <dd className="inline">{formatCents(item.amountCents)}</dd>
        </div>
        <div>
          <dt className="inline font-semibold">Evidence due: </dt>
          <dd className="inline">{item.dueBy ? formatDateTime(item.dueBy) : 'no date given'}</dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="inline font-semibold">Reason: </dt>
          <dd className="inline">{REASONS[item.reason] ?? item.reason}</dd>
        </div>
        {item.evidenceSubmittedAt && (
          <div className="sm:col-span-2">
            <dt className="inline font-semibold">Evidence submitted: </dt>
            <dd className="inline">{formatDateTime(item.evidenceSubmittedAt)}</dd>
          </div>
        )}
      </dl>
      <div className="flex flex-wrap gap-3">
        <Button variant="outline" aria-expanded={showEvidence} onClick={() => setShowEvidence((v) => !v)}>
          {showEvidence ? 'Hide evidence' : 'Review evidence'}
        </Button>
        {waiting && (
          <Button
            disabled={submit.isPending}
            onClick={() =>
              submit.mutate(undefined, {
                onSuccess: () => toast.success('Evidence submitted to the card issuer.'),
                onError: fail,
              })
            }
          >
            {submit.isPending ? 'Submitting...' : 'Submit evidence'}
          </Button>
        )}
        {canResolveByHand &&
          (['won', 'lost'] as const).map((outcome) => (
            <Button
              key={outcome}
              variant="outline"
              disabled={resolve.isPending}
              onClick={() =>
                resolve.mutate(
                  { outcome },
                  { onSuccess: () => toast.success(`Dispute ${outcome}.`), onError: fail },
                )
              }
            >
              {outcome === 'won' ? 'Sandbox: bank decides won' : 'Sandbox: bank decides lost'}
            </Button>
          ))}
      </div>
      {showEvidence &&
        (detail.isPending ? (
          <Spinner label="Loading the evidence" className="py-4" />
        ) : detail.isError ? (
          <LoadError message={detail.error.message} onRetry={() => void detail.refetch()} />
        ) : (
          <section
            aria-label={`Evidence for ${orders}`}
            className="space-y-3 border-t border-cocoa-900/10 pt-4"
          >
            {detail.data.evidence.sections.map((s) => (
              <div key={s.title}>
                <h4 className="font-semibold text-cocoa-900">{s.title}</h4>
                <ul className="mt-1 space-y-0.5 text-sm break-words text-cocoa-700">
                  {s.lines.map((line, i) => (
                    <li key={i}>{line}</li>
                  ))}
                </ul>
              </div>
            ))}
          </section>
        ))}
    </Card>
  );
}
