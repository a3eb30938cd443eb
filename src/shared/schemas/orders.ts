import { z } from 'zod';
import { ORDER_ACTIONS, ORDER_PARTIES } from '../order-machine.ts';
import { ORDER_STATUSES } from '../order-status.ts';
import { claimViewSchema } from './claims.ts';
import { briefViewSchema } from './quotes.ts';

/** POST /api/orders/{id}/transitions: one change of the order's status. */
export const orderTransitionSchema = z.object({
  action: z.enum(ORDER_ACTIONS as [string, ...string[]], { error: 'Choose what to do with this order.' }),
  /** The status the page showed; a change made meanwhile makes this one fail with 409 instead of overwriting it. */
  expectedStatus: z.enum(ORDER_STATUSES).optional(),
  /** Why (cancelling), or a note for the timeline. */
  note: z.string().trim().max(500, 'Keep the note under 500 characters.').optional(),
});
export type OrderTransitionInput = z.infer<typeof orderTransitionSchema>;

/** POST /api/orders/{id}/delivery (multipart, with an optional photo in `file`): Mark Delivered. */
export const orderDeliverySchema = orderTransitionSchema.pick({ expectedStatus: true, note: true });

export const orderEventSchema = z.object({
  seq: z.number().int(),
  action: z.string(),
  fromStatus: z.enum(ORDER_STATUSES).nullable(),
  toStatus: z.enum(ORDER_STATUSES),
  party: z.enum(ORDER_PARTIES),
  /** What happened, for the timeline ("Production started"). */
  label: z.string(),
  note: z.string().nullable(),
  /** The vendor's photo of the delivered cake, when they added one. */
  photo: z
    .object({ url: z.string(), thumbUrl: z.string(), width: z.number().int(), height: z.number().int() })
    .nullable(),
  at: z.string(),
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

/** The design an order was agreed on, frozen at acceptance. */
export const orderDesignSchema = z.object({
  occasion: z.string(),
  flavor: z.string(),
  size: z.string(),
  description: z.string().nullable(),
  imageUrl: z.string().nullable(),
});
export type OrderDesign = z.infer<typeof orderDesignSchema>;

/** One order as its customer, its vendor or an admin sees it, with its timeline and what the viewer may do. */
export const orderDetailSchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  status: z.enum(ORDER_STATUSES),
  amount: z.number().int(),
  deliveryDate: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  vendor: z.object({ id: z.string(), businessName: z.string() }),
  /** Payment protection: what Frosted holds for this order now, in cents (from the ledger). */
  heldCents: z.number().int(),
  /**
   * A card went to the processor for this order and its answer is not recorded yet (asked again each
   * time the customer opens the order): "Confirming your payment", never "unpaid".
   */
  paymentConfirming: z.boolean(),
  /** The terms agreed when the order was made: the service fee and the vendor's late-cancellation refund. */
  terms: z.object({
    /** Basis points: 800 is 8%. */
    serviceFeeBps: z.number().int(),
    /** GST and PST on the fee, basis points (decision 029): 0 on orders made before. */
    gstBps: z.number().int(),
    pstBps: z.number().int(),
    /** Percent refunded when the customer cancels within 48 hours of delivery. */
    refundPercent: z.number().int(),
  }),
  /** The design proof rounds as steps of the order's history (sent, approved, changes requested). */
  proofSteps: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      party: z.enum(['customer', 'vendor']),
      at: z.string(),
    }),
  ),
  /** The satisfaction claim on this order, if one was opened. */
  claim: claimViewSchema.nullable(),
  /** Until when the customer can open a claim (24 hours after delivery), when they still can. */
  claimOpenUntil: z.string().nullable(),
  customerName: z.string(),
  /** The brief as it was when the quote was accepted (null for an order made before briefs were kept). */
  brief: briefViewSchema.nullable(),
  /** The design as it was when the quote was accepted, whatever became of it since. */
  design: orderDesignSchema.nullable(),
  fulfillment: z.enum(['delivery', 'pickup']),
  /**
   * The vendor's pickup address: for a pickup order once it is paid (by the ledger), else null (the
   * address is shared after payment).
   */
  pickupAddress: z.string().nullable(),
  /**
   * Deposit now, balance later (null for an order paid in full): the deposit, the balance and when it
   * is charged, and where the balance stands ('declined': the customer pays it from the checkout link).
   */
  deposit: z
    .object({
      depositCents: z.number().int(),
      balanceCents: z.number().int(),
      balanceDueAt: z.string(),
      balance: z.enum(['scheduled', 'paid', 'declined']),
    })
    .nullable(),
  /** The viewer's side of the order. */
  viewer: z.enum(['customer', 'vendor', 'admin']),
  /** The customer has reviewed the order (one review per order). */
  reviewed: z.boolean(),
  /**
   * The changes the viewer can make (cancellations need a note). `notYet`: why it can't be made yet and
   * when it can (Mark Ready and Mark Delivered before the delivery window), else null.
   */
  actions: z.array(
    z.object({
      action: z.string(),
      label: z.string(),
      needsReason: z.boolean(),
      notYet: z.string().nullable(),
    }),
  ),
  events: z.array(orderEventSchema),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/** POST /api/orders/{id}/conversation: the conversation between the order's customer and vendor. */
export const orderConversationSchema = z.object({ id: z.string() });
