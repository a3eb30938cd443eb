import type { Checkout } from '../../src/shared/schemas/payments.ts';
import { stripeApi } from '../../src/server/config.ts';
import type { vendors } from '../../src/server/db/schema/index.ts';
import { createTestApp } from './app.ts';
import type { ManualClock } from './clock.ts';
import { createUser, createVendor, signIn } from './factories.ts';
import { FAKE_KEYS, startFakeStripe, type FakeStripe, type StripeEvent } from './fake-stripe.ts';

/** An API answer: the body, with the error a refusal carries. */
export type Body<T> = T & { error?: { code: string; message: string; fields?: Record<string, string> } };

/** A client secret is its PaymentIntent's id, `_secret_`, and a secret. */
export const intentOf = (c: Checkout) => c.clientSecret!.split('_secret_')[0]!;

/**
 * The whole app configured for Stripe and pointed at a Stripe-shaped server on loopback, with one
 * customer and one vendor (its fields as the test wants; room for many orders a day) signed in.
 */
export async function startStripeWorld(
  clock: ManualClock,
  vendorFields: Partial<typeof vendors.$inferInsert> = {},
) {
  const fake = await startFakeStripe({ clock });
  const t = await createTestApp(
    {
      authRateLimitMax: 1000,
      payments: { provider: 'stripe', stripe: { ...FAKE_KEYS, api: stripeApi(fake.url) } },
    },
    { clock },
  );
  const db = t.database.db;
  const customer = await createUser(db);
  const owner = await createUser(db, { userType: 'vendor' });
  // Many orders of these tests share a day: room for them all (capacity is checked at payment too).
  const vendor = await createVendor(db, {
    userId: owner.id,
    cancellationRefundPercent: 50,
    ordersPerDay: 20,
    ...vendorFields,
  });
  const cookies = {
    customer: await signIn(t.app, customer.email),
    vendor: await signIn(t.app, owner.email),
  };

  async function call<T = unknown>(as: keyof typeof cookies, method: string, path: string, body?: unknown) {
    const res = await t.app.request(path, {
      method,
      headers: {
        Cookie: cookies[as],
        Origin: 'http://localhost:3000',
        ...(body !== undefined && { 'Content-Type': 'application/json' }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    return { status: res.status, body: (await res.json()) as Body<T> };
  }

  const seconds = () => Math.floor(clock.now().getTime() / 1000);
  return {
    fake,
    t,
    customerId: customer.id,
    vendorId: vendor.id,
    vendorUserId: owner.id,
    call,
    checkout: (orderId: string) => call<Checkout>('customer', 'POST', '/api/payments', { orderId }),
    /** A Stripe event delivered to our webhook, signed at the clock's time. */
    deliver: (event: StripeEvent | string, options: Parameters<FakeStripe['deliver']>[2] = {}) =>
      fake.deliver(event, (path, init) => t.app.request(path, init), { timestamp: seconds(), ...options }),
    close: async () => {
      await t.close();
      await fake.close();
    },
  };
}

export type StripeWorld = Awaited<ReturnType<typeof startStripeWorld>>;
