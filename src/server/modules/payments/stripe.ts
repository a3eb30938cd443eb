import type Stripe from 'stripe';
import type { StripeConfig } from '../../config.ts';
import { AppError } from '../../errors.ts';
import type { PaymentProcessor, ProcessorTotals, VendorAccounts, WebhookReceiver } from './processor.ts';
import { offSessionEvent, paymentStatus, refundOf, savedCard, verifyWebhook } from './stripe-events.ts';

/**
 * Stripe behind the processor interface (PAYMENTS_PROVIDER=stripe), with the official SDK: a
 * PaymentIntent per payment (charged on the platform account), refunds on it, and Connect transfers
 * to each vendor's Express account when they are paid out ("separate charges and transfers"). Every
 * POST carries an idempotency key. Stripe does not offer escrow: Frosted holds the money in its own
 * balance and transfers it when the customer confirms (payment protection).
 */
export interface StripeProcessor extends PaymentProcessor {
  readonly name: 'stripe';
  /** For the browser's Payment Element; never a secret. */
  readonly publishableKey: string;
  readonly cardForm: null;
  readonly webhooks: WebhookReceiver;
  readonly vendorAccounts: VendorAccounts;
  readonly disputeDesk: null;
}

/** Why a balance could not be charged when Stripe refused to charge the saved card at all. */
export const SAVED_CARD_UNUSABLE = 'Your saved card can no longer be charged.';

const UNAVAILABLE = 'Payments are briefly unavailable. Please try again in a moment.';

export function createStripeProcessor(config: StripeConfig): StripeProcessor {
  // Loaded on first use: a server on the sandbox never loads the SDK.
  let client: Promise<Stripe> | undefined;
  const stripe = () =>
    (client ??= import('stripe').then(
      ({ default: StripeSdk }) =>
        new StripeSdk(config.secretKey, {
          maxNetworkRetries: 2,
          timeout: 20_000,
          appInfo: { name: 'Frosted' },
          ...config.api,
        }),
    ));
  // Stripe unreachable, overloaded or failing is worth retrying; anything else is a bug to log.
  const call = async <T>(run: (s: Stripe) => Promise<T>): Promise<T> => {
    const s = await stripe();
    try {
      return await run(s);
    } catch (err) {
      const { StripeConnectionError, StripeRateLimitError, StripeAPIError } = s.errors;
      if (
        err instanceof StripeConnectionError ||
        err instanceof StripeRateLimitError ||
        err instanceof StripeAPIError
      )
        throw new AppError('UNAVAILABLE', 503, UNAVAILABLE);
      throw err;
    }
  };

  return {
    name: 'stripe',
    publishableKey: config.publishableKey,
    reopenable: ['requires_payment', 'requires_action', 'failed'],
    // The browser pays in Stripe's Payment Element: no card form of ours.
    cardForm: null,

    async createPayment({ paymentId, orderId, amountCents, idempotencyKey, saveCard, transferGroup }) {
      // A deposit saves the card for the balance: a Customer per order (its key is the order's), and
      // the intent sets the card up for off-session charges as it pays.
      const customer = saveCard
        ? await call((s) =>
            s.customers.create(
              { metadata: orderId ? { orderId } : { checkoutGroupId: paymentId } },
              { idempotencyKey: `customer:${orderId ?? paymentId}` },
            ),
          )
        : null;
      const intent = await call((s) =>
        s.paymentIntents.create(
          {
            amount: amountCents,
            currency: 'cad',
            // A deposit is paid by card: the balance is charged to it later, and a card charge is
            // answered at once (a bank debit would stay "processing" for days off-session).
            ...(customer
              ? {
                  allowed_payment_method_types: ['card'],
                  customer: customer.id,
                  setup_future_usage: 'off_session' as const,
                }
              : { automatic_payment_methods: { enabled: true } }),
            metadata: orderId ? { paymentId, orderId } : { paymentId, checkoutGroupId: paymentId },
            transfer_group: transferGroup ?? `order:${orderId}`,
          },
          { idempotencyKey },
        ),
      );
      return { ref: intent.id, clientSecret: intent.client_secret, customerRef: customer?.id ?? null };
    },

    async chargeSavedCard({
      paymentId,
      orderId,
      amountCents,
      paymentMethodRef,
      customerRef,
      idempotencyKey,
    }) {
      const s = await stripe();
      try {
        const intent = await call((st) =>
          st.paymentIntents.create(
            {
              amount: amountCents,
              currency: 'cad',
              // The deposit's card (without this, automatic payment methods are on by default and
              // confirming would need a return_url; off-session nobody can be redirected anyway).
              allowed_payment_method_types: ['card'],
              ...(customerRef && { customer: customerRef }),
              payment_method: paymentMethodRef,
              off_session: true,
              confirm: true,
              metadata: { paymentId, orderId },
              transfer_group: `order:${orderId}`,
            },
            { idempotencyKey },
          ),
        );
        return { ref: intent.id, event: offSessionEvent(intent) };
      } catch (err) {
        // A declined off-session charge (or one that needs the customer to authenticate) is an answer.
        if (err instanceof s.errors.StripeCardError && err.payment_intent?.id) {
          const ref = err.payment_intent.id;
          return {
            ref,
            event: { id: `${ref}:failed`, type: 'payment.failed', paymentRef: ref, message: err.message },
          };
        }
        // Refused outright (the saved card was detached or deleted, say): asking again cannot help.
        if (err instanceof s.errors.StripeInvalidRequestError) return { refused: SAVED_CARD_UNUSABLE };
        throw err;
      }
    },

    async retrievePayment(ref) {
      const intent = await call((s) => s.paymentIntents.retrieve(ref));
      const status = paymentStatus(intent);
      return {
        status,
        amountCents: status === 'succeeded' ? intent.amount_received : intent.amount,
        currency: intent.currency,
        failureMessage: intent.last_payment_error?.message ?? null,
        clientSecret: intent.client_secret,
        ...savedCard(intent),
      };
    },

    async cancelPayment({ ref, idempotencyKey }) {
      return call(async (s) => {
        try {
          await s.paymentIntents.cancel(ref, { cancellation_reason: 'abandoned' }, { idempotencyKey });
          return { cancelled: true };
        } catch (err) {
          // Succeeded, processing or already canceled: nothing to cancel (a success arrives by webhook).
          if (
            err instanceof s.errors.StripeInvalidRequestError &&
            err.code === 'payment_intent_unexpected_state'
          )
            return { cancelled: (await s.paymentIntents.retrieve(ref)).status === 'canceled' };
          throw err;
        }
      });
    },

    async refund({ paymentRef, amountCents, idempotencyKey }) {
      return call(async (s) => {
        // Stripe forgets idempotency keys after 24 hours: a retry later than that looks for the first.
        const sent = await s.refunds.list({ payment_intent: paymentRef, limit: 100 });
        const earlier = sent.data.find(
          (r) => r.metadata?.key === idempotencyKey && r.status !== 'failed' && r.status !== 'canceled',
        );
        if (earlier) return { ref: earlier.id };
        const refund = await s.refunds.create(
          { payment_intent: paymentRef, amount: amountCents, metadata: { key: idempotencyKey } },
          { idempotencyKey },
        );
        return { ref: refund.id };
      });
    },

    async transfer({ destination, amountCents, idempotencyKey, group, sourceRef }) {
      return call(async (s) => {
        const sent = await s.transfers.list({
          destination,
          ...(group && { transfer_group: group }),
          limit: 100,
        });
        const earlier = sent.data.find((t) => t.metadata?.key === idempotencyKey && !t.reversed);
        if (earlier) return { ref: earlier.id };
        const transfer = await s.transfers.create(
          {
            amount: amountCents,
            currency: 'cad',
            destination,
            ...(group && { transfer_group: group }),
            ...(sourceRef && { source_transaction: sourceRef }),
            metadata: { key: idempotencyKey },
          },
          { idempotencyKey },
        );
        return { ref: transfer.id };
      });
    },

    datedTotals: true,

    async totals(created) {
      const seconds = (d: Date | undefined) => (d === undefined ? undefined : Math.floor(d.getTime() / 1000));
      const from = seconds(created?.from);
      const before = seconds(created?.before);
      return call(async (s) => {
        const totals: ProcessorTotals = { collectedCents: 0, refundedCents: 0, paidOutCents: 0 };
        const list = s.balanceTransactions.list({
          limit: 100,
          ...((from !== undefined || before !== undefined) && {
            created: {
              ...(from !== undefined && { gte: from }),
              ...(before !== undefined && { lt: before }),
            },
          }),
        });
        for await (const bt of list) {
          if (bt.currency !== 'cad') continue;
          const kind = BALANCE_KINDS[bt.type];
          // Credits to the balance are positive: refunds and transfers leave it (negative amounts).
          if (kind === 'collected') totals.collectedCents += bt.amount;
          else if (kind === 'refunded') totals.refundedCents -= bt.amount;
          else if (kind === 'paidOut') totals.paidOutCents -= bt.amount;
        }
        return totals;
      });
    },

    webhooks: {
      async parse(delivery) {
        const webhook = verifyWebhook(await stripe(), config.webhookSecret, delivery);
        // A charge's refunds are not in its event (API 2022-11-15 on): asked for, to tell ours apart.
        if (webhook.event?.type === 'payment.refunded' && webhook.event.refunds.length === 0) {
          const paymentRef = webhook.event.paymentRef;
          const listed = await call((s) => s.refunds.list({ payment_intent: paymentRef, limit: 100 }));
          webhook.event.refunds = listed.data.filter((r) => r.status === 'succeeded').map(refundOf);
        }
        return webhook;
      },
    },

    // The card network decides a Stripe dispute; its outcome arrives as charge.dispute.closed.
    disputeDesk: null,

    async submitDisputeEvidence({ disputeRef, evidence, files, idempotencyKey }) {
      // The delivery photo goes up first (Stripe's Files API) and the evidence names it; the same key
      // on a retry gets the same file back.
      const photo = files.shippingDocumentation;
      const uploaded = photo
        ? await call((s) =>
            s.files.create(
              {
                purpose: 'dispute_evidence',
                file: { data: Buffer.from(photo.bytes), name: photo.name, type: photo.contentType },
              },
              { idempotencyKey: `${idempotencyKey}:shipping_documentation` },
            ),
          )
        : undefined;
      const dispute = await call((s) =>
        s.disputes.update(
          disputeRef,
          {
            evidence: {
              product_description: evidence.productDescription,
              customer_name: evidence.customerName,
              service_date: evidence.serviceDate,
              uncategorized_text: evidence.uncategorizedText,
              ...(uploaded && { shipping_documentation: uploaded.id }),
            },
            submit: true,
          },
          { idempotencyKey },
        ),
      );
      return { status: dispute.status };
    },

    vendorAccounts: {
      async create({ vendorId, email, idempotencyKey }) {
        const account = await call((s) =>
          s.accounts.create(
            {
              type: 'express',
              country: 'CA',
              email,
              capabilities: { transfers: { requested: true } },
              metadata: { vendorId },
            },
            { idempotencyKey },
          ),
        );
        return { accountId: account.id };
      },

      async onboardingLink({ accountId, refreshUrl, returnUrl }) {
        // A link is used once and expires within minutes: each request is a new one.
        const link = await call((s) =>
          s.accountLinks.create(
            {
              account: accountId,
              type: 'account_onboarding',
              refresh_url: refreshUrl,
              return_url: returnUrl,
            },
            { idempotencyKey: `account_link:${accountId}:${crypto.randomUUID()}` },
          ),
        );
        return { url: link.url };
      },

      async ready(accountId) {
        const account = await call((s) => s.accounts.retrieve(accountId));
        return account.capabilities?.transfers === 'active';
      },
    },
  };
}

/** Which of our totals a balance transaction counts in (Stripe's types; others are not ours to sum). */
const BALANCE_KINDS: Partial<Record<string, 'collected' | 'refunded' | 'paidOut'>> = {
  charge: 'collected',
  payment: 'collected',
  payment_failure_refund: 'collected',
  refund: 'refunded',
  payment_refund: 'refunded',
  refund_failure: 'refunded',
  transfer: 'paidOut',
  transfer_cancel: 'paidOut',
  transfer_failure: 'paidOut',
  transfer_refund: 'paidOut',
};
