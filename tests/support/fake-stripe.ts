import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

/**
 * A small Stripe on loopback: the part of the API Frosted calls, spoken as the official SDK speaks it
 * (form-encoded POSTs, Bearer auth, Idempotency-Key replayed as first answered, list objects with
 * has_more), with the test cards' behaviour, cards saved on Customers and charged off-session later,
 * and signed webhooks. Point the SDK at it with STRIPE_API_URL (config.payments.stripe.api).
 * Only what Frosted uses is here; everything else answers 404 as Stripe does for an unknown URL.
 */

export const FAKE_KEYS = {
  secretKey: 'sk_test_frostedfake',
  publishableKey: 'pk_test_frostedfake',
  webhookSecret: 'whsec_frostedfake',
} as const;

/** Stripe's own test cards and what they do at confirmation. */
export const TEST_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  /** Asks for 3-D Secure on every payment; off-session, where nobody can answer, it is declined. */
  authenticate: '4000002760003184',
  /**
   * Stripe's 4000 0000 0000 0341: it is saved on the Customer without trouble and every later charge
   * is declined. Its first, on-session payment goes through here (as in the sandbox), so that a
   * deposit can save it; in Stripe that first step would be a SetupIntent.
   */
  declinesLater: '4000000000000341',
} as const;
export const DECLINED_MESSAGE = 'Your card was declined.';
/** Stripe's error for an off-session charge its bank wants authenticated. */
export const AUTHENTICATION_REQUIRED_MESSAGE =
  'Your card was declined. This transaction requires authentication.';
export const AUTHENTICATION_FAILED_MESSAGE =
  'We are unable to authenticate your payment method. Please choose a different payment method and try again.';

type Params = Record<string, unknown>;
type StripeObject = Record<string, unknown> & { id: string };

export interface StripeRequest {
  method: string;
  path: string;
  query: Params;
  body: Params;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
}

export interface StripeEvent {
  id: string;
  object: 'event';
  type: string;
  created: number;
  data: { object: StripeObject };
  livemode: false;
  pending_webhooks: number;
  api_version: string;
  request: { id: null; idempotency_key: null };
}

interface Answer {
  status: number;
  body: unknown;
}

/** A Stripe error answer (the SDK turns it into a StripeError of the matching type). */
export interface FakeStripeError {
  status: number;
  type: string;
  message: string;
  code?: string;
}

/** Webhook requests are sent with the app's `request` (or fetch against a listening server). */
export type Send = (path: string, init: RequestInit) => Response | Promise<Response>;

/** Sets `a[b][c]=v` keys of a form body as nested objects (array indices stay object keys). */
function parseForm(text: string): Params {
  const out: Params = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node = out;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Params;
    });
  }
  return out;
}

const now = () => Math.floor(Date.now() / 1000);
/** The PaymentIntent statuses Stripe lets a cancel through (any other: payment_intent_unexpected_state). */
const CANCELLABLE = [
  'requires_payment_method',
  'requires_capture',
  'requires_confirmation',
  'requires_action',
  'processing',
];

export async function startFakeStripe({
  secretKey = FAKE_KEYS.secretKey,
  webhookSecret = FAKE_KEYS.webhookSecret,
  clock,
}: {
  secretKey?: string;
  webhookSecret?: string;
  /**
   * What dates balance transactions (the app's clock, a test's manual one): reconciliation reads them
   * by creation time. Everything else is dated by the real clock, as webhook signatures need.
   */
  clock?: { now(): Date };
} = {}) {
  const balanceNow = () => (clock ? Math.floor(clock.now().getTime() / 1000) : now());
  const requests: StripeRequest[] = [];
  const intents = new Map<string, StripeObject>();
  const refunds = new Map<string, StripeObject>();
  const transfers = new Map<string, StripeObject>();
  const accounts = new Map<string, StripeObject>();
  const customers = new Map<string, StripeObject>();
  /** Charges that succeeded (a transfer's source_transaction names one). */
  const charges = new Map<string, StripeObject>();
  const paymentMethods = new Map<string, StripeObject>();
  /** The card behind each PaymentMethod: Stripe keeps the number, the object shows its last four. */
  const cardNumbers = new Map<string, string>();
  /** PaymentMethods that paid once without being saved on a Customer: Stripe will not charge them again. */
  const spent = new Set<string>();
  const balance: StripeObject[] = [];
  /** Card disputes (charge.dispute.*): opened by the tests, as a cardholder's bank would. */
  const disputes = new Map<string, StripeObject>();
  /** Files uploaded for dispute evidence (Stripe's Files API: multipart, on its files host). */
  const files = new Map<string, { purpose: string; name: string; type: string; bytes: Uint8Array }>();
  const events: StripeEvent[] = [];
  const saved = new Map<string, { route: string; body: string; answer: Answer }>();
  const failures: { route: string; error: FakeStripeError }[] = [];
  const drops: string[] = [];
  let seq = 0;
  const id = (prefix: string) =>
    `${prefix}_${(++seq).toString().padStart(6, '0')}${randomBytes(6).toString('hex')}`;

  const error = (status: number, type: string, message: string, code?: string, param?: string): Answer => ({
    status,
    body: { error: { type, message, ...(code && { code }), ...(param && { param }) } },
  });
  const notFound = (what: string, value: string) =>
    error(404, 'invalid_request_error', `No such ${what}: '${value}'`, 'resource_missing');
  /** A parameter naming an object that does not exist (Stripe answers 400, naming the parameter). */
  const noSuch = (param: string, value: string) =>
    error(400, 'invalid_request_error', `No such ${param}: '${value}'`, 'resource_missing', param);
  const invalid = (message: string, param: string, code?: string) =>
    error(400, 'invalid_request_error', message, code, param);
  const list = (url: string, items: StripeObject[], query: Params): Answer => {
    const limit = Math.min(Number(query.limit ?? 10), 100);
    const after = query.starting_after as string | undefined;
    const start = after ? items.findIndex((i) => i.id === after) + 1 : 0;
    const page = items.slice(start, start + limit);
    return {
      status: 200,
      body: { object: 'list', url, data: page, has_more: start + limit < items.length },
    };
  };
  const newestFirst = (map: Map<string, StripeObject>) => [...map.values()].reverse();

  function emit(type: string, object: StripeObject) {
    const event: StripeEvent = {
      id: id('evt'),
      object: 'event',
      type,
      created: now(),
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: 1,
      api_version: '2026-10-28.endive',
      request: { id: null, idempotency_key: null },
    };
    events.push(event);
    return event;
  }

  function record(type: string, amount: number, source: string) {
    balance.unshift({
      id: id('txn'),
      object: 'balance_transaction',
      type,
      amount,
      currency: 'cad',
      fee: 0,
      net: amount,
      source,
      status: 'available',
      created: balanceNow(),
    });
  }

  /** The card typed into the Payment Element, as the PaymentMethod Stripe makes of it. */
  function newPaymentMethod(card: string): StripeObject {
    const pm: StripeObject = {
      id: id('pm'),
      object: 'payment_method',
      type: 'card',
      card: { brand: 'visa', last4: card.slice(-4), exp_month: 12, exp_year: 2034, funding: 'credit' },
      customer: null,
      metadata: {},
      created: now(),
      livemode: false,
    };
    paymentMethods.set(pm.id, pm);
    cardNumbers.set(pm.id, card);
    return pm;
  }

  /**
   * After a payment succeeded: its card is attached to the intent's Customer when the intent was set
   * up for future use (setup_future_usage), and is spent otherwise.
   */
  function keepOrSpend(pi: StripeObject): StripeEvent[] {
    const pm = paymentMethods.get(String(pi.payment_method));
    if (!pm || pm.customer) return [];
    if (pi.setup_future_usage && pi.customer) {
      pm.customer = pi.customer;
      return [emit('payment_method.attached', pm)];
    }
    spent.add(pm.id);
    return [];
  }

  const succeed = (pi: StripeObject) => {
    const charge = id('ch');
    Object.assign(pi, {
      status: 'succeeded',
      amount_received: pi.amount,
      latest_charge: charge,
      last_payment_error: null,
      next_action: null,
    });
    record('charge', Number(pi.amount), charge);
    charges.set(charge, { id: charge, object: 'charge', amount: pi.amount, payment_intent: pi.id });
    return [
      emit('charge.succeeded', {
        id: charge,
        object: 'charge',
        amount: pi.amount,
        payment_intent: pi.id,
        payment_method: pi.payment_method,
      }),
      ...keepOrSpend(pi),
      emit('payment_intent.succeeded', pi),
    ];
  };

  /**
   * A failed attempt: the intent waits for another payment method, and the one tried moves into its
   * last_payment_error. A bank's decline is a failed charge; a failed 3-D Secure check has none.
   */
  const fail = (pi: StripeObject, failure: { message: string; code: string; declineCode?: string }) => {
    const pm = paymentMethods.get(String(pi.payment_method));
    const charge = failure.declineCode ? id('ch') : null;
    Object.assign(pi, {
      status: 'requires_payment_method',
      payment_method: null,
      next_action: null,
      ...(charge && { latest_charge: charge }),
      last_payment_error: {
        type: 'card_error',
        code: failure.code,
        message: failure.message,
        ...(charge && { decline_code: failure.declineCode, charge }),
        ...(pm && { payment_method: structuredClone(pm) }),
      },
    });
    return [
      ...(charge
        ? [emit('charge.failed', { id: charge, object: 'charge', amount: pi.amount, payment_intent: pi.id })]
        : []),
      emit('payment_intent.payment_failed', pi),
    ];
  };

  /**
   * An intent confirmed as it is made (confirm=true) with a saved card: charged now. Off-session, a
   * card that declines (or wants 3-D Secure, which nobody is there to answer) is a card error, HTTP
   * 402, carrying the intent, now back in requires_payment_method.
   */
  function chargeNow(pi: StripeObject, offSession: boolean): Answer {
    const card = cardNumbers.get(String(pi.payment_method));
    if (card === TEST_CARDS.succeeds) {
      succeed(pi);
      return { status: 200, body: pi };
    }
    if (card === TEST_CARDS.authenticate && !offSession) {
      Object.assign(pi, { status: 'requires_action', next_action: { type: 'use_stripe_sdk' } });
      emit('payment_intent.requires_action', pi);
      return { status: 200, body: pi };
    }
    const failure =
      card === TEST_CARDS.authenticate
        ? {
            message: AUTHENTICATION_REQUIRED_MESSAGE,
            code: 'authentication_required',
            declineCode: 'authentication_required',
          }
        : { message: DECLINED_MESSAGE, code: 'card_declined', declineCode: 'generic_decline' };
    fail(pi, failure);
    return {
      status: 402,
      body: {
        error: {
          ...(pi.last_payment_error as Params),
          doc_url: `https://stripe.com/docs/error-codes/${failure.code.replaceAll('_', '-')}`,
          payment_intent: pi,
          request_log_url: `https://dashboard.stripe.com/test/logs/req_${randomBytes(6).toString('hex')}`,
        },
      },
    };
  }

  function createIntent(body: Params): Answer {
    const amount = Number(body.amount);
    if (!Number.isInteger(amount) || amount < 50)
      return error(400, 'invalid_request_error', 'Amount must be at least $0.50 cad', 'amount_too_small');
    const customer = body.customer === undefined ? null : String(body.customer);
    if (customer !== null && !customers.has(customer)) return noSuch('customer', customer);
    const methodId = body.payment_method === undefined ? null : String(body.payment_method);
    const method = methodId === null ? undefined : paymentMethods.get(methodId);
    if (methodId !== null && !method) return noSuch('payment_method', methodId);
    const usage = body.setup_future_usage ?? null;
    if (usage !== null && usage !== 'on_session' && usage !== 'off_session')
      return invalid(
        'Invalid setup_future_usage: must be one of on_session or off_session',
        'setup_future_usage',
      );
    // Stripe's refusals below: the type, code and param are Stripe's; where Stripe's own message was not
    // at hand (off_session without confirm, another Customer's card), the wording is ours.
    const confirm = body.confirm === 'true';
    // `true`, or Stripe's older `one_off` / `recurring`.
    const offSession = body.off_session !== undefined && body.off_session !== 'false';
    if (body.off_session !== undefined && !confirm)
      return invalid('You can only pass `off_session` when `confirm` is true.', 'off_session');
    if (confirm && !method)
      return invalid(
        "You cannot confirm this PaymentIntent because it's missing a payment method.",
        'payment_method',
        'payment_intent_unexpected_state',
      );
    if (offSession && usage !== null)
      return invalid(
        'You cannot confirm with the `off_session` parameter when `setup_future_usage` is also set on the PaymentIntent because you cannot set up future usages when processing payments off-session.',
        'off_session',
      );
    // payment_method_types is no longer writable (2026-09-30.endive); allowed_payment_method_types
    // excludes automatic payment methods.
    if (body.payment_method_types)
      return invalid(
        'Specifying `payment_method_types` is no longer supported. Use `allowed_payment_method_types` or dynamic payment methods.',
        'payment_method_types',
      );
    if (body.allowed_payment_method_types && body.automatic_payment_methods)
      return invalid(
        'You may only specify one of these parameters: allowed_payment_method_types, automatic_payment_methods.',
        'allowed_payment_method_types',
      );
    // Without allowed_payment_method_types, automatic payment methods are on (the API's default since
    // 2023-08-16), redirects included: confirming then needs a return_url, whatever card is charged.
    const automatic = (body.automatic_payment_methods ??
      (body.allowed_payment_method_types ? null : { enabled: 'true' })) as Params | null;
    if (confirm && automatic?.enabled === 'true' && automatic.allow_redirects !== 'never' && !body.return_url)
      return invalid(
        'A `return_url` must be specified because this Payment Intent is configured to automatically accept the payment methods enabled in the Dashboard, some of which may require a full page redirect to succeed. If you do not want to accept redirect-based payment methods, set `automatic_payment_methods[enabled]` to `true` and `automatic_payment_methods[allow_redirects]` to `never` when creating Setup Intents and Payment Intents.',
        'return_url',
      );
    if (method?.customer && method.customer !== customer)
      return invalid(
        `The PaymentMethod ${String(method.id)} is attached to another Customer than this PaymentIntent's: pass its Customer in \`customer\`.`,
        'payment_method',
      );
    if (method && spent.has(String(method.id)))
      return invalid(
        'The provided PaymentMethod was previously used with a PaymentIntent without Customer attachment, shared with a connected account without Customer attachment, or was detached from a Customer. It may not be used again. To use a PaymentMethod multiple times, you must attach it to a Customer first.',
        'payment_method',
      );
    const intentId = id('pi');
    const intent: StripeObject = {
      id: intentId,
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency: body.currency,
      status: method ? 'requires_confirmation' : 'requires_payment_method',
      client_secret: `${intentId}_secret_${randomBytes(8).toString('hex')}`,
      automatic_payment_methods: automatic,
      customer,
      payment_method: methodId,
      setup_future_usage: usage,
      metadata: body.metadata ?? {},
      transfer_group: body.transfer_group ?? null,
      last_payment_error: null,
      latest_charge: null,
      next_action: null,
      created: now(),
      livemode: false,
    };
    intents.set(intentId, intent);
    emit('payment_intent.created', intent);
    return confirm ? chargeNow(intent, offSession) : { status: 200, body: intent };
  }

  function handle(method: string, path: string, query: Params, body: Params): Answer {
    const route = `${method} ${path.replace(/\/(pi|acct|re|tr|dp)_\w+/, '/:id')}`;
    switch (route) {
      case 'POST /v1/customers': {
        const customer: StripeObject = {
          id: id('cus'),
          object: 'customer',
          email: body.email ?? null,
          name: body.name ?? null,
          description: body.description ?? null,
          invoice_settings: { default_payment_method: null },
          metadata: body.metadata ?? {},
          created: now(),
          livemode: false,
        };
        customers.set(customer.id, customer);
        emit('customer.created', customer);
        return { status: 200, body: customer };
      }
      case 'POST /v1/payment_intents':
        return createIntent(body);
      case 'POST /v1/payment_intents/:id/cancel': {
        const intent = intents.get(path.split('/')[3]!);
        if (!intent) return notFound('payment_intent', path.split('/')[3]!);
        if (!CANCELLABLE.includes(String(intent.status)))
          return error(
            400,
            'invalid_request_error',
            `You cannot cancel this PaymentIntent because it has a status of ${String(intent.status)}. Only a PaymentIntent with one of the following statuses may be canceled: ${CANCELLABLE.join(', ')}.`,
            'payment_intent_unexpected_state',
          );
        Object.assign(intent, {
          status: 'canceled',
          canceled_at: now(),
          cancellation_reason: body.cancellation_reason ?? null,
          next_action: null,
        });
        emit('payment_intent.canceled', intent);
        return { status: 200, body: intent };
      }
      case 'GET /v1/payment_intents/:id': {
        const intent = intents.get(path.split('/')[3]!);
        return intent ? { status: 200, body: intent } : notFound('payment_intent', path.split('/')[3]!);
      }
      case 'POST /v1/refunds': {
        const intent = intents.get(String(body.payment_intent));
        if (!intent) return notFound('payment_intent', String(body.payment_intent));
        const refunded = [...refunds.values()]
          .filter((r) => r.payment_intent === intent.id)
          .reduce((sum, r) => sum + Number(r.amount), 0);
        const amount =
          body.amount === undefined ? Number(intent.amount_received) - refunded : Number(body.amount);
        if (
          intent.status !== 'succeeded' ||
          amount <= 0 ||
          refunded + amount > Number(intent.amount_received)
        )
          return error(
            400,
            'invalid_request_error',
            `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge.`,
            'amount_too_large',
          );
        const refund: StripeObject = {
          id: id('re'),
          object: 'refund',
          amount,
          currency: 'cad',
          payment_intent: intent.id,
          charge: intent.latest_charge,
          status: 'succeeded',
          metadata: body.metadata ?? {},
          created: now(),
        };
        refunds.set(refund.id, refund);
        record('refund', -amount, refund.id);
        emit('refund.created', refund);
        return { status: 200, body: refund };
      }
      case 'GET /v1/refunds': {
        const items = newestFirst(refunds).filter(
          (r) => query.payment_intent === undefined || r.payment_intent === query.payment_intent,
        );
        return list('/v1/refunds', items, query);
      }
      case 'POST /v1/transfers': {
        const account = accounts.get(String(body.destination));
        if (!account) return notFound('account', String(body.destination));
        if ((account.capabilities as Params).transfers !== 'active')
          return error(
            400,
            'invalid_request_error',
            'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
            'insufficient_capabilities_for_transfer',
          );
        const amount = Number(body.amount);
        // A transfer from a charge's funds: the charge must exist, and cover what is transferred from it.
        const source = body.source_transaction === undefined ? null : String(body.source_transaction);
        if (source !== null) {
          const charge = charges.get(source);
          if (!charge) return noSuch('source_transaction', source);
          const taken = [...transfers.values()]
            .filter((t) => t.source_transaction === source && !t.reversed)
            .reduce((sum, t) => sum + Number(t.amount), 0);
          if (taken + amount > Number(charge.amount))
            return invalid(
              'The transfer amount exceeds the amount of the source transaction.',
              'amount',
              'transfer_source_balance_parameters_mismatch',
            );
        }
        const transfer: StripeObject = {
          id: id('tr'),
          object: 'transfer',
          amount,
          currency: body.currency,
          destination: account.id,
          transfer_group: body.transfer_group ?? null,
          source_transaction: source,
          metadata: body.metadata ?? {},
          reversed: false,
          created: now(),
        };
        transfers.set(transfer.id, transfer);
        record('transfer', -amount, transfer.id);
        emit('transfer.created', transfer);
        return { status: 200, body: transfer };
      }
      case 'GET /v1/transfers': {
        const items = newestFirst(transfers).filter(
          (t) =>
            (query.destination === undefined || t.destination === query.destination) &&
            (query.transfer_group === undefined || t.transfer_group === query.transfer_group),
        );
        return list('/v1/transfers', items, query);
      }
      case 'POST /v1/accounts': {
        const account: StripeObject = {
          id: id('acct'),
          object: 'account',
          type: body.type,
          country: body.country,
          email: body.email ?? null,
          capabilities: { transfers: 'inactive' },
          details_submitted: false,
          payouts_enabled: false,
          charges_enabled: false,
          metadata: body.metadata ?? {},
          created: now(),
        };
        accounts.set(account.id, account);
        return { status: 200, body: account };
      }
      case 'GET /v1/accounts/:id': {
        const account = accounts.get(path.split('/')[3]!);
        return account ? { status: 200, body: account } : notFound('account', path.split('/')[3]!);
      }
      case 'POST /v1/account_links': {
        if (!accounts.has(String(body.account))) return notFound('account', String(body.account));
        return {
          status: 200,
          body: {
            object: 'account_link',
            url: `https://connect.stripe.com/setup/e/${String(body.account)}/${randomBytes(8).toString('hex')}`,
            created: now(),
            expires_at: now() + 300,
          },
        };
      }
      case 'GET /v1/balance_transactions': {
        // created[gte] / created[lt]: the window reconciliation asks for.
        const created = (query.created ?? {}) as { gte?: string; lt?: string };
        const inWindow = balance.filter(
          (b) =>
            (created.gte === undefined || (b.created as number) >= Number(created.gte)) &&
            (created.lt === undefined || (b.created as number) < Number(created.lt)),
        );
        return list('/v1/balance_transactions', inWindow, query);
      }
      case 'GET /v1/disputes/:id': {
        const dispute = disputes.get(path.split('/')[3]!);
        return dispute ? { status: 200, body: dispute } : notFound('dispute', path.split('/')[3]!);
      }
      case 'POST /v1/disputes/:id': {
        const dispute = disputes.get(path.split('/')[3]!);
        if (!dispute) return notFound('dispute', path.split('/')[3]!);
        if (!['needs_response', 'warning_needs_response'].includes(String(dispute.status)))
          return invalid(
            `This dispute is in status ${String(dispute.status)} and cannot be updated.`,
            'evidence',
          );
        Object.assign(dispute, {
          evidence: { ...(dispute.evidence as Params), ...(body.evidence as Params) },
          metadata: { ...(dispute.metadata as Params), ...(body.metadata as Params) },
        });
        if (body.submit === 'true') {
          dispute.status = dispute.status === 'needs_response' ? 'under_review' : 'warning_under_review';
          const details = dispute.evidence_details as Params;
          details.submission_count = Number(details.submission_count) + 1;
          details.has_evidence = true;
        }
        emit('charge.dispute.updated', dispute);
        return { status: 200, body: dispute };
      }
      default:
        return error(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
    }
  }

  const send = (res: ServerResponse, { status, body }: Answer, replayed = false) =>
    res
      .writeHead(status, {
        'content-type': 'application/json',
        'request-id': `req_${randomBytes(6).toString('hex')}`,
        ...(replayed && { 'idempotent-replayed': 'true' }),
      })
      .end(JSON.stringify(body));

  /**
   * POST /v1/files: a multipart upload (the only one), read as the Files API does. A key used again
   * gets the first file back; Stripe's SDK draws a new multipart boundary on each try.
   */
  const uploadFile = async (req: IncomingMessage, res: ServerResponse, body: Buffer) => {
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    const form = await new Response(new Uint8Array(body), {
      headers: { 'content-type': String(req.headers['content-type'] ?? '') },
    }).formData();
    const file = form.get('file');
    const purpose = String(form.get('purpose') ?? '');
    requests.push({
      method: 'POST',
      path: '/v1/files',
      query: {},
      body: { purpose },
      idempotencyKey,
      authorization: req.headers.authorization,
    });
    if (req.headers.authorization !== `Bearer ${secretKey}`)
      return send(res, error(401, 'invalid_request_error', 'Invalid API Key provided.'));
    const first = idempotencyKey ? saved.get(idempotencyKey) : undefined;
    if (first) return send(res, first.answer, true);
    if (!(file instanceof File) || purpose !== 'dispute_evidence')
      return send(res, error(400, 'invalid_request_error', 'A file and its purpose are required.'));
    const fileId = id('file');
    const bytes = new Uint8Array(await file.arrayBuffer());
    files.set(fileId, { purpose, name: file.name, type: file.type, bytes });
    const answer: Answer = {
      status: 200,
      body: { id: fileId, object: 'file', purpose, filename: file.name, size: bytes.length, type: file.type },
    };
    if (idempotencyKey) saved.set(idempotencyKey, { route: 'POST /v1/files', body: '', answer });
    send(res, answer);
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method === 'POST' && req.url?.startsWith('/v1/files'))
        return void uploadFile(req, res, Buffer.concat(chunks)).catch(() =>
          send(res, error(400, 'invalid_request_error', 'The upload could not be read.')),
        );
      const raw = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', 'http://fake-stripe');
      const method = req.method ?? 'GET';
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      const request: StripeRequest = {
        method,
        path: url.pathname,
        query: parseForm(url.search.slice(1)),
        body: parseForm(raw),
        idempotencyKey,
        authorization: req.headers.authorization,
      };
      requests.push(request);
      if (req.headers.authorization !== `Bearer ${secretKey}`)
        return send(res, error(401, 'invalid_request_error', 'Invalid API Key provided.'));
      const route = `${method} ${url.pathname}`;
      // A scripted loss: what was asked is done, but the connection is cut before the answer.
      const reply = (answer: Answer, replayed = false) => {
        const drop = drops.indexOf(route);
        if (drop < 0) return send(res, answer, replayed);
        drops.splice(drop, 1);
        req.socket.destroy();
      };
      if (method === 'POST' && idempotencyKey) {
        const first = saved.get(idempotencyKey);
        if (first && (first.route !== route || first.body !== raw))
          return send(
            res,
            error(
              400,
              'idempotency_error',
              'Keys for idempotent requests can only be used with the same parameters they were first used with.',
            ),
          );
        if (first) return reply(first.answer, true);
      }
      // A scripted failure: refused before anything happens, so nothing is saved under its key.
      const failure = failures.findIndex((f) => f.route === route);
      if (failure >= 0) {
        const { error: e } = failures.splice(failure, 1)[0]!;
        return send(res, error(e.status, e.type, e.message, e.code));
      }
      const answer = handle(method, url.pathname, request.query, request.body);
      // Kept as first answered (a decline included): a retry with the key gets the same answer back.
      // Parameters that failed validation (400) are not kept, as Stripe keeps nothing it did not run.
      if (method === 'POST' && idempotencyKey && answer.status !== 400)
        saved.set(idempotencyKey, { route, body: raw, answer: structuredClone(answer) });
      reply(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };

  const intent = (intentId: string) => {
    const found = intents.get(intentId);
    if (!found) throw new Error(`fake Stripe: no PaymentIntent ${intentId}`);
    return found;
  };
  /** A webhook body signed as Stripe signs it: `t=<unix>,v1=<HMAC-SHA256 of "t.payload">`. */
  const sign = (payload: string, { timestamp = now(), secret = webhookSecret } = {}) =>
    `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex')}`;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    intents,
    refunds,
    transfers,
    charges,
    accounts,
    customers,
    /** PaymentMethods made at confirmation; `customer` is set on those saved on a Customer. */
    paymentMethods,
    /** Every event Stripe would have sent, oldest first; tests pick which to deliver, and when. */
    events,
    /** The customer's card in the Payment Element: the events it leads to (deliver them to Frosted). */
    confirm(intentId: string, card: string): StripeEvent[] {
      const pi = intent(intentId);
      if (pi.status === 'succeeded') throw new Error('fake Stripe: this PaymentIntent has already succeeded');
      // Stripe.js refuses a canceled intent (payment_intent_unexpected_state): nothing is charged.
      if (pi.status === 'canceled') throw new Error('fake Stripe: this PaymentIntent was canceled');
      pi.payment_method = newPaymentMethod(card).id;
      if (card === TEST_CARDS.succeeds || card === TEST_CARDS.declinesLater) return succeed(pi);
      if (card === TEST_CARDS.authenticate) {
        Object.assign(pi, { status: 'requires_action', next_action: { type: 'use_stripe_sdk' } });
        return [emit('payment_intent.requires_action', pi)];
      }
      return fail(pi, { message: DECLINED_MESSAGE, code: 'card_declined', declineCode: 'generic_decline' });
    },
    /** The bank's 3-D Secure step, approved or not. */
    authenticate(intentId: string, approve: boolean): StripeEvent[] {
      const pi = intent(intentId);
      return approve
        ? succeed(pi)
        : fail(pi, { message: AUTHENTICATION_FAILED_MESSAGE, code: 'payment_intent_authentication_failure' });
    },
    disputes,
    files,
    /**
     * The cardholder disputes a paid intent's charge with their bank (Stripe's 4000 0000 0000 0259 does
     * this by itself): the amount and the dispute fee (CAD 15.00) leave the balance in one entry.
     */
    openDispute(
      intentId: string,
      {
        amount,
        reason = 'fraudulent',
        dueInDays = 7,
      }: { amount?: number; reason?: string; dueInDays?: number } = {},
    ): StripeEvent[] {
      const pi = intent(intentId);
      const disputed = amount ?? Number(pi.amount_received);
      const id_ = id('dp');
      const withdrawal: StripeObject = {
        id: id('txn'),
        object: 'balance_transaction',
        type: 'adjustment',
        reporting_category: 'dispute',
        amount: -disputed,
        fee: 1500,
        net: -disputed - 1500,
        currency: 'cad',
        source: id_,
        status: 'available',
        created: balanceNow(),
      };
      balance.unshift(withdrawal);
      const dispute: StripeObject = {
        id: id_,
        object: 'dispute',
        amount: disputed,
        currency: 'cad',
        charge: pi.latest_charge,
        payment_intent: pi.id,
        reason,
        status: 'needs_response',
        is_charge_refundable: false,
        balance_transactions: [withdrawal],
        evidence: {},
        evidence_details: {
          due_by: now() + dueInDays * 86_400,
          has_evidence: false,
          past_due: false,
          submission_count: 0,
        },
        metadata: {},
        created: now(),
        livemode: false,
      };
      disputes.set(id_, dispute);
      return [emit('charge.dispute.created', dispute), emit('charge.dispute.funds_withdrawn', dispute)];
    },
    /** The bank decides: won gives the amount back (the dispute fee is not given back), lost keeps it. */
    closeDispute(disputeId: string, outcome: 'won' | 'lost'): StripeEvent[] {
      const dispute = disputes.get(disputeId);
      if (!dispute) throw new Error(`fake Stripe: no dispute ${disputeId}`);
      dispute.status = outcome;
      const events: StripeEvent[] = [];
      if (outcome === 'won') {
        const reinstated: StripeObject = {
          id: id('txn'),
          object: 'balance_transaction',
          type: 'adjustment',
          reporting_category: 'dispute_reversal',
          amount: dispute.amount,
          fee: 0,
          net: dispute.amount,
          currency: 'cad',
          source: disputeId,
          status: 'available',
          created: balanceNow(),
        };
        balance.unshift(reinstated);
        (dispute.balance_transactions as StripeObject[]).push(reinstated);
        events.push(emit('charge.dispute.funds_reinstated', dispute));
      }
      events.push(emit('charge.dispute.closed', dispute));
      return events;
    },
    /** A refund made in Stripe's Dashboard (no metadata of ours): charge.refunded tells of it. */
    refundFromDashboard(intentId: string, amount: number): StripeEvent[] {
      const pi = intent(intentId);
      const refund: StripeObject = {
        id: id('re'),
        object: 'refund',
        amount,
        currency: 'cad',
        payment_intent: pi.id,
        charge: pi.latest_charge,
        status: 'succeeded',
        metadata: {},
        created: now(),
      };
      refunds.set(refund.id, refund);
      record('refund', -amount, refund.id);
      const refunded = [...refunds.values()]
        .filter((r) => r.payment_intent === pi.id)
        .reduce((sum, r) => sum + Number(r.amount), 0);
      return [
        emit('refund.created', refund),
        emit('charge.refunded', {
          id: String(pi.latest_charge),
          object: 'charge',
          amount: pi.amount_received,
          amount_refunded: refunded,
          refunded: refunded >= Number(pi.amount_received),
          payment_intent: pi.id,
        }),
      ];
    },
    /** The vendor finished Stripe's hosted onboarding: the account can receive transfers. */
    completeOnboarding(accountId: string) {
      const account = accounts.get(accountId);
      if (!account) throw new Error(`fake Stripe: no account ${accountId}`);
      Object.assign(account, {
        capabilities: { transfers: 'active' },
        details_submitted: true,
        payouts_enabled: true,
      });
      return emit('account.updated', account);
    },
    /** The next request to `route` (e.g. 'POST /v1/transfers') fails with `error` and changes nothing. */
    failNext(
      route: string,
      error: FakeStripeError = {
        status: 400,
        type: 'invalid_request_error',
        message: 'Refused by the test.',
      },
    ) {
      failures.push({ route, error });
    },
    /**
     * The next `times` requests to `route` are carried out (and kept under their idempotency key), but
     * the connection is cut before their answer: what a timeout after Stripe acted looks like.
     */
    dropNext(route: string, times = 1) {
      for (let i = 0; i < times; i++) drops.push(route);
    },
    sign,
    /**
     * Sends an event to Frosted's webhook endpoint as Stripe does: JSON, no Origin, signed (with the
     * given time, or now; a wrong secret or a tampered body make a signature that does not verify).
     */
    async deliver(
      event: StripeEvent | string,
      send: Send,
      options: { timestamp?: number; secret?: string; signature?: string | null } = {},
    ) {
      const payload = typeof event === 'string' ? event : JSON.stringify(event);
      const signature = options.signature === undefined ? sign(payload, options) : options.signature;
      return send('/api/payments/webhooks/stripe', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          ...(signature !== null && { 'Stripe-Signature': signature }),
        },
        body: payload,
      });
    },
    /** POSTs that arrived without an Idempotency-Key (Frosted sends one on every POST). */
    postsWithoutKey: () => requests.filter((r) => r.method === 'POST' && !r.idempotencyKey),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
    },
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
