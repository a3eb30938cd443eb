import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderSchedule, PlanList, PlanView } from '../../src/shared/schemas/plans.ts';
import type { QuoteRequestView } from '../../src/shared/schemas/quotes.ts';
import {
  checkoutGroups,
  emailOutbox,
  eventPlans,
  orders,
  quoteRequests,
} from '../../src/server/db/schema/index.ts';
import { MAX_PLANS_PER_CUSTOMER } from '../../src/shared/plans.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { manualClock } from '../support/clock.ts';
import { createDesign, createUser, createVendor, signIn } from '../support/factories.ts';

/** Event plans (issue 25) through the API: a wedding, its checklist, requests, bookings and the day. */
const clock = manualClock('2026-12-01T18:00:00Z');
let t: TestApp;
const people = {} as Record<
  'emma' | 'omar' | 'cake' | 'florist' | 'photographer',
  { id: string; email: string }
>;
const vendorIds = { cake: '', florist: '', photographer: '' };
const cookies = {} as Record<keyof typeof people, string>;

beforeAll(async () => {
  t = await createTestApp({ authRateLimitMax: 1000 }, { clock });
  const db = t.database.db;
  people.emma = await createUser(db, { firstName: 'Emma', lastName: 'Stone' });
  people.omar = await createUser(db, { firstName: 'Omar', lastName: 'Haddad' });
  const kinds: [keyof typeof vendorIds, string, Partial<Parameters<typeof createVendor>[1]>][] = [
    ['cake', 'Spruce Sweets', {}],
    [
      'florist',
      'Bloom & Co',
      { category: 'flowers', categories: ['flowers'], specialty: 'flowers', specialties: [] },
    ],
    [
      'photographer',
      'Northlight Studio',
      { category: 'photography', categories: ['photography'], specialty: 'photography', specialties: [] },
    ],
  ];
  for (const [key, businessName, extra] of kinds) {
    people[key] = await createUser(db, { userType: 'vendor' });
    vendorIds[key] = (await createVendor(db, { userId: people[key].id, businessName, ...extra })).id;
  }
  for (const key of Object.keys(people) as (keyof typeof people)[])
    cookies[key] = await signIn(t.app, people[key].email);
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
    ...(body !== undefined && { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
}
const fieldsOf = async (r: Response) =>
  ((await r.json()) as { error: { fields: Record<string, string> } }).error.fields;

const wedding = {
  type: 'wedding',
  title: 'Emma & Liam’s wedding',
  eventDate: '2027-06-12',
  startTime: '16:00',
  venueAddress: 'Hycroft, 1489 McRae Ave, Vancouver, BC V6H 1V1',
  guests: 120,
  budgetCents: 1_500_000,
  categories: ['photography', 'cakes', 'flowers'],
};
const eventBrief = (category: string, eventTime: string) => ({
  kind: 'event',
  category,
  occasion: 'Wedding',
  eventDate: wedding.eventDate,
  eventTime,
  venueAddress: wedding.venueAddress,
  guests: 120,
  notes: 'Blush and ivory.',
});
const cakeBrief = {
  occasion: 'Wedding',
  flavor: 'Lemon',
  size: 'Custom Size',
  servings: 120,
  fulfillment: 'delivery',
  eventDate: wedding.eventDate,
  eventTime: '14:30',
  deliveryAddress: wedding.venueAddress,
};

async function answerAndAccept(
  vendor: 'cake' | 'florist' | 'photographer',
  quoteId: string,
  priceCents: number,
) {
  const answered = await call(vendor, 'POST', `/api/quotes/${quoteId}/answer`, {
    priceCents,
    deliveryFeeCents: 0,
    validUntil: '2026-12-20T00:00:00Z',
  });
  expect(answered.status).toBe(200);
  const accepted = await call('emma', 'POST', `/api/quotes/${quoteId}/accept`, { revision: 1 });
  expect(accepted.status).toBe(201);
  return ((await accepted.json()) as { orderId: string }).orderId;
}

describe('event plans', () => {
  let planId = '';
  const orderIds = { cake: '', florist: '', photographer: '' };

  it('refuses a bad plan at each field, and keeps a good one with its checklist in the catalogue’s order', async () => {
    const nul = await call('emma', 'POST', '/api/plans', { ...wedding, title: 'A\u0000B' });
    expect(await fieldsOf(nul)).toEqual({ title: 'Contains characters that are not allowed.' });
    const bad = await call('emma', 'POST', '/api/plans', {
      ...wedding,
      title: ' ',
      venueAddress: '1489 McRae Ave, Seattle, WA',
      guests: 0,
      categories: [],
      eventDate: '2026-11-30',
    });
    expect(bad.status).toBe(400);
    expect(await fieldsOf(bad)).toMatchObject({
      title: 'Please name your event (at most 100 characters).',
      venueAddress: 'Enter a venue address in British Columbia, with its postal code (V…).',
      guests: 'Please enter how many guests are coming (1 to 2000).',
      categories: 'Choose at least one kind of vendor.',
    });
    const past = await call('emma', 'POST', '/api/plans', { ...wedding, eventDate: '2026-11-30' });
    expect(await fieldsOf(past)).toEqual({ eventDate: 'Please choose a date that has not passed.' });
    expect((await call('emma', 'POST', '/api/plans', '{"type":')).status).toBe(400);

    const created = await call('emma', 'POST', '/api/plans', wedding);
    expect(created.status).toBe(201);
    const plan = (await created.json()) as PlanView;
    planId = plan.id;
    expect(plan.categories.map((c) => [c.category, c.label])).toEqual([
      ['cakes', 'Cakes & Desserts'],
      ['flowers', 'Flowers'],
      ['photography', 'Photography & Video'],
    ]);
    expect(plan).toMatchObject({ bookedCents: 0, paidCents: 0, timeline: [], guests: 120 });
  });

  it('is its customer’s alone', async () => {
    expect((await call('omar', 'GET', `/api/plans/${planId}`)).status).toBe(404);
    expect((await call('omar', 'PATCH', `/api/plans/${planId}`, { guests: 2 })).status).toBe(404);
    expect((await call('florist', 'GET', `/api/plans/${planId}`)).status).toBe(403);
    expect(((await (await call('omar', 'GET', '/api/plans')).json()) as PlanList).plans).toEqual([]);
  });

  it('sends each category’s request to vendors who sell it, on the plan’s day, with the plan’s cake design', async () => {
    const design = await createDesign(t.database.db, people.emma.id);
    expect((await call('emma', 'PATCH', `/api/plans/${planId}`, { designId: design.id })).status).toBe(200);

    const wrongVendor = await call('emma', 'POST', `/api/plans/${planId}/requests`, {
      vendorIds: [vendorIds.florist, vendorIds.cake],
      brief: eventBrief('flowers', '13:00'),
    });
    expect(await fieldsOf(wrongVendor)).toEqual({ 'vendorIds.1': 'Spruce Sweets does not offer flowers.' });
    const wrongDay = await call('emma', 'POST', `/api/plans/${planId}/requests`, {
      vendorIds: [vendorIds.florist],
      brief: { ...eventBrief('flowers', '13:00'), eventDate: '2027-06-13' },
    });
    expect(await fieldsOf(wrongDay)).toEqual({
      'brief.eventDate': 'A request from this plan is for the day of the event.',
    });
    const notBc = await call('emma', 'POST', `/api/plans/${planId}/requests`, {
      vendorIds: [vendorIds.florist],
      brief: { ...eventBrief('flowers', '13:00'), venueAddress: '1 Main St, Calgary, AB', guests: 0 },
    });
    expect(await fieldsOf(notBc)).toEqual({
      'brief.venueAddress': 'Enter a venue address in British Columbia, with its postal code (V…).',
      'brief.guests': 'Please enter how many guests are coming (1 to 2000).',
    });

    const ids: Record<string, string> = {};
    for (const [key, brief] of [
      ['florist', eventBrief('flowers', '13:00')],
      ['photographer', eventBrief('photography', '15:00')],
      ['cake', cakeBrief],
    ] as const) {
      const made = await call('emma', 'POST', `/api/plans/${planId}/requests`, {
        vendorIds: [vendorIds[key]],
        brief,
      });
      expect(made.status).toBe(201);
      const { requestId, quoteIds } = (await made.json()) as { requestId: string; quoteIds: string[] };
      ids[key] = quoteIds[0]!;
      const [row] = await t.database.db.select().from(quoteRequests).where(eq(quoteRequests.id, requestId));
      expect(row).toMatchObject({
        eventPlanId: planId,
        category: key === 'cake' ? 'cakes' : key === 'florist' ? 'flowers' : 'photography',
        cakeDesignId: key === 'cake' ? design.id : null,
      });
      if (key === 'florist') {
        const view = (await (
          await call('emma', 'GET', `/api/quote-requests/${requestId}`)
        ).json()) as QuoteRequestView;
        expect(view.brief).toMatchObject({
          kind: 'event',
          category: 'flowers',
          guests: 120,
          eventTime: '13:00',
        });
      }
    }
    orderIds.florist = await answerAndAccept('florist', ids.florist!, 65_000);
    orderIds.photographer = await answerAndAccept('photographer', ids.photographer!, 120_000);
    orderIds.cake = await answerAndAccept('cake', ids.cake!, 90_000);

    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderIds.florist));
    expect(order!.deliveryAddress).toBe(wedding.venueAddress);
  });

  it('shows what is booked against the budget, and the day in order of time', async () => {
    const plan = (await (await call('emma', 'GET', `/api/plans/${planId}`)).json()) as PlanView;
    expect(plan.bookedCents).toBe(65_000 + 120_000 + 90_000);
    expect(plan.paidCents).toBe(0);
    expect(plan.categories.map((c) => [c.category, c.booking?.businessName, c.booking?.dueNowCents])).toEqual(
      [
        ['cakes', 'Spruce Sweets', 90_000],
        ['flowers', 'Bloom & Co', 65_000],
        ['photography', 'Northlight Studio', 120_000],
      ],
    );
    expect(plan.timeline.map((e) => [e.at, e.category, e.does, e.businessName])).toEqual([
      ['2027-06-12T20:00:00.000Z', 'flowers', 'sets up', 'Bloom & Co'],
      ['2027-06-12T21:30:00.000Z', 'cakes', 'delivers', 'Spruce Sweets'],
      ['2027-06-12T22:00:00.000Z', 'photography', 'covers', 'Northlight Studio'],
    ]);
    const list = ((await (await call('emma', 'GET', '/api/plans')).json()) as PlanList).plans;
    expect(list).toMatchObject([{ id: planId, bookedCount: 3, categoryCount: 3, bookedCents: 275_000 }]);
  });

  it('shows each booked vendor the day, and another vendor’s name only once both orders are paid', async () => {
    const schedule = async (who: 'florist' | 'photographer', orderId: string) =>
      (
        (await (await call(who, 'GET', `/api/orders/${orderId}/schedule`)).json()) as {
          schedule: OrderSchedule;
        }
      ).schedule;
    const before = await schedule('florist', orderIds.florist);
    expect(before.timeline.map((e) => [e.category, e.businessName, e.orderId])).toEqual([
      ['flowers', 'Bloom & Co', orderIds.florist],
      ['cakes', null, null],
      ['photography', null, null],
    ]);
    expect(before.title).toBe('Wedding');
    expect(JSON.stringify(before)).not.toContain('Emma');
    // Another vendor's order reads as missing.
    expect((await call('florist', 'GET', `/api/orders/${orderIds.photographer}/schedule`)).status).toBe(404);

    // The florist and the photographer in one payment, its transfer group the event's.
    const opened = await call('emma', 'POST', '/api/payments/groups', {
      orderIds: [orderIds.florist, orderIds.photographer],
    });
    expect(opened.status).toBe(200);
    const { checkoutGroupId } = (await opened.json()) as { checkoutGroupId: string };
    const [group] = await t.database.db
      .select()
      .from(checkoutGroups)
      .where(eq(checkoutGroups.id, checkoutGroupId));
    expect(group).toMatchObject({ transferGroup: `event:${planId}`, amount: 65_000 + 120_000 });
    const paid = await call('emma', 'POST', `/api/payments/groups/${checkoutGroupId}/sandbox-confirmation`, {
      number: '4242 4242 4242 4242',
      expiry: '12/29',
      cvc: '123',
    });
    expect(paid.status).toBe(200);
    const after = await schedule('florist', orderIds.florist);
    expect(after.timeline.map((e) => [e.category, e.businessName])).toEqual([
      ['flowers', 'Bloom & Co'],
      ['cakes', null],
      ['photography', 'Northlight Studio'],
    ]);
    // The florist starts: the customer's e-mail speaks of the event, not of a cake.
    for (const action of ['confirm', 'start'])
      expect(
        (await call('florist', 'POST', `/api/orders/${orderIds.florist}/transitions`, { action })).status,
      ).toBe(200);
    await t.services.mailer.deliver();
    const started = await t.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, people.emma.email), eq(emailOutbox.kind, 'order-in-progress')));
    expect(started.map((m) => m.text?.includes('Bloom & Co has started preparing for your event.'))).toEqual([
      true,
    ]);
    const plan = (await (await call('emma', 'GET', `/api/plans/${planId}`)).json()) as PlanView;
    expect(plan.paidCents).toBe(65_000 + 120_000);
    expect(plan.categories.find((c) => c.category === 'flowers')!.booking).toMatchObject({
      status: 'in_progress',
      paidCents: 65_000,
      dueNowCents: 0,
    });
  });

  it('edits the checklist, keeps a plan that booked vendors, and deletes one that did not', async () => {
    const edited = await call('emma', 'PATCH', `/api/plans/${planId}`, {
      categories: ['cakes', 'flowers', 'photography', 'entertainment'],
      guests: 130,
    });
    expect(edited.status).toBe(200);
    const plan = (await edited.json()) as PlanView;
    expect(plan.categories.map((c) => c.category)).toEqual([
      'cakes',
      'flowers',
      'photography',
      'entertainment',
    ]);
    expect(plan.guests).toBe(130);
    expect(
      await fieldsOf(await call('emma', 'PATCH', `/api/plans/${planId}`, { categories: ['balloons'] })),
    ).toEqual({
      'categories.0': 'Not one of our categories.',
    });
    expect((await call('emma', 'DELETE', `/api/plans/${planId}`)).status).toBe(409);

    const empty = (await (
      await call('emma', 'POST', '/api/plans', { ...wedding, title: 'Shower' })
    ).json()) as PlanView;
    expect((await call('omar', 'DELETE', `/api/plans/${empty.id}`)).status).toBe(404);
    expect((await call('emma', 'DELETE', `/api/plans/${empty.id}`)).status).toBe(200);
    expect((await call('emma', 'GET', `/api/plans/${empty.id}`)).status).toBe(404);
  });

  it('keeps at most the limit of plans even when several are made at once', async () => {
    const db = t.database.db;
    const have = (await db.select().from(eventPlans).where(eq(eventPlans.customerId, people.omar.id))).length;
    for (let i = have; i < MAX_PLANS_PER_CUSTOMER - 1; i++)
      await db.insert(eventPlans).values({
        id: `omar-plan-${i}`,
        customerId: people.omar.id,
        type: 'birthday',
        title: `Party ${i}`,
        eventDate: '2027-01-10',
        startTime: '12:00',
        venueAddress: '1 Main St, Vancouver, BC V5K 0A1',
        guests: 10,
        budgetCents: 0,
        categories: ['cakes'],
      });
    const answers = await Promise.all(
      [1, 2, 3].map(() => call('omar', 'POST', '/api/plans', { ...wedding, title: 'One more' })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    expect((await db.select().from(eventPlans).where(eq(eventPlans.customerId, people.omar.id))).length).toBe(
      MAX_PLANS_PER_CUSTOMER,
    );
  });
});
