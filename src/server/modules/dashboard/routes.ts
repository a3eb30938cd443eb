import { createRoute } from '@hono/zod-openapi';
import { customerDashboardSchema, vendorDashboardSchema } from '../../../shared/schemas/dashboard.ts';
import { signedIn, vendorsOnly } from '../../http/auth-guard.ts';
import { errors, json, openApiRoutes } from '../../http/openapi.ts';
import { presentCustomerDashboard, presentVendorDashboard } from './presenter.ts';
import { getCustomerDashboard, getVendorDashboard } from './service.ts';

const tags = ['dashboard'];

const customer = createRoute({
  method: 'get',
  path: '/customer',
  tags,
  summary: "The signed-in user's customer dashboard",
  middleware: [signedIn] as const,
  responses: {
    200: json(customerDashboardSchema, 'Stats, favorites, orders and designs'),
    ...errors(400, 401, 503),
  },
});

const vendor = createRoute({
  method: 'get',
  path: '/vendor',
  tags,
  summary: "The signed-in vendor's dashboard",
  middleware: [vendorsOnly] as const,
  responses: {
    200: json(
      vendorDashboardSchema,
      'The business, its numbers, recent orders, open quote requests and today’s orders',
    ),
    ...errors(400, 401, 403, 404, 503),
  },
});

/** The signed-in user's own dashboards: the actor comes from the session, never from the request. */
export const dashboardRoutes = openApiRoutes()
  .openapi(customer, async (c) => {
    const { actor } = c.var;
    return c.json(
      presentCustomerDashboard(await getCustomerDashboard({ db: c.var.services.db, actor })),
      200,
    );
  })
  .openapi(vendor, async (c) => {
    const { actor } = c.var;
    const { db, clock } = c.var.services;
    // "Today" and the analytics months go by the services' clock, which tests set.
    return c.json(presentVendorDashboard(await getVendorDashboard({ db, actor, now: clock.now() })), 200);
  });
