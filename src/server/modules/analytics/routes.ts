import { vendorAnalyticsQuerySchema, vendorAnalyticsSchema } from '../../../shared/schemas/analytics.ts';
import { vendorsOnly } from '../../http/auth-guard.ts';
import { json, openApiRoutes, routesOf } from '../../http/openapi.ts';
import { presentVendorAnalytics } from './presenter.ts';
import { getVendorAnalytics } from './service.ts';

const analytics = routesOf({ tags: ['dashboard'], use: vendorsOnly }).get('/', {
  summary:
    "The signed-in vendor's analytics over a range of Vancouver days (default: the last 12 months to today)",
  query: vendorAnalyticsQuerySchema,
  ok: json(vendorAnalyticsSchema, 'Quotes, orders, revenue, capacity and ratings in the range'),
  errors: [400, 401, 403, 404, 503],
});

/** The signed-in vendor's analytics (/api/me/vendor-analytics): their own business only. */
export const vendorAnalyticsRoutes = openApiRoutes().openapi(analytics, async (c) => {
  const { db, clock } = c.var.services;
  const query = c.req.valid('query');
  // "Today" (the default range's end) goes by the services' clock, which tests set.
  const result = await getVendorAnalytics({ db, actor: c.var.actor, query, now: clock.now() });
  return c.json(presentVendorAnalytics(result), 200);
});
