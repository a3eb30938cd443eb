import { z } from '@hono/zod-openapi';
import {
  adminTaxInformationSchema,
  generateReportSchema,
  ownSellerReportsSchema,
  reportYearParamSchema,
  sellerReportListSchema,
  sellerReportSchema,
  sellerReportSummarySchema,
  taxInformationSchema,
  taxInformationViewSchema,
} from '../../../shared/schemas/seller-report.ts';
import { adminOnly, vendorsOnly } from '../../http/auth-guard.ts';
import { idParams, json, jsonBody, openApiRoutes, routesOf } from '../../http/openapi.ts';
import { rateLimit } from '../../http/rate-limit.ts';
import { sellerReportCsv } from './csv.ts';
import { requestSellerReport } from './generate.ts';
import {
  listSellerReports,
  ownSellerReportRow,
  ownSellerReports,
  sellerReportRowsOf,
  sellerReportView,
} from './reports.ts';
import { adminTaxInformation, getOwnTaxInformation, saveTaxInformation } from './tax-information.ts';

const csv = { description: 'CSV', content: { 'text/csv': { schema: z.string() } } };
const csvFile = (name: string) => ({
  'Content-Type': 'text/csv; charset=utf-8',
  'Content-Disposition': `attachment; filename="${name}"`,
  // Tax numbers: never kept by a shared cache or the browser's.
  'Cache-Control': 'no-store',
});

const own = routesOf({ tags: ['vendor profile'], use: vendorsOnly });

const taxInfo = own.get('/tax-information', {
  summary: 'Your tax information for the yearly seller report (identifiers masked but for the last 3)',
  ok: json(taxInformationViewSchema, 'Your tax information, or null before you add it'),
  errors: [401, 403, 404, 503],
});

const saveTaxInfo = own.put('/tax-information', {
  summary: 'Add or replace your tax information (needed before your first payout)',
  use: [rateLimit({ name: 'tax-information', max: () => 20, windowSeconds: 600 }), vendorsOnly],
  body: jsonBody(taxInformationSchema),
  ok: json(taxInformationViewSchema, 'Saved, identifiers masked'),
  errors: [400, 401, 403, 404, 413, 415, 429, 503],
});

const ownReports = own.get('/seller-reports', {
  summary: 'Your seller reports: one per year Frosted reported your sales to the CRA',
  ok: json(ownSellerReportsSchema, 'Your reports, newest first'),
  errors: [401, 403, 404, 503],
});

const ownReportCsv = own.get('/seller-reports/{year}/csv', {
  summary: 'Your copy of a year’s seller report, as CSV',
  params: reportYearParamSchema,
  ok: csv,
  errors: [400, 401, 403, 404, 503],
});

/** The signed-in vendor's tax information and reports (/api/me). */
export const ownTaxRoutes = openApiRoutes()
  .openapi(taxInfo, async (c) => {
    const { db, config } = c.var.services;
    return c.json(
      await getOwnTaxInformation({ db, keys: config.sellerReport.keys, actor: c.var.actor }),
      200,
    );
  })
  .openapi(saveTaxInfo, async (c) => {
    const { db, config, clock } = c.var.services;
    const view = await saveTaxInformation({
      db,
      keys: config.sellerReport.keys,
      actor: c.var.actor,
      input: c.req.valid('json'),
      now: clock.now(),
    });
    c.var.log.info({ actor: c.var.actor.id }, 'tax information saved');
    return c.json(view, 200);
  })
  .openapi(ownReports, async (c) =>
    c.json(await ownSellerReports({ db: c.var.services.db, actor: c.var.actor }), 200),
  )
  .openapi(ownReportCsv, async (c) => {
    const { db, config } = c.var.services;
    const { year } = c.req.valid('param');
    const seller = await ownSellerReportRow({ db, keys: config.sellerReport.keys, actor: c.var.actor, year });
    return c.body(
      sellerReportCsv(year, [seller], { masked: true }),
      200,
      csvFile(`frosted-seller-report-${year}.csv`),
    );
  });

const admin = routesOf({ tags: ['admin'], use: adminOnly });

const list = admin.get('/', {
  summary: 'The yearly seller reports (Part XX), newest year first',
  ok: json(sellerReportListSchema, 'The reports'),
  errors: [401, 403, 503],
});

const generate = admin.post('/', {
  summary: 'Generate (or generate again) a calendar year’s seller report: a job replaces the year’s report',
  body: jsonBody(generateReportSchema),
  accepted: json(sellerReportSummarySchema, 'Queued'),
  errors: [400, 401, 403, 413, 415, 503],
});

const view = admin.get('/{year}', {
  summary: 'A year’s reported sellers with their figures per quarter (identifiers masked)',
  params: reportYearParamSchema,
  ok: json(sellerReportSchema, 'The report'),
  errors: [400, 401, 403, 404, 503],
});

const download = admin.get('/{year}/csv', {
  summary: 'A year’s seller report as CSV, identifiers in full, for filing',
  params: reportYearParamSchema,
  ok: csv,
  errors: [400, 401, 403, 404, 503],
});

const vendorTaxInfo = admin.get('/vendors/{vendorId}/tax-information', {
  summary: 'A vendor’s tax information, unmasked',
  params: idParams('vendorId'),
  ok: json(adminTaxInformationSchema, 'The vendor’s tax information, or null'),
  errors: [400, 401, 403, 404, 503],
});

/** Admins generate and read the yearly seller reports (/api/admin/seller-reports). */
export const sellerReportAdminRoutes = openApiRoutes()
  .openapi(list, async (c) => c.json({ reports: await listSellerReports(c.var.services.db) }, 200))
  .openapi(generate, async (c) => {
    const { db, clock } = c.var.services;
    const { year } = c.req.valid('json');
    await requestSellerReport({ db, actor: c.var.actor, year, now: clock.now() });
    const summary = (await listSellerReports(db)).find((r) => r.year === year)!;
    return c.json(summary, 202);
  })
  .openapi(view, async (c) => {
    const { db, config } = c.var.services;
    return c.json(await sellerReportView(db, config.sellerReport.keys, c.req.valid('param').year), 200);
  })
  .openapi(download, async (c) => {
    const { db, config } = c.var.services;
    const { year } = c.req.valid('param');
    const { rows } = await sellerReportRowsOf(db, config.sellerReport.keys, year);
    c.var.log.info({ actor: c.var.actor.id, year }, 'seller report downloaded');
    return c.body(sellerReportCsv(year, rows), 200, csvFile(`frosted-seller-report-${year}.csv`));
  })
  .openapi(vendorTaxInfo, async (c) => {
    const { db, config } = c.var.services;
    const { vendorId } = c.req.valid('param');
    c.var.log.info({ actor: c.var.actor.id, vendorId }, 'tax information read by an admin');
    return c.json(await adminTaxInformation({ db, keys: config.sellerReport.keys, vendorId }), 200);
  });
