import { and, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userEvents, vendors, vendorVerificationItems } from '../../src/server/db/schema/index.ts';
import { jobHandlers } from '../../src/server/lifecycle/index.ts';
import { runDueJobs } from '../../src/server/modules/jobs/jobs.ts';
import { scheduleHousekeeping } from '../../src/server/lifecycle/index.ts';
import { demoPdf } from '../../src/server/modules/seed/demo-verification.ts';
import { DEMO_VENDORS, seedAll } from '../../src/server/modules/seed/index.ts';
import type { NotificationType } from '../../src/shared/schemas/notifications.ts';
import type { VerificationChecklist, VerificationItem } from '../../src/shared/schemas/verification.ts';
import { addHours, vancouverDayStart } from '../../src/shared/time.ts';
import {
  addDaysToDay,
  checklistKinds,
  VERIFICATION_DOCUMENT_MAX_BYTES,
  type VerificationKind,
} from '../../src/shared/verification.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { manualClock } from '../support/clock.ts';
import { createUser, createVendor, signIn } from '../support/factories.ts';

const clock = manualClock('2026-12-01T17:00:00Z');
let t: TestApp;
const cookie: Record<string, string> = {};
const ORIGIN = 'http://localhost:3000';
const BASE = '/api/me/vendor-profile/verification';
const ADMIN = '/api/admin/verification';

beforeAll(async () => {
  t = await createTestApp({ authRateLimitMax: 1000 }, { clock });
  const db = t.database.db;
  const admin = await createUser(db, { role: 'admin' });
  const customer = await createUser(db);
  const rival = await createUser(db, { userType: 'vendor' });
  await createVendor(db, { userId: rival.id });
  cookie.admin = await signIn(t.app, admin.email);
  cookie.customer = await signIn(t.app, customer.email);
  cookie.rival = await signIn(t.app, rival.email);
});
afterAll(() => t.close());

/** A vendor of their own for each test, pending (the checklist is part of the application). */
async function newVendor(status: 'pending' | 'approved' = 'pending') {
  const owner = await createUser(t.database.db, { userType: 'vendor' });
  const vendor = await createVendor(t.database.db, { userId: owner.id, status, verified: false });
  const who = `vendor-${vendor.id}`;
  cookie[who] = await signIn(t.app, owner.email);
  return { owner, vendor, who };
}

const png = () =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 240, g: 240, b: 230 } } })
    .png()
    .toBuffer();

function upload(who: string | null, kind: string, bytes: Uint8Array | null, name = 'document.pdf') {
  const form = new FormData();
  if (bytes) form.set('file', new Blob([bytes as Uint8Array<ArrayBuffer>]), name);
  return t.app.request(`${BASE}/items/${kind}/document`, {
    method: 'PUT',
    headers: { ...(who && { Cookie: cookie[who]! }), Origin: ORIGIN },
    body: form,
  });
}

const get = (path: string, who: string | null) =>
  t.app.request(path, { headers: who ? { Cookie: cookie[who]! } : {} });

const post = (path: string, who: string, body: unknown) =>
  t.app.request(path, {
    method: 'POST',
    headers: { Cookie: cookie[who]!, 'Content-Type': 'application/json', Origin: ORIGIN },
    body: JSON.stringify(body),
  });

async function checklist(who: string): Promise<VerificationChecklist> {
  const res = await get(BASE, who);
  expect(res.status).toBe(200);
  return res.json();
}

async function itemOf(vendorId: string, kind: VerificationKind): Promise<VerificationItem> {
  const res = await get(`${ADMIN}/vendors/${vendorId}`, 'admin');
  const body = (await res.json()) as VerificationChecklist;
  return body.items.find((i) => i.kind === kind)!;
}

async function verify(vendorId: string, kind: VerificationKind, expiresOn?: string) {
  const item = await itemOf(vendorId, kind);
  return post(`${ADMIN}/vendors/${vendorId}/items/${kind}/verify`, 'admin', {
    submittedAt: item.submittedAt,
    note: 'Checked against the registry.',
    ...(expiresOn && { expiresOn }),
  });
}

/** The factories' vendors bake: a cake maker's checklist (FOODSAFE, the permit, insurance, identity). */
const VERIFICATION_KINDS = checklistKinds(['cakes']);

const EXPIRES = {
  food_premises: '2027-10-31',
  foodsafe: '2029-05-01',
  business_licence: '2027-12-31',
  insurance: '2027-03-01',
} as const;

/** Uploads all four documents and has an admin verify them; returns the vendor. */
async function fullyVerifiedVendor() {
  const v = await newVendor();
  for (const kind of VERIFICATION_KINDS)
    expect((await upload(v.who, kind, demoPdf([kind]))).status).toBe(200);
  for (const kind of VERIFICATION_KINDS)
    expect((await verify(v.vendor.id, kind, kind === 'identity' ? undefined : EXPIRES[kind])).status).toBe(
      200,
    );
  return v;
}

const badge = async (vendorId: string) =>
  (await t.database.db.select().from(vendors).where(eq(vendors.id, vendorId)))[0]!.verified;

const eventsOf = (userId: string, type: NotificationType) =>
  t.database.db
    .select()
    .from(userEvents)
    .where(and(eq(userEvents.userId, userId), eq(userEvents.type, type)));

describe('uploading documents', () => {
  it('checks the content, not the name: PNG bytes named .pdf are a PNG; random bytes and oversize files are refused', async () => {
    const { who } = await newVendor();
    const asPng = await upload(who, 'food_premises', await png(), 'permit.pdf');
    expect(asPng.status).toBe(200);
    const { item } = await asPng.json();
    expect(item).toMatchObject({ state: 'submitted', document: { name: 'permit.pdf', type: 'image/png' } });

    const random = await upload(who, 'foodsafe', crypto.getRandomValues(new Uint8Array(2048)), 'cert.pdf');
    expect(random.status).toBe(415);
    const refused = await random.json();
    expect(refused.error.message).toBe('Only PDF, JPEG, PNG or WebP files can be uploaded.');
    expect(refused.error.fields.file).toBe('Only PDF, JPEG, PNG or WebP files can be uploaded.');

    const big = new Uint8Array(VERIFICATION_DOCUMENT_MAX_BYTES + 1);
    big.set(new TextEncoder().encode('%PDF-1.4\n'));
    const tooLarge = await upload(who, 'insurance', big);
    expect(tooLarge.status).toBe(413);
    expect((await tooLarge.json()).error.message).toBe('The file is too large. The limit is 10 MB.');

    expect((await upload(who, 'insurance', null)).status).toBe(400);
    expect((await upload(who, 'passport', demoPdf(['x']))).status).toBe(400);
    expect((await upload('customer', 'insurance', demoPdf(['x']))).status).toBe(403);
    expect((await upload(null, 'insurance', demoPdf(['x']))).status).toBe(401);

    const list = await checklist(who);
    expect(list.items.map((i) => [i.kind, i.state])).toEqual([
      ['food_premises', 'submitted'],
      ['foodsafe', 'missing'],
      ['insurance', 'missing'],
      ['identity', 'missing'],
    ]);
  });
});

describe('reviewing', () => {
  it('four verified items give the badge on browse and the vendor page; a rejection needs a note', async () => {
    const { owner, vendor, who } = await newVendor();
    for (const kind of VERIFICATION_KINDS) await upload(who, kind, demoPdf([kind]));
    const queue = await (await get(`${ADMIN}/queue`, 'admin')).json();
    const queued = queue.items.filter((i: { vendorId: string }) => i.vendorId === vendor.id);
    expect(queued.map((i: { kind: string }) => i.kind).sort()).toEqual([...VERIFICATION_KINDS].sort());
    expect((await get(`${ADMIN}/queue`, 'customer')).status).toBe(403);

    // Expiry required for the permit, FOODSAFE and insurance; not for identity.
    const noExpiry = await verify(vendor.id, 'insurance');
    expect(noExpiry.status).toBe(400);
    expect((await noExpiry.json()).error.fields.expiresOn).toMatch(/liability insurance expires/);
    const past = await verify(vendor.id, 'insurance', '2026-11-30');
    expect((await past.json()).error.fields.expiresOn).toMatch(/after today/);

    const item = await itemOf(vendor.id, 'identity');
    const noNote = await post(`${ADMIN}/vendors/${vendor.id}/items/identity/reject`, 'admin', {
      submittedAt: item.submittedAt,
    });
    expect(noNote.status).toBe(400);
    expect((await noNote.json()).error.fields.note).toBeTruthy();
    const rejected = await post(`${ADMIN}/vendors/${vendor.id}/items/identity/reject`, 'admin', {
      submittedAt: item.submittedAt,
      note: 'The photo is too blurry to read.',
    });
    expect(rejected.status).toBe(200);
    expect((await rejected.json()).item).toMatchObject({
      state: 'rejected',
      note: 'The photo is too blurry to read.',
    });
    const [told] = await eventsOf(owner.id, 'verification.reviewed');
    expect(told?.refs).toMatchObject({ vendorId: vendor.id, item: 'identity', decision: 'rejected' });

    // A decision about an older upload is refused once the vendor replaced it.
    clock.advance(60_000);
    await upload(who, 'identity', await png(), 'id.png');
    const stale = await post(`${ADMIN}/vendors/${vendor.id}/items/identity/verify`, 'admin', {
      submittedAt: item.submittedAt,
    });
    expect(stale.status).toBe(409);

    for (const kind of ['food_premises', 'foodsafe', 'insurance'] as const)
      expect((await verify(vendor.id, kind, EXPIRES[kind])).status).toBe(200);
    expect(await badge(vendor.id)).toBe(false);
    const last = await verify(vendor.id, 'identity');
    expect((await last.json()).verified).toBe(true);
    expect(await badge(vendor.id)).toBe(true);
    expect((await checklist(who)).verified).toBe(true);

    // Approval makes the vendor public, with the badge and what was checked (no documents).
    expect((await post(`/api/admin/vendor-applications/${vendor.id}/approve`, 'admin', {})).status).toBe(200);
    const page = await (await get(`/api/vendors/${vendor.id}`, null)).json();
    expect(page.vendor.verified).toBe(true);
    expect(page.verification.items.map((i: { label: string }) => i.label)).toEqual([
      'Food premises permit',
      'FOODSAFE Level 1',
      'Liability insurance',
      'Identity',
    ]);
    expect(JSON.stringify(page)).not.toMatch(/document/i);
    const browse = await (
      await get(`/api/vendors?q=${encodeURIComponent(vendor.businessName)}`, null)
    ).json();
    expect(browse.vendors.find((v: { id: string }) => v.id === vendor.id)?.verified).toBe(true);
  });
});

describe('expiry', () => {
  it('tells the vendor once 30 days before, and removes the badge once the insurance expires', async () => {
    const { owner, vendor } = await fullyVerifiedVendor();
    expect(await badge(vendor.id)).toBe(true);
    const run = async () => {
      await scheduleHousekeeping(t.database.db, clock.now());
      await runDueJobs({ db: t.database.db, now: clock.now(), handlers: jobHandlers, log: t.services.log });
    };

    // 31 days before: nothing yet.
    clock.set(addHours(vancouverDayStart(addDaysToDay(EXPIRES.insurance, -31)), 10));
    await run();
    expect(await eventsOf(owner.id, 'verification.expiring')).toHaveLength(0);

    clock.set(addHours(vancouverDayStart(addDaysToDay(EXPIRES.insurance, -30)), 10));
    await run();
    const notices = await eventsOf(owner.id, 'verification.expiring');
    expect(notices).toHaveLength(1);
    expect(notices[0]!.refs).toMatchObject({ item: 'insurance', expiresOn: EXPIRES.insurance });
    clock.set(addHours(vancouverDayStart(addDaysToDay(EXPIRES.insurance, -20)), 10));
    await run();
    expect(await eventsOf(owner.id, 'verification.expiring')).toHaveLength(1);
    // Verified again as it was (a second click): nothing changes, nobody is told again.
    const reviewed = (await eventsOf(owner.id, 'verification.reviewed')).length;
    expect((await verify(vendor.id, 'insurance', EXPIRES.insurance)).status).toBe(200);
    await run();
    expect(await eventsOf(owner.id, 'verification.expiring')).toHaveLength(1);
    expect(await eventsOf(owner.id, 'verification.reviewed')).toHaveLength(reviewed);

    // The last valid day still shows the badge; the day after it is gone (the round runs daily).
    clock.set(addHours(vancouverDayStart(EXPIRES.insurance), 23));
    await run();
    expect(await badge(vendor.id)).toBe(true);
    clock.set(addHours(vancouverDayStart(addDaysToDay(EXPIRES.insurance, 1)), 23.5));
    await run();
    expect(await badge(vendor.id)).toBe(false);
    const expired = await eventsOf(owner.id, 'verification.expired');
    expect(expired).toHaveLength(1);
    expect(expired[0]!.refs).toMatchObject({ vendorId: vendor.id, item: 'insurance' });
    const item = await itemOf(vendor.id, 'insurance');
    expect(item.state).toBe('expired');

    clock.set(addHours(vancouverDayStart(addDaysToDay(EXPIRES.insurance, 5)), 1));
    await run();
    expect(await eventsOf(owner.id, 'verification.expired')).toHaveLength(1);

    // A renewed, verified insurance brings the badge back.
    await upload(`vendor-${vendor.id}`, 'insurance', demoPdf(['renewed']));
    expect((await verify(vendor.id, 'insurance', '2028-03-01')).status).toBe(200);
    expect(await badge(vendor.id)).toBe(true);
    clock.set('2026-12-01T17:00:00Z');
  });
});

describe('documents', () => {
  it('only the vendor and admins can open them; everyone else, and /api/files, gets 404', async () => {
    const { vendor, who } = await newVendor('approved');
    const bytes = demoPdf(['FOODSAFE Level 1 certificate']);
    await upload(who, 'foodsafe', bytes, 'foodsafe cert.pdf');
    const own = await get(`${BASE}/items/foodsafe/document`, who);
    expect(own.status).toBe(200);
    expect(new Uint8Array(await own.arrayBuffer())).toEqual(bytes);
    expect(own.headers.get('content-type')).toBe('application/pdf');
    expect(own.headers.get('content-disposition')).toBe('attachment; filename="foodsafe cert.pdf"');
    expect(own.headers.get('x-content-type-options')).toBe('nosniff');
    expect(own.headers.get('cache-control')).toBe('private, no-store');

    const adminPath = `${ADMIN}/vendors/${vendor.id}/items/foodsafe/document`;
    expect((await get(adminPath, 'admin')).status).toBe(200);
    for (const other of ['rival', 'customer', null]) {
      expect((await get(adminPath, other)).status).toBe(404);
      expect((await get(`${BASE}/items/foodsafe/document`, other)).status).toBe(404);
    }
    expect((await get(`${ADMIN}/vendors/${vendor.id}`, 'rival')).status).toBe(403);

    const [row] = await t.database.db
      .select()
      .from(vendorVerificationItems)
      .where(eq(vendorVerificationItems.vendorId, vendor.id));
    expect(row!.documentKey).toMatch(/\.pdf$/);
    for (const whoever of ['admin', who, 'customer', null])
      expect((await get(`/api/files/verification/${row!.documentKey}`, whoever)).status).toBe(404);
  });
});

describe('the demo seed', () => {
  it('gives the demo vendors verified checklists with real PDFs in private storage, and so the badge', async () => {
    const db = t.database.db;
    await seedAll({ db, store: t.services.storage, now: clock.now() });
    const ids = DEMO_VENDORS.map((v) => v.id);
    const rows = await db.select().from(vendors).where(inArray(vendors.id, ids));
    expect(rows.every((v) => v.verified)).toBe(true);
    const items = await db
      .select()
      .from(vendorVerificationItems)
      .where(inArray(vendorVerificationItems.vendorId, ids));
    // Each vendor's own checklist: the cake makers' four items, the event vendors' theirs.
    expect(items).toHaveLength(rows.reduce((n, v) => n + checklistKinds(v.categories).length, 0));
    const stored = await t.services.storage.get('verification', items[0]!.documentKey);
    expect(new TextDecoder().decode(stored!.body.slice(0, 5))).toBe('%PDF-');
    expect(new TextDecoder().decode(stored!.body)).toContain('%%EOF');
  });
});
