import { Hono } from 'hono';
import {
  featuredVendorsQuerySchema,
  vendorIdParamSchema,
  vendorListInput,
  vendorListQuerySchema,
} from '../../../shared/schemas/vendors.ts';
import type { AppEnv } from '../../http/types.ts';
import { parseOrThrow, validQuery } from '../../http/validate.ts';
import { presentVendorCard } from './presenter.ts';
import { getPublicVendorPage } from './public-page.ts';
import { listFeaturedVendors, listPublicVendors } from './service.ts';

export const vendorRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    // dietary and tier may repeat, so the query is read from the URL rather than c.req.query().
    const query = parseOrThrow(vendorListQuerySchema, vendorListInput(new URL(c.req.url).searchParams));
    const page = await listPublicVendors({ db: c.var.services.db, query });
    return c.json({
      vendors: page.items.map((i) => presentVendorCard(i.vendor, i.portfolio)),
      total: page.total,
      nextCursor: page.nextCursor,
    });
  })
  .get('/featured', async (c) => {
    const { limit } = validQuery(c, featuredVendorsQuerySchema);
    const items = await listFeaturedVendors({ db: c.var.services.db, limit });
    c.header('Cache-Control', 'public, max-age=60');
    return c.json({ vendors: items.map((i) => presentVendorCard(i.vendor, i.portfolio)) });
  })
  .get('/:id', async (c) => {
    const { id } = parseOrThrow(vendorIdParamSchema, c.req.param());
    return c.json(await getPublicVendorPage({ db: c.var.services.db, vendorId: id }));
  });
