import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations } from '../../src/server/db/schema/index.ts';
import { ERROR_CODES, type ErrorCode } from '../../src/shared/errors.ts';
import { createTestApp, testConfig, type TestApp } from '../support/app.ts';
import {
  createGeneratedDesign,
  createOrder,
  createUser,
  createVendor,
  signIn,
} from '../support/factories.ts';
import { badString, type JsonSchema, SchemaArbitraries } from '../support/schema-arbitraries.ts';

/**
 * Every operation of the API document, driven with generated requests (valid, invalid and hostile)
 * as a visitor, a customer, an approved vendor and an admin. No request may end in a 5xx.
 */

const ORIGIN = 'http://localhost:3000';
/** Requests in all, spread evenly over the operations (FUZZ_REQUESTS to run more or fewer). */
const TOTAL_REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 3200);
/** The run's seed, printed with the results: FUZZ_SEED repeats a run. */
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
/** Seeding creates hundreds of rows a run; its GET is driven, its POST is not. */
const SKIPPED = new Set(['POST /api/admin/seed']);
/** Deletes the demo rows (none of this test's own), so it goes last. */
const LAST = 'POST /api/admin/seed/clear';

/** Fields whose rules live in zod refinements the document cannot show; mostly valid values for them. */
const HINTS: Record<string, fc.Arbitrary<unknown>> = {
  email: fc
    .tuple(fc.stringMatching(/^[a-z0-9]{1,12}$/), fc.stringMatching(/^[a-z]{1,10}$/))
    .map(([user, domain]) => `${user}@${domain}.test`),
  website: fc.oneof(
    fc.constant(''),
    fc.domain().map((d) => `https://${d}`),
  ),
  instagram: fc.oneof(fc.constant(''), fc.stringMatching(/^@[a-z0-9._]{1,30}$/)),
  priceTier: fc.integer({ min: 1, max: 4 }),
  offersPickup: fc.constant(true),
  description: fc.string({ minLength: 1, maxLength: 200 }).filter((s) => s.trim() !== ''),
};

type ActorName = 'visitor' | 'customer' | 'vendor' | 'admin';
const ACTORS: ActorName[] = ['visitor', 'customer', 'vendor', 'admin'];

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: JsonSchema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: JsonSchema }> };
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

type Body =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'text'; text: string }
  | { kind: 'multipart-text'; text: string }
  | { kind: 'form'; fields: Record<string, string>; file: Uint8Array | null };

interface Input {
  actor: ActorName;
  ip: number;
  path: string;
  query: string;
  body: Body;
}

let t: TestApp;
let doc: Document;
const cookies: Partial<Record<ActorName, string>> = {};
let png: Uint8Array;
let arbitraries: SchemaArbitraries;

beforeAll(async () => {
  const defaults = testConfig();
  t = await createTestApp({
    authRateLimitMax: 100_000,
    // Each request comes from one of a few hundred addresses, so per-address limits rarely stop the
    // fuzzing early; the designer's allowance stays tiny so that it draws a handful of pictures at most.
    trustProxy: true,
    images: { ...defaults.images, dailyLimit: { user: 2, visitor: 0 } },
  });
  const db = t.database.db;
  const customer = await createUser(db);
  const vendorOwner = await createUser(db, { userType: 'vendor' });
  const admin = await createUser(db, { role: 'admin' });
  const vendor = await createVendor(db, { userId: vendorOwner.id });
  const other = await createVendor(db);
  const order = await createOrder(db, { customerId: customer.id, vendorId: vendor.id });
  const conversationId = crypto.randomUUID();
  await db.insert(conversations).values({ id: conversationId, customerId: customer.id, vendorId: vendor.id });
  const design = await createGeneratedDesign(db, t.services.storage, { userId: customer.id });
  const fileKey = `fuzz/${crypto.randomUUID()}.webp`;
  await t.services.storage.put('portfolio', fileKey, new Uint8Array([1, 2, 3]), 'image/webp');
  cookies.customer = await signIn(t.app, customer.email);
  cookies.vendor = await signIn(t.app, vendorOwner.email);
  cookies.admin = await signIn(t.app, admin.email);
  png = new Uint8Array(
    await sharp({ create: { width: 16, height: 12, channels: 3, background: '#f4a' } })
      .png()
      .toBuffer(),
  );

  doc = (await (await t.app.request('/api/openapi.json')).json()) as Document;
  const ids = [vendor.id, other.id, order.id, conversationId, design.generationId, design.image.id, fileKey];
  arbitraries = new SchemaArbitraries(doc.components?.schemas, [...ids, 'portfolio'], HINTS);
}, 120_000);
afterAll(() => t.close());

/** Path segments that must never reach a handler as anything but a 404 or 400. */
const hostileSegment = () =>
  fc.oneof(
    fc.constantFrom('%', '%E0%A4%A', '%zz', '%00', '%ED%A0%80', '%C0%AF', '%FF', '..', '%2e%2e', '%u0041'),
    fc.string({ minLength: 101, maxLength: 300 }).map(encodeURIComponent),
    fc
      .string({ unit: 'binary', maxLength: 20 })
      .map((s) => encodeURI(s.replace(/[\uD800-\uDFFF]/g, '')) + '%'),
  );

function pathArbitrary(path: string, params: Parameter[]): fc.Arbitrary<string> {
  const inPath = params.filter((p) => p.in === 'path');
  if (inPath.length === 0) return fc.constant(path);
  const segment = (p: Parameter) =>
    fc.oneof(
      { weight: 4, arbitrary: arbitraries.valid(p.schema, p.name).map((v) => encodeURIComponent(String(v))) },
      { weight: 1, arbitrary: hostileSegment() },
    );
  return fc
    .record(Object.fromEntries(inPath.map((p) => [p.name, segment(p)])))
    .map((values) => path.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? ''));
}

function queryArbitrary(params: Parameter[]): fc.Arbitrary<string> {
  const inQuery = params.filter((p) => p.in === 'query');
  if (inQuery.length === 0)
    return fc.oneof({ weight: 5, arbitrary: fc.constant('') }, { weight: 1, arbitrary: hostileQuery() });
  const value = (p: Parameter) =>
    fc.oneof(
      { weight: 4, arbitrary: arbitraries.valid(p.schema, p.name) },
      { weight: 1, arbitrary: arbitraries.invalid(p.schema, p.name) },
    );
  const valid = fc
    .record(Object.fromEntries(inQuery.map((p) => [p.name, value(p)])), {
      requiredKeys: inQuery.filter((p) => p.required).map((p) => p.name),
    })
    .map((values) => {
      const search = new URLSearchParams();
      for (const [key, v] of Object.entries(values)) {
        for (const item of Array.isArray(v) ? v : [v]) {
          // URLSearchParams cannot carry a lone surrogate (it becomes U+FFFD); the hostile query sends those raw.
          search.append(key, typeof item === 'string' ? item : (JSON.stringify(item) ?? ''));
        }
      }
      return search.toString();
    });
  return fc.oneof({ weight: 5, arbitrary: valid }, { weight: 1, arbitrary: hostileQuery(inQuery) });
}

/** Raw query strings: broken percent-encodings, encoded NUL and surrogates, repeated and unknown keys. */
const hostileQuery = (params: Parameter[] = []) =>
  fc
    .tuple(
      fc.constantFrom(...params.map((p) => p.name), 'q', 'limit', 'x'),
      fc.constantFrom(
        '%',
        '%E0%A4%A',
        '%zz',
        '%00',
        '%ED%A0%80',
        '%ED%B0%80',
        'a%00b',
        '',
        '[]',
        '%2525',
        '-1',
        '1e999',
      ),
      fc.boolean(),
    )
    .map(([key, value, twice]) => (twice ? `${key}=${value}&${key}=1` : `${key}=${value}`));

function bodyArbitrary(method: string, op: Operation): fc.Arbitrary<Body> {
  const content = op.requestBody?.content ?? {};
  const jsonSchema = content['application/json']?.schema;
  const formSchema = content['multipart/form-data']?.schema;
  const randomJson = fc.jsonValue({ maxDepth: 3 }).map((value): Body => ({ kind: 'json', value }));
  // A multipart type over a body that is not one (or a JSON route sent a form).
  const fakeForm = fc
    .oneof(fc.string(), fc.constant('--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc\r\n--x--'))
    .map((t): Body => ({ kind: 'multipart-text', text: t }));
  const text = fc
    .oneof(
      fc.string(),
      fc.constantFrom('{', '{"a":', '[1,', '\u0000', 'null', '   ', '{"a":"\\u0000"}', '{"a":"\\ud800"}'),
      // JSON has no depth limit: deep nesting within the size limit.
      fc.integer({ min: 1_000, max: 150_000 }).map((n) => '['.repeat(n) + ']'.repeat(n)),
      fc.integer({ min: 1_000, max: 50_000 }).map((n) => '{"a":'.repeat(n) + '"x"' + '}'.repeat(n)),
    )
    .map((t): Body => ({ kind: 'text', text: t }));
  if (jsonSchema) {
    const valid = arbitraries.valid(jsonSchema).map((value): Body => ({ kind: 'json', value }));
    const invalid = arbitraries.invalid(jsonSchema).map((value): Body => ({ kind: 'json', value }));
    return fc.oneof(
      { weight: 6, arbitrary: valid },
      { weight: 3, arbitrary: invalid },
      { weight: 1, arbitrary: fc.oneof(randomJson, text, fakeForm, fc.constant<Body>({ kind: 'none' })) },
    );
  }
  if (formSchema) {
    const { file: _file, ...fields } = formSchema.properties ?? {};
    const field = (name: string, schema: JsonSchema) =>
      fc.oneof(
        { weight: 4, arbitrary: arbitraries.valid(schema, name).map(String) },
        { weight: 1, arbitrary: fc.oneof(badString(), fc.string({ maxLength: 300 })) },
      );
    const form = fc
      .record(
        {
          fields: fc.record(Object.fromEntries(Object.entries(fields).map(([n, s]) => [n, field(n, s)])), {
            requiredKeys: [],
          }),
          file: fc.oneof(
            { weight: 3, arbitrary: fc.constant(png) },
            { weight: 1, arbitrary: fc.uint8Array({ maxLength: 256 }) },
            { weight: 1, arbitrary: fc.constant(null) },
          ),
        },
        { requiredKeys: ['fields', 'file'] },
      )
      .map(({ fields: f, file }): Body => ({ kind: 'form', fields: f as Record<string, string>, file }));
    return fc.oneof(
      { weight: 4, arbitrary: form },
      { weight: 1, arbitrary: fc.oneof(randomJson, text, fakeForm) },
    );
  }
  if (method === 'get') return fc.constant<Body>({ kind: 'none' });
  return fc.oneof(
    { weight: 5, arbitrary: fc.constant<Body>({ kind: 'none' }) },
    { weight: 1, arbitrary: fc.oneof(randomJson, text, fakeForm) },
  );
}

async function send(method: string, input: Input): Promise<{ status: number; body: string }> {
  const headers: Record<string, string> = {
    Origin: ORIGIN,
    'X-Forwarded-For': `10.${input.ip >> 8}.${input.ip & 255}.7`,
  };
  const cookie = cookies[input.actor];
  if (cookie) headers.Cookie = cookie;
  let body: BodyInit | undefined;
  if (input.body.kind === 'json' || input.body.kind === 'text') {
    headers['Content-Type'] = 'application/json';
    body = input.body.kind === 'json' ? (JSON.stringify(input.body.value) ?? 'null') : input.body.text;
  } else if (input.body.kind === 'multipart-text') {
    headers['Content-Type'] = 'multipart/form-data; boundary=x';
    body = input.body.text;
  } else if (input.body.kind === 'form') {
    const form = new FormData();
    for (const [name, value] of Object.entries(input.body.fields)) form.append(name, value);
    if (input.body.file)
      form.append('file', new Blob([input.body.file as Uint8Array<ArrayBuffer>]), 'cake.png');
    body = form;
  }
  const url = `${input.path}${input.query ? `?${input.query}` : ''}`;
  const res = await t.app.request(url, { method: method.toUpperCase(), headers, body });
  // An event stream runs until the generation ends: its status is all this test needs.
  if (res.headers.get('content-type')?.startsWith('text/event-stream')) {
    await res.body?.cancel();
    return { status: res.status, body: '' };
  }
  return { status: res.status, body: await res.text() };
}

/** A refusal is `{ error: { code, message } }` with a code that says what went wrong (never INTERNAL). */
function inErrorShape({ status, body }: { status: number; body: string }): boolean {
  if (status < 400 || status === 503) return true;
  try {
    const { error } = JSON.parse(body) as { error?: { code?: string; message?: unknown } };
    return (
      ERROR_CODES.includes(error?.code as ErrorCode) &&
      error?.code !== 'INTERNAL' &&
      typeof error?.message === 'string'
    );
  } catch {
    return false;
  }
}

describe('every operation of the API document, fuzzed', () => {
  it('never answers 5xx, and refuses in the error shape, whatever is asked and by whom', async () => {
    const operations = Object.entries(doc.paths)
      .flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ path, method, op })))
      .filter(({ path, method }) => !SKIPPED.has(`${method.toUpperCase()} ${path}`))
      .sort(
        (a, b) =>
          Number(`${a.method.toUpperCase()} ${a.path}` === LAST) -
          Number(`${b.method.toUpperCase()} ${b.path}` === LAST),
      );
    expect(operations.length).toBeGreaterThan(30);
    const numRuns = Math.ceil(TOTAL_REQUESTS / operations.length);

    const failures = new Map<string, { input: Input; status: number; body: string }>();
    const statuses = new Map<number, number>();
    let requests = 0;
    const started = performance.now();
    for (const { path, method, op } of operations) {
      const params = op.parameters ?? [];
      const input = fc.record<Input>({
        actor: fc.constantFrom(...ACTORS),
        ip: fc.integer({ min: 1, max: 400 }),
        path: pathArbitrary(path, params),
        query: queryArbitrary(params),
        body: bodyArbitrary(method, op),
      });
      await fc.assert(
        fc.asyncProperty(input, async (request) => {
          const res = await send(method, request);
          requests++;
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          const key = `${method.toUpperCase()} ${path} -> ${res.status} ${res.body.slice(0, 200)}`;
          if ((res.status >= 500 || !inErrorShape(res)) && !failures.has(key))
            failures.set(key, { input: request, ...res });
        }),
        { numRuns, seed: SEED },
      );
    }
    const seconds = Math.round((performance.now() - started) / 100) / 10;
    console.info(
      `fuzzed ${operations.length} operations with ${requests} requests in ${seconds} s (FUZZ_SEED=${SEED}); statuses`,
      Object.fromEntries([...statuses].sort(([a], [b]) => a - b)),
    );
    expect(requests).toBeGreaterThanOrEqual(Math.min(TOTAL_REQUESTS, 3000));
    const report = [...failures.values()].map(
      ({ input, status, body }) =>
        `${status} ${input.actor} ${input.path}?${input.query} ${JSON.stringify(input.body).slice(0, 200)} -> ${body.slice(0, 300)}`,
    );
    expect(report, `requests answered with a 5xx or a malformed refusal (FUZZ_SEED=${SEED})`).toEqual([]);
  }, 300_000);
});
