import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDetail } from '../../src/shared/schemas/orders.ts';
import type { QuoteRequestView, VendorQuoteView } from '../../src/shared/schemas/quotes.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { manualClock } from '../support/clock.ts';
import { createUser, createVendor, signIn } from '../support/factories.ts';

/** The quote API as the browser uses it, request to order. */
const clock = manualClock('2026-12-01T18:00:00Z');
let t: TestApp;
let vendorId: string;
const cookies = { customer: '', vendor: '' };

beforeAll(async () => {
  t = await createTestApp({ authRateLimitMax: 1000 }, { clock });
  const db = t.database.db;
  const customer = await createUser(db, { firstName: 'Lena', lastName: 'Ortiz' });
  const owner = await createUser(db, { userType: 'vendor' });
  vendorId = (
    await createVendor(db, { userId: owner.id, businessName: 'Spruce Sweets', rating: 4.8, reviewCount: 5 })
  ).id;
  cookies.customer = await signIn(t.app, customer.email);
  cookies.vendor = await signIn(t.app, owner.email);
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

const brief = {
  occasion: 'Anniversary',
  flavor: 'Red Velvet',
  size: '10 inch (12-15)',
  servings: 14,
  fulfillment: 'delivery',
  eventDate: '2026-12-19',
  eventTime: '18:30',
  deliveryAddress: '12 Cedar Rd, Burnaby, BC',
  budgetMinCents: 15_000,
  budgetMaxCents: 25_000,
};

describe('quote API', () => {
  it('takes a request, shows it in the vendor’s inbox, and turns the accepted quote into an order', async () => {
    const bad = await call('customer', 'POST', '/api/quote-requests', {
      vendorIds: [],
      brief: { ...brief, deliveryAddress: ' ', budgetMaxCents: 1_000, servings: 0 },
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({
      vendorIds: 'Choose at least one vendor.',
      'brief.servings': 'Please enter how many people it should serve (1 to 500).',
      'brief.deliveryAddress': 'Please enter the delivery address in British Columbia.',
      'brief.budgetMaxCents': 'The most you would spend must be at least the least.',
    });

    const created = await call('customer', 'POST', '/api/quote-requests', { vendorIds: [vendorId], brief });
    expect(created.status).toBe(201);
    const { requestId, quoteIds } = (await created.json()) as { requestId: string; quoteIds: string[] };

    const inbox = (await (await call('vendor', 'GET', '/api/quotes/inbox')).json()) as {
      quotes: VendorQuoteView[];
    };
    expect(inbox.quotes).toHaveLength(1);
    expect(inbox.quotes[0]).toMatchObject({
      id: quoteIds[0],
      status: 'requested',
      customerName: 'Lena O.',
      brief: { occasion: 'Anniversary', servings: 14, eventDate: '2026-12-19', eventTime: '18:30' },
    });

    const tooShort = await call('vendor', 'POST', `/api/quotes/${quoteIds[0]}/answer`, {
      priceCents: 19_000,
      validUntil: '2026-12-01T18:30:00Z',
    });
    expect(tooShort.status).toBe(400);
    expect(((await tooShort.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({
      validUntil: 'Keep the quote valid for at least an hour from now.',
    });
    clock.advanceHours(3);
    const answered = await call('vendor', 'POST', `/api/quotes/${quoteIds[0]}/answer`, {
      priceCents: 19_000,
      deliveryFeeCents: 2_000,
      includes: 'Two tiers, gold leaf, delivery and setup',
      validUntil: '2026-12-08T07:59:00Z',
    });
    expect(answered.status).toBe(200);

    const view = (await (
      await call('customer', 'GET', `/api/quote-requests/${requestId}`)
    ).json()) as QuoteRequestView;
    expect(view.quotes[0]).toMatchObject({
      status: 'quoted',
      totalCents: 21_000,
      includes: 'Two tiers, gold leaf, delivery and setup',
      vendor: { businessName: 'Spruce Sweets', rating: 4.8, reviewCount: 5, responseTimeMinutes: 180 },
    });

    const accepted = await call('customer', 'POST', `/api/quotes/${quoteIds[0]}/accept`);
    expect(accepted.status).toBe(201);
    const { orderId, orderNumber } = (await accepted.json()) as { orderId: string; orderNumber: string };
    const again = await call('customer', 'POST', `/api/quotes/${quoteIds[0]}/accept`);
    expect(again.status).toBe(409);
    for (const who of ['customer', 'vendor'] as const) {
      const order = (await (await call(who, 'GET', `/api/orders/${orderId}`)).json()) as OrderDetail;
      expect(order).toMatchObject({ orderNumber, status: 'pending', amount: 21_000 });
      expect(order.events.map((e) => e.label)).toEqual(['Order placed']);
    }
  });
});
