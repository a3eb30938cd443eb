import { bodyLimit } from 'hono/body-limit';
import { MESSAGES } from '../../../shared/errors.ts';
import {
  ownVendorProfileResponseSchema,
  vendorProfileInputSchema,
} from '../../../shared/schemas/vendor-profile.ts';
import { AppError } from '../../errors.ts';
import { vendorsOnly } from '../../http/auth-guard.ts';
import { json, jsonBody, multipartBody, openApiRoutes, readUpload, routesOf } from '../../http/openapi.ts';
import { rateLimit } from '../../http/rate-limit.ts';
import { ownVendor } from '../auth/index.ts';
import { BUCKETS, MB } from '../storage/index.ts';
import { presentOwnVendorProfile } from './profile-presenter.ts';
import { getApprovedOwnVendor, replaceVendorImage, updateVendorProfile } from './profile-service.ts';

const route = routesOf({ tags: ['vendor profile'], use: vendorsOnly });

const read = route.get('/', {
  summary: "The signed-in vendor's own profile, private fields included",
  ok: json(ownVendorProfileResponseSchema, 'The profile'),
  errors: [400, 401, 403, 404, 503],
});

const update = route.put('/', {
  summary: 'Edit the profile (approved vendors)',
  body: jsonBody(vendorProfileInputSchema),
  ok: json(ownVendorProfileResponseSchema, 'The saved profile'),
  errors: [400, 401, 403, 404, 413, 415, 503],
});

const image = route.put('/image', {
  summary: 'Replace the profile image (approved vendors)',
  use: [
    rateLimit({ name: 'vendor-image', max: () => 20, windowSeconds: 600 }),
    bodyLimit({
      maxSize: BUCKETS.vendors.fileSizeLimit + MB,
      onError: () => {
        throw new AppError('FILE_TOO_LARGE', 413, MESSAGES.fileTooLarge(BUCKETS.vendors.fileSizeLimit / MB));
      },
    }),
    vendorsOnly,
  ],
  body: multipartBody(),
  ok: json(ownVendorProfileResponseSchema, 'The profile with its new image'),
  errors: [400, 401, 403, 404, 413, 415, 429, 503],
});

/** The signed-in vendor's own profile (Edit Profile). */
export const vendorProfileRoutes = openApiRoutes()
  .openapi(read, async (c) => {
    const vendor = await ownVendor({ db: c.var.services.db, actor: c.var.actor });
    return c.json({ profile: presentOwnVendorProfile(vendor) }, 200);
  })
  .openapi(update, async (c) => {
    const input = c.req.valid('json');
    const { db, clock } = c.var.services;
    const vendor = await updateVendorProfile({ db, actor: c.var.actor, input, now: clock.now() });
    return c.json({ profile: presentOwnVendorProfile(vendor) }, 200);
  })
  .openapi(image, async (c) => {
    const { db, storage } = c.var.services;
    const vendor = await getApprovedOwnVendor({ db, actor: c.var.actor });
    const { file } = await readUpload(c, 'Please choose an image to upload.');
    const bytes = new Uint8Array(await file.arrayBuffer());
    const updated = await replaceVendorImage({ db, store: storage, vendor, bytes });
    return c.json({ profile: presentOwnVendorProfile(updated) }, 200);
  });
