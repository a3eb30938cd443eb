import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MASK } from '../../src/shared/contact-masking.ts';
import { MESSAGES } from '../../src/shared/errors.ts';
import type { Conversation, ConversationList } from '../../src/shared/schemas/messages.ts';
import type { NotificationList } from '../../src/shared/schemas/notifications.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { createOrder, createUser, createVendor, signIn } from '../support/factories.ts';

/** Messages with up to five images: stored by content, shown to both sides only, cleaned up on failure. */
let t: TestApp;
const cookie = { customer: '', owner: '', stranger: '' };
let conversationId = '';
let foreignOrderId = '';
const ORIGIN = 'http://localhost:3000';

beforeAll(async () => {
  t = await createTestApp({ authRateLimitMax: 1000 });
  const db = t.database.db;
  const customer = await createUser(db, { firstName: 'Maya', lastName: 'Lee' });
  const stranger = await createUser(db);
  const owner = await createUser(db, { userType: 'vendor' });
  const vendor = await createVendor(db, { userId: owner.id, businessName: 'Photo Cakes' });
  const other = await createVendor(db);
  foreignOrderId = (await createOrder(db, { customerId: customer.id, vendorId: other.id })).id;
  cookie.customer = await signIn(t.app, customer.email);
  cookie.owner = await signIn(t.app, owner.email);
  cookie.stranger = await signIn(t.app, stranger.email);
  const started = await request('customer', '/api/me/conversations', { json: { vendorId: vendor.id } });
  conversationId = ((await started.json()) as { id: string }).id;
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

type Who = keyof typeof cookie;

function request(who: Who, path: string, { json, form }: { json?: unknown; form?: FormData } = {}) {
  const body = form ?? (json === undefined ? undefined : JSON.stringify(json));
  return t.app.request(path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      Cookie: cookie[who],
      Origin: ORIGIN,
      ...(json !== undefined && { 'Content-Type': 'application/json' }),
    },
    body,
  });
}

const photo = async (i: number, format: 'jpeg' | 'png' = 'jpeg') => {
  const img = sharp({
    create: { width: 640 + i, height: 480, channels: 3, background: { r: 200, g: 40 * i, b: 140 } },
  });
  const bytes = await (format === 'png' ? img.png() : img.jpeg()).toBuffer();
  return new File([new Uint8Array(bytes)], `cake-${i}.${format === 'png' ? 'png' : 'jpg'}`, {
    type: `image/${format}`,
  });
};

async function form(fields: Record<string, string>, images: File[]) {
  const f = new FormData();
  for (const [name, value] of Object.entries(fields)) f.set(name, value);
  for (const image of images) f.append('images', image);
  return f;
}

const send = async (who: Who, fields: Record<string, string>, images: File[]) =>
  request(who, `/api/me/conversations/${conversationId}/messages`, { form: await form(fields, images) });

const thread = async (who: Who) =>
  (await (await request(who, `/api/me/conversations/${conversationId}`)).json()) as Conversation;

const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; fields?: Record<string, string> } }).error;

/** Records what the store is asked to keep, to check that a refused message leaves nothing behind. */
function watchStore() {
  const put = vi.spyOn(t.services.storage, 'put');
  return {
    keys: () => put.mock.calls.map(([bucket, key]) => ({ bucket, key })),
    async leftOver() {
      const found = await Promise.all(
        this.keys().map(({ bucket, key }) => t.services.storage.get(bucket, key)),
      );
      return found.filter((o) => o !== null).length;
    },
  };
}

describe('images in messages', () => {
  it('a customer sends one image with text; the vendor sees it, masked text and all', async () => {
    const res = await send('customer', { body: 'Like this? Call 604-555-0142' }, [await photo(1)]);
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };

    for (const who of ['customer', 'owner'] as const) {
      const m = (await thread(who)).messages.find((x) => x.id === id)!;
      expect(m.body).toBe(`Like this? Call ${MASK}`);
      expect(m.images).toHaveLength(1);
      expect(m.images[0]).toMatchObject({ width: 641, height: 480 });
      expect(m.images[0]!.url).toMatch(/^\/api\/files\/messages\/conversation\/.+\.webp$/);
      expect(m.images[0]!.thumbUrl).toMatch(/-thumb\.webp$/);
    }
    const [image] = (await thread('owner')).messages.find((x) => x.id === id)!.images;
    // Private to the conversation: read as one of its sides (tests/integration/private-pictures.test.ts).
    const file = await request('customer', image!.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/webp');
    // Re-encoded from the JPEG: a WebP, without the upload's metadata.
    expect((await sharp(new Uint8Array(await file.arrayBuffer())).metadata()).format).toBe('webp');
  });

  it('takes five images, in the order attached, PNG and JPEG alike', async () => {
    const images = await Promise.all([1, 2, 3, 4, 5].map((i) => photo(i, i % 2 ? 'jpeg' : 'png')));
    const res = await send('owner', { body: 'Five ideas' }, images);
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const m = (await thread('customer')).messages.find((x) => x.id === id)!;
    expect(m.images.map((i) => i.width)).toEqual([641, 642, 643, 644, 645]);
    expect(new Set(m.images.map((i) => i.url)).size).toBe(5);
  });

  it('refuses a sixth image with a field message, storing nothing', async () => {
    const store = watchStore();
    const images = await Promise.all([1, 2, 3, 4, 5, 6].map((i) => photo(i)));
    const res = await send('customer', { body: 'Too many' }, images);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields).toEqual({ images: 'Attach at most 5 images.' });
    expect(store.keys()).toEqual([]);
  });

  it('checks content, not names: a text file called .png is a 400, and the good image before it is removed', async () => {
    const store = watchStore();
    const fake = new File(['not a picture at all'], 'cake.png', { type: 'image/png' });
    const res = await send('customer', { body: 'Two photos' }, [await photo(1), fake]);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields).toEqual({ images: `Image 2: ${MESSAGES.unsupportedFile}` });
    expect(store.keys().length).toBeGreaterThan(0);
    expect(await store.leftOver()).toBe(0);

    const alone = await send('customer', {}, [fake]);
    expect((await errorOf(alone)).fields).toEqual({ images: MESSAGES.unsupportedFile });
    const huge = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'huge.jpg', { type: 'image/jpeg' });
    const tooLarge = await send('customer', {}, [huge]);
    expect(tooLarge.status).toBe(400);
    expect((await errorOf(tooLarge)).fields).toEqual({ images: MESSAGES.fileTooLarge(10) });
  });

  it('a message may be only images; the list and the notification say so', async () => {
    const res = await send('customer', {}, [await photo(1), await photo(2)]);
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const m = (await thread('owner')).messages.find((x) => x.id === id)!;
    expect(m).toMatchObject({ body: '', mine: false, senderName: 'Maya L.' });
    expect(m.images).toHaveLength(2);

    const list = (await (await request('owner', '/api/me/conversations')).json()) as ConversationList;
    expect(list.conversations[0]!.lastMessage).toMatchObject({ body: '', imageCount: 2, mine: false });
    const told = (await (await request('owner', '/api/me/notifications')).json()) as NotificationList;
    const n = told.notifications.find((x) => x.refs.messageId === id)!;
    expect(n).toMatchObject({ title: 'New message from Maya L.', body: 'Sent 2 photos' });
  });

  it('still needs text or an image, as a form and as JSON', async () => {
    const empty = await send('customer', { body: '   ' }, []);
    expect(empty.status).toBe(400);
    expect((await errorOf(empty)).fields).toEqual({ body: 'Write a message or attach an image.' });
    const json = await request('customer', `/api/me/conversations/${conversationId}/messages`, {
      json: { body: '' },
    });
    expect((await errorOf(json)).fields).toEqual({ body: 'Write a message first.' });
    const text = await request('customer', `/api/me/conversations/${conversationId}/messages`, {
      json: { body: 'Plain text still works' },
    });
    expect(text.status).toBe(201);
    expect((await thread('customer')).messages.at(-1)).toMatchObject({
      body: 'Plain text still works',
      images: [],
    });
  });

  it('odd forms are a 400 at their field, never a 500', async () => {
    const path = `/api/me/conversations/${conversationId}/messages`;
    const textAsImage = await form({ body: 'Hi' }, []);
    textAsImage.append('images', 'just text');
    expect((await errorOf(await request('customer', path, { form: textAsImage }))).fields).toEqual({
      images: 'Attach image files only.',
    });
    const fileAsBody = await form({}, [await photo(1)]);
    fileAsBody.set('body', new File(['hello'], 'body.txt', { type: 'text/plain' }));
    expect((await errorOf(await request('customer', path, { form: fileAsBody }))).fields).toEqual({
      body: 'Write a message first.',
    });
    const broken = await t.app.request(path, {
      method: 'POST',
      headers: {
        Cookie: cookie.customer,
        Origin: ORIGIN,
        'Content-Type': 'multipart/form-data; boundary=x',
      },
      body: '--x\r\nContent-Disposition: form-data; name="images"; filename="a.png"\r\n\r\nabc',
    });
    expect(broken.status).toBe(400);
  });

  it('someone outside the conversation can neither read it nor get an image stored', async () => {
    const store = watchStore();
    expect((await request('stranger', `/api/me/conversations/${conversationId}`)).status).toBe(404);
    expect((await request('stranger', `/api/me/conversations/${conversationId}/messages`)).status).toBe(404);
    const res = await send('stranger', { body: 'Hello' }, [await photo(1)]);
    expect(res.status).toBe(404);
    expect(store.keys()).toEqual([]);
  });

  it('a message refused inside its transaction leaves no stored files', async () => {
    const store = watchStore();
    const before = (await thread('customer')).messages.length;
    // Another vendor's order: only the transaction, with the conversation locked, finds that out.
    const res = await send('customer', { body: 'About that order', orderId: foreignOrderId }, [
      await photo(1),
      await photo(2),
    ]);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields).toEqual({ orderId: 'This order is not part of this conversation.' });
    expect(store.keys()).toHaveLength(4); // two images, each with its thumbnail
    expect(await store.leftOver()).toBe(0);
    expect((await thread('customer')).messages).toHaveLength(before);
  });
});
