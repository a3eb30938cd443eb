import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDetail } from '../../src/shared/schemas/orders.ts';
import type { Actor } from '../../src/server/actor.ts';
import { SYSTEM, transitionOrder } from '../../src/server/modules/orders/transitions.ts';
import { keyPrefix } from '../../src/server/modules/storage/images.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { manualClock } from '../support/clock.ts';
import { createPendingOrder, createUser, createVendor, signIn } from '../support/factories.ts';

/** Mark Delivered with a photo: multipart, the photo checked by content, kept only when the change is made. */
const clock = manualClock('2026-12-01T17:00:00Z');
let t: TestApp;
const cookies: Record<'customer' | 'vendor' | 'otherVendor', string> = {
  customer: '',
  vendor: '',
  otherVendor: '',
};
let ids: { customerId: string; vendorId: string };
let vendorActor: Actor;

beforeAll(async () => {
  t = await createTestApp({ authRateLimitMax: 1000 }, { clock });
  const db = t.database.db;
  const customer = await createUser(db);
  const owner = await createUser(db, { userType: 'vendor' });
  const vendor = await createVendor(db, { userId: owner.id });
  const otherOwner = await createUser(db, { userType: 'vendor' });
  await createVendor(db, { userId: otherOwner.id });
  ids = { customerId: customer.id, vendorId: vendor.id };
  vendorActor = { id: owner.id, email: owner.email, name: 'Vendor', userType: 'vendor', role: 'user' };
  cookies.customer = await signIn(t.app, customer.email);
  cookies.vendor = await signIn(t.app, owner.email);
  cookies.otherVendor = await signIn(t.app, otherOwner.email);
});
afterAll(() => t.close());

/** A paid order for an event now, walked by its vendor up to `ready` (or `upTo`). */
async function orderAt(upTo: 'paid' | 'ready') {
  const db = t.database.db;
  const order = await createPendingOrder(db, { ...ids, deliveryDate: clock.now(), createdAt: clock.now() });
  await transitionOrder(db, { orderId: order.id, action: 'pay', by: SYSTEM, now: clock.now() });
  if (upTo === 'ready') {
    const by = { kind: 'user', actor: vendorActor } as const;
    for (const action of ['confirm', 'start', 'markReady'])
      await transitionOrder(db, { orderId: order.id, action, by, now: clock.now() });
  }
  return order.id;
}

const photo = () =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 240, g: 190, b: 200 } } })
    .jpeg()
    .withExif({ IFD0: { Artist: 'the baker’s home address' } })
    .toBuffer();

function deliver(as: keyof typeof cookies, orderId: string, fields: Record<string, string>, file?: Blob) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (file) form.set('file', file, 'cake.jpg');
  return t.app.request(`/api/orders/${orderId}/delivery`, {
    method: 'POST',
    headers: { Cookie: cookies[as], Origin: 'http://localhost:3000' },
    body: form,
  });
}

/** The photos kept for an order on local storage. */
async function storedFor(orderId: string) {
  const dir = path.join(t.services.config.dataDir, 'uploads', 'deliveries', keyPrefix('order', orderId));
  return readdir(dir).catch(() => [] as string[]);
}

describe('Mark Delivered with a photo', () => {
  it('keeps the photo, re-encoded without metadata, on both sides’ timeline with the note', async () => {
    const orderId = await orderAt('ready');
    clock.advanceHours(2);
    const res = await deliver(
      'vendor',
      orderId,
      { expectedStatus: 'ready', note: 'Left with the concierge' },
      new Blob([await photo()]),
    );
    expect(res.status).toBe(200);
    const order = (await res.json()) as OrderDetail;
    expect(order.status).toBe('delivered');
    const event = order.events.at(-1)!;
    expect(event).toMatchObject({ label: 'Delivered', note: 'Left with the concierge', party: 'vendor' });
    expect(event.photo).toMatchObject({ width: 1200, height: 900 });

    const asCustomer = await t.app.request(`/api/orders/${orderId}`, {
      headers: { Cookie: cookies.customer },
    });
    const seen = ((await asCustomer.json()) as OrderDetail).events.at(-1)!;
    expect(seen.photo).toEqual(event.photo);
    // Private to the order: read as one of its sides (tests/integration/private-pictures.test.ts).
    const file = await t.app.request(seen.photo!.url, { headers: { Cookie: cookies.customer } });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
    expect(meta.exif).toBeUndefined();
    expect(await storedFor(orderId)).toHaveLength(2); // the picture and its thumbnail
  });

  it('delivers without a photo too', async () => {
    const orderId = await orderAt('ready');
    const res = await deliver('vendor', orderId, { expectedStatus: 'ready' });
    expect(res.status).toBe(200);
    const order = (await res.json()) as OrderDetail;
    expect(order.events.at(-1)).toMatchObject({ label: 'Delivered', note: null, photo: null });
  });

  it('keeps nothing when the change is refused: the customer, another vendor, too early, stale, or not an image', async () => {
    const orderId = await orderAt('ready');
    const jpeg = new Blob([await photo()]);
    expect((await deliver('customer', orderId, {}, jpeg)).status).toBe(403);
    expect((await deliver('otherVendor', orderId, {}, jpeg)).status).toBe(404);
    expect((await deliver('vendor', orderId, { expectedStatus: 'paid' }, jpeg)).status).toBe(409);
    const notImage = await deliver('vendor', orderId, {}, new Blob(['<svg onload="alert(1)"/>']));
    expect(notImage.status).toBe(415);
    const badStatus = await deliver('vendor', orderId, { expectedStatus: 'baking' });
    expect(badStatus.status).toBe(400);
    expect(await storedFor(orderId)).toEqual([]);

    const early = await orderAt('paid');
    expect((await deliver('vendor', early, {}, jpeg)).status).toBe(409);
    expect(await storedFor(early)).toEqual([]);

    const still = await t.app.request(`/api/orders/${orderId}`, { headers: { Cookie: cookies.vendor } });
    expect(((await still.json()) as OrderDetail).status).toBe('ready');
  });

  it('refuses a photo with any other change', async () => {
    const { id: orderId } = await createPendingOrder(t.database.db, { ...ids, createdAt: clock.now() });
    await expect(
      transitionOrder(t.database.db, {
        orderId,
        action: 'pay',
        by: SYSTEM,
        photo: { imageKey: 'a.webp', thumbKey: 'b.webp', width: 1, height: 1 },
        now: clock.now(),
      }),
    ).rejects.toMatchObject({ status: 400 });
  });
});
