/**
 * Images in messages: a customer attaches photos in the thread (previews, removing one, the limit of
 * five, a file that is not an image refused at the field with the text kept) and the vendor, on a
 * phone with the conversation open, sees the thumbnail arrive live and opens the full image.
 */
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openConversation } from '../../src/server/modules/messages/service.ts';
import { launchBrowser, newPage, signedIn } from '../support/browser.ts';
import { TEST_PASSWORD, createUser, createVendor } from '../support/factories.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer({ seed: false }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const photo = async (i: number) => ({
  name: `cake-${i}.jpg`,
  mimeType: 'image/jpeg',
  buffer: await sharp({
    create: { width: 900, height: 600, channels: 3, background: { r: 230, g: 30 * i, b: 160 } },
  })
    .jpeg()
    .toBuffer(),
});

/** Opens the conversation and waits until the tab's event stream is open, so nothing said after is missed. */
async function openLive(page: Page, path: string) {
  const live = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/me/events' && r.status() === 200,
  );
  await page.goto(path);
  await live;
}

describe('images in messages', () => {
  it('a customer attaches a photo in the thread and the vendor sees its thumbnail', async () => {
    const db = server.services.db;
    const customer = await createUser(db, { firstName: 'Nadia', lastName: 'Okafor' });
    const owner = await createUser(db, { userType: 'vendor' });
    const vendor = await createVendor(db, { userId: owner.id, businessName: 'Gilded Crumb' });
    const id = await openConversation(db, { customerId: customer.id, vendorId: vendor.id });

    // The vendor, on a phone, has the conversation open.
    const gilded = await newPage(browser, server.url, { width: 390, height: 844 });
    await signedIn(gilded.page, owner.email, TEST_PASSWORD);
    await openLive(gilded.page, `/messages?c=${id}`);
    const vendorThread = gilded.page.getByRole('region', { name: 'Conversation with Nadia O.' });
    await vendorThread.getByText('No messages yet. Say hello!').waitFor();

    const nadia = await newPage(browser, server.url);
    await signedIn(nadia.page, customer.email, TEST_PASSWORD);
    await openLive(nadia.page, `/messages?c=${id}`);
    const thread = nadia.page.getByRole('region', { name: 'Conversation with Gilded Crumb' });
    const message = thread.getByLabel('Message', { exact: true });
    const attach = thread.getByLabel('Attach images');
    await message.fill('This is the look we love');

    // Six photos are one too many: the field says so, and removing one is enough.
    await attach.setInputFiles(await Promise.all([1, 2, 3, 4, 5, 6].map(photo)));
    await thread.getByText('Attach at most 5 images.').waitFor();
    await thread.getByRole('button', { name: 'Remove image 6' }).click();
    await expect.poll(() => thread.getByText('Attach at most 5 images.').count()).toBe(0);
    for (let i = 0; i < 4; i++) await thread.getByRole('button', { name: 'Remove image 2' }).click();
    expect(await thread.getByRole('button', { name: /^Remove image/ }).count()).toBe(1);

    // A text file dressed as a PNG is refused by the server at the field; the text stays.
    await attach.setInputFiles({
      name: 'notes.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not a cake'),
    });
    await message.press('Enter');
    await thread.getByText('Image 2: Only JPEG, PNG or WebP images can be uploaded.').waitFor();
    expect(await message.inputValue()).toBe('This is the look we love');
    await thread.getByRole('button', { name: 'Remove image 2' }).click();

    await thread.getByRole('button', { name: 'Send message' }).click();
    await thread.getByRole('img', { name: 'Attachment 1 from you' }).waitFor();
    expect(await message.inputValue()).toBe('');
    expect(await thread.getByRole('button', { name: /^Remove image/ }).count()).toBe(0);

    // The vendor's open thread shows it without a reload: the text and a loaded thumbnail.
    await vendorThread.getByText('This is the look we love').waitFor();
    const thumbnail = vendorThread.getByRole('img', { name: 'Attachment 1 from Nadia O.' });
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(480);
    // No layout shift: the box has the image's shape before it loads (900 × 600 → 3:2).
    const box = (await thumbnail.boundingBox())!;
    expect(Math.abs(box.width / box.height - 1.5)).toBeLessThan(0.02);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    const link = vendorThread.getByRole('link', { name: /Attachment 1 from Nadia O\./ });
    const full = await gilded.page.request.get((await link.getAttribute('href'))!);
    expect(full.status()).toBe(200);
    expect(full.headers()['content-type']).toBe('image/webp');

    await nadia.context.close();
    await gilded.context.close();
  });
});
