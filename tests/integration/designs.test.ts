import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { designImages } from '../../src/server/db/schema/index.ts';
import { IMAGE_MESSAGES } from '../../src/server/modules/designs/providers/openai.ts';
import { MESSAGES } from '../../src/shared/errors.ts';
import {
  DESIGN_REQUIRED_MESSAGE,
  REFINE_DESCRIPTION_MESSAGE,
  type DesignGeneration,
} from '../../src/shared/schemas/designs.ts';
import { createTestApp, type TestApp, testConfig } from '../support/app.ts';
import { createGeneratedDesign, createUser, createVendor, signIn } from '../support/factories.ts';
import { startFakeOpenAI } from '../support/fake-openai.ts';

const FORM = {
  occasion: 'Birthday',
  flavor: 'Chocolate',
  size: '8 inch (8-10)',
  description: 'Chocolate drip with gold stars',
  colors: 'Navy, gold',
  dietary: ['nut-free'],
};

interface StreamEvent {
  event: string;
  data: unknown;
}

/** Reads a whole server-sent event stream (it ends after `done` or `failed`). */
async function readEvents(res: Response): Promise<StreamEvent[]> {
  const text = await res.text();
  return text
    .split('\n\n')
    .filter((block) => block.trim())
    .map((block) => {
      const lines = block.split('\n');
      const event =
        lines
          .find((l) => l.startsWith('event:'))
          ?.slice(6)
          .trim() ?? 'message';
      const data = lines
        .filter((l) => l.startsWith('data:'))
        .map((l) => l.slice(5).trim())
        .join('\n');
      return { event, data: JSON.parse(data) as unknown };
    });
}

const json = (body: unknown, cookie?: string) => ({
  method: 'POST',
  headers: {
    'Content-Type': 'application/json',
    Origin: 'http://localhost:3000',
    ...(cookie && { Cookie: cookie }),
  },
  body: JSON.stringify(body),
});

async function generate(t: TestApp, body: unknown, cookie?: string) {
  const res = await t.app.request('/api/designs/generations', json(body, cookie));
  return { res, body: (await res.json()) as DesignGeneration & { error: { code: string; message: string } } };
}

async function follow(t: TestApp, id: string, cookie?: string) {
  const res = await t.app.request(`/api/designs/generations/${id}/events`, {
    headers: cookie ? { Cookie: cookie } : {},
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const events = await readEvents(res);
  const progress = events
    .filter((e) => e.event === 'progress')
    .map((e) => (e.data as { progress: number }).progress);
  const last = events.at(-1)!;
  return { events, progress, last: last as { event: string; data: DesignGeneration } };
}

describe('the designer with the procedural renderer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      authRateLimitMax: 1000,
      images: { ...testConfig().images, dailyLimit: { user: 100, visitor: 100 } },
    });
  });
  afterAll(() => t.close());

  it('streams exactly 15, 35, 60, 95, 100 for one design and stores a PNG of the spec size', async () => {
    const { res, body } = await generate(t, { ...FORM, occasion: 'Wedding', variations: 1 });
    expect(res.status).toBe(202);
    expect(body.status).toBe('running');
    const { progress, last, events } = await follow(t, body.id);
    expect(progress).toEqual([15, 35, 60, 95, 100]);
    expect(
      events.filter((e) => e.event === 'progress').map((e) => (e.data as { stage: string }).stage),
    ).toEqual([
      'Reading your cake details...',
      'Sketching your design...',
      'Piping the decorations...',
      'Plating your design...',
      'Your design is ready!',
    ]);
    expect(last.event).toBe('done');
    expect(last.data.images).toHaveLength(1);
    const [image] = last.data.images;
    expect(image).toMatchObject({
      width: 1024,
      height: 1792,
      size: '1024x1792',
      provider: 'procedural',
      costCents: 0,
    });
    expect(image!.prompt).toMatch(/realistic, bakeable cake/);
    expect(image!.prompt).toMatch(/concept photo of a custom cake, for a professional baker/);
    const file = await t.app.request(image!.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    const bytes = new Uint8Array(await file.arrayBuffer());
    expect([...bytes.slice(1, 4)].map((b) => String.fromCharCode(b)).join('')).toBe('PNG');
  });

  it('streams exactly 10, 25, 45, 90, 100 for three variations in three different presets', async () => {
    const { body } = await generate(t, { ...FORM, variations: 3 });
    const { progress, last } = await follow(t, body.id);
    expect(progress).toEqual([10, 25, 45, 90, 100]);
    expect(last.event).toBe('done');
    const styles = last.data.images.map((i) => i.style);
    expect(new Set(styles).size).toBe(3);
    expect(new Set(last.data.images.map((i) => i.url)).size).toBe(3);
    // The polling fallback reads the same result.
    const polled = (await (
      await t.app.request(`/api/designs/generations/${body.id}`)
    ).json()) as DesignGeneration;
    expect(polled).toMatchObject({ status: 'succeeded', progress: 100, stage: 'Your designs are ready!' });
    expect(polled.images.map((i) => i.id)).toEqual(last.data.images.map((i) => i.id));
  });

  it('draws a Custom Size as its description says: tiered in portrait, a sheet cake in landscape', async () => {
    const tiered = await generate(t, {
      ...FORM,
      size: 'Custom Size',
      description: 'Three tiers of roses',
      variations: 1,
    });
    const sheet = await generate(t, {
      ...FORM,
      size: 'Custom Size',
      description: 'A sheet cake for 40',
      variations: 1,
    });
    const [a, b] = await Promise.all([follow(t, tiered.body.id), follow(t, sheet.body.id)]);
    expect(a.last.data.images[0]).toMatchObject({ width: 1024, height: 1792 });
    expect(a.last.data.images[0]!.prompt).toMatch(/a 3-tier round cake/);
    expect(a.last.data.form.size).toBe('Custom Size');
    expect(b.last.data.images[0]).toMatchObject({ width: 1792, height: 1024 });
  });

  it('keeps the style asked for when one design is redone (Refine)', async () => {
    const { body } = await generate(t, {
      ...FORM,
      description: 'Add a gold crown',
      variations: 1,
      style: 'luxe',
    });
    const { last } = await follow(t, body.id);
    expect(last.data.images[0]!.style).toBe('luxe');
    expect(last.data.form.description).toBe('Add a gold crown');
  });

  it('refuses a Refine without a description at the field, before it spends an image', async () => {
    const before = (await (await t.app.request('/api/designs/quota')).json()) as { used: number };
    const { res, body } = await generate(t, { ...FORM, description: '   ', variations: 1, style: 'luxe' });
    expect(res.status).toBe(400);
    expect((body.error as { fields?: Record<string, string> }).fields).toEqual({
      description: REFINE_DESCRIPTION_MESSAGE,
    });
    const after = (await (await t.app.request('/api/designs/quota')).json()) as { used: number };
    expect(after.used).toBe(before.used);
  });

  it("answers the spec's message when occasion, flavor or size is missing, naming each field", async () => {
    const { res, body } = await generate(t, { description: 'keep me', variations: 3 });
    expect(res.status).toBe(400);
    expect(body.error.message).toBe(DESIGN_REQUIRED_MESSAGE);
    const fields = (body.error as { fields?: Record<string, string> }).fields;
    expect(Object.keys(fields ?? {}).sort()).toEqual(['flavor', 'occasion', 'size']);
    const bad = await generate(t, { ...FORM, size: '100 inch', variations: 2 });
    expect(bad.res.status).toBe(400);
    expect(Object.keys((bad.body.error as { fields?: object }).fields ?? {}).sort()).toEqual([
      'size',
      'variations',
    ]);
  });

  it('attaches an approved vendor (Request a Quote) and ignores an unknown one', async () => {
    const vendor = await createVendor(t.database.db, { businessName: 'Quote Me Bakery' });
    const withVendor = await generate(t, { ...FORM, variations: 1, vendorId: vendor.id });
    expect(withVendor.body.vendor).toEqual({ id: vendor.id, businessName: 'Quote Me Bakery' });
    const unknown = await generate(t, { ...FORM, variations: 1, vendorId: 'no-such-vendor' });
    expect(unknown.res.status).toBe(202);
    expect(unknown.body.vendor).toBeNull();
    await t.services.designs.drain();
  });

  it("keeps a signed-in user's generation to that user, and saves a visitor's design after sign-in", async () => {
    const db = t.database.db;
    const owner = await createUser(db);
    const other = await createUser(db);
    const ownerCookie = await signIn(t.app, owner.email);
    const otherCookie = await signIn(t.app, other.email);

    const mine = await generate(t, { ...FORM, variations: 1 }, ownerCookie);
    await t.services.designs.drain();
    expect(
      (await t.app.request(`/api/designs/generations/${mine.body.id}`, { headers: { Cookie: otherCookie } }))
        .status,
    ).toBe(404);
    const done = (await (
      await t.app.request(`/api/designs/generations/${mine.body.id}`, { headers: { Cookie: ownerCookie } })
    ).json()) as DesignGeneration;
    const imageId = done.images[0]!.id;
    expect((await t.app.request('/api/designs', json({ imageId }, otherCookie))).status).toBe(404);
    expect((await t.app.request('/api/designs', json({ imageId }))).status).toBe(401);

    // A visitor designs, then signs in and saves: the design lands in My Designs.
    const visitor = await generate(t, { ...FORM, occasion: 'Graduation', variations: 3 });
    const { last } = await follow(t, visitor.body.id);
    const chosen = last.data.images[1]!;
    const saved = await t.app.request('/api/designs', json({ imageId: chosen.id }, otherCookie));
    expect(saved.status).toBe(201);
    const savedBody = (await saved.json()) as { id: string; shareId: string; created: boolean };
    expect(savedBody).toMatchObject({ shareId: chosen.id, created: true });
    const again = await t.app.request('/api/designs', json({ imageId: chosen.id }, otherCookie));
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ id: savedBody.id, created: false });

    const dashboard = (await (
      await t.app.request('/api/me/dashboard/customer', { headers: { Cookie: otherCookie } })
    ).json()) as {
      stats: { designsCreated: number };
      designs: { id: string; shareId: string; imageUrl: string; occasion: string }[];
    };
    expect(dashboard.stats.designsCreated).toBe(1);
    expect(dashboard.designs).toEqual([
      expect.objectContaining({
        id: savedBody.id,
        shareId: chosen.id,
        imageUrl: chosen.url,
        occasion: 'Graduation',
      }),
    ]);
  });

  it('shows a shared design publicly by its link', async () => {
    const { image } = await createGeneratedDesign(t.database.db, t.services.storage, { style: 'rustic' });
    const res = await t.app.request(`/api/designs/${image.id}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      id: image.id,
      occasion: 'Birthday',
      flavor: 'Lemon',
      dietary: ['Nut-free'],
      style: 'rustic',
      styleLabel: 'Rustic & Natural',
      aiGenerated: true,
    });
    expect((await t.app.request('/api/designs/no-such-design')).status).toBe(404);
  });

  it('exposes whether the designer can run, without any secret', async () => {
    const config = (await (await t.app.request('/api/config')).json()) as { designer: unknown };
    expect(config.designer).toEqual({ provider: 'procedural', ready: true, message: null });
  });
});

describe('daily allowance', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      authRateLimitMax: 1000,
      images: { ...testConfig().images, dailyLimit: { user: 4, visitor: 3 } },
    });
  });
  afterAll(() => t.close());

  it('refuses the request past the limit with the quota message, per visitor address and per user', async () => {
    const first = await generate(t, { ...FORM, variations: 3 });
    expect(first.res.status).toBe(202);
    await t.services.designs.drain();
    const over = await generate(t, { ...FORM, variations: 1 });
    expect(over.res.status).toBe(429);
    expect(over.body.error).toMatchObject({
      code: 'QUOTA_EXCEEDED',
      message: MESSAGES.designQuotaUsedUp(3, false),
    });
    const quota = await (await t.app.request('/api/designs/quota')).json();
    expect(quota).toEqual({ limit: 3, used: 3, remaining: 0, signedIn: false });

    // A signed-in user has their own, larger allowance.
    const user = await createUser(t.database.db);
    const cookie = await signIn(t.app, user.email);
    expect((await generate(t, { ...FORM, variations: 3 }, cookie)).res.status).toBe(202);
    const tooMany = await generate(t, { ...FORM, variations: 3 }, cookie);
    expect(tooMany.res.status).toBe(429);
    expect(tooMany.body.error.message).toBe(MESSAGES.designQuotaTooFew(1));
    expect((await generate(t, { ...FORM, variations: 1 }, cookie)).res.status).toBe(202);
    await t.services.designs.drain();
  });
});

describe('the designer with an OpenAI-compatible API', () => {
  let fake: Awaited<ReturnType<typeof startFakeOpenAI>>;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeOpenAI();
    const base = testConfig().images;
    t = await createTestApp({
      authRateLimitMax: 1000,
      images: {
        ...base,
        provider: 'openai',
        openai: { ...base.openai, apiKey: 'sk-test-designer-key', baseUrl: fake.baseUrl, timeoutMs: 5000 },
        dailyLimit: { user: 30, visitor: 6 },
      },
    });
  });
  afterEach(() => fake.reset());
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('drops a failing variation and still ends with the other two, giving its slot back', async () => {
    fake.answerWith((_body, index) =>
      index === 1
        ? { kind: 'error', status: 500, error: { message: 'Upstream exploded', type: 'server_error' } }
        : { kind: 'b64' },
    );
    const { body } = await generate(t, { ...FORM, variations: 3 });
    const { progress, last } = await follow(t, body.id);
    expect(progress).toEqual([10, 25, 45, 90, 100]);
    expect(last.event).toBe('done');
    expect(last.data.images).toHaveLength(2);
    expect(
      last.data.images.every(
        (i) => i.provider === 'openai' && i.model === 'gpt-image-2' && i.costCents === 4,
      ),
    ).toBe(true);
    const rows = await t.database.db
      .select()
      .from(designImages)
      .where(eq(designImages.generationId, body.id));
    expect(rows.map((r) => r.status).sort()).toEqual(['failed', 'succeeded', 'succeeded']);
    expect(rows.find((r) => r.status === 'failed')).toMatchObject({
      errorKind: 'provider',
      errorMessage: 'gpt-image-2 API error: Upstream exploded',
      costCents: 0,
    });
    const quota = await (await t.app.request('/api/designs/quota')).json();
    expect(quota).toMatchObject({ used: 2, remaining: 4 });
  });

  it("fails with the provider's message when every image is refused, and uses no slot", async () => {
    const before = (await (await t.app.request('/api/designs/quota')).json()) as { used: number };
    fake.answerWith({
      kind: 'error',
      status: 400,
      error: {
        message: 'Your request was rejected by our safety system.',
        type: 'invalid_request_error',
        code: 'content_policy_violation',
      },
    });
    const { body } = await generate(t, { ...FORM, variations: 3 });
    const { progress, last } = await follow(t, body.id);
    expect(progress).toEqual([10, 25]);
    expect(last.event).toBe('failed');
    expect(last.data.error).toEqual({ code: 'GENERATION_FAILED', message: IMAGE_MESSAGES.contentPolicy });
    expect(last.data.images).toEqual([]);
    const after = (await (await t.app.request('/api/designs/quota')).json()) as { used: number };
    expect(after.used).toBe(before.used);
  });

  it("gives the spec's generic message when the variations fail in different ways", async () => {
    fake.answerWith((_body, index) =>
      index === 0
        ? {
            kind: 'error',
            status: 429,
            error: { message: 'Slow down', type: 'rate_limit' },
            headers: { 'retry-after': '7' },
          }
        : { kind: 'error', status: 500, error: { message: 'Boom', type: 'server_error' } },
    );
    const { body } = await generate(t, { ...FORM, variations: 3 });
    const { last } = await follow(t, body.id);
    expect(last.data.error?.message).toBe('Failed to generate designs. Please try again.');
  });

  it('shows one failed design with its own message (a rate limit names the wait)', async () => {
    fake.answerWith({
      kind: 'error',
      status: 429,
      error: { message: 'Slow down', type: 'rate_limit' },
      headers: { 'retry-after': '7' },
    });
    const { body } = await generate(t, { ...FORM, variations: 1 });
    const { progress, last } = await follow(t, body.id);
    expect(progress).toEqual([15, 35]);
    expect(last.data.error?.message).toBe(IMAGE_MESSAGES.rateLimited(7));
  });

  it('blocks generating when no key is configured, with the missing-key message', async () => {
    const base = t.services.config.images;
    const keyless = await createTestApp({
      images: { ...base, openai: { ...base.openai, apiKey: undefined } },
    });
    try {
      const { res, body } = await generate(keyless, { ...FORM, variations: 3 });
      expect(res.status).toBe(503);
      expect(body.error).toMatchObject({ code: 'NOT_CONFIGURED', message: IMAGE_MESSAGES.missingKey });
      const config = (await (await keyless.app.request('/api/config')).json()) as { designer: unknown };
      expect(config.designer).toEqual({
        provider: 'openai',
        ready: false,
        message: IMAGE_MESSAGES.missingKey,
      });
      expect(JSON.stringify(config)).not.toContain('sk-');
      expect(await (await keyless.app.request('/api/designs/quota')).json()).toMatchObject({ used: 0 });
    } finally {
      await keyless.close();
    }
  });
});

describe('the shared design page', () => {
  it('carries Open Graph tags with the absolute image URL, and 404 for an unknown design', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'frosted-dist-'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><meta\n  name="description"\n  content="Generic" />\n<title>Frosted</title></head><body><div id="root"></div></body></html>',
    );
    const t = await createTestApp({ webDist: dist, publicUrl: 'https://frosted.example' });
    try {
      const { image } = await createGeneratedDesign(t.database.db, t.services.storage);
      const res = await t.app.request(`/designs/${image.id}`);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain('<title>Birthday Cake design | Frosted</title>');
      expect(html).toContain('<meta property="og:title" content="Birthday Cake design | Frosted" />');
      expect(html).toContain(
        `<meta property="og:image" content="https://frosted.example/api/files/designs/${image.imageKey}" />`,
      );
      expect(html).toContain(
        `<meta property="og:url" content="https://frosted.example/designs/${image.id}" />`,
      );
      expect(html).toMatch(
        /<meta name="description" content="Lemon flavour, 8 inch \(8-10\)\. Elegant &#38; Classic style\./,
      );
      expect(html).not.toContain('content="Generic"');
      expect(html).toContain('<div id="root"></div>');
      const missing = await t.app.request('/designs/not-a-design');
      expect(missing.status).toBe(404);
      expect(await missing.text()).not.toContain('og:title');
    } finally {
      await t.close();
    }
  });
});
