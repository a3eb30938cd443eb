import { createRoute } from '@hono/zod-openapi';
import { vendorApplicationSubmittedSchema, vendorSignUpSchema } from '../../../shared/schemas/auth.ts';
import { errors, json, jsonBody, openApiRoutes } from '../../http/openapi.ts';
import { rateLimit } from '../../http/rate-limit.ts';
import { applyAsVendor } from './application-service.ts';

const apply = createRoute({
  method: 'post',
  path: '/',
  tags: ['vendors'],
  summary: 'Apply as a vendor: creates the account and a pending application',
  // Limited like the other sign-up endpoints.
  middleware: [
    rateLimit({
      name: 'vendor-application',
      windowSeconds: 60,
      max: (c) => c.var.services.config.authRateLimitMax,
    }),
  ] as const,
  request: { body: jsonBody(vendorSignUpSchema) },
  responses: {
    202: json(vendorApplicationSubmittedSchema, 'Submitted; a confirmation e-mail follows'),
    ...errors(400, 403, 413, 415, 429, 503),
  },
});

/** Vendor sign-up. */
export const vendorApplicationRoutes = openApiRoutes().openapi(apply, async (c) => {
  const input = c.req.valid('json');
  const { db, auth } = c.var.services;
  await applyAsVendor({ db, auth, input });
  // The same answer whether or not the e-mail already had an account.
  return c.json({ status: 'submitted' as const }, 202);
});
