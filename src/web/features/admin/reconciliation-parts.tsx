import { CircleAlert, CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatCents } from '../../../shared/money.ts';
import type { ReconciliationCheck } from '../../../shared/schemas/reconciliation.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Card } from '../../components/ui/card.tsx';

/** "no payment yet" → "No payment yet." */
export const sentence = (text: string) =>
  `${text.charAt(0).toUpperCase()}${text.slice(1)}${/[.!?]$/.test(text) ? '' : '.'}`;
/** "payment.succeeded" → "Payment succeeded". */
export const eventLabel = (type: string) => {
  const words = type.replace(/[._]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-3 text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function CheckCard({ check, processor }: { check: ReconciliationCheck; processor: string }) {
  const diff = check.differenceCents;
  return (
    <Card className="h-full space-y-3 p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">{check.label}</h3>
        {check.matches ? (
          <Badge variant="verified">
            <CircleCheck aria-hidden /> Matches
          </Badge>
        ) : (
          <Badge>
            <CircleAlert aria-hidden /> Mismatch
          </Badge>
        )}
      </div>
      <dl className="space-y-1 text-sm">
        <div className="flex justify-between gap-3">
          <dt className="text-cocoa-600">Ledger</dt>
          <dd className="font-medium">{formatCents(check.ledgerCents)}</dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="text-cocoa-600">{processor}</dt>
          <dd className="font-medium">{formatCents(check.processorCents)}</dd>
        </div>
      </dl>
      {!check.matches && (
        <p className="text-sm font-medium text-rose-700">
          {processor} shows {formatCents(Math.abs(diff))} {diff > 0 ? 'more' : 'less'} than the ledger.
        </p>
      )}
    </Card>
  );
}

export function Figure({ label, cents }: { label: string; cents: number }) {
  return (
    <div>
      <dt className="text-sm text-cocoa-600">{label}</dt>
      <dd className="mt-1 font-display text-xl font-semibold text-cocoa-900 sm:text-2xl">
        {formatCents(cents)}
      </dd>
    </div>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <Card className="p-6 text-center text-cocoa-600">{children}</Card>;
}

export function More({ shown, total }: { shown: number; total: number }) {
  if (total <= shown) return null;
  return (
    <p className="mt-2 text-sm text-cocoa-600">
      Showing the newest {shown} of {total}.
    </p>
  );
}
