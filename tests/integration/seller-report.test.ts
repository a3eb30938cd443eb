import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client.ts';
import { emailOutbox } from '../../src/server/db/schema/index.ts';
import { runDueJobs } from '../../src/server/modules/jobs/index.ts';
import type { SellerReport, TaxInformationView } from '../../src/shared/schemas/seller-report.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { manualClock } from '../support/clock.ts';
import { createOrder, createUser, createVendor, signIn } from '../support/factories.ts';
import { removeTaxInformation } from '../support/tax-information.ts';

/**
 * The yearly seller report (issue 26, decision 030), for 2025, from money the tests post at chosen
 * instants. Every expected figure is computed here from the orders made, never by the report's code:
 * consideration is what the buyers' money paid for the seller's part (amount less refund), the fee 8%
 * of it and the GST 5% of the fee, each in the Vancouver quarter the order was settled.
 */

const clock = manualClock('2026-11-28T18:00:00Z');
const ORIGIN = 'http://localhost:3000';
const YEAR = 2025;
const FEE = 0.08;
const GST = 0.05;
let t: TestApp;
const cookie: Record<string, string> = {};

/** A settled order as the test knows it: what the buyer paid, what came back, when it was settled. */
interface Sale {
  amount: number;
  refund?: number;
  kind?: 'release' | 'cancellation' | 'claim_resolution';
  settledAt: string;
}

const feeOf = (gross: number) => Math.round(gross * FEE);
const gstOf = (fee: number) => Math.round(fee * GST);

/** Posts an order's payment and settlement at `settledAt`, with its GST line, as the ledger would. */
async function sell(vendorId: string, customerId: string, sale: Sale) {
  const db = t.database.db;
  const refund = sale.refund ?? 0;
  const gross = sale.amount - refund;
  const fee = feeOf(gross);
  const gst = gstOf(fee);
  const order = await createOrder(db, { customerId, vendorId, amount: sale.amount });
  const at = new Date(sale.settledAt);
  const held = `order_held:${order.id}`;
  await db.execute(sql`INSERT INTO ledger_accounts (id, kind, order_id, vendor_id) VALUES
      ('processor_cash', 'processor_cash', NULL, NULL), ('platform_revenue', 'platform_revenue', NULL, NULL),
      ('refunds_payable', 'refunds_payable', NULL, NULL), ('gst_payable', 'gst_payable', NULL, NULL),
      (${held}, 'order_held', ${order.id}, NULL), (${`vendor_payable:${vendorId}`}, 'vendor_payable', NULL, ${vendorId})
      ON CONFLICT DO NOTHING`);
  const post = async (kind: string, lines: [string, number][]) => {
    await db.transaction(async (tx) => {
      const id = crypto.randomUUID();
      await tx.execute(sql`INSERT INTO ledger_transactions (id, kind, idempotency_key, order_id, vendor_id, created_at)
          VALUES (${id}, ${kind}, ${`${kind}:${order.id}`}, ${order.id}, ${vendorId}, ${at.toISOString()}::timestamptz)`);
      for (const [account, amount] of lines.filter(([, a]) => a !== 0))
        await tx.execute(sql`INSERT INTO ledger_entries (id, transaction_id, account_id, amount, created_at)
            VALUES (${crypto.randomUUID()}, ${id}, ${account}, ${amount}, ${at.toISOString()}::timestamptz)`);
    });
  };
  await post('payment', [
    ['processor_cash', sale.amount],
    [held, -sale.amount],
  ]);
  await post(sale.kind ?? 'release', [
    [held, sale.amount],
    ['refunds_payable', -refund],
    [`vendor_payable:${vendorId}`, -(gross - fee - gst)],
    ['platform_revenue', -fee],
    ['gst_payable', -gst],
  ]);
  return order;
}

/** What the report must say for these sales: per quarter (0-3) of 2025 in Vancouver, given by the test. */
function expected(sales: (Sale & { quarter: number })[]) {
  const quarters = [0, 1, 2, 3].map(() => ({
    considerationCents: 0,
    feesCents: 0,
    taxesCents: 0,
    activities: 0,
  }));
  for (const s of sales) {
    if (s.quarter < 0) continue;
    const gross = s.amount - (s.refund ?? 0);
    const q = quarters[s.quarter]!;
    q.considerationCents += gross;
    q.feesCents += feeOf(gross);
    q.taxesCents += gstOf(feeOf(gross));
    if (gross > 0) q.activities += 1;
  }
  return quarters;
}

const call = (who: string | null, method: string, path: string, body?: unknown) =>
  t.app.request(path, {
    method,
    headers: {
      ...(who ? { Cookie: cookie[who]! } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      Origin: ORIGIN,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

const runJobs = () =>
  runDueJobs({ db: t.database.db, now: clock.now(), handlers: t.services.jobHandlers, log: t.services.log });

// A valid SIN (Luhn) that no factory uses, so finding it anywhere is finding this seller's.
const SIN = '130 692 544';
const SIN_DIGITS = '130692544';
const BIRTH = '1975-03-09';
const taxForm = {
  sellerType: 'individual',
  legalName: 'Maple Lee',
  addressLine1: '1200 Granville St',
  city: 'Vancouver',
  region: 'BC',
  postalCode: 'v6z 1m6',
  country: 'CA',
  tin: SIN,
  tinCountry: 'CA',
  tinRegion: 'BC',
  dateOfBirth: BIRTH,
};

const sellers: Record<string, { id: string; sales: (Sale & { quarter: number })[] }> = {};

beforeAll(async () => {
  t = await createTestApp({ authRateLimitMax: 1000 }, { clock });
  const db = t.database.db;
  const customer = await createUser(db);
  const admin = await createUser(db, { role: 'admin' });
  cookie.admin = await signIn(t.app, admin.email);
  cookie.customer = await signIn(t.app, customer.email);
  const seller = async (key: string, fields: Parameters<typeof createVendor>[1] = {}) => {
    const owner = await createUser(db, { userType: 'vendor' });
    const vendor = await createVendor(db, { userId: owner.id, businessName: `Seller ${key}`, ...fields });
    cookie[key] = await signIn(t.app, owner.email);
    sellers[key] = { id: vendor.id, sales: [] };
    return vendor;
  };
  // Maple: above the limit by money; its tax information comes through the form (below).
  await seller('maple');
  await removeTaxInformation(db, sellers.maple!.id);
  sellers.maple!.sales = [
    // 23:30 on Dec 31, 2024 in Vancouver: last year's.
    { amount: 40_000, settledAt: '2025-01-01T07:30:00Z', quarter: -1 },
    // 00:30 on Jan 1, 2025 in Vancouver: the first quarter.
    { amount: 200_000, settledAt: '2025-01-01T08:30:00Z', quarter: 0 },
    { amount: 150_000, settledAt: '2025-05-15T20:00:00Z', quarter: 1 },
    // A cancellation whose vendor part is half: only that half is consideration.
    { amount: 50_000, refund: 25_000, kind: 'cancellation', settledAt: '2025-08-02T17:00:00Z', quarter: 2 },
    // 23:00 on Dec 31, 2025 in Vancouver: still 2025's fourth quarter (UTC says 2026).
    { amount: 12_345, settledAt: '2026-01-01T07:00:00Z', quarter: 3 },
    // A claim resolved with a partial refund.
    {
      amount: 30_000,
      refund: 10_000,
      kind: 'claim_resolution',
      settledAt: '2025-11-20T19:00:00Z',
      quarter: 3,
    },
  ];
  // Birch: goods only, 2 sales and $1,000: an excluded seller.
  await seller('birch');
  sellers.birch!.sales = [
    { amount: 60_000, settledAt: '2025-03-01T20:00:00Z', quarter: 0 },
    { amount: 40_000, settledAt: '2025-06-01T20:00:00Z', quarter: 1 },
  ];
  // Lens: a photographer (a personal service): reported however little, and without tax information.
  await seller('lens', {
    category: 'photography',
    categories: ['photography'],
    specialty: 'photography',
    specialties: [],
  });
  await removeTaxInformation(db, sellers.lens!.id);
  sellers.lens!.sales = [{ amount: 50_000, settledAt: '2025-09-10T20:00:00Z', quarter: 2 }];
  // Crumb: goods, 30 small sales ($300 in all): reported because of the number of sales.
  await seller('crumb');
  sellers.crumb!.sales = Array.from({ length: 30 }, (_, i) => ({
    amount: 1_000,
    settledAt: `2025-10-${String(1 + (i % 28)).padStart(2, '0')}T20:00:00Z`,
    quarter: 3,
  }));
  // A customer, and a vendor with nothing sold, for the checks of who sees what.
  await seller('idle');
  for (const { id, sales } of Object.values(sellers))
    for (const sale of sales) await sell(id, customer.id, sale);
});
afterAll(() => t.close());

describe('tax information', () => {
  it('is checked at each field, the input kept: a SIN failing its check, an age under 18, a missing registration', async () => {
    const bad = await call('maple', 'PUT', '/api/me/vendor-profile/tax-information', {
      ...taxForm,
      tin: '130 692 545',
      dateOfBirth: '2015-01-01',
    });
    expect(bad.status).toBe(400);
    const { error } = (await bad.json()) as { error: { fields: Record<string, string> } };
    expect(error.fields.tin).toMatch(/not a valid Social Insurance Number/);
    expect(error.fields.dateOfBirth).toMatch(/18 or older/);
    const entity = await call('maple', 'PUT', '/api/me/vendor-profile/tax-information', {
      ...taxForm,
      sellerType: 'entity',
      tin: '12345678',
    });
    const fields = ((await entity.json()) as { error: { fields: Record<string, string> } }).error.fields;
    expect(fields.tin).toMatch(/9 digits/);
    expect(fields.businessRegistrationNumber).toMatch(/registration number/);
  });

  it('holds the payout until it is given, saying what to add and where', async () => {
    const refused = await call('maple', 'POST', '/api/me/payouts');
    expect(refused.status).toBe(409);
    const { error } = (await refused.json()) as { error: { message: string } };
    expect(error.message).toMatch(/Add your tax information before your first payout/);
    expect(error.message).toMatch(/Vendor Dashboard under Tax information/);

    const saved = await call('maple', 'PUT', '/api/me/vendor-profile/tax-information', taxForm);
    expect(saved.status).toBe(200);
    const view = (await saved.json()) as TaxInformationView;
    expect(view.complete).toBe(true);
    expect(view.information).toMatchObject({
      legalName: 'Maple Lee',
      postalCode: 'V6Z 1M6',
      tinMasked: '••••••544',
    });
    expect(JSON.stringify(view)).not.toContain(SIN_DIGITS);
    expect(JSON.stringify(view)).not.toContain(BIRTH);

    const paid = await call('maple', 'POST', '/api/me/payouts');
    expect(paid.status).toBe(201);
  });

  it('is sealed in the database: a raw read shows no identifier in any column', async () => {
    const rows = await queryRows<Record<string, unknown>>(
      t.database.db,
      sql`SELECT * FROM seller_tax_profiles WHERE vendor_id = ${sellers.maple!.id}`,
    );
    expect(rows).toHaveLength(1);
    const raw = JSON.stringify(rows[0]);
    for (const secret of [SIN_DIGITS, '130 692 544', BIRTH])
      expect(raw.includes(secret), `${secret} in ${raw}`).toBe(false);
    expect(String(rows[0]!.tin_sealed)).toMatch(/^v1\.dev-insecure\./);
    expect(rows[0]!.key_id).toBe('dev-insecure');
  });

  it('is the vendor’s own and admins’: masked for the vendor, whole for an admin, 404/403/401 for anyone else', async () => {
    const own = (await (
      await call('maple', 'GET', '/api/me/vendor-profile/tax-information')
    ).json()) as TaxInformationView;
    expect(own.information?.tinMasked).toBe('••••••544');
    // Another vendor reads only their own (none here), never Maple's.
    const other = (await (
      await call('idle', 'GET', '/api/me/vendor-profile/tax-information')
    ).json()) as TaxInformationView;
    expect(JSON.stringify(other)).not.toContain('Maple Lee');
    expect((await call('customer', 'GET', '/api/me/vendor-profile/tax-information')).status).toBe(403);
    expect((await call(null, 'GET', '/api/me/vendor-profile/tax-information')).status).toBe(401);

    const adminPath = `/api/admin/seller-reports/vendors/${sellers.maple!.id}/tax-information`;
    const whole = await call('admin', 'GET', adminPath);
    expect(whole.status).toBe(200);
    expect(await whole.json()).toMatchObject({
      information: { tin: SIN_DIGITS, dateOfBirth: BIRTH, legalName: 'Maple Lee' },
    });
    expect((await call('idle', 'GET', adminPath)).status).toBe(403);
    expect((await call('customer', 'GET', adminPath)).status).toBe(403);
    expect((await call(null, 'GET', adminPath)).status).toBe(401);
    expect(
      (await call('admin', 'GET', '/api/admin/seller-reports/vendors/no-such-vendor/tax-information')).status,
    ).toBe(404);

    // No other answer carries them: the public page, the dashboard, the profile, the payouts.
    for (const [who, path] of [
      [null, `/api/vendors/${sellers.maple!.id}`],
      ['maple', '/api/me/dashboard'],
      ['maple', '/api/me/vendor-profile'],
      ['maple', '/api/me/payouts'],
      ['admin', '/api/admin/vendor-applications'],
    ] as const) {
      const text = await (await call(who, 'GET', path)).text();
      expect(text.includes(SIN_DIGITS) || text.includes(BIRTH), path).toBe(false);
    }
  });
});

describe('the report for a year', () => {
  let report: SellerReport;

  it('is generated by a job an admin starts, with sellers above the limits and without those under them', async () => {
    const started = await call('admin', 'POST', '/api/admin/seller-reports', { year: YEAR });
    expect(started.status).toBe(202);
    expect(await started.json()).toMatchObject({ year: YEAR, status: 'queued' });
    expect((await call('admin', 'POST', '/api/admin/seller-reports', { year: 2099 })).status).toBe(400);
    await runJobs();
    const res = await call('admin', 'GET', `/api/admin/seller-reports/${YEAR}`);
    expect(res.status).toBe(200);
    report = (await res.json()) as SellerReport;
    expect(report.report).toMatchObject({
      status: 'ready',
      reportedCount: 3,
      excludedCount: 1,
      missingTaxInformationCount: 1,
    });
    expect(report.rows.map((r) => r.vendorId).sort()).toEqual(
      [sellers.maple!.id, sellers.lens!.id, sellers.crumb!.id].sort(),
    );
  });

  it('has, per quarter, the consideration before fees, the fees and tax withheld and the number of sales', () => {
    for (const key of ['maple', 'lens', 'crumb']) {
      const row = report.rows.find((r) => r.vendorId === sellers[key]!.id)!;
      const quarters = expected(sellers[key]!.sales);
      expect(row.quarters, key).toEqual(quarters);
      expect(row.totals.considerationCents).toBe(quarters.reduce((s, q) => s + q.considerationCents, 0));
    }
    const maple = report.rows.find((r) => r.vendorId === sellers.maple!.id)!;
    // By hand: Q1 200,000; Q2 150,000; Q3 25,000 (the cancellation's kept half); Q4 12,345 + 20,000.
    expect(maple.quarters.map((q) => q.considerationCents)).toEqual([200_000, 150_000, 25_000, 32_345]);
    expect(maple.quarters.map((q) => q.activities)).toEqual([1, 1, 1, 2]);
    expect(maple).toMatchObject({ legalName: 'Maple Lee', tinMasked: '••••••544', sellerType: 'individual' });
    const lens = report.rows.find((r) => r.vendorId === sellers.lens!.id)!;
    expect(lens).toMatchObject({ legalName: null, tinMasked: null });
  });

  it('downloads as CSV with the identifiers in full for the admin, and as a masked own copy for the seller', async () => {
    const res = await call('admin', 'GET', `/api/admin/seller-reports/${YEAR}/csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/csv/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const [header, ...lines] = (await res.text()).trim().split('\r\n');
    const columns = header!.split(',');
    const mapleLine = lines.find((l) => l.includes(sellers.maple!.id))!.split(',');
    const col = (name: string) => mapleLine[columns.indexOf(name)];
    expect(col('tin')).toBe(SIN_DIGITS);
    expect(col('date_of_birth')).toBe(BIRTH);
    expect(col('q1_consideration_cad')).toBe('2000.00');
    expect(col('q3_fees_cad')).toBe((feeOf(25_000) / 100).toFixed(2));
    expect(col('q4_taxes_cad')).toBe(((gstOf(feeOf(12_345)) + gstOf(feeOf(20_000))) / 100).toFixed(2));
    expect(col('total_sales')).toBe('5');
    expect(lines.find((l) => l.includes(sellers.lens!.id))!.endsWith(',yes')).toBe(true);

    expect((await call('maple', 'GET', `/api/admin/seller-reports/${YEAR}/csv`)).status).toBe(403);
    const mine = await call('maple', 'GET', `/api/me/vendor-profile/seller-reports/${YEAR}/csv`);
    expect(mine.status).toBe(200);
    const text = await mine.text();
    expect(text).toContain('••••••544');
    expect(text).not.toContain(SIN_DIGITS);
    expect(text).not.toContain(sellers.crumb!.id);
    // An excluded seller has no copy; a year not reported is 404 too.
    expect((await call('birch', 'GET', `/api/me/vendor-profile/seller-reports/${YEAR}/csv`)).status).toBe(
      404,
    );
    expect((await call('maple', 'GET', '/api/me/vendor-profile/seller-reports/2024/csv')).status).toBe(404);
    const list = (await (await call('maple', 'GET', '/api/me/vendor-profile/seller-reports')).json()) as {
      reports: { year: number }[];
    };
    expect(list.reports.map((r) => r.year)).toEqual([YEAR]);
  });

  it('e-mails each reported seller once, however often it is generated again; a re-run replaces the rows', async () => {
    const mails = async () =>
      (await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'seller-report'))).map(
        (m) => m.userId,
      );
    expect(await mails()).toHaveLength(3);
    // Birch sells 30 more times in December: generated again, it is reported and told; nobody else twice.
    const customer = await createUser(t.database.db);
    for (let i = 0; i < 30; i++)
      await sell(sellers.birch!.id, customer.id, { amount: 500, settledAt: '2025-12-10T20:00:00Z' });
    expect((await call('admin', 'POST', '/api/admin/seller-reports', { year: YEAR })).status).toBe(202);
    await runJobs();
    const again = (await (
      await call('admin', 'GET', `/api/admin/seller-reports/${YEAR}`)
    ).json()) as SellerReport;
    expect(again.report).toMatchObject({ reportedCount: 4, excludedCount: 0 });
    const birch = again.rows.find((r) => r.vendorId === sellers.birch!.id)!;
    expect(birch.totals).toMatchObject({ considerationCents: 100_000 + 30 * 500, activities: 32 });
    const sent = await mails();
    expect(sent).toHaveLength(4);
    expect(new Set(sent).size).toBe(4);
    const [mail] = await t.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, 'seller-report'))
      .limit(1);
    expect(mail!.subject).toBe(`Your ${YEAR} seller report from Frosted`);
    expect(mail!.text).not.toContain(SIN_DIGITS);
  });
});
