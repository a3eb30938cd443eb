import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations, messages } from '../../src/server/db/schema/index.ts';
import { sendMessage } from '../../src/server/modules/messages/service.ts';
import { TEST_PASSWORD, createUser, createVendor } from '../support/factories.ts';
import { launchBrowser, newPage, signedIn } from '../support/browser.ts';
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

const note = (n: number) => `Note ${String(n).padStart(3, '0')} about the cake`;

/** Whether the element lies wholly inside the visible part of the pane that scrolls it. */
const inView = (locator: Locator) =>
  locator.evaluate((el) => {
    let pane = el.parentElement;
    while (pane && getComputedStyle(pane).overflowY !== 'auto') pane = pane.parentElement;
    if (!pane) return false;
    const a = el.getBoundingClientRect();
    const b = pane.getBoundingClientRect();
    return a.top >= b.top - 1 && a.bottom <= b.bottom + 1;
  });

describe('a long conversation', () => {
  it('opens at the newest message, loads earlier ones in place, and polls only for new ones', async () => {
    const db = server.services.db;
    const customer = await createUser(db, { firstName: 'Iris', lastName: 'Moreau' });
    const owner = await createUser(db, { userType: 'vendor' });
    const vendor = await createVendor(db, { userId: owner.id, businessName: 'Slow Rise Bakery' });
    const id = crypto.randomUUID();
    const start = Date.parse('2025-04-01T16:00:00Z');
    await db.insert(conversations).values({
      id,
      customerId: customer.id,
      vendorId: vendor.id,
      lastMessageAt: new Date(start + 120 * 60_000),
    });
    await db.insert(messages).values(
      Array.from({ length: 120 }, (_, i) => ({
        id: crypto.randomUUID(),
        conversationId: id,
        // The vendor wrote the newest (even) ones, so the customer has something unread.
        senderId: (i + 1) % 2 === 0 ? owner.id : customer.id,
        body: note(i + 1),
        createdAt: new Date(start + (i + 1) * 60_000),
      })),
    );

    const { context, page } = await newPage(browser, server.url);
    const threadRequests: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith(`/api/me/conversations/${id}`))
        threadRequests.push(
          `${r.method()} ${url.pathname.slice(`/api/me/conversations/${id}`.length)}${url.search}`,
        );
    });
    await signedIn(page, customer.email, TEST_PASSWORD, '/messages');
    await page.getByRole('link', { name: /Slow Rise Bakery.*Unread/ }).click();
    const thread = page.getByRole('region', { name: 'Conversation with Slow Rise Bakery' });

    // The newest message is on screen at the bottom of the pane; the oldest are not loaded.
    const newest = thread.getByText(note(120), { exact: true });
    await newest.waitFor();
    await expect.poll(() => inView(newest)).toBe(true);
    expect(await inView(thread.getByText(note(71), { exact: true }))).toBe(false);
    expect(await thread.getByText(note(70), { exact: true }).count()).toBe(0);
    // Showing the unread messages marks them read: the list's unread dot goes.
    await page
      .getByRole('link', { name: /Slow Rise Bakery/ })
      .filter({ hasNotText: 'Unread' })
      .waitFor();

    // Earlier messages go in above without moving what was on screen.
    const earlier = thread.getByRole('button', { name: 'Show earlier messages' });
    const anchor = thread.getByText(note(71), { exact: true });
    // The reader scrolls up to the button first; what they see then must stay put.
    await earlier.scrollIntoViewIfNeeded();
    const y = (await anchor.boundingBox())!.y;
    await earlier.click();
    await thread.getByText(note(21), { exact: true }).waitFor();
    expect(Math.abs((await anchor.boundingBox())!.y - y)).toBeLessThan(2);
    expect(await thread.getByText(note(20), { exact: true }).count()).toBe(0);

    // The keyboard reaches the rest of the history, and focus lands on its start.
    await earlier.focus();
    await page.keyboard.press('Enter');
    await thread.getByText(note(1), { exact: true }).waitFor();
    expect(await earlier.count()).toBe(0);
    const startOfConversation = thread.getByText('This is the start of your conversation.');
    expect(await startOfConversation.evaluate((el) => el === document.activeElement)).toBe(true);

    // A new message from the vendor arrives live, below everything already loaded.
    await sendMessage({
      db,
      actor: { id: owner.id, email: owner.email, name: owner.name, userType: 'vendor', role: 'user' },
      id,
      input: { body: 'Fresh from the oven: the sketch is ready' },
    });
    await thread.getByText('Fresh from the oven: the sketch is ready').waitFor();
    expect(await thread.getByText(note(1), { exact: true }).count()).toBe(1);
    const bodies = await thread.getByRole('listitem').allInnerTexts();
    expect(bodies.findIndex((b) => b.includes(note(120)))).toBeLessThan(
      bodies.findIndex((b) => b.includes('Fresh from the oven')),
    );

    // The thread was read once; every refresh asked only for what came after the newest message it had.
    expect(threadRequests.filter((r) => r === 'GET ')).toHaveLength(1);
    const polls = threadRequests.filter((r) => r.startsWith('GET /messages'));
    expect(polls.filter((r) => r.includes('before='))).toHaveLength(2);
    expect(polls.filter((r) => !r.includes('before=')).every((r) => r.includes('after='))).toBe(true);
    expect(polls.some((r) => r.includes('after='))).toBe(true);
    await context.close();
  });
});
