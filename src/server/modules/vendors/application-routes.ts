import { Hono } from 'hono';
import { vendorSignUpSchema } from '../../../shared/schemas/auth.ts';
import { rateLimit } from '../../http/rate-limit.ts';
import type { AppEnv } from '../../http/types.ts';
import { validJson } from '../../http/validate.ts';
import { applyAsVendor } from './application-service.ts';

/** Vendor sign-up: limited like the other sign-up endpoints. */
export const vendorApplicationRoutes = new Hono<AppEnv>().post(
  '/',
  rateLimit({
    name: 'vendor-application',
    windowSeconds: 60,
    max: (c) => c.var.services.config.authRateLimitMax,
  }),
  async (c) => {
    const input = await validJson(c, vendorSignUpSchema);
    const { db, auth } = c.var.services;
    await applyAsVendor({ db, auth, input });
    // The same answer whether or not the e-mail already had an account.
    return c.json({ status: 'submitted' }, 202);
  },
);
