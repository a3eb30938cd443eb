import type { Browser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteBriefSchema } from '../../src/shared/schemas/quotes.ts';
import { addDays, formatDayKey, vancouverDay } from '../../src/shared/time.ts';
import type { Actor } from '../../src/server/actor.ts';
import { SYSTEM, transitionOrder } from '../../src/server/modules/orders/transitions.ts';
import { answerQuote, createQuoteRequest } from '../../src/server/modules/quotes/index.ts';
import { launchBrowser, newPage, shownNames, signedIn } from '../support/browser.ts';
import { manualClock } from '../support/clock.ts';
import { TEST_PASSWORD, createPendingOrder, createUser, createVendor } from '../support/factories.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

// Today, so the answer form's default "valid until" (a week from the browser's today) is in the future.
const clock = manualClock(new Date());
let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer({ clock }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const actor = (id: string, userType: 'customer' | 'vendor'): Actor => ({
  id,
  email: `${id}@example.test`,
  name: 'Test',
  userType,
  role: 'user',
});

/**
 * What has the focus, as a screen reader says it: a field's label, a control's name or an element's
 * text; '(body)' when the focus fell to the page itself.
 */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return '(body)';
    const label = (el as HTMLInputElement).labels?.[0]?.textContent;
    return (label ?? el.getAttribute('aria-label') ?? el.innerText).replace(/\s+/g, ' ').trim();
  });

/** Presses a control with the keyboard: focus on it, then Enter. */
async function press(page: Page, control: Locator) {
  await control.focus();
  await page.keyboard.press('Enter');
}

/** A paid order of `customer` at the vendor, due in nine days (design proofs are open). */
async function paidOrder(customerId: string, vendorId: string, orderNumber: string) {
  const db = server.services.db;
  const order = await createPendingOrder(db, {
    customerId,
    vendorId,
    orderNumber,
    deliveryDate: addDays(clock.now(), 9),
    createdAt: clock.now(),
  });
  await transitionOrder(db, { orderId: order.id, action: 'pay', by: SYSTEM, now: clock.now() });
  return order;
}

describe('after the user’s own action, the focus goes to what replaced the control', () => {
  it('the quote inbox: each card’s buttons have names of their own; a sent quote and a refusal take the focus', async () => {
    const db = server.services.db;
    const owner = await createUser(db, { userType: 'vendor' });
    const vendor = await createVendor(db, { userId: owner.id, businessName: 'Hazel Hearth' });
    const ines = await createUser(db, { firstName: 'Ines', lastName: 'Park' });
    const omar = await createUser(db, { firstName: 'Omar', lastName: 'Diaz' });
    const eventDate = vancouverDay(addDays(clock.now(), 30));
    const day = formatDayKey(eventDate);
    const ask = async (customerId: string, occasion: string) =>
      createQuoteRequest({
        db,
        actor: actor(customerId, 'customer'),
        input: {
          vendorIds: [vendor.id],
          brief: quoteBriefSchema.parse({
            occasion,
            flavor: 'Lemon',
            size: '8 inch (8-10)',
            servings: 10,
            fulfillment: 'pickup',
            eventDate,
          }),
        },
        now: clock.now(),
      });
    await ask(ines.id, 'Graduation');
    const quoted = await ask(ines.id, 'Birthday');
    await ask(omar.id, 'Birthday');
    await answerQuote({
      db,
      actor: actor(owner.id, 'vendor'),
      quoteId: quoted.quoteIds[0]!,
      input: { priceCents: 15_000, deliveryFeeCents: 0, validUntil: addDays(clock.now(), 7).toISOString() },
      now: clock.now(),
    });

    const { context, page } = await newPage(browser, server.url);
    await signedIn(page, owner.email, TEST_PASSWORD);
    await page.getByRole('tab', { name: 'Quotes' }).click();
    const inbox = page.getByRole('tabpanel', { name: 'Quotes' });
    await inbox.getByText('Graduation · Ines P.').waitFor();
    // Loading the inbox moves nothing: the quote already sent does not take the focus from the tab.
    await inbox.getByText('Your quote: $150.00', { exact: false }).waitFor();
    expect(await focused(page)).toBe('Quotes');
    const names = await shownNames(inbox, 'button');
    expect(names).toEqual(
      expect.arrayContaining([
        `Send Quote for Ines P. (Graduation, ${day})`,
        `Decline for Ines P. (Graduation, ${day})`,
        `Revise Quote for Ines P. (Birthday, ${day})`,
        `Decline for Ines P. (Birthday, ${day})`,
        `Send Quote for Omar D. (Birthday, ${day})`,
        `Decline for Omar D. (Birthday, ${day})`,
      ]),
    );
    expect(new Set(names).size).toBe(names.length);

    // Send Quote opens the form at its first field; Cancel gives the focus back to the button.
    const sendQuote = inbox.getByRole('button', {
      name: `Send Quote for Omar D. (Birthday, ${day})`,
      exact: true,
    });
    await press(page, sendQuote);
    await expect.poll(() => focused(page)).toBe('Price ($)');
    await press(page, inbox.getByRole('button', { name: `Cancel for Omar D. (Birthday, ${day})` }));
    await expect.poll(() => focused(page)).toBe(`Send Quote for Omar D. (Birthday, ${day})`);

    // Sent: the quote as the customer now has it takes the focus, where the form was.
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toBe('Price ($)');
    await page.keyboard.type('95.50');
    await inbox.getByLabel('What is included').fill('Cake and topper');
    await press(page, sendQuote);
    await page.getByText('Quote sent to the customer.').waitFor();
    await expect.poll(() => focused(page)).toMatch(/^Your quote: \$95\.50 · valid until /);

    // Declined: the refusal, with its reason, takes the focus.
    await press(
      page,
      inbox.getByRole('button', { name: `Decline for Ines P. (Graduation, ${day})`, exact: true }),
    );
    await expect.poll(() => focused(page)).toBe('Why are you declining?');
    await page.keyboard.type('Booked that weekend');
    await press(
      page,
      inbox.getByRole('button', { name: `Decline Request for Ines P. (Graduation, ${day})` }),
    );
    await expect.poll(() => focused(page)).toBe('You declined this request: “Booked that weekend”');
    await context.close();
  });

  it('Confirm Order gives way to the new status; a proof sent and a proof approved take the focus', async () => {
    const db = server.services.db;
    const owner = await createUser(db, { userType: 'vendor' });
    const vendor = await createVendor(db, { userId: owner.id, businessName: 'Rowan Rise' });
    const customer = await createUser(db, { firstName: 'Ava', lastName: 'Tremblay' });
    const order = await paidOrder(customer.id, vendor.id, 'FR-FA-1');

    const baker = await newPage(browser, server.url);
    await signedIn(baker.page, owner.email, TEST_PASSWORD);
    await baker.page.getByRole('tab', { name: 'Orders' }).click();
    await baker.page.getByRole('button', { name: 'Update Status for order FR-FA-1 (Ava T.)' }).click();
    await press(
      baker.page,
      baker.page.getByRole('button', { name: 'Confirm Order for order FR-FA-1 (Ava Tremblay)' }),
    );
    await baker.page.getByText('Order FR-FA-1 is now Confirmed.').waitFor();
    await expect.poll(() => focused(baker.page)).toBe('Updated: the order is now Confirmed.');

    // The proof sent is the new round, which takes the focus when the dialog closes.
    const proofs = baker.page.getByRole('region', { name: 'Design proofs' });
    await press(baker.page, proofs.getByRole('button', { name: 'Send Proof' }));
    const dialog = baker.page.getByRole('dialog', { name: 'Send proof 1' });
    const sketch = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#f0c8d0' } })
      .jpeg()
      .toBuffer();
    await dialog
      .getByLabel('Sketches or photos (1 to 5)')
      .setInputFiles({ name: 'sketch.jpg', mimeType: 'image/jpeg', buffer: sketch });
    await dialog.getByRole('img', { name: 'Chosen, 1 of 1' }).waitFor();
    await press(baker.page, dialog.getByRole('button', { name: 'Send Proof' }));
    await baker.page.getByText('Proof sent. The customer has been told.').waitFor();
    await expect.poll(() => focused(baker.page)).toBe('Proof 1 Waiting for approval');
    await baker.context.close();

    // The customer approves it: the approval, under the proof, takes the focus.
    const ava = await newPage(browser, server.url, { width: 390, height: 844 });
    await signedIn(ava.page, customer.email, TEST_PASSWORD, `/orders/${order.id}`);
    const approve = ava.page.getByRole('button', { name: 'Approve Design' });
    await press(ava.page, approve);
    await ava.page.getByText('Design approved. The vendor has been told.').waitFor();
    await expect.poll(() => focused(ava.page)).toMatch(/^Approved · .+ · You$/);
    await ava.context.close();
  });

  it('a sandbox payment: Pay gives way to “Payment protected”, which has the focus', async () => {
    const db = server.services.db;
    const vendor = await createVendor(db, { businessName: 'Linden Layers' });
    const customer = await createUser(db);
    const order = await createPendingOrder(db, {
      customerId: customer.id,
      vendorId: vendor.id,
      orderNumber: 'FR-FA-2',
      amount: 8_000,
      deliveryDate: addDays(clock.now(), 9),
      createdAt: clock.now(),
    });
    const { context, page } = await newPage(browser, server.url, { width: 390, height: 844 });
    await signedIn(page, customer.email, TEST_PASSWORD, `/orders/${order.id}/pay`);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM/YY)').fill('12/30');
    await page.getByLabel('CVC').fill('123');
    await press(page, page.getByRole('button', { name: 'Pay $80.00' }));
    await page.getByRole('heading', { name: 'Payment protected' }).waitFor();
    await expect.poll(() => focused(page)).toBe('Payment protected');

    // A refused card: the refusal takes the focus. Then the bank's extra step, whose dialog closes on
    // the outcome: the outcome keeps the focus.
    const second = await createPendingOrder(db, {
      customerId: customer.id,
      vendorId: vendor.id,
      orderNumber: 'FR-FA-3',
      amount: 8_000,
      deliveryDate: addDays(clock.now(), 9),
      createdAt: clock.now(),
    });
    await page.goto(`/orders/${second.id}/pay`);
    await page.getByLabel('Card number').fill('4000 0000 0000 0002');
    await page.getByLabel('Expiry (MM/YY)').fill('12/30');
    await page.getByLabel('CVC').fill('123');
    await press(page, page.getByRole('button', { name: 'Pay $80.00' }));
    await expect.poll(() => focused(page)).toMatch(/^Your card was declined\./);
    await page.getByLabel('Card number').fill('4000 0027 6000 3184');
    await press(page, page.getByRole('button', { name: 'Pay $80.00' }));
    const bank = page.getByRole('dialog', { name: 'Confirm this payment' });
    await press(page, bank.getByRole('button', { name: 'Confirm payment' }));
    await page.getByRole('heading', { name: 'Payment protected' }).waitFor();
    await expect.poll(() => focused(page)).toBe('Payment protected');
    await context.close();
  });
});
