import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { createUser, createVendor, signIn } from '../support/factories.ts';

let t: TestApp;
const cookie: Record<string, string> = {};
let vendorId = '';

beforeAll(async () => {
  t = await createTestApp({ authRateLimitMax: 1000 });
  const db = t.database.db;
  const owner = await createUser(db, { userType: 'vendor' });
  const rival = await createUser(db, { userType: 'vendor' });
  const pendingOwner = await createUser(db, { userType: 'vendor' });
  vendorId = (await createVendor(db, { userId: owner.id })).id;
  await createVendor(db, { userId: rival.id });
  await createVendor(db, { userId: pendingOwner.id, status: 'pending', verified: false });
  cookie.owner = await signIn(t.app, owner.email);
  cookie.rival = await signIn(t.app, rival.email);
  cookie.pending = await signIn(t.app, pendingOwner.email);
});
afterAll(() => t.close());

const jpegWithExif = () =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 230, g: 180, b: 190 } } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'secret-owner', Artist: 'GPS home address' } })
    .toBuffer();

function upload(who: string, file: Blob | null, fields: Record<string, string>, name = 'cake.jpg') {
  const form = new FormData();
  if (file) form.set('file', file, name);
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return t.app.request('/api/me/vendor-profile/portfolio', {
    method: 'POST',
    headers: { Cookie: cookie[who]! },
    body: form,
  });
}

const json = (who: string, path: string, method: string, body?: unknown) =>
  t.app.request(path, {
    method,
    headers: { Cookie: cookie[who]!, 'Content-Type': 'application/json' },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });

const fields = { title: 'Blush peonies', category: 'Wedding', priceMin: '200', priceMax: '450' };

describe('portfolio uploads', () => {
  const ids: string[] = [];

  it('stores three photos in order, re-encoded as WebP without EXIF, served from our own route', async () => {
    for (const title of ['One', 'Two', 'Three']) {
      const res = await upload('owner', new Blob([await jpegWithExif()]), { ...fields, title });
      expect(res.status).toBe(201);
      const { item } = await res.json();
      expect(item).toMatchObject({ title, category: 'Wedding', priceMin: 20_000, priceMax: 45_000 });
      ids.push(item.id);
    }
    const { items } = await (await json('owner', '/api/me/vendor-profile/portfolio', 'GET')).json();
    expect(items.map((i: { title: string }) => i.title)).toEqual(['One', 'Two', 'Three']);

    const file = await t.app.request(items[0].imageUrl);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/webp');
    expect(file.headers.get('cache-control')).toContain('max-age=3600');
    const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(Math.max(meta.width, meta.height)).toBeLessThanOrEqual(1600);
    const thumb = await sharp(
      Buffer.from(await (await t.app.request(items[0].thumbUrl)).arrayBuffer()),
    ).metadata();
    expect(Math.max(thumb.width, thumb.height)).toBeLessThanOrEqual(480);

    // The public page shows the same photos in the same order.
    const page = await (await t.app.request(`/api/vendors/${vendorId}`)).json();
    expect(page.portfolio.map((i: { id: string }) => i.id)).toEqual(ids);
  });

  it('reorders only with every photo named exactly once', async () => {
    const reordered = [ids[2]!, ids[0]!, ids[1]!];
    const res = await json('owner', '/api/me/vendor-profile/portfolio/order', 'PUT', { ids: reordered });
    expect(res.status).toBe(200);
    expect((await res.json()).items.map((i: { id: string }) => i.id)).toEqual(reordered);
    for (const bad of [[ids[0]], [...reordered, ids[0]], [ids[0], ids[1], 'someone-else']]) {
      const r = await json('owner', '/api/me/vendor-profile/portfolio/order', 'PUT', { ids: bad });
      expect(r.status).toBe(400);
      expect((await r.json()).error.fields.ids).toBe('List every photo of your portfolio exactly once.');
    }
  });

  it("refuses another vendor's photo, too large files, wrong types and scripts named .jpg", async () => {
    expect((await json('rival', `/api/me/vendor-profile/portfolio/${ids[0]}`, 'DELETE')).status).toBe(404);
    expect((await json('rival', '/api/me/vendor-profile/portfolio/order', 'PUT', { ids })).status).toBe(400);

    const big = await upload('owner', new Blob([new Uint8Array(11 * 1024 * 1024)]), fields);
    expect(big.status).toBe(413);
    expect((await big.json()).error.message).toBe('The file is too large. The limit is 10 MB.');

    const script = await upload('owner', new Blob(['#!/bin/sh\nrm -rf /\n']), fields, 'cake.jpg');
    expect(script.status).toBe(415);
    expect((await script.json()).error.message).toBe('Only JPEG, PNG or WebP images can be uploaded.');
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: 'red' } })
      .gif()
      .toBuffer();
    expect((await upload('owner', new Blob([gif]), fields, 'cake.png')).status).toBe(415);

    // The file name never reaches storage: a traversal name is stored under our own key.
    const sneaky = await upload('owner', new Blob([await jpegWithExif()]), fields, '../../../etc/passwd.jpg');
    expect(sneaky.status).toBe(201);
    expect((await sneaky.json()).item.imageUrl).toMatch(
      /^\/api\/files\/portfolio\/vendor\/[a-z0-9-]+\/[a-f0-9-]+\.webp$/,
    );
  });

  it('gives field messages for missing details and no file', async () => {
    const noTitle = await upload('owner', new Blob([await jpegWithExif()]), { ...fields, title: '' });
    expect((await noTitle.json()).error.fields.title).toBe('Please give the photo a title.');
    const badRange = await upload('owner', new Blob([await jpegWithExif()]), { ...fields, priceMin: '500' });
    expect((await badRange.json()).error.fields.priceMax).toBe(
      'The highest price must be at least the lowest.',
    );
    const noFile = await upload('owner', null, fields);
    expect(noFile.status).toBe(400);
    expect((await noFile.json()).error.fields.file).toBe('Please choose a photo to upload.');
  });

  it('deletes a photo and its files; pending vendors and customers cannot upload', async () => {
    const { items } = await (await json('owner', '/api/me/vendor-profile/portfolio', 'GET')).json();
    const victim = items[0];
    expect((await json('owner', `/api/me/vendor-profile/portfolio/${victim.id}`, 'DELETE')).status).toBe(204);
    expect((await t.app.request(victim.imageUrl)).status).toBe(404);
    expect((await upload('pending', new Blob([await jpegWithExif()]), fields)).status).toBe(403);
  });
});
