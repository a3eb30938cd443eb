import { Hono } from 'hono';
import { vendorProfileInputSchema } from '../../../shared/schemas/vendor-profile.ts';
import { bodyLimit } from 'hono/body-limit';
import { MESSAGES } from '../../../shared/errors.ts';
import { AppError } from '../../http/app-error.ts';
import { requireUserType } from '../../http/auth-guard.ts';
import { rateLimit } from '../../http/rate-limit.ts';
import { BUCKETS, MB } from '../storage/buckets.ts';
import type { AppEnv } from '../../http/types.ts';
import { validJson } from '../../http/validate.ts';
import { presentOwnVendorProfile } from './profile-presenter.ts';
import {
  getApprovedOwnVendor,
  getOwnVendor,
  replaceVendorImage,
  updateVendorProfile,
} from './profile-service.ts';

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
  })
  .put(
    '/image',
    rateLimit({ name: 'vendor-image', max: () => 20, windowSeconds: 600 }),
    bodyLimit({
      maxSize: BUCKETS.vendors.fileSizeLimit + MB,
      onError: () => {
        throw new AppError('FILE_TOO_LARGE', 413, MESSAGES.fileTooLarge(BUCKETS.vendors.fileSizeLimit / MB));
      },
    }),
    async (c) => {
      const actor = await requireUserType(c, 'vendor');
      const { db, storage } = c.var.services;
      const vendor = await getApprovedOwnVendor({ db, actor });
      const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
      const file = form.file;
      if (!(file instanceof File) || file.size === 0)
        throw AppError.validation({ file: 'Please choose an image to upload.' });
      const bytes = new Uint8Array(await file.arrayBuffer());
      const updated = await replaceVendorImage({ db, store: storage, vendor, bytes });
      return c.json({ profile: presentOwnVendorProfile(updated) });
    },
  );
