import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerDashboard, VendorOrderPage } from '../../src/shared/schemas/dashboard.ts';
import type { OrderDetail } from '../../src/shared/schemas/orders.ts';
import type { QuoteRequestView, VendorQuoteView } from '../../src/shared/schemas/quotes.ts';
import { cakeDesigns, emailOutbox } from '../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { manualClock } from '../support/clock.ts';
import { createDesign, createUser, createVendor, signIn } from '../support/factories.ts';

/** The quote API as the browser uses it, request to order. */
const clock = manualClock('2026-12-01T18:00:00Z');
let t: TestApp;
let vendorId: string;
let customerId: string;
const emails = { vendor: '', second: '', third: '' };
const vendorIds = { second: '', third: '' };
const cookies = { customer: '', vendor: '', second: '' };

beforeAll(async () => {
  t = await createTestApp({ authRateLimitMax: 1000 }, { clock });
  const db = t.database.db;
  const customer = await createUser(db, { firstName: 'Lena', lastName: 'Ortiz' });
  customerId = customer.id;
  const owner = await createUser(db, { userType: 'vendor' });
  vendorId = (
    await createVendor(db, { userId: owner.id, businessName: 'Spruce Sweets', rating: 4.8, reviewCount: 5 })
  ).id;
  emails.vendor = owner.email;
  for (const [key, name] of [
    ['second', 'Hemlock Bakes'],
    ['third', 'Tamarack Cakes'],
  ] as const) {
    const other = await createUser(db, { userType: 'vendor' });
    vendorIds[key] = (await createVendor(db, { userId: other.id, businessName: name })).id;
    emails[key] = other.email;
  }
  cookies.customer = await signIn(t.app, customer.email);
  cookies.vendor = await signIn(t.app, owner.email);
  cookies.second = await signIn(t.app, emails.second);
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

    const noRevision = await call('customer', 'POST', `/api/quotes/${quoteIds[0]}/accept`, {});
    expect(noRevision.status).toBe(400);
    const accepted = await call('customer', 'POST', `/api/quotes/${quoteIds[0]}/accept`, { revision: 1 });
    expect(accepted.status).toBe(201);
    const { orderId, orderNumber } = (await accepted.json()) as { orderId: string; orderNumber: string };
    const again = await call('customer', 'POST', `/api/quotes/${quoteIds[0]}/accept`, { revision: 1 });
    expect(again.status).toBe(409);
    for (const who of ['customer', 'vendor'] as const) {
      const order = (await (await call(who, 'GET', `/api/orders/${orderId}`)).json()) as OrderDetail;
      expect(order).toMatchObject({ orderNumber, status: 'pending', amount: 21_000 });
      expect(order.events.map((e) => e.label)).toEqual(['Order placed']);
    }
  });

  it('takes only delivery addresses in British Columbia: a BC postal code, or the province by name', async () => {
    const ask = (deliveryAddress: string) =>
      call('customer', 'POST', '/api/quote-requests', {
        vendorIds: [vendorId],
        brief: { ...brief, eventDate: '2026-12-22', deliveryAddress },
      });
    for (const outside of ['350 5th Ave, New York, NY 10118', '12 Cedar Rd, Burnaby', 'T2P 1J9 Calgary']) {
      const res = await ask(outside);
      expect(res.status, outside).toBe(400);
      expect(((await res.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({
        'brief.deliveryAddress': 'Enter a delivery address in British Columbia, with its postal code (V…).',
      });
    }
    for (const inside of ['12 Cedar Rd, Burnaby v5c2k1', '620 Fort St, Victoria, British Columbia']) {
      const res = await ask(inside);
      expect(res.status, inside).toBe(201);
    }
  });

  it('e-mails the vendors: each asked of a new request, then the chosen one and those closed', async () => {
    const db = t.database.db;
    // Earlier tests wrote to these vendors too: this request's e-mails are those about the 23rd.
    const outbox = async (to: string, kind: string) => {
      // The e-mails are queued with the change and written and sent by the delivery round.
      await t.services.mailer.deliver();
      return (
        await db
          .select()
          .from(emailOutbox)
          .where(and(eq(emailOutbox.to, to), eq(emailOutbox.kind, kind)))
      ).filter((m) => m.text?.includes('December 23, 2026'));
    };
    const created = await call('customer', 'POST', '/api/quote-requests', {
      vendorIds: [vendorId, vendorIds.second, vendorIds.third],
      brief: { ...brief, eventDate: '2026-12-23', eventTime: '12:00' },
    });
    expect(created.status).toBe(201);
    const { quoteIds } = (await created.json()) as { quoteIds: string[] };
    for (const to of [emails.vendor, emails.second, emails.third]) {
      const [mail, ...more] = await outbox(to, 'quote-requested');
      expect(more, to).toHaveLength(0);
      // The customer's first name only, before any order.
      expect(mail!.subject).toBe(
        'New quote request: Anniversary cake for December 23, 2026, serves 14, delivery',
      );
      expect(mail!.text).toContain('Lena asked for a quote');
      expect(mail!.text).not.toContain('Ortiz');
      expect(mail!.link).toBe('http://localhost:3000/vendor-dashboard?tab=quotes');
    }
    const validUntil = '2026-12-10T07:59:00Z';
    for (const [who, id] of [
      ['vendor', quoteIds[0]],
      ['second', quoteIds[1]],
    ] as const)
      expect(
        (await call(who, 'POST', `/api/quotes/${id}/answer`, { priceCents: 15_000, validUntil })).status,
      ).toBe(200);
    const third = await signIn(t.app, emails.third);
    const declined = await t.app.request(`/api/quotes/${quoteIds[2]}/decline`, {
      method: 'POST',
      headers: { Cookie: third, Origin: 'http://localhost:3000', 'Content-Type': 'application/json' },
      body: JSON.stringify({ reason: 'Closed for the holidays' }),
    });
    expect(declined.status).toBe(200);

    const accepted = await call('customer', 'POST', `/api/quotes/${quoteIds[0]}/accept`, { revision: 1 });
    expect(accepted.status).toBe(201);
    const { orderNumber } = (await accepted.json()) as { orderNumber: string };
    const [won] = await outbox(emails.vendor, 'quote-accepted');
    expect(won!.subject).toBe(`Your quote was accepted: order ${orderNumber}`);
    expect(won!.text).toContain(`It is now order ${orderNumber}, waiting for the customer’s payment.`);
    const [closed] = await outbox(emails.second, 'quote-closed');
    expect(closed!.subject).toBe('Quote closed: the customer chose another baker');
    expect(closed!.text).toContain(
      'The customer chose another baker for Anniversary cake for December 23, 2026',
    );
    // The vendor who had declined hears nothing more; nobody hears twice.
    expect(await outbox(emails.third, 'quote-closed')).toHaveLength(0);
    expect(await outbox(emails.third, 'quote-accepted')).toHaveLength(0);
    expect(await outbox(emails.second, 'quote-accepted')).toHaveLength(0);
    expect(await outbox(emails.vendor, 'quote-closed')).toHaveLength(0);
  });

  it('keeps the brief and the design as agreed on the order, whatever becomes of the saved design', async () => {
    const db = t.database.db;
    const design = await createDesign(db, customerId, {
      occasion: 'Wedding',
      flavor: 'Lemon',
      size: '10 inch (12-15)',
      description: 'Three tiers, white roses',
      imageUrl: '/api/files/designs/agreed.webp',
    });
    const created = await call('customer', 'POST', '/api/quote-requests', {
      vendorIds: [vendorIds.second],
      designId: design.id,
      brief: {
        ...brief,
        occasion: 'Anniversary',
        eventDate: '2026-12-28',
        allergies: 'Sesame',
        dietary: ['nut-free'],
        notes: 'Gold leaf on the top tier.',
      },
    });
    const { quoteIds } = (await created.json()) as { quoteIds: string[] };
    await call('second', 'POST', `/api/quotes/${quoteIds[0]}/answer`, {
      priceCents: 40_000,
      validUntil: '2026-12-10T07:59:00Z',
    });
    const accepted = await call('customer', 'POST', `/api/quotes/${quoteIds[0]}/accept`, { revision: 1 });
    const { orderId } = (await accepted.json()) as { orderId: string };

    const views = async () => {
      const order = async (who: 'customer' | 'second') =>
        (await (await call(who, 'GET', `/api/orders/${orderId}`)).json()) as OrderDetail;
      const dashboard = (await (
        await call('customer', 'GET', '/api/me/dashboard/customer')
      ).json()) as CustomerDashboard;
      const vendorOrders = (await (
        await call('second', 'GET', '/api/me/dashboard/vendor/orders?view=active')
      ).json()) as VendorOrderPage;
      const customerRow = dashboard.orders.find((o) => o.id === orderId)!;
      const vendorRow = vendorOrders.orders.find((o) => o.id === orderId)!;
      return {
        customer: await order('customer'),
        vendor: await order('second'),
        customerRow: { occasion: customerRow.occasion, cakeDesign: customerRow.cakeDesign },
        vendorRow: {
          occasion: vendorRow.occasion,
          description: vendorRow.description,
          imageUrl: vendorRow.imageUrl,
        },
      };
    };
    const before = await views();
    const agreed = {
      occasion: 'Wedding',
      flavor: 'Lemon',
      size: '10 inch (12-15)',
      description: 'Three tiers, white roses',
      imageUrl: '/api/files/designs/agreed.webp',
    };
    for (const side of [before.customer, before.vendor]) {
      expect(side.design).toEqual(agreed);
      expect(side.brief).toMatchObject({
        occasion: 'Anniversary',
        flavor: 'Red Velvet',
        servings: 14,
        fulfillment: 'delivery',
        deliveryAddress: '12 Cedar Rd, Burnaby, BC',
        allergies: 'Sesame',
        dietary: ['nut-free'],
        notes: 'Gold leaf on the top tier.',
        budgetMinCents: 15_000,
        budgetMaxCents: 25_000,
      });
      expect(side.fulfillment).toBe('delivery');
      expect(side.pickupAddress).toBeNull();
    }
    // The occasion of the brief names the order on both dashboards; the picture is the agreed one.
    expect(before.customerRow).toEqual({
      occasion: 'Anniversary',
      cakeDesign: {
        id: design.id,
        occasion: 'Wedding',
        flavor: 'Lemon',
        description: 'Three tiers, white roses',
        imageUrl: '/api/files/designs/agreed.webp',
      },
    });
    expect(before.vendorRow).toEqual({
      occasion: 'Anniversary',
      description: 'Three tiers, white roses',
      imageUrl: '/api/files/designs/agreed.webp',
    });

    await db
      .update(cakeDesigns)
      .set({ occasion: 'Birthday', description: 'Now chocolate', imageUrl: '/api/files/designs/other.webp' })
      .where(eq(cakeDesigns.id, design.id));
    expect(await views()).toEqual(before);
    await db.delete(cakeDesigns).where(eq(cakeDesigns.id, design.id));
    const after = await views();
    expect(after.customer).toEqual(before.customer);
    expect(after.vendor).toEqual(before.vendor);
    expect(after.vendorRow).toEqual(before.vendorRow);
    // Only the link to the saved design is gone.
    expect(after.customerRow).toEqual({
      ...before.customerRow,
      cakeDesign: { ...before.customerRow.cakeDesign!, id: null },
    });
  });
});
