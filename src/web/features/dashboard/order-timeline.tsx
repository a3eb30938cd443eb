import { Check, X } from 'lucide-react';
import { ORDER_FLOW_STATUSES } from '../../../shared/order-machine.ts';
import { orderStatusLabel } from '../../../shared/order-status.ts';
import { cn } from '../../lib/cn.ts';

const FLOW = ORDER_FLOW_STATUSES;

/** Where an order stands, step by step, from its real status. */
export function OrderTimeline({ status }: { status: string }) {
  if (status === 'cancelled') {
    return (
      <p className="flex items-center gap-2 text-sm font-medium text-rose-700">
        <X className="size-4" aria-hidden /> This order was cancelled.
      </p>
    );
  }
  const current = FLOW.indexOf(status as (typeof FLOW)[number]);
  return (
    <ol className="grid grid-cols-4 gap-2 sm:grid-cols-7" aria-label="Order progress">
      {FLOW.map((step, i) => {
        const done = i <= current;
        return (
          <li
            key={step}
            aria-current={i === current ? 'step' : undefined}
            className="flex flex-col items-center gap-1 text-center text-xs"
          >
            <span
              className={cn(
                'flex size-7 items-center justify-center rounded-full border-2',
                done ? 'border-rose-500 bg-rose-500 text-white' : 'border-cream-300 text-cocoa-400',
              )}
            >
              {done ? <Check className="size-4" aria-hidden /> : i + 1}
            </span>
            <span className={done ? 'font-semibold text-cocoa-900' : 'text-cocoa-500'}>
              {orderStatusLabel(step)}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
