import { publicVendorPageSchema } from '../../../shared/schemas/vendor-profile.ts';
import {
  featuredVendorsQuerySchema,
  featuredVendorsSchema,
  vendorIdParamSchema,
  vendorListQuerySchema,
  vendorListSchema,
} from '../../../shared/schemas/vendors.ts';
import { json, openApiRoutes, routesOf } from '../../http/openapi.ts';
import { presentVendorCard } from './presenter.ts';
import { getPublicVendorPage } from './public-page.ts';
import { listFeaturedVendors, listPublicVendors } from './service.ts';

const route = routesOf({ tags: ['vendors'] });

const list = route.get('/', {
  summary: 'Browse approved vendors: search, filters, sort, a page at a time',
  query: vendorListQuerySchema,
  ok: json(vendorListSchema, 'A page of vendor cards'),
  errors: [400, 503],
});

const featured = route.get('/featured', {
  summary: 'The featured vendors of the home page',
  query: featuredVendorsQuerySchema,
  ok: json(featuredVendorsSchema, 'Vendor cards'),
  errors: [400, 503],
});

const vendorPage = route.get('/{id}', {
  summary: "An approved vendor's public page: profile, portfolio and service",
  params: vendorIdParamSchema,
  ok: json(publicVendorPageSchema, 'The vendor page'),
  errors: [400, 404, 503],
});

export const vendorRoutes = openApiRoutes()
  .openapi(list, async (c) => {
    // Validated by the route's schema (validationHook); a repeated dietary or tier arrives as a list.
    const query = c.req.valid('query');
    const { db, clock } = c.get('services');
    const page = await listPublicVendors({ db, query, now: clock.now() });
    return c.json(
      {
        vendors: page.items.map((i) => presentVendorCard(i.vendor, i.portfolio)),
        total: page.total,
        nextCursor: page.nextCursor,
      },
      200,
    );
  })
  .openapi(featured, async (c) => {
    const { limit } = c.req.valid('query');
    const items = await listFeaturedVendors({ db: c.var.services.db, limit });
    c.header('Cache-Control', 'public, max-age=60');
    return c.json({ vendors: items.map((i) => presentVendorCard(i.vendor, i.portfolio)) }, 200);
  })
  .openapi(vendorPage, async (c) => {
    const { id } = c.req.valid('param');
    return c.json(
      await getPublicVendorPage({ db: c.var.services.db, vendorId: id, now: c.var.services.clock.now() }),
      200,
    );
  });
