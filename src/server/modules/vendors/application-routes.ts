import { vendorApplicationSubmittedSchema, vendorSignUpSchema } from '../../../shared/schemas/auth.ts';
import { json, jsonBody, openApiRoutes, routesOf } from '../../http/openapi.ts';
import { rateLimit } from '../../http/rate-limit.ts';
import { applyAsVendor } from './application-service.ts';

const apply = routesOf({ tags: ['vendors'] }).post('/', {
  summary: 'Apply as a vendor: creates the account and a pending application',
  // Limited like the other sign-up endpoints.
  use: [
    rateLimit({
      name: 'vendor-application',
      windowSeconds: 60,
      max: (c) => c.var.services.config.authRateLimitMax,
    }),
  ],
  body: jsonBody(vendorSignUpSchema),
  accepted: json(vendorApplicationSubmittedSchema, 'Submitted; a confirmation e-mail follows'),
  errors: [400, 403, 413, 415, 429, 503],
});

/** Vendor sign-up. */
export const vendorApplicationRoutes = openApiRoutes().openapi(apply, async (c) => {
  const input = c.req.valid('json');
  const { db, auth } = c.var.services;
  await applyAsVendor({ db, auth, input });
  // The same answer whether or not the e-mail already had an account.
  return c.json({ status: 'submitted' as const }, 202);
});
