import { useState } from 'react';
import { cancellationInputOf, cancellationSplit } from '../../../shared/cancellation.ts';
import { formatCents } from '../../../shared/money.ts';
import type { OrderDetail } from '../../../shared/schemas/orders.ts';

/** What cancelling now does to the money, by the Terms (the same function the server settles with). */
export function CancellationPreview({ order, action }: { order: OrderDetail; action: string }) {
  // The moment the dialog opened: what cancelling now would do.
  const [now] = useState(() => new Date());
  if (order.heldCents <= 0) return null;
  if (action !== 'cancel')
    return (
      <p className="rounded-2xl bg-cream-100 p-4 text-sm text-cocoa-700">
        The customer gets a full refund of {formatCents(order.heldCents)}.
      </p>
    );
  const split = cancellationSplit(cancellationInputOf(order, { by: 'customer', at: now }));
  if (!split)
    return (
      <p role="alert" className="rounded-2xl bg-rose-50 p-4 text-sm text-rose-800">
        The delivery time has passed, so this order can no longer be cancelled. If something is wrong, open a
        satisfaction claim.
      </p>
    );
  const rule = {
    full: 'More than 48 hours before delivery: a full refund.',
    'vendor-policy': `Within 48 hours of delivery: the vendor refunds ${order.terms.refundPercent}%.`,
    late: `Within 24 hours of delivery: the vendor’s ${order.terms.refundPercent}% less a late-cancellation fee.`,
    'vendor-cancelled': '',
  }[split.band];
  return (
    <div className="rounded-2xl bg-cream-100 p-4 text-sm text-cocoa-700">
      <p>{rule}</p>
      <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
        <dt>Your refund</dt>
        <dd className="text-right font-semibold text-cocoa-900">{formatCents(split.refundCents)}</dd>
        <dt>To the vendor</dt>
        <dd className="text-right">{formatCents(split.vendorCents)}</dd>
        <dt>Frosted’s fees</dt>
        <dd className="text-right">{formatCents(split.platformCents)}</dd>
      </dl>
    </div>
  );
}
