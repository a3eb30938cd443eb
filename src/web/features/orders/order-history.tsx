import type { OrderDetail } from '../../../shared/schemas/orders.ts';
import { formatDateTime } from '../../../shared/time.ts';

const PARTY = { customer: 'Customer', vendor: 'Vendor', admin: 'Frosted', system: 'Frosted' } as const;

type HistoryStep =
  | { kind: 'event'; at: string; e: OrderDetail['events'][number] }
  | ({ kind: 'proof' } & OrderDetail['proofSteps'][number]);

/** The order's changes and its design proof rounds, in the order they happened. */
function history(o: OrderDetail): HistoryStep[] {
  const steps: HistoryStep[] = [
    ...o.events.map((e) => ({ kind: 'event' as const, at: e.at, e })),
    ...o.proofSteps.map((p) => ({ kind: 'proof' as const, ...p })),
  ];
  // A stable sort: at the same moment, the order's own change comes first.
  return steps.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}

/** The order's history: each change (with its note and the delivery photo) and each proof round. */
export function OrderHistory({ order: o }: { order: OrderDetail }) {
  return (
    <ol className="space-y-3 border-l-2 border-cream-300 pl-4" aria-label="Order history">
      {history(o).map((step) =>
        step.kind === 'proof' ? (
          <li key={step.key} className="relative">
            <span aria-hidden className="absolute top-1.5 -left-[1.4rem] size-2.5 rounded-full bg-gold-500" />
            <p className="text-sm font-medium text-cocoa-800">{step.label}</p>
            <p className="text-xs text-cocoa-500">
              <time dateTime={step.at}>{formatDateTime(step.at)}</time> · {PARTY[step.party]}
            </p>
          </li>
        ) : (
          <li key={step.e.seq} className="relative">
            <span aria-hidden className="absolute top-1.5 -left-[1.4rem] size-2.5 rounded-full bg-rose-500" />
            <p className="text-sm font-medium text-cocoa-800">{step.e.label}</p>
            <p className="text-xs text-cocoa-500">
              <time dateTime={step.e.at}>{formatDateTime(step.e.at)}</time> · {PARTY[step.e.party]}
            </p>
            {step.e.note && <p className="mt-1 text-sm text-cocoa-600">“{step.e.note}”</p>}
            {step.e.photo && (
              <a href={step.e.photo.url} target="_blank" rel="noreferrer" className="mt-2 inline-block">
                <img
                  src={step.e.photo.thumbUrl}
                  alt={`The delivered cake, order ${o.orderNumber}`}
                  width={step.e.photo.width}
                  height={step.e.photo.height}
                  loading="lazy"
                  className="h-auto max-h-40 w-auto max-w-56 rounded-xl object-cover ring-1 ring-cocoa-900/10"
                />
              </a>
            )}
          </li>
        ),
      )}
    </ol>
  );
}
