/**
 * Toasts a person can read and that cover nothing they are working on: the text of each kind the app
 * shows (error, success, information, plain) at 4.5:1 or more on its background (axe's colour-contrast
 * rule, as Lighthouse runs it); on a phone they open over the header, not over the controls just
 * pressed and what replaced them, on a wide screen at the bottom right; and what the page scrolls
 * into view is never left under the sticky header.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/shared/time.ts';
import { SYSTEM, transitionOrder } from '../../src/server/modules/orders/transitions.ts';
import { closeToast, launchBrowser, newPage, signedIn, toastSaying } from '../support/browser.ts';
import { TEST_PASSWORD, createPendingOrder, createUser, createVendor } from '../support/factories.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 900 };

/** Colour-contrast violations among the toasts on screen, with the colours axe measured. */
async function toastContrast(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .include('[data-sonner-toaster]')
    .withRules(['color-contrast'])
    .analyze();
  return violations.flatMap((v) => v.nodes.map((n) => `${n.target.join(' ')}: ${n.any[0]?.message}`));
}

const box = async (locator: Locator) => {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not on screen');
  return b;
};
type Box = Awaited<ReturnType<typeof box>>;
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('toasts', () => {
  it('every kind of toast reads at 4.5:1 or more', async () => {
    const db = server.services.db;
    const user = await createUser(db, { firstName: 'Iris' });
    await createVendor(db, { businessName: 'Tidewater Cakes' });
    const { page, context } = await newPage(browser, server.url, LAPTOP);
    // Shown at once, not faded in: axe measures the colours as they end up.
    await page.emulateMedia({ reducedMotion: 'reduce' });

    // Plain and information: a visitor's heart, then Order Now, on Browse Vendors.
    await page.goto('/browse-vendors');
    await page
      .getByRole('button', { name: /Tidewater Cakes/ })
      .first()
      .click();
    await toastSaying(page, 'Sign in to save favorites').waitFor();
    await page.getByRole('button', { name: 'Order Now' }).click();
    await toastSaying(page, 'Starting order with Tidewater Cakes...').waitFor();
    expect(await toastContrast(page)).toEqual([]);

    // Error, then success: signing in with the wrong password, then the right one.
    await page.goto('/auth');
    await page.getByLabel('Email').first().fill(user.email);
    await page.getByLabel('Password').first().fill('not the password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.locator('[data-sonner-toast][data-type="error"]').waitFor();
    expect(await toastContrast(page)).toEqual([]);
    await page.getByLabel('Password').first().fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await toastSaying(page, 'Welcome back! Taking you to your dashboard...').waitFor();
    expect(await toastContrast(page)).toEqual([]);
    await context.close();
  });

  it('on a phone a toast opens over the header, clear of the next step and the focus; on a laptop at the bottom right', async () => {
    const db = server.services.db;
    const customer = await createUser(db, { firstName: 'Noor', lastName: 'Haddad' });
    const owner = await createUser(db, { userType: 'vendor' });
    const vendor = await createVendor(db, { userId: owner.id, businessName: 'Salal Bakehouse' });
    for (const [orderNumber, viewport] of [
      ['FR-T-1', PHONE],
      ['FR-T-2', LAPTOP],
    ] as const) {
      const order = await createPendingOrder(db, {
        customerId: customer.id,
        vendorId: vendor.id,
        orderNumber,
        deliveryDate: addDays(new Date(), 9),
        createdAt: new Date(),
      });
      await transitionOrder(db, { orderId: order.id, action: 'pay', by: SYSTEM, now: new Date() });
      const { page, context } = await newPage(browser, server.url, viewport);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await signedIn(page, owner.email, TEST_PASSWORD);
      await page.getByRole('tab', { name: 'Orders' }).click();
      // Each button's name says which order it changes (the customer's name: short on the card).
      const forOrder = (label: string) => new RegExp(`^${label} for order ${orderNumber} \\(Noor`);
      await page.getByRole('button', { name: forOrder('Update Status') }).click();
      await page.getByRole('button', { name: forOrder('Confirm Order') }).click();

      const toast = toastSaying(page, `Order ${orderNumber} is now Confirmed.`);
      const nextStep = page.getByRole('button', { name: forOrder('Start Production') });
      // The new status (with the focus) and the next step are on the screen, once the page has caught
      // up with what else changed (the proofs panel above them gains a line).
      await expect
        .poll(async () => {
          const b = await box(nextStep);
          return b.y >= 0 && b.y + b.height <= viewport.height;
        })
        .toBe(true);
      expect(await page.locator(':focus').innerText()).toBe('Updated: the order is now Confirmed.');
      const shown = await box(toast);
      const focus = await box(page.locator(':focus'));
      const next = await box(nextStep);
      expect(overlap(shown, focus)).toBe(false);
      expect(overlap(shown, next)).toBe(false);
      if (viewport === PHONE) {
        // Over the header (56 px), across the screen.
        expect(shown.y + shown.height).toBeLessThanOrEqual(64);
        expect(shown.width).toBeGreaterThan(PHONE.width - 40);
      } else {
        expect(shown.y).toBeGreaterThan(LAPTOP.height / 2);
        expect(shown.x).toBeGreaterThan(LAPTOP.width / 2);
      }
      await closeToast(page, `Order ${orderNumber} is now Confirmed.`);
      await context.close();
    }
  });

  it('what the page scrolls back to is not left under the sticky header', async () => {
    const db = server.services.db;
    for (let i = 0; i < 4; i++) await createVendor(db, { businessName: `Header Test Bakery ${i}` });
    const { page, context } = await newPage(browser, server.url, PHONE);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/browse-vendors');
    await page.getByRole('searchbox', { name: 'Search vendors' }).waitFor();
    // Scrolled to the end, then the page brings a control near its top back into view, as it does
    // with what replaced a pressed control (useFocusAfterAction) or a #section: the first control with
    // no id (an element with one was already kept clear of the header, for links to it).
    const [name, top, headerBottom] = await page.evaluate(() => {
      window.scrollTo(0, document.documentElement.scrollHeight);
      const control = document.querySelector<HTMLElement>('main button:not([id])')!;
      control.scrollIntoView({ block: 'nearest' });
      const header = document.querySelector('header')!.getBoundingClientRect().bottom;
      return [control.innerText, control.getBoundingClientRect().top, header];
    });
    expect(name).toBeTruthy();
    expect(top).toBeGreaterThanOrEqual(headerBottom);
    await context.close();
  });
});
