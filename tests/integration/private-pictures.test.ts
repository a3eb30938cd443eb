import { GetObjectCommand } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation } from '../../src/shared/schemas/messages.ts';
import type { OrderDetail } from '../../src/shared/schemas/orders.ts';
import type { OrderProofs } from '../../src/shared/schemas/proofs.ts';
import type { Config } from '../../src/server/config.ts';
import { messageImages, messages, orderEvents } from '../../src/server/db/schema/index.ts';
import { keyPrefix, storeUploadedImage } from '../../src/server/modules/storage/images.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { createOrder, createUser, createVendor, signIn } from '../support/factories.ts';
import { startS3Server } from '../support/s3.ts';

/**
 * Message images, claim photos, design proofs and delivery photos are the parties' own: the customer,
 * the vendor's owner and admins see them (cached by the browser only); anyone else, signed in or not,
 * gets the same 404 as for a picture that does not exist. On local disk and on S3 alike.
 */
const ORIGIN = 'http://localhost:3000';
const HOUR = 3_600_000;
const PARTIES = ['customer', 'vendor', 'admin'] as const;
const OTHERS = ['otherCustomer', 'otherVendor', 'anonymous'] as const;
type Who = (typeof PARTIES)[number] | (typeof OTHERS)[number];
type Picture = { url: string; thumbUrl: string };
type Kind = 'message image' | 'claim photo' | 'proof picture' | 'delivery photo';

let tmp: string;
let s3: Awaited<ReturnType<typeof startS3Server>>;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'frosted-private-'));
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3.close();
  await rm(tmp, { recursive: true, force: true });
});

const jpeg = (r: number) =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: { r, g: 90, b: 160 } } })
    .jpeg()
    .toBuffer();
const jpegFile = async (r: number) =>
  new File([new Uint8Array(await jpeg(r))], `cake-${r}.jpg`, { type: 'image/jpeg' });

/** The same link with another (random) file name: a picture that does not exist, in the same place. */
const missing = (url: string) => url.replace(/[^/]+\.webp$/, `${crypto.randomUUID()}.webp`);

describe.each([
  ['local', (): Partial<Config> => ({ dataDir: tmp })],
  ['S3', (): Partial<Config> => ({ s3: s3.config })],
])('private pictures on %s storage', (storage, overrides) => {
  let t: TestApp;
  const cookies = {} as Record<Who, string>;
  const pictures = {} as Record<Kind, Picture>;
  /** Where the message image is kept: its key in the bucket, as the row has it. */
  let messageKey = { bucket: 'messages', key: '' };

  const get = (who: Who, url: string, init: { method?: string; headers?: Record<string, string> } = {}) =>
    t.app.request(url, {
      method: init.method ?? 'GET',
      headers: { ...(who !== 'anonymous' && { Cookie: cookies[who] }), ...init.headers },
    });

  const post = (who: Who, url: string, body: FormData | object) =>
    t.app.request(url, {
      method: 'POST',
      headers: {
        Cookie: cookies[who],
        Origin: ORIGIN,
        ...(!(body instanceof FormData) && { 'Content-Type': 'application/json' }),
      },
      body: body instanceof FormData ? body : JSON.stringify(body),
    });

  const form = async (fields: Record<string, string>, files: { name: string; count: number }) => {
    const f = new FormData();
    for (const [name, value] of Object.entries(fields)) f.set(name, value);
    for (let i = 0; i < files.count; i++) f.append(files.name, await jpegFile(100 + i));
    return f;
  };

  beforeAll(async () => {
    t = await createTestApp({ authRateLimitMax: 1000, ...overrides() });
    const db = t.database.db;
    const customer = await createUser(db);
    const otherCustomer = await createUser(db);
    const admin = await createUser(db, { role: 'admin' });
    const owner = await createUser(db, { userType: 'vendor' });
    const otherOwner = await createUser(db, { userType: 'vendor' });
    const vendor = await createVendor(db, { userId: owner.id });
    await createVendor(db, { userId: otherOwner.id });
    const people = { customer, otherCustomer, admin, vendor: owner, otherVendor: otherOwner };
    for (const [who, user] of Object.entries(people)) cookies[who as Who] = await signIn(t.app, user.email);

    // A message image, sent by the customer in their conversation with the vendor.
    const started = await post('customer', '/api/me/conversations', { vendorId: vendor.id });
    const conversationId = ((await started.json()) as { id: string }).id;
    const sent = await post(
      'customer',
      `/api/me/conversations/${conversationId}/messages`,
      await form({ body: 'Like this?' }, { name: 'images', count: 1 }),
    );
    expect(sent.status).toBe(201);
    const thread = (await (
      await get('customer', `/api/me/conversations/${conversationId}`)
    ).json()) as Conversation;
    pictures['message image'] = thread.messages.at(-1)!.images[0]!;
    const [row] = await db
      .select({ key: messageImages.imageKey })
      .from(messageImages)
      .innerJoin(messages, eq(messages.id, messageImages.messageId))
      .where(eq(messages.conversationId, conversationId));
    messageKey = { bucket: 'messages', key: row!.key };

    // A claim photo on an order delivered an hour ago (a UUID id, as every real order has).
    const delivered = await createOrder(db, {
      id: crypto.randomUUID(),
      customerId: customer.id,
      vendorId: vendor.id,
      status: 'delivered',
      deliveryDate: new Date(Date.now() - HOUR),
    });
    // ... with a photo of the delivered cake on its timeline.
    const photo = await storeUploadedImage({
      store: t.services.storage,
      bucket: 'deliveries',
      bytes: await jpeg(30),
      prefix: keyPrefix('order', delivered.id),
    });
    await db.insert(orderEvents).values({
      id: crypto.randomUUID(),
      orderId: delivered.id,
      seq: 1,
      action: 'deliver',
      fromStatus: 'ready',
      toStatus: 'delivered',
      party: 'vendor',
      actorId: owner.id,
      photoKey: photo.imageKey,
      photoThumbKey: photo.thumbKey,
      photoWidth: photo.width,
      photoHeight: photo.height,
      createdAt: new Date(Date.now() - HOUR),
    });
    const claimed = await post(
      'customer',
      `/api/orders/${delivered.id}/claim`,
      await form({ description: 'The top tier slid off.' }, { name: 'files', count: 1 }),
    );
    expect(claimed.status).toBe(201);
    const detail = (await claimed.json()) as OrderDetail;
    pictures['claim photo'] = detail.claim!.photos[0]!;
    pictures['delivery photo'] = detail.events.find((e) => e.photo)!.photo!;

    // A design proof the vendor sends on a confirmed order (a factory's id: not a UUID).
    const confirmed = await createOrder(db, {
      customerId: customer.id,
      vendorId: vendor.id,
      status: 'confirmed',
      deliveryDate: new Date(Date.now() + 9 * 24 * HOUR),
    });
    const proofs = await post(
      'vendor',
      `/api/orders/${confirmed.id}/proofs`,
      await form({ note: 'Round one.' }, { name: 'images', count: 1 }),
    );
    expect(proofs.status).toBe(201);
    pictures['proof picture'] = ((await proofs.json()) as OrderProofs).rounds[0]!.images[0]!;
    // The link names the order by its own id, which the key could only hold hashed.
    expect(pictures['proof picture'].url).toMatch(
      new RegExp(`^/api/files/deliveries/order/${confirmed.id}/proofs/[0-9a-f-]{36}\\.webp$`),
    );
  });
  afterAll(() => t.close());

  const KINDS: Kind[] = ['message image', 'claim photo', 'proof picture', 'delivery photo'];

  it.each(KINDS)('%s: the customer, the vendor and an admin see it, cached privately', async (kind) => {
    for (const size of ['url', 'thumbUrl'] as const) {
      const url = pictures[kind][size];
      expect(url).toMatch(/^\/api\/files\//);
      for (const who of PARTIES) {
        const res = await get(who, url);
        expect(res.status, `${who} ${size}`).toBe(200);
        expect(res.headers.get('Content-Type')).toBe('image/webp');
        expect(res.headers.get('Cache-Control'), `${who} ${size}`).toMatch(/^private(,|$)/);
        expect(res.headers.get('Cache-Control')).not.toMatch(/public|s-maxage/);
        expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
        expect((await sharp(new Uint8Array(await res.arrayBuffer())).metadata()).format).toBe('webp');

        // The browser keeps it and asks again: 304 while it has not changed, still private.
        const etag = res.headers.get('ETag')!;
        expect(etag).toMatch(/^(W\/)?"[^"]+"$/);
        const again = await get(who, url, { headers: { 'If-None-Match': etag } });
        expect(again.status, `${who} ${size} revalidated`).toBe(304);
        expect(again.headers.get('Cache-Control')).toMatch(/^private(,|$)/);
      }
    }
  });

  it.each(KINDS)(
    '%s: another customer, another vendor and a visitor get the 404 of a missing picture',
    async (kind) => {
      for (const size of ['url', 'thumbUrl'] as const) {
        const url = pictures[kind][size];
        const none = await get('customer', missing(url));
        expect(none.status).toBe(404);
        const notFound = await none.json();
        for (const who of OTHERS) {
          const res = await get(who, url);
          expect(res.status, `${who} ${size}`).toBe(404);
          expect(await res.json(), `${who} ${size}`).toEqual(notFound);
          expect(res.headers.get('ETag'), `${who} ${size}`).toBeNull();
          expect(res.headers.get('Cache-Control') ?? '').not.toMatch(/public/);
          // Knowing the picture's tag changes nothing, and HEAD tells no more than GET.
          const etag = (await get('customer', url)).headers.get('ETag')!;
          const probed = await get(who, url, { headers: { 'If-None-Match': etag } });
          expect(probed.status, `${who} ${size} with the ETag`).toBe(404);
          expect((await get(who, url, { method: 'HEAD' })).status, `${who} ${size} HEAD`).toBe(404);
        }
      }
    },
  );

  it('a link named after the key itself (links given out before) still works, for the parties only', async () => {
    const url = `/api/files/${messageKey.bucket}/${messageKey.key}`;
    expect(pictures['message image'].url).toBe(url);
    expect((await get('vendor', url)).status).toBe(200);
    expect((await get('otherVendor', url)).status).toBe(404);
  });

  it('a path that does not name its owner properly is a 404 for everyone', async () => {
    const { url } = pictures['proof picture'];
    const rest = url.split('/').slice(4);
    for (const bad of [
      `/api/files/deliveries/conversation/${rest.slice(1).join('/')}`,
      `/api/files/messages/${rest.join('/')}`,
      `/api/files/deliveries/order/..%2F${rest.slice(1).join('/')}`,
      `/api/files/deliveries/order`,
      `/api/files/verification/${rest.join('/')}`,
    ])
      for (const who of ['customer', 'admin'] as const)
        expect((await get(who, bad)).status, `${who} ${bad}`).toBe(404);
  });

  it.runIf(storage === 'S3')('the bucket holds the file; it is reached only through the app', async () => {
    const stored = await s3.admin.send(
      new GetObjectCommand({ Bucket: s3.config.bucket, Key: `${messageKey.bucket}/${messageKey.key}` }),
    );
    expect(stored.ContentType).toBe('image/webp');
    for (const picture of Object.values(pictures))
      expect(picture.url.startsWith(s3.config.endpoint!)).toBe(false);
  });
});
