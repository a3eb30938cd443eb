import { Lock } from 'lucide-react';
import { isFinalOrderStatus } from '../../../shared/order-machine.ts';
import { designLockedText } from '../../../shared/proofs.ts';
import type { OrderDetail } from '../../../shared/schemas/orders.ts';
import { useOrderProofs } from './api.ts';

/**
 * On the brief, once changes have closed: the design is locked, since when and why. Shown to both
 * sides while the order runs; the cut-off comes with the order's proofs (the same query as the panel).
 */
export function DesignLockNote({ order }: { order: OrderDetail }) {
  const proofs = useOrderProofs(order.id);
  const changes = proofs.data?.changes;
  if (!changes?.closesAt || changes.open || isFinalOrderStatus(order.status)) return null;
  return (
    <p className="mt-3 flex items-start gap-2 rounded-xl bg-white/70 px-3 py-2 text-sm font-medium text-cocoa-800">
      <Lock className="mt-0.5 size-4 shrink-0 text-cocoa-500" aria-hidden />
      <span>{designLockedText(changes.closesAt, changes.cutoffHours)}</span>
    </p>
  );
}
