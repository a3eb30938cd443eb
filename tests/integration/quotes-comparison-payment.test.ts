import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuoteRequestView } from '../../src/shared/schemas/quotes.ts';
import { orders } from '../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { manualClock } from '../support/clock.ts';
import { createUser, createVendor, signIn } from '../support/factories.ts';

/** The comparison says what accepting each quote costs now, and where its order stands once accepted. */
const clock = manualClock('2026-11-25T20:00:00Z'); // Nov 25, noon in Vancouver
let t: TestApp;
const cookies = { customer: '', deposit: '', full: '' };
const vendorIds: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ authRateLimitMax: 1000 }, { clock });
  const db = t.database.db;
  const customer = await createUser(db);
  cookies.customer = await signIn(t.app, customer.email);
  for (const [key, depositPercent] of [
    ['deposit', 30],
    ['full', 0],
  ] as const) {
    const owner = await createUser(db, { userType: 'vendor' });
    const vendor = await createVendor(db, {
      userId: owner.id,
      businessName: `Shop ${key}`,
      depositPercent,
      balanceDueDays: 14,
    });
    vendorIds.push(vendor.id);
    cookies[key] = await signIn(t.app, owner.email);
  }
});
afterAll(() => t.close());

function call(who: keyof typeof cookies, method: string, path: string, body?: unknown) {
  return t.app.request(path, {
    method,
    headers: {
      Cookie: cookies[who],
      Origin: 'http://localhost:3000',
      ...(body !== undefined && { 'Content-Type': 'application/json' }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
}

describe('comparing quotes', () => {
  it('shows each quote’s deposit or total due, and the accepted quote’s order waiting for payment', async () => {
    const created = await call('customer', 'POST', '/api/quote-requests', {
      vendorIds,
      brief: {
        occasion: 'Birthday',
        flavor: 'Lemon',
        size: '8 inch (8-10)',
        servings: 10,
        fulfillment: 'pickup',
        eventDate: '2026-12-25',
        eventTime: '15:00',
      },
    });
    expect(created.status).toBe(201);
    const { requestId, quoteIds } = (await created.json()) as { requestId: string; quoteIds: string[] };
    const answer = { priceCents: 18_000, deliveryFeeCents: 1_000, validUntil: '2026-12-20T07:59:00.000Z' };
    for (const who of ['deposit', 'full'] as const) {
      const inbox = (await (await call(who, 'GET', '/api/quotes/inbox')).json()) as {
        quotes: { id: string }[];
      };
      const quoteId = inbox.quotes.find((q) => quoteIds.includes(q.id))!.id;
      expect((await call(who, 'POST', `/api/quotes/${quoteId}/answer`, answer)).status).toBe(200);
    }

    const read = async () => {
      const view = (await (
        await call('customer', 'GET', `/api/quote-requests/${requestId}`)
      ).json()) as QuoteRequestView;
      // Each shop's quote, whatever their order in the list.
      return vendorIds.map((id) => view.quotes.find((q) => q.vendor.id === id)!);
    };
    const [withDeposit, inFull] = await read();
    expect([withDeposit?.payment, withDeposit?.orderStatus]).toEqual([
      { kind: 'deposit', depositCents: 5_700, balanceCents: 13_300, balanceDueDay: '2026-12-11' },
      null,
    ]);
    expect([inFull?.payment, inFull?.orderStatus]).toEqual([{ kind: 'full', dueNowCents: 19_000 }, null]);

    const accepted = await call('customer', 'POST', `/api/quotes/${withDeposit!.id}/accept`, { revision: 1 });
    expect(accepted.status).toBe(201);
    const { orderId } = (await accepted.json()) as { orderId: string };
    const [chosen, other] = await read();
    expect(chosen).toMatchObject({ status: 'accepted', orderId, orderStatus: 'pending' });
    expect(other).toMatchObject({ status: 'closed', orderStatus: null });
    // The order asks for what the comparison said.
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ amount: 19_000, depositCents: 5_700 });

    // The list of requests says the same.
    const list = (await (await call('customer', 'GET', '/api/quote-requests')).json()) as {
      requests: QuoteRequestView[];
    };
    expect(list.requests[0]!.quotes.find((q) => q.id === chosen!.id)).toMatchObject({
      orderStatus: 'pending',
      payment: withDeposit!.payment,
    });
  });
});
