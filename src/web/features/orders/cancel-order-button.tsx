import { useState } from 'react';
import {
  ORDER_TRANSITIONS,
  type OrderAction,
  type OrderTransitionRule,
} from '../../../shared/order-machine.ts';
import type { OrderStatus } from '../../../shared/order-status.ts';
import { Button } from '../../components/ui/button.tsx';
import { ApiError } from '../../lib/api.ts';
import { useOrder } from './api.ts';
import { CancellationPreview } from './cancellation-preview.tsx';
import { ReasonDialog, useOrderChange } from './order-actions.tsx';

/**
 * An order's cancellation offered on its own (when it is the only change there is, onlyCancellation):
 * the button asks why in the dialog the tracker's Cancel Order uses, with what cancelling does to the
 * money once the order is loaded. `name` makes the button's accessible name from its label (which
 * order it is for, in a list of them).
 */
export function CancelOrderButton({
  order,
  action,
  name,
}: {
  order: { id: string; orderNumber: string; status: OrderStatus };
  action: OrderAction;
  name?: (label: string) => string;
}) {
  const [open, setOpen] = useState(false);
  const detail = useOrder(order.id, { enabled: open });
  const { change, run } = useOrderChange(order);
  const rule: OrderTransitionRule = ORDER_TRANSITIONS[action];
  const label = rule.button ?? 'Cancel Order';
  return (
    <>
      <Button variant="outline" size="sm" aria-label={name?.(label)} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <ReasonDialog
        action={open ? { action, label, needsReason: true, notYet: null } : null}
        preview={detail.data && <CancellationPreview order={detail.data} action={action} />}
        orderNumber={order.orderNumber}
        pending={change.isPending}
        serverError={change.error instanceof ApiError ? change.error.fields.note : undefined}
        onClose={() => {
          setOpen(false);
          change.reset();
        }}
        onSubmit={(note) => run(action, note, () => setOpen(false))}
      />
    </>
  );
}
