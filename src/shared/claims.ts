/** Why a customer cannot open a satisfaction claim on their order now (the message is the server's). */
export type ClaimRefusal = 'exists' | 'windowClosed' | 'notDelivered';

/**
 * Whether the customer may open a satisfaction claim on their order, or why not: one claim per order,
 * on a delivered order, while its claim window is open. `claimOpenUntil` is when the window closes
 * (24 hours after delivery, as the order's detail gives it), null when it is not open. The reason named
 * is the first that holds: a claim already made, then a delivered order whose window closed, then an
 * order not delivered.
 */
export function claimRefusal(order: {
  status: string;
  hasClaim: boolean;
  claimOpenUntil: string | null;
}): ClaimRefusal | null {
  if (order.claimOpenUntil) return null;
  if (order.hasClaim) return 'exists';
  return order.status === 'delivered' ? 'windowClosed' : 'notDelivered';
}
