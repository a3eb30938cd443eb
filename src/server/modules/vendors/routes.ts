import { Hono } from 'hono';
import {
  featuredVendorsQuerySchema,
  vendorIdParamSchema,
  vendorListQuerySchema,
} from '../../../shared/schemas/vendors.ts';
import type { AppEnv } from '../../http/types.ts';
import { parseOrThrow, validQuery } from '../../http/validate.ts';
import { presentVendorCard, presentVendorProfile } from './presenter.ts';
import { getPublicVendor, listFeaturedVendors, listPublicVendors } from './service.ts';

export const vendorRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    const { limit, offset } = validQuery(c, vendorListQuerySchema);
    const { rows, total } = await listPublicVendors({ db: c.var.services.db, limit, offset });
    return c.json({ vendors: rows.map(presentVendorCard), total });
  })
  .get('/featured', async (c) => {
    const { limit } = validQuery(c, featuredVendorsQuerySchema);
    const rows = await listFeaturedVendors({ db: c.var.services.db, limit });
    c.header('Cache-Control', 'public, max-age=60');
    return c.json({ vendors: rows.map(presentVendorCard) });
  })
  .get('/:id', async (c) => {
    const { id } = parseOrThrow(vendorIdParamSchema, c.req.param());
    const row = await getPublicVendor({ db: c.var.services.db, vendorId: id });
    return c.json({ vendor: presentVendorProfile(row) });
  });
