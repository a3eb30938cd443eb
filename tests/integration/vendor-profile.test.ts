import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vendors } from '../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { createUser, createVendor, signIn } from '../support/factories.ts';

let t: TestApp;
const cookie: Record<string, string> = {};
let vendorId = '';

const valid = {
  businessName: 'Crumb & Co',
  businessAddress: '12 Main St, Vancouver, BC',
  phone: '604-555-0100',
  location: 'burnaby',
  specialty: 'birthday',
  specialties: ['wedding'],
  description: 'Bright birthday cakes.',
  website: 'https://crumb.example',
  instagram: 'crumbco',
  priceTier: 3,
  dietaryOptions: ['vegan', 'nut-free', 'vegan'],
  offersDelivery: true,
  offersPickup: false,
  cancellationRefundPercent: 40,
  leadTimeDays: 5,
  ordersPerDay: 2,
};

beforeAll(async () => {
  t = await createTestApp({ authRateLimitMax: 1000 });
  const db = t.database.db;
  const owner = await createUser(db, { userType: 'vendor' });
  const pendingOwner = await createUser(db, { userType: 'vendor' });
  const customer = await createUser(db);
  vendorId = (await createVendor(db, { userId: owner.id })).id;
  await createVendor(db, { userId: pendingOwner.id, status: 'pending', verified: false });
  cookie.owner = await signIn(t.app, owner.email);
  cookie.pending = await signIn(t.app, pendingOwner.email);
  cookie.customer = await signIn(t.app, customer.email);
});
afterAll(() => t.close());

const put = (who: string, body: unknown) =>
  t.app.request('/api/me/vendor-profile', {
    method: 'PUT',
    headers: { Cookie: cookie[who]!, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('Edit Profile', () => {
  it('saves every field; the main specialty is always among the specialties', async () => {
    const res = await put('owner', valid);
    expect(res.status).toBe(200);
    const { profile } = await res.json();
    expect(profile).toMatchObject({
      businessName: 'Crumb & Co',
      location: 'burnaby',
      specialty: 'birthday',
      specialties: ['birthday', 'wedding'],
      instagram: '@crumbco',
      priceTier: 3,
      dietaryOptions: ['vegan', 'nut-free'],
      offersDelivery: true,
      offersPickup: false,
      cancellationRefundPercent: 40,
      leadTimeDays: 5,
      ordersPerDay: 2,
    });
    const [row] = await t.database.db.select().from(vendors).where(eq(vendors.id, vendorId));
    expect(row).toMatchObject({ specialties: ['birthday', 'wedding'], website: 'https://crumb.example' });
    const got = await (
      await t.app.request('/api/me/vendor-profile', { headers: { Cookie: cookie.owner! } })
    ).json();
    expect(got.profile.phone).toBe('604-555-0100');
  });

  it.each([
    [{ businessName: '' }, 'businessName', 'Please enter your business name.'],
    [{ businessAddress: ' ' }, 'businessAddress', 'Please enter your business address.'],
    [{ phone: '12' }, 'phone', 'Please enter your business phone number.'],
    [{ phone: 'call me' }, 'phone', 'Please enter a valid phone number.'],
    [{ location: 'toronto' }, 'location', 'Please choose your area.'],
    [{ specialty: 'bread' }, 'specialty', 'Please choose your main specialty.'],
    [{ website: 'crumb.example' }, 'website', 'Please enter a full web address starting with https://'],
    [{ instagram: 'not a handle!' }, 'instagram', 'Please enter an Instagram handle such as @yourbakery.'],
    [{ priceTier: 7 }, 'priceTier', 'Please choose a price tier.'],
    [
      { cancellationRefundPercent: 120 },
      'cancellationRefundPercent',
      'Please enter a percentage from 0 to 100.',
    ],
    [{ leadTimeDays: -1 }, 'leadTimeDays', 'Please enter a lead time from 0 to 60 days.'],
    [{ leadTimeDays: 2.5 }, 'leadTimeDays', 'Please enter a lead time from 0 to 60 days.'],
    [{ ordersPerDay: 0 }, 'ordersPerDay', 'Please enter from 1 to 20 orders a day.'],
    [{ ordersPerDay: 'lots' }, 'ordersPerDay', 'Please enter from 1 to 20 orders a day.'],
    [{ offersDelivery: false, offersPickup: false }, 'offersPickup', 'Offer pickup, delivery or both.'],
    [{ description: 'x'.repeat(2001) }, 'description', 'Must be at most 2000 characters.'],
  ])('refuses %j with a field message', async (change, field, message) => {
    const res = await put('owner', { ...valid, ...change });
    expect(res.status).toBe(400);
    expect((await res.json()).error.fields[field]).toBe(message);
  });

  it('replaces the profile image, checked by content and served by us', async () => {
    const image = (file: Blob | null, who = 'owner') => {
      const form = new FormData();
      if (file) form.set('file', file, 'cover.png');
      return t.app.request('/api/me/vendor-profile/image', {
        method: 'PUT',
        headers: { Cookie: cookie[who]! },
        body: form,
      });
    };
    const png = await sharp({ create: { width: 800, height: 500, channels: 3, background: 'pink' } })
      .png()
      .toBuffer();
    const first = await (await image(new Blob([png]))).json();
    expect(first.profile.imageUrl).toMatch(/^\/api\/files\/vendors\/.+\.webp$/);
    const second = await (await image(new Blob([png]))).json();
    expect((await t.app.request(first.profile.imageUrl)).status).toBe(404);
    const served = await t.app.request(second.profile.imageUrl);
    expect(served.headers.get('content-type')).toBe('image/webp');
    const page = await (await t.app.request(`/api/vendors/${vendorId}`)).json();
    expect(page.vendor.image).toBe(second.profile.imageUrl);

    const script = await image(new Blob(['<script>alert(1)</script>']));
    expect(script.status).toBe(415);
    expect((await (await image(null)).json()).error.fields.file).toBe('Please choose an image to upload.');
    expect((await image(new Blob([png]), 'pending')).status).toBe(403);
  });

  it('is for approved vendors only', async () => {
    expect((await put('pending', valid)).status).toBe(403);
    expect((await put('customer', valid)).status).toBe(403);
    expect((await t.app.request('/api/me/vendor-profile', { method: 'PUT' })).status).toBe(401);
  });
});
