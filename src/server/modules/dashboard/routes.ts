import {
  customerDashboardSchema,
  vendorDashboardSchema,
  vendorOrderPageSchema,
  vendorOrdersQuerySchema,
} from '../../../shared/schemas/dashboard.ts';
import { signedIn, vendorsOnly } from '../../http/auth-guard.ts';
import { json, openApiRoutes, routesOf } from '../../http/openapi.ts';
import { presentCustomerDashboard, presentVendorDashboard } from './presenter.ts';
import { getCustomerDashboard, getVendorDashboard } from './service.ts';
import { listVendorOrders, presentVendorOrderPage } from './vendor-orders.ts';

const route = routesOf({ tags: ['dashboard'], use: vendorsOnly });

const customer = route.get('/customer', {
  summary: "The signed-in user's customer dashboard",
  use: signedIn,
  ok: json(customerDashboardSchema, 'Stats, favorites, orders and designs'),
  errors: [400, 401, 503],
});

const vendor = route.get('/vendor', {
  summary: "The signed-in vendor's dashboard",
  ok: json(
    vendorDashboardSchema,
    'The business, its numbers, recent orders, open quote requests and today’s orders',
  ),
  errors: [400, 401, 403, 404, 503],
});

const vendorOrders = route.get('/vendor/orders', {
  summary: "The signed-in vendor's orders, a page at a time: active (soonest due first) or past",
  query: vendorOrdersQuerySchema,
  ok: json(vendorOrderPageSchema, 'A page of orders, with the cursor of the next'),
  errors: [400, 401, 403, 404, 503],
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
