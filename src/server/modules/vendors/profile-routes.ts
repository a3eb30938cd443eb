import { Hono } from 'hono';
import { vendorProfileInputSchema } from '../../../shared/schemas/vendor-profile.ts';
import { requireUserType } from '../../http/auth-guard.ts';
import type { AppEnv } from '../../http/types.ts';
import { validJson } from '../../http/validate.ts';
import { presentOwnVendorProfile } from './profile-presenter.ts';
import { getOwnVendor, updateVendorProfile } from './profile-service.ts';

/** The signed-in vendor's own profile (Edit Profile). */
export const vendorProfileRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    const actor = await requireUserType(c, 'vendor');
    return c.json({ profile: presentOwnVendorProfile(await getOwnVendor({ db: c.var.services.db, actor })) });
  })
  .put('/', async (c) => {
    const actor = await requireUserType(c, 'vendor');
    const input = await validJson(c, vendorProfileInputSchema);
    const vendor = await updateVendorProfile({ db: c.var.services.db, actor, input });
    return c.json({ profile: presentOwnVendorProfile(vendor) });
  });
