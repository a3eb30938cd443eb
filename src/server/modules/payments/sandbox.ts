import { and, eq, inArray, sql } from 'drizzle-orm';
import { systemClock, type Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import {
  sandboxCharges,
  sandboxPaymentMethods,
  sandboxRefunds,
  sandboxTransfers,
} from '../../db/schema/index.ts';
import type { CardForm, DisputeDesk, PaymentProcessor } from './processor.ts';
import { sandboxDisputes } from './sandbox-disputes.ts';

/**
 * The sandbox processor (PAYMENTS_PROVIDER=sandbox, the default): works offline on a fresh clone. It
 * accepts the well-known test cards and keeps its own records (sandbox_* tables) as a processor
 * would, so reconciliation has something to compare the ledger with. No real card is ever charged.
 */
export const SANDBOX_CARDS = {
  '4242424242424242': 'succeeds',
  '5555555555554444': 'succeeds',
  '4000000000000002': 'declined',
  '4000000000009995': 'insufficient',
  '4000002760003184': 'authenticate',
  // Like Stripe's 4000 0000 0000 0341: it pays at checkout and is saved, but later charges are declined.
  '4000000000000341': 'declinesLater',
  // Like Stripe's 4000 0000 0000 0259: it pays, then its holder disputes the payment (decision 031).
  '4000000000000259': 'disputes',
} as const;

export const SANDBOX_MESSAGES = {
  declined: 'Your card was declined.',
  insufficient: 'Your card has insufficient funds.',
  authenticationFailed:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  unknownCard: 'This is a test payment: use a test card such as 4242 4242 4242 4242.',
  canceled: 'This payment was cancelled: a newer checkout replaced it.',
} as const;

/**
 * The sandbox behind the processor interface. Its card form (a card number, then maybe a confirmation
 * step) is its own, offered as `cardForm` and callable on it directly; it sends no webhooks and pays
 * vendors by their id.
 */
export interface SandboxProcessor extends PaymentProcessor, CardForm {
  readonly name: 'sandbox';
  readonly cardForm: CardForm;
  readonly webhooks: null;
  readonly vendorAccounts: null;
  readonly disputeDesk: DisputeDesk;
}

const newId = (prefix: string) => `${prefix}_sandbox_${crypto.randomUUID().replaceAll('-', '')}`;

export function createSandboxProcessor(db: Db, clock: Clock = systemClock): SandboxProcessor {
  const disputes = sandboxDisputes(db, clock);
  const charge = async (ref: string) => {
    const [row] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.id, ref));
    if (!row) throw new Error(`sandbox: no charge ${ref}`);
    return row;
  };
  const settle = async (
    ref: string,
    status: 'succeeded' | 'failed' | 'requires_action',
    declineMessage?: string,
    card?: string,
  ) => {
    const before = await charge(ref);
    // A charge made to save its card keeps the card (a test card number) as the sandbox's saved method.
    let savedMethod = before.savedMethod;
    if (status === 'succeeded' && card && before.metadata.saveCard === 'true' && !savedMethod) {
      savedMethod = newId('pm');
      await db.insert(sandboxPaymentMethods).values({ id: savedMethod, cardNumber: card });
    }
    await db
      .update(sandboxCharges)
      .set({
        status,
        declineMessage: declineMessage ?? null,
        ...(card && { cardLast4: card.slice(-4) }),
        savedMethod,
        updatedAt: new Date(),
      })
      .where(eq(sandboxCharges.id, ref));
    const row = await charge(ref);
    const id = newId('evt');
    if (status === 'succeeded')
      return {
        id,
        type: 'payment.succeeded',
        paymentRef: ref,
        amountCents: row.amount,
        currency: 'cad',
        savedMethodRef: row.savedMethod,
        // The sandbox's charge is the payment itself.
        chargeRef: ref,
      } as const;
    if (status === 'requires_action')
      return { id, type: 'payment.requires_action', paymentRef: ref } as const;
    return {
      id,
      type: 'payment.failed',
      paymentRef: ref,
      message: declineMessage ?? SANDBOX_MESSAGES.declined,
    } as const;
  };

  // A cancelled charge takes no card, as Stripe's cancelled PaymentIntent does not.
  const refused = (ref: string) =>
    ({
      id: newId('evt'),
      type: 'payment.failed',
      paymentRef: ref,
      message: SANDBOX_MESSAGES.canceled,
    }) as const;

  // The card form at checkout (the sandbox's own: there is no processor page to send the card to).
  const cardForm: CardForm = {
    async confirmCard(ref, cardNumber) {
      const current = await charge(ref);
      if (current.status === 'succeeded') return settle(ref, 'succeeded');
      if (current.status === 'canceled') return refused(ref);
      const behaviour = SANDBOX_CARDS[cardNumber as keyof typeof SANDBOX_CARDS];
      if (behaviour === 'succeeds' || behaviour === 'declinesLater')
        return settle(ref, 'succeeded', undefined, cardNumber);
      if (behaviour === 'disputes') {
        const paid = await settle(ref, 'succeeded', undefined, cardNumber);
        await disputes.open(ref);
        return paid;
      }
      if (behaviour === 'authenticate') return settle(ref, 'requires_action', undefined, cardNumber);
      if (behaviour === 'insufficient')
        return settle(ref, 'failed', SANDBOX_MESSAGES.insufficient, cardNumber);
      if (behaviour === 'declined') return settle(ref, 'failed', SANDBOX_MESSAGES.declined, cardNumber);
      return settle(ref, 'failed', SANDBOX_MESSAGES.unknownCard, cardNumber);
    },

    async authenticate(ref, approve) {
      const current = await charge(ref);
      if (current.status === 'succeeded') return settle(ref, 'succeeded');
      if (current.status === 'canceled') return refused(ref);
      if (current.status !== 'requires_action')
        return settle(ref, 'failed', SANDBOX_MESSAGES.authenticationFailed);
      return approve
        ? settle(ref, 'succeeded')
        : settle(ref, 'failed', SANDBOX_MESSAGES.authenticationFailed);
    },

    laterEvents: (ref) => disputes.eventsOf(ref),
  };

  return {
    name: 'sandbox',
    publishableKey: null,
    reopenable: ['requires_payment', 'requires_action'],
    cardForm,
    ...cardForm,
    webhooks: null,
    vendorAccounts: null,
    disputeDesk: { resolve: (ref, outcome) => disputes.resolve(ref, outcome) },
    submitDisputeEvidence: (input) => disputes.submitEvidence(input),
    async createPayment({ paymentId, orderId, amountCents, idempotencyKey, saveCard, transferGroup }) {
      const [created] = await db
        .insert(sandboxCharges)
        .values({
          id: newId('ch'),
          idempotencyKey,
          amount: amountCents,
          status: 'requires_payment_method',
          transferGroup: transferGroup ?? `order:${orderId}`,
          metadata: {
            paymentId,
            ...(orderId ? { orderId } : { checkoutGroupId: paymentId }),
            ...(saveCard && { saveCard: 'true' }),
          },
        })
        .onConflictDoNothing({ target: sandboxCharges.idempotencyKey })
        .returning({ id: sandboxCharges.id });
      if (created) return { ref: created.id, clientSecret: null };
      const [existing] = await db
        .select({ id: sandboxCharges.id })
        .from(sandboxCharges)
        .where(eq(sandboxCharges.idempotencyKey, idempotencyKey));
      return { ref: existing!.id, clientSecret: null };
    },

    async chargeSavedCard({ paymentId, orderId, amountCents, paymentMethodRef, idempotencyKey }) {
      const [method] = await db
        .select()
        .from(sandboxPaymentMethods)
        .where(eq(sandboxPaymentMethods.id, paymentMethodRef));
      const { ref } = await this.createPayment({ paymentId, orderId, amountCents, idempotencyKey });
      const current = await charge(ref);
      if (current.status === 'succeeded' || current.status === 'failed')
        return { ref, event: await settle(ref, current.status, current.declineMessage ?? undefined) };
      const behaviour = method && SANDBOX_CARDS[method.cardNumber as keyof typeof SANDBOX_CARDS];
      const event =
        behaviour === 'succeeds'
          ? await settle(ref, 'succeeded', undefined, method!.cardNumber)
          : await settle(
              ref,
              'failed',
              behaviour === 'insufficient' ? SANDBOX_MESSAGES.insufficient : SANDBOX_MESSAGES.declined,
              method?.cardNumber,
            );
      return { ref, event };
    },

    async retrievePayment(ref) {
      const row = await charge(ref);
      const status =
        row.status === 'requires_payment_method'
          ? 'requires_payment'
          : row.status === 'requires_action'
            ? 'requires_action'
            : row.status === 'canceled'
              ? 'failed'
              : row.status;
      return {
        status,
        amountCents: row.amount,
        currency: 'cad',
        failureMessage: row.declineMessage,
        clientSecret: null,
        savedMethodRef: row.savedMethod,
        chargeRef: row.status === 'succeeded' ? row.id : null,
      };
    },

    async cancelPayment({ ref }) {
      // One conditional UPDATE: a charge paid meanwhile is past cancelling; doing it twice is once.
      await db
        .update(sandboxCharges)
        .set({ status: 'canceled', declineMessage: SANDBOX_MESSAGES.canceled, updatedAt: new Date() })
        .where(
          and(
            eq(sandboxCharges.id, ref),
            inArray(sandboxCharges.status, ['requires_payment_method', 'requires_action', 'failed']),
          ),
        );
      return { cancelled: (await charge(ref)).status === 'canceled' };
    },

    async refund({ paymentRef, amountCents, idempotencyKey }) {
      const [created] = await db
        .insert(sandboxRefunds)
        .values({ id: newId('re'), idempotencyKey, chargeId: paymentRef, amount: amountCents })
        .onConflictDoNothing({ target: sandboxRefunds.idempotencyKey })
        .returning({ id: sandboxRefunds.id });
      if (created) return { ref: created.id };
      const [existing] = await db
        .select({ id: sandboxRefunds.id })
        .from(sandboxRefunds)
        .where(eq(sandboxRefunds.idempotencyKey, idempotencyKey));
      return { ref: existing!.id };
    },

    async transfer({ destination, amountCents, idempotencyKey, group, sourceRef }) {
      const [created] = await db
        .insert(sandboxTransfers)
        .values({
          id: newId('tr'),
          idempotencyKey,
          destination,
          amount: amountCents,
          transferGroup: group ?? null,
          sourceChargeId: sourceRef ?? null,
        })
        .onConflictDoNothing({ target: sandboxTransfers.idempotencyKey })
        .returning({ id: sandboxTransfers.id });
      if (created) return { ref: created.id };
      const [existing] = await db
        .select({ id: sandboxTransfers.id })
        .from(sandboxTransfers)
        .where(eq(sandboxTransfers.idempotencyKey, idempotencyKey));
      return { ref: existing!.id };
    },

    // Summed whole each time: one query over its own tables (a charge's status may change later).
    datedTotals: false,

    async totals() {
      const sum = (column: Parameters<typeof sql>[1]) => sql<string>`COALESCE(sum(${column}), 0)`;
      const [[charged], [refunded], [transferred]] = await Promise.all([
        db
          .select({ total: sum(sandboxCharges.amount) })
          .from(sandboxCharges)
          .where(eq(sandboxCharges.status, 'succeeded')),
        db.select({ total: sum(sandboxRefunds.amount) }).from(sandboxRefunds),
        db.select({ total: sum(sandboxTransfers.amount) }).from(sandboxTransfers),
      ]);
      return {
        collectedCents: Number(charged?.total ?? 0),
        refundedCents: Number(refunded?.total ?? 0),
        paidOutCents: Number(transferred?.total ?? 0),
      };
    },
  };
}
