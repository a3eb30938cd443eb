import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeCutoffAt, designLockedText } from '../../src/shared/proofs.ts';
import { SYSTEM, transitionOrder } from '../../src/server/modules/orders/transitions.ts';
import { launchBrowser, newPage, signedIn } from '../support/browser.ts';
import { manualClock } from '../support/clock.ts';
import { TEST_PASSWORD, createPendingOrder, createUser, createVendor } from '../support/factories.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

// The server's rules (the change cut-off) go by this clock; the test moves it past the cut-off.
const clock = manualClock('2026-12-01T17:00:00Z');
let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer({ clock }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/**
 * Set SCREENSHOT_DIR to keep pictures of a region (the proofs panel by default) for a person to look
 * at; taken from the whole page, so the sticky navigation bar does not cover a tall panel.
 */
async function screenshot(page: Page, name: string, region = 'Design proofs') {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  const clip = await page.getByRole('region', { name: region }).evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { x: r.x + window.scrollX, y: r.y + window.scrollY, width: r.width, height: r.height };
  });
  await page.screenshot({ path: `${dir}/proofs-${name}.png`, fullPage: true, clip });
}

const picture = (r: number, g: number, b: number) =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: { r, g, b } } })
    .jpeg()
    .toBuffer();

describe('design proofs', () => {
  it('a proof is sent, changes asked for with a picture, a second proof approved; after the cut-off the design is locked', async () => {
    const db = server.services.db;
    const customer = await createUser(db, { firstName: 'Mia', lastName: 'Chen' });
    const owner = await createUser(db, { userType: 'vendor' });
    const vendor = await createVendor(db, { userId: owner.id, businessName: 'Cedar Crumb Bakery' });
    const deliveryDate = new Date(clock.now().getTime() + 9 * 86_400_000);
    const order = await createPendingOrder(db, {
      customerId: customer.id,
      vendorId: vendor.id,
      orderNumber: 'FR-P-1',
      deliveryDate,
      createdAt: clock.now(),
    });
    await transitionOrder(db, { orderId: order.id, action: 'pay', by: SYSTEM, now: clock.now() });

    // The vendor opens the paid order and sends the first proof with a photo.
    const cedar = await newPage(browser, server.url);
    await signedIn(cedar.page, owner.email, TEST_PASSWORD);
    const openVendorOrder = async () => {
      await cedar.page.getByRole('tab', { name: 'Orders' }).click();
      await cedar.page.getByRole('button', { name: 'Update Status' }).click();
      return cedar.page.getByRole('region', { name: 'Design proofs' });
    };
    let vendorProofs = await openVendorOrder();
    await vendorProofs.getByText('Send the customer a sketch or photo').waitFor();
    const sendProof = async (round: number, note: string, colour: [number, number, number]) => {
      await vendorProofs.getByRole('button', { name: 'Send Proof' }).click();
      const dialog = cedar.page.getByRole('dialog', { name: `Send proof ${round}` });
      await dialog.getByLabel('Notes for the customer (optional)').fill(note);
      await dialog
        .getByLabel('Sketches or photos (1 to 5)')
        .setInputFiles({ name: 'sketch.jpg', mimeType: 'image/jpeg', buffer: await picture(...colour) });
      await dialog.getByRole('img', { name: 'Chosen, 1 of 1' }).waitFor();
      await dialog.getByRole('button', { name: 'Send Proof' }).click();
      await cedar.page.getByText('Proof sent. The customer has been told.').waitFor();
    };
    // Sending without a picture is refused at its field, before anything is sent.
    await vendorProofs.getByRole('button', { name: 'Send Proof' }).click();
    const empty = cedar.page.getByRole('dialog', { name: 'Send proof 1' });
    await empty.getByRole('button', { name: 'Send Proof' }).click();
    await empty.getByText('Add a sketch or photo of the design.').waitFor();
    await cedar.page.keyboard.press('Escape');
    await sendProof(1, 'Blush buttercream with gold leaf, three tiers.', [240, 190, 200]);
    await vendorProofs.getByText('Waiting for approval').waitFor();
    await screenshot(cedar.page, 'vendor-1280-sent');
    if (process.env.SCREENSHOT_DIR) {
      await cedar.page.setViewportSize({ width: 390, height: 844 });
      await screenshot(cedar.page, 'vendor-390-sent');
      await cedar.page.setViewportSize({ width: 1280, height: 900 });
    }

    // The customer, on a phone, asks for changes with a picture of what they mean.
    const mia = await newPage(browser, server.url, { width: 390, height: 844 });
    await signedIn(mia.page, customer.email, TEST_PASSWORD, '/customer-dashboard-original');
    await mia.page.getByRole('button', { name: 'Track Order' }).click();
    const miaProofs = mia.page.getByRole('region', { name: 'Design proofs' });
    await miaProofs.getByText('Blush buttercream with gold leaf, three tiers.').waitFor();
    const proofImage = miaProofs.getByRole('img', { name: 'Proof 1, 1 of 1' });
    await expect
      .poll(() => proofImage.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    await screenshot(mia.page, 'customer-390-waiting');
    if (process.env.SCREENSHOT_DIR) {
      await mia.page.setViewportSize({ width: 1280, height: 900 });
      await screenshot(mia.page, 'customer-1280-waiting');
      await mia.page.setViewportSize({ width: 390, height: 844 });
    }
    await miaProofs.getByRole('button', { name: 'Request Changes' }).click();
    const ask = mia.page.getByRole('dialog', { name: 'Request changes' });
    await ask.getByLabel('What should change?').fill('Less gold, and sage green ribbons like this.');
    await ask
      .getByLabel('Pictures (optional, up to 5)')
      .setInputFiles({ name: 'ribbon.jpg', mimeType: 'image/jpeg', buffer: await picture(150, 190, 150) });
    await ask.getByRole('img', { name: 'Chosen, 1 of 1' }).waitFor();
    if (process.env.SCREENSHOT_DIR)
      await mia.page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/proofs-customer-390-dialog.png` });
    await ask.getByRole('button', { name: 'Send Request' }).click();
    await mia.page.getByText('Your changes were sent to the vendor.').waitFor();
    await miaProofs.getByText('Changes requested', { exact: true }).first().waitFor();
    expect(await miaProofs.getByRole('button', { name: 'Approve Design' }).count()).toBe(0);
    await screenshot(mia.page, 'customer-390-changes');
    if (process.env.SCREENSHOT_DIR) {
      await mia.page.setViewportSize({ width: 1280, height: 900 });
      await screenshot(mia.page, 'customer-1280-changes');
      await mia.page.setViewportSize({ width: 390, height: 844 });
    }

    // The vendor reads the request and sends a second proof.
    await cedar.page.reload();
    vendorProofs = await openVendorOrder();
    await vendorProofs.getByText('Less gold, and sage green ribbons like this.').waitFor();
    await vendorProofs.getByRole('img', { name: 'Changes to proof 1, 1 of 1' }).waitFor();
    await screenshot(cedar.page, 'vendor-1280-changes');
    if (process.env.SCREENSHOT_DIR) {
      await cedar.page.setViewportSize({ width: 390, height: 844 });
      await screenshot(cedar.page, 'vendor-390-changes');
      await cedar.page.setViewportSize({ width: 1280, height: 900 });
    }
    await sendProof(2, 'Round two: less gold, sage ribbons.', [230, 200, 190]);

    // The customer approves it.
    await mia.page.reload();
    await mia.page.getByRole('button', { name: 'Track Order' }).click();
    await miaProofs.getByText('Round two: less gold, sage ribbons.').waitFor();
    await miaProofs.getByRole('button', { name: 'Approve Design' }).click();
    await mia.page.getByText('Design approved. The vendor has been told.').waitFor();
    const rounds = miaProofs.getByRole('list', { name: 'Proof rounds' });
    const items = (await rounds.locator(':scope > li').allInnerTexts()).map((t) => t.replace(/\s+/g, ' '));
    expect(items).toEqual([
      expect.stringMatching(/^Proof 1 Changes requested Sent .* Vendor .*Changes requested · .* · You/),
      expect.stringMatching(/^Proof 2 Approved Sent .* Vendor .*Approved · .* · You/),
    ]);
    await screenshot(mia.page, 'customer-390-approved');
    // The order's history shows each round among its other steps (after approving, it refreshes).
    const history = mia.page.getByRole('list', { name: 'Order history' });
    await history.getByText('Design proof 2 approved').waitFor();
    expect(
      (await history.locator(':scope > li > p:first-of-type').allInnerTexts()).filter((t) => /proof/.test(t)),
    ).toEqual([
      'Design proof 1 sent',
      'Changes requested to design proof 1',
      'Design proof 2 sent',
      'Design proof 2 approved',
    ]);
    const cutoff = changeCutoffAt(deliveryDate, 72)!;
    await miaProofs.getByText(/Changes can be requested until/).waitFor();

    await cedar.page.reload();
    vendorProofs = await openVendorOrder();
    await vendorProofs.getByText('Approved', { exact: true }).first().waitFor();
    expect(await vendorProofs.getByRole('button', { name: 'Send Proof' }).count()).toBe(0);
    await screenshot(cedar.page, 'vendor-1280');

    // After the cut-off both sides read on the brief that the design is locked, and when it closed.
    clock.set(new Date(cutoff.getTime() + 60_000));
    const locked = designLockedText(cutoff, 72);
    await mia.page.reload();
    await mia.page.getByRole('button', { name: 'Track Order' }).click();
    await mia.page.getByRole('region', { name: 'What was agreed' }).getByText(locked).waitFor();
    await miaProofs.getByText(locked).waitFor();
    await screenshot(mia.page, 'customer-390-locked');
    await screenshot(mia.page, 'customer-390-brief', 'What was agreed');
    await cedar.page.reload();
    await openVendorOrder();
    await cedar.page.getByRole('region', { name: 'What was agreed' }).getByText(locked).waitFor();

    // The same panels at the other widths, for a person to look at.
    await cedar.page.setViewportSize({ width: 390, height: 844 });
    await screenshot(cedar.page, 'vendor-390-locked');
    await mia.page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(mia.page, 'customer-1280-locked');
    await cedar.context.close();
    await mia.context.close();
  });
});
