import { createRoute } from '@hono/zod-openapi';
import {
  customerDashboardSchema,
  vendorDashboardSchema,
  vendorOrderPageSchema,
  vendorOrdersQuerySchema,
} from '../../../shared/schemas/dashboard.ts';
import { signedIn, vendorsOnly } from '../../http/auth-guard.ts';
import { errors, json, openApiRoutes } from '../../http/openapi.ts';
import { presentCustomerDashboard, presentVendorDashboard } from './presenter.ts';
import { getCustomerDashboard, getVendorDashboard } from './service.ts';
import { listVendorOrders, presentVendorOrderPage } from './vendor-orders.ts';

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

const vendorOrders = createRoute({
  method: 'get',
  path: '/vendor/orders',
  tags,
  summary: "The signed-in vendor's orders, a page at a time: active (soonest due first) or past",
  middleware: [vendorsOnly] as const,
  request: { query: vendorOrdersQuerySchema },
  responses: {
    200: json(vendorOrderPageSchema, 'A page of orders, with the cursor of the next'),
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
  })
  .openapi(vendorOrders, async (c) => {
    const query = c.req.valid('query');
    const page = await listVendorOrders({ db: c.var.services.db, actor: c.var.actor, query });
    return c.json(presentVendorOrderPage(page), 200);
  });
