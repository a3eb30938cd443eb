import { BALANCE_DEADLINE_HOURS } from './deposits.ts';
import type { OrderStatus } from './order-status.ts';
import { addCalendarDays, addHours, formatFullDate, vancouverDay, vancouverDayStart } from './time.ts';

/**
 * The order lifecycle: the one table of which status changes exist, who may make each and what each
 * requires. The server applies it (one transaction per change, with an order_events row) and the web
 * app reads it to offer only the actions that can succeed. Nothing else changes an order's status.
 *
 *   pending ──pay──▶ paid ──confirm──▶ confirmed ──start──▶ in_progress ──markReady──▶ ready
 *      │               │                   │                                             │
 *      └──── cancel / vendorCancel / adminCancel ────┘           deliver ◀───────────────┘
 *                                                                   ▼
 *                                 completed ◀── confirmSatisfied / autoComplete ── delivered
 *
 * `pending` waits for payment (the payments module makes `pay`); production starts at `start`, after
 * which only an admin can cancel.
 */

/** Who makes a change: the order's customer, its vendor, an admin, or the system (a timer, a payment). */
export const ORDER_PARTIES = ['customer', 'vendor', 'admin', 'system'] as const;
export type OrderParty = (typeof ORDER_PARTIES)[number];

export interface OrderTransitionRule {
  from: readonly OrderStatus[];
  to: OrderStatus;
  by: readonly OrderParty[];
  /** The actor must say why (kept as the event's note and shown on the timeline). */
  needsReason?: true;
  /**
   * A time condition checked against the order's own events: `delivered + hours` must have passed.
   * Only the system's timer makes these changes.
   */
  after?: { status: OrderStatus; hours: number };
  /** Only inside the order's delivery window (deliveryWindowOpensAt): the vendor can't finish early. */
  inDeliveryWindow?: true;
  /** Only once the order's delivery day has ended (fundsReleasableAt): the system's own release. */
  afterDeliveryDay?: true;
  /** What the timeline says happened. */
  event: string;
  /** The button that makes it (none for the system's changes). */
  button?: string;
}

/** Hours after delivery at which an order completes unless the customer opened a satisfaction claim. */
export const AUTO_COMPLETE_HOURS = 24;

/** Hours an accepted quote's order waits for payment before it is cancelled (and the vendor's day freed). */
export const UNPAID_EXPIRY_HOURS = 24;

/** Statuses from which the customer may still cancel: before production starts. */
const BEFORE_PRODUCTION = ['pending', 'paid', 'confirmed'] as const satisfies readonly OrderStatus[];
/** Every status that is not final. */
const OPEN = [
  'pending',
  'paid',
  'confirmed',
  'in_progress',
  'ready',
  'delivered',
] as const satisfies readonly OrderStatus[];

export const ORDER_TRANSITIONS = {
  pay: { from: ['pending'], to: 'paid', by: ['system'], event: 'Payment received' },
  expire: {
    from: ['pending'],
    to: 'cancelled',
    by: ['system'],
    after: { status: 'pending', hours: UNPAID_EXPIRY_HOURS },
    event: `Cancelled: not paid within ${UNPAID_EXPIRY_HOURS} hours`,
  },
  balanceUnpaid: {
    from: ['paid', 'confirmed', 'in_progress', 'ready'],
    to: 'cancelled',
    by: ['system'],
    event: `Cancelled: the balance was not paid ${BALANCE_DEADLINE_HOURS} hours before the event`,
  },
  confirm: {
    from: ['paid'],
    to: 'confirmed',
    by: ['vendor'],
    event: 'Order confirmed by the vendor',
    button: 'Confirm Order',
  },
  start: {
    from: ['confirmed'],
    to: 'in_progress',
    by: ['vendor'],
    event: 'Production started',
    button: 'Start Production',
  },
  markReady: {
    from: ['in_progress'],
    to: 'ready',
    by: ['vendor'],
    inDeliveryWindow: true,
    event: 'Ready for pickup or delivery',
    button: 'Mark Ready',
  },
  deliver: {
    from: ['ready'],
    to: 'delivered',
    by: ['vendor'],
    inDeliveryWindow: true,
    event: 'Delivered',
    button: 'Mark Delivered',
  },
  confirmSatisfied: {
    from: ['delivered'],
    to: 'completed',
    by: ['customer'],
    event: 'Customer confirmed they are satisfied',
    button: 'I’m Satisfied',
  },
  autoComplete: {
    from: ['delivered'],
    to: 'completed',
    by: ['system'],
    after: { status: 'delivered', hours: AUTO_COMPLETE_HOURS },
    afterDeliveryDay: true,
    // Not "24 h after delivery": an order delivered the day before its event completes after the event day.
    event: `Completed automatically: no claim within ${AUTO_COMPLETE_HOURS} hours of delivery`,
  },
  resolveClaim: {
    from: ['delivered'],
    to: 'completed',
    by: ['admin'],
    event: 'Satisfaction claim resolved by Frosted',
  },
  cancel: {
    from: BEFORE_PRODUCTION,
    to: 'cancelled',
    by: ['customer'],
    needsReason: true,
    event: 'Cancelled by the customer',
    button: 'Cancel Order',
  },
  vendorCancel: {
    from: BEFORE_PRODUCTION,
    to: 'cancelled',
    by: ['vendor'],
    needsReason: true,
    event: 'Cancelled by the vendor',
    button: 'Cancel Order',
  },
  adminCancel: {
    from: OPEN,
    to: 'cancelled',
    by: ['admin'],
    needsReason: true,
    event: 'Cancelled by Frosted',
    button: 'Cancel Order',
  },
} as const satisfies Record<string, OrderTransitionRule>;

export type OrderAction = keyof typeof ORDER_TRANSITIONS;
export const ORDER_ACTIONS = Object.keys(ORDER_TRANSITIONS) as OrderAction[];

/** The usual way through, without cancellation: the timeline's steps, and the demo orders' histories. */
export const ORDER_FLOW = [
  { action: 'pay', status: 'paid' },
  { action: 'confirm', status: 'confirmed' },
  { action: 'start', status: 'in_progress' },
  { action: 'markReady', status: 'ready' },
  { action: 'deliver', status: 'delivered' },
  { action: 'confirmSatisfied', status: 'completed' },
] as const satisfies readonly { action: OrderAction; status: OrderStatus }[];
export const ORDER_FLOW_STATUSES = ['pending', ...ORDER_FLOW.map((s) => s.status)] as const;

/**
 * Statuses whose order takes a day of its vendor's capacity (orders per day): every order but a
 * cancelled one. An unpaid order holds its day until it is paid or expires.
 */
export const ORDER_STATUSES_TAKING_A_DAY = [
  'pending',
  'paid',
  'confirmed',
  'in_progress',
  'ready',
  'delivered',
  'completed',
] as const satisfies readonly OrderStatus[];

/** Statuses no action leaves. */
export const FINAL_ORDER_STATUSES = ['completed', 'cancelled'] as const satisfies readonly OrderStatus[];

export const isFinalOrderStatus = (status: string): boolean =>
  (FINAL_ORDER_STATUSES as readonly string[]).includes(status);

export type TransitionRefusal =
  /** The action does not exist (an old client, a typo). */
  | 'unknown-action'
  /** This party never makes this action. */
  | 'not-allowed'
  /** Not from the order's current status. */
  | 'wrong-status'
  /** A reason is required and none was given. */
  | 'reason-required'
  /** Its time has not come yet. */
  | 'too-early'
  /** Mark Ready or Mark Delivered before the order's delivery window opens. */
  | 'before-delivery-window';

export type TransitionCheck =
  | { ok: true; to: OrderStatus; rule: OrderTransitionRule }
  | { ok: false; refusal: Exclude<TransitionRefusal, 'before-delivery-window'> }
  /** `opensAt`: when the window opens (null: the order has no delivery date, so it never does). */
  | { ok: false; refusal: 'before-delivery-window'; opensAt: Date | null };

export interface TransitionContext {
  /** The reason or note the actor gave, if any. */
  reason?: string | undefined;
  /** Now, and when the order entered each status it has been in (latest entry), for `after` rules. */
  now?: Date;
  enteredAt?: Partial<Record<OrderStatus, Date>>;
  /** The order's delivery date and time, for the delivery window and the release (none: null). */
  deliveryDate?: Date | string | null;
}

export const isOrderAction = (value: string): value is OrderAction => Object.hasOwn(ORDER_TRANSITIONS, value);

/**
 * Whether `party` may make `action` on an order in `status`, and the status it leads to. The order's
 * relation to the actor (their own order, their own shop) is the server's check; this is the rest.
 */
export function checkTransition(
  action: string,
  status: OrderStatus,
  party: OrderParty,
  context: TransitionContext = {},
): TransitionCheck {
  if (!isOrderAction(action)) return { ok: false, refusal: 'unknown-action' };
  const rule: OrderTransitionRule = ORDER_TRANSITIONS[action];
  if (!rule.by.includes(party)) return { ok: false, refusal: 'not-allowed' };
  if (!rule.from.includes(status)) return { ok: false, refusal: 'wrong-status' };
  if (rule.needsReason && !context.reason?.trim()) return { ok: false, refusal: 'reason-required' };
  if (rule.after) {
    const since = context.enteredAt?.[rule.after.status];
    const now = context.now;
    if (!since || !now || now.getTime() < since.getTime() + rule.after.hours * 3_600_000)
      return { ok: false, refusal: 'too-early' };
  }
  const deliveryDate = context.deliveryDate ?? null;
  if (rule.inDeliveryWindow && !(context.now && isDeliveryWindowOpen({ deliveryDate, now: context.now })))
    return { ok: false, refusal: 'before-delivery-window', opensAt: deliveryWindowOpensAt(deliveryDate) };
  if (rule.afterDeliveryDay && !(context.now && canReleaseFunds({ deliveryDate, now: context.now })))
    return { ok: false, refusal: 'too-early' };
  return { ok: true, to: rule.to, rule };
}

/*
 * The delivery window and the release of funds (docs/decisions/014-delivery-window.md). A vendor marks
 * an order ready or delivered from 00:00 Vancouver time on the day before its delivery date (a cake is
 * finished the day before or on the day), never months ahead; the held funds are released by the
 * system only once the delivery day has ended in Vancouver. An order without a delivery date (none is
 * made today: every order comes from a quote with an event date) is treated as far off, as its
 * cancellation refund is: no window opens and nothing is released by itself; the customer's
 * confirmation or Frosted settles it.
 */

/** When Mark Ready and Mark Delivered open: 00:00 in Vancouver on the day before the delivery date. */
export function deliveryWindowOpensAt(deliveryDate: Date | string | null): Date | null {
  if (deliveryDate === null) return null;
  return vancouverDayStart(addCalendarDays(vancouverDay(deliveryDate), -1));
}

/** Whether the vendor may mark the order ready or delivered at `now`. */
export function isDeliveryWindowOpen({
  deliveryDate,
  now,
}: {
  deliveryDate: Date | string | null;
  now: Date;
}): boolean {
  const opensAt = deliveryWindowOpensAt(deliveryDate);
  return opensAt !== null && now.getTime() >= opensAt.getTime();
}

/** Why Mark Ready or Mark Delivered can't be made yet, and when it can (the 409's message). */
export function deliveryWindowMessage(action: OrderAction, opensAt: Date | null): string {
  const what = action === 'deliver' ? 'delivered' : 'ready';
  return opensAt
    ? `You can mark this order ${what} from ${formatFullDate(opensAt)}.`
    : `This order has no delivery date, so it can’t be marked ${what}. Please contact Frosted support.`;
}

/**
 * The note the tracker shows in place of `action` while its delivery window is closed (when it opens),
 * or null when the action is not held by the window.
 */
export function deliveryWindowNote(
  action: OrderAction,
  { deliveryDate, now }: { deliveryDate: Date | string | null; now: Date },
): string | null {
  const rule: OrderTransitionRule = ORDER_TRANSITIONS[action];
  if (!rule.inDeliveryWindow || isDeliveryWindowOpen({ deliveryDate, now })) return null;
  return deliveryWindowMessage(action, deliveryWindowOpensAt(deliveryDate));
}

/** When the system may release an order's held funds: at the end of its delivery day in Vancouver. */
export function fundsReleasableAt(deliveryDate: Date | string | null): Date | null {
  if (deliveryDate === null) return null;
  return vancouverDayStart(addCalendarDays(vancouverDay(deliveryDate), 1));
}

/** Whether the system may release the order's held funds at `now` (auto-completion). */
export function canReleaseFunds({ deliveryDate, now }: { deliveryDate: Date | string | null; now: Date }) {
  const at = fundsReleasableAt(deliveryDate);
  return at !== null && now.getTime() >= at.getTime();
}

/**
 * When a delivered order completes by itself: 24 h after delivery (the customer's time to open a
 * claim), and never before its delivery day has ended. Null: never (no delivery date).
 */
export function autoCompleteAt({
  deliveredAt,
  deliveryDate,
}: {
  deliveredAt: Date;
  deliveryDate: Date | string | null;
}): Date | null {
  const releasable = fundsReleasableAt(deliveryDate);
  if (!releasable) return null;
  const afterDelivery = addHours(deliveredAt, AUTO_COMPLETE_HOURS);
  // Stryker disable next-line EqualityOperator: equivalent (when equal, either is the same instant)
  return afterDelivery.getTime() >= releasable.getTime() ? afterDelivery : releasable;
}

/** The actions `party` could make on an order in `status` (before reasons and timers are checked). */
export function actionsFor(status: OrderStatus, party: OrderParty): OrderAction[] {
  return ORDER_ACTIONS.filter((action) => {
    const rule: OrderTransitionRule = ORDER_TRANSITIONS[action];
    return rule.by.includes(party) && rule.from.includes(status);
  });
}

/**
 * The cancellation, when it is the only change `party` could make on an order in `status` (a vendor's
 * unpaid order), so a screen offers it directly rather than a step that leads to a single choice; else null.
 */
export function onlyCancellation(status: OrderStatus, party: OrderParty): OrderAction | null {
  const [only, ...others] = actionsFor(status, party);
  return only !== undefined && others.length === 0 && ORDER_TRANSITIONS[only].to === 'cancelled'
    ? only
    : null;
}

/** What the timeline says of an event (`created` is the order's first). */
export function orderEventLabel(action: string): string {
  if (action === 'created') return 'Order placed';
  return isOrderAction(action) ? ORDER_TRANSITIONS[action].event : action;
}

/** Every status some sequence of actions can reach from `pending`. */
export function reachableStatuses(): Set<OrderStatus> {
  const seen = new Set<OrderStatus>(['pending']);
  const queue: OrderStatus[] = ['pending'];
  for (let status = queue.shift(); status; status = queue.shift()) {
    for (const rule of Object.values(ORDER_TRANSITIONS) as OrderTransitionRule[]) {
      // Stryker disable next-line LogicalOperator: equivalent while every status is reachable (tested)
      if (rule.from.includes(status) && !seen.has(rule.to)) {
        seen.add(rule.to);
        queue.push(rule.to);
      }
    }
  }
  return seen;
}
