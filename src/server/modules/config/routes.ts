import { Hono } from 'hono';
import type { AppEnv } from '../../http/types.ts';

/** What the browser may know about this server's setup (never a secret). */
export const publicConfigRoutes = new Hono<AppEnv>().get('/', (c) => {
  const { mailer, config, designs } = c.var.services;
  c.header('Cache-Control', 'public, max-age=300');
  return c.json({
    mail: mailer.mode,
    /** Where Frosted is meant to be opened (sign-in from another address is refused). */
    publicUrl: config.publicUrl,
    /** SERVICE_FEE_RATE: the Terms and FAQ state the fee as configured. */
    serviceFeeRate: config.serviceFeeRate,
    google: config.google !== undefined,
    googleRedirectUri: `${config.publicUrl}/api/auth/callback/google`,
    designer: {
      provider: designs.provider.name,
      ready: designs.provider.notReady === null,
      message: designs.provider.notReady,
    },
  });
});
