import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';

/**
 * A small Stripe on loopback: the part of the API Frosted calls, spoken as the official SDK speaks it
 * (form-encoded POSTs, Bearer auth, Idempotency-Key, list objects with has_more), with the test cards'
 * behaviour and signed webhooks. Point the SDK at it with STRIPE_API_URL (config.payments.stripe.api).
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
  authenticate: '4000002760003184',
} as const;
export const DECLINED_MESSAGE = 'Your card was declined.';
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

export async function startFakeStripe({
  secretKey = FAKE_KEYS.secretKey,
  webhookSecret = FAKE_KEYS.webhookSecret,
}: { secretKey?: string; webhookSecret?: string } = {}) {
  const requests: StripeRequest[] = [];
  const intents = new Map<string, StripeObject>();
  const refunds = new Map<string, StripeObject>();
  const transfers = new Map<string, StripeObject>();
  const accounts = new Map<string, StripeObject>();
  const balance: StripeObject[] = [];
  const events: StripeEvent[] = [];
  const saved = new Map<string, { route: string; body: string; answer: Answer }>();
  const failures: { route: string; error: FakeStripeError }[] = [];
  let seq = 0;
  const id = (prefix: string) =>
    `${prefix}_${(++seq).toString().padStart(6, '0')}${randomBytes(6).toString('hex')}`;

  const error = (status: number, type: string, message: string, code?: string): Answer => ({
    status,
    body: { error: { type, message, ...(code && { code }) } },
  });
  const notFound = (what: string, value: string) =>
    error(404, 'invalid_request_error', `No such ${what}: '${value}'`, 'resource_missing');
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
      created: now(),
    });
  }

  function handle(method: string, path: string, query: Params, body: Params): Answer {
    const route = `${method} ${path.replace(/\/(pi|acct|re|tr)_\w+/, '/:id')}`;
    switch (route) {
      case 'POST /v1/payment_intents': {
        const amount = Number(body.amount);
        if (!Number.isInteger(amount) || amount < 50)
          return error(400, 'invalid_request_error', 'Amount must be at least $0.50 cad', 'amount_too_small');
        const intentId = id('pi');
        const intent: StripeObject = {
          id: intentId,
          object: 'payment_intent',
          amount,
          amount_received: 0,
          currency: body.currency,
          status: 'requires_payment_method',
          client_secret: `${intentId}_secret_${randomBytes(8).toString('hex')}`,
          automatic_payment_methods: body.automatic_payment_methods ?? null,
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
        const transfer: StripeObject = {
          id: id('tr'),
          object: 'transfer',
          amount,
          currency: body.currency,
          destination: account.id,
          transfer_group: body.transfer_group ?? null,
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
      case 'GET /v1/balance_transactions':
        return list('/v1/balance_transactions', balance, query);
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

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
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
        if (first) return send(res, first.answer, true);
      }
      // A scripted failure: refused before anything happens, so nothing is saved under its key.
      const failure = failures.findIndex((f) => f.route === route);
      if (failure >= 0) {
        const { error: e } = failures.splice(failure, 1)[0]!;
        return send(res, error(e.status, e.type, e.message, e.code));
      }
      const answer = handle(method, url.pathname, request.query, request.body);
      if (method === 'POST' && idempotencyKey) saved.set(idempotencyKey, { route, body: raw, answer });
      send(res, answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };

  const intent = (intentId: string) => {
    const found = intents.get(intentId);
    if (!found) throw new Error(`fake Stripe: no PaymentIntent ${intentId}`);
    return found;
  };
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
    return [
      emit('charge.succeeded', { id: charge, object: 'charge', amount: pi.amount }),
      emit('payment_intent.succeeded', pi),
    ];
  };
  const fail = (pi: StripeObject, message: string, code: string) => {
    Object.assign(pi, {
      status: 'requires_payment_method',
      next_action: null,
      last_payment_error: { type: 'card_error', code, message, decline_code: 'generic_decline' },
    });
    return [emit('payment_intent.payment_failed', pi)];
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
    accounts,
    /** Every event Stripe would have sent, oldest first; tests pick which to deliver, and when. */
    events,
    /** The customer's card in the Payment Element: the events it leads to (deliver them to Frosted). */
    confirm(intentId: string, card: string): StripeEvent[] {
      const pi = intent(intentId);
      if (pi.status === 'succeeded') throw new Error('fake Stripe: this PaymentIntent has already succeeded');
      if (card === TEST_CARDS.succeeds) return succeed(pi);
      if (card === TEST_CARDS.authenticate) {
        Object.assign(pi, { status: 'requires_action', next_action: { type: 'use_stripe_sdk' } });
        return [emit('payment_intent.requires_action', pi)];
      }
      return fail(pi, DECLINED_MESSAGE, 'card_declined');
    },
    /** The bank's 3-D Secure step, approved or not. */
    authenticate(intentId: string, approve: boolean): StripeEvent[] {
      const pi = intent(intentId);
      return approve
        ? succeed(pi)
        : fail(pi, AUTHENTICATION_FAILED_MESSAGE, 'payment_intent_authentication_failure');
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
