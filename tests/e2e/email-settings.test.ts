import { eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, emailPreferences } from '../../src/server/db/schema/index.ts';
import { unsubscribeToken } from '../../src/server/modules/mail/unsubscribe.ts';
import { publish } from '../../src/server/modules/notifications/publish.ts';
import { launchBrowser, newPage, signedIn } from '../support/browser.ts';
import { TEST_PASSWORD, createUser } from '../support/factories.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { startSmtpServer } from '../support/smtp.ts';

let server: TestServer;
let browser: Browser;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
/** Whether the SMTP server turns every message down for good (550), as for an address that is gone. */
let refusing = false;

beforeAll(async () => {
  smtp = await startSmtpServer({
    refuse: () => (refusing ? { code: 550, message: 'No such mailbox here' } : undefined),
  });
  [server, browser] = await Promise.all([
    startTestServer({ configure: async () => ({ smtpUrl: smtp.url }) }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await smtp?.close();
});

/** The stored preferences of a user (no row: none chosen yet). */
async function storedPreferences(userId: string) {
  const [row] = await server.services.db
    .select()
    .from(emailPreferences)
    .where(eq(emailPreferences.userId, userId));
  return row && { messages: row.messages, quotes: row.quotes, orders: row.orders };
}

describe('e-mail settings in the account page', () => {
  it('a customer switches “Order updates” off (saved at once, kept after a reload) and on again', async () => {
    const user = await createUser(server.services.db, { firstName: 'Priya' });
    const { context, page } = await newPage(browser, server.url);
    await signedIn(page, user.email, TEST_PASSWORD, '/account#email-settings');

    await page.getByRole('heading', { name: 'E-mail notifications' }).waitFor();
    // Each switch is named by its label alone (its description is the switch's description).
    const orders = page.getByRole('switch', { name: 'Order updates', exact: true });
    for (const name of ['New messages', 'Quotes', 'Order updates'])
      expect(await page.getByRole('switch', { name, exact: true }).isChecked()).toBe(true);

    await orders.click();
    await page.getByText('“Order updates” e-mails are off.').waitFor();
    expect(await orders.isChecked()).toBe(false);
    expect(await storedPreferences(user.id)).toEqual({ messages: true, quotes: true, orders: false });

    await page.reload();
    await page.getByRole('heading', { name: 'E-mail notifications' }).waitFor();
    await expect.poll(() => orders.isChecked()).toBe(false);
    expect(await page.getByRole('switch', { name: 'Quotes', exact: true }).isChecked()).toBe(true);

    await orders.click();
    await page.getByText('“Order updates” e-mails are on.').waitFor();
    expect(await orders.isChecked()).toBe(true);
    expect(await storedPreferences(user.id)).toEqual({ messages: true, quotes: true, orders: true });
    await context.close();
  });
});

describe('the unsubscribe link of an e-mail', () => {
  it('unsubscribes a visitor at once without signing in, offers the undo, and turns a tampered link down', async () => {
    const user = await createUser(server.services.db, { firstName: 'Tomas' });
    const token = unsubscribeToken(server.services.config.authSecret, user.id, 'quotes');
    const masked = `${user.email.slice(0, 1)}•••@example.test`;
    const { context, page } = await newPage(browser, server.url, { width: 390, height: 844 });

    await page.goto(`/unsubscribe?token=${encodeURIComponent(token)}`);
    const status = page.getByRole('status');
    await status.getByRole('heading', { name: 'You’re unsubscribed' }).waitFor();
    await status.getByText(`${masked} will no longer get “Quotes” e-mails.`).waitFor();
    expect(await page.getByText(user.email).count()).toBe(0);
    expect(await storedPreferences(user.id)).toEqual({ messages: true, quotes: false, orders: true });

    await page.getByRole('button', { name: 'Subscribe again' }).click();
    await status.getByRole('heading', { name: 'You’re subscribed again' }).waitFor();
    await status.getByText(`${masked} will get “Quotes” e-mails again.`).waitFor();
    await page.getByRole('button', { name: 'Unsubscribe again' }).waitFor();
    expect(await storedPreferences(user.id)).toEqual({ messages: true, quotes: true, orders: true });

    // A token with another signature is not ours: it is turned down and nothing changes.
    const [payload, signature] = token.split('.') as [string, string];
    const forged = `${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    await page.goto(`/unsubscribe?token=${encodeURIComponent(forged)}`);
    const alert = page.getByRole('alert');
    await alert
      .getByText('This unsubscribe link is not valid. Change your e-mail settings in your account instead.')
      .waitFor();
    const settings = alert.getByRole('link', { name: 'Open my e-mail settings' });
    expect(await settings.getAttribute('href')).toBe('/account#email-settings');
    expect(await page.getByRole('heading', { name: 'You’re unsubscribed' }).count()).toBe(0);
    expect(await storedPreferences(user.id)).toEqual({ messages: true, quotes: true, orders: true });

    // No token at all: the same answer, without asking the server.
    await page.goto('/unsubscribe');
    await alert.getByText('This unsubscribe link is not valid.').waitFor();
    await alert.getByRole('link', { name: 'Open my e-mail settings' }).waitFor();
    await context.close();
  });
});

describe('the admin mailbox', () => {
  it('shows an e-mail the SMTP server refused for good with its error; a retry sends it', async () => {
    const db = server.services.db;
    const admin = await createUser(db, { firstName: 'Ada', role: 'admin' });
    const payee = await createUser(db, { firstName: 'Bruno', userType: 'vendor' });
    refusing = true;
    await publish(db, { type: 'payout.sent', userIds: [payee.id], refs: {} });
    await server.services.mailer.deliver();
    const [queued] = await db.select().from(emailOutbox).where(eq(emailOutbox.userId, payee.id));
    expect(queued).toMatchObject({ status: 'failed', attempts: 1 });
    expect(smtp.messages).toHaveLength(0);
    const subject = queued!.subject!;
    expect(subject).toBeTruthy();

    const { context, page } = await newPage(browser, server.url);
    await signedIn(page, admin.email, TEST_PASSWORD, '/admin/mailbox');
    await page.getByRole('heading', { name: 'Mailbox' }).waitFor();
    await page.getByRole('status').getByText('1 e-mail could not be sent.').waitFor();

    await page.getByRole('checkbox', { name: 'Failed only' }).check();
    const item = page.getByRole('button', { name: subject });
    await item.getByText('Failed', { exact: true }).waitFor();
    await item.getByText(`To ${payee.email}`).waitFor();
    await item.getByText('Gave up after 1 attempt').waitFor();

    await item.click();
    const email = page.getByRole('article', { name: subject });
    await email
      .getByRole('note')
      .getByText(/^Last error: .*No such mailbox here/)
      .waitFor();
    await email.getByText('Failed', { exact: true }).waitFor();

    refusing = false;
    await email.getByRole('button', { name: 'Retry sending' }).click();
    await page.getByText(`The e-mail to ${payee.email} is queued again.`).waitFor();
    // The retry starts a delivery round itself; one more makes sure it is over.
    await server.services.mailer.drain();
    await server.services.mailer.deliver();
    await expect.poll(() => smtp.messages.length).toBe(1);
    expect(smtp.messages[0]!.subject).toBe(subject);

    // It is no longer a failure: the filtered list and the banner let go of it, and it reads “Sent”.
    await page.getByText('No failed e-mails yet.').waitFor();
    await page.getByRole('status').getByText('could not be sent').waitFor({ state: 'detached' });
    await email.getByRole('button', { name: 'Retry sending' }).waitFor({ state: 'detached' });
    await email.getByText('Sent', { exact: true }).waitFor();
    await page.getByRole('checkbox', { name: 'Failed only' }).uncheck();
    await page.getByRole('button', { name: subject }).getByText('Sent', { exact: true }).waitFor();
    expect(await db.select().from(emailOutbox).where(eq(emailOutbox.userId, payee.id))).toMatchObject([
      { status: 'sent', attempts: 1, lastError: null },
    ]);
    await context.close();
  });
});
