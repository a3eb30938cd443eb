import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { AppEnv } from './types.ts';

/**
 * Strict defaults: no inline or outside scripts, no framing, no outside fonts.
 * Styles allow 'unsafe-inline' because Radix and sonner set element styles at run time.
 */
const headers = (stripe: boolean) =>
  secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...(stripe ? STRIPE.script : [])],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'", ...(stripe ? STRIPE.connect : [])],
      ...(stripe && { frameSrc: STRIPE.frame }),
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    xFrameOptions: 'DENY',
    xContentTypeOptions: 'nosniff',
    referrerPolicy: 'strict-origin-when-cross-origin',
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: 'same-origin',
    strictTransportSecurity: 'max-age=31536000; includeSubDomains',
  });

/**
 * What Stripe.js and its Payment Element need (Stripe's security guide): its script, its API, and
 * its frames (the card fields, 3-D Secure). The web app is one page, so a checkout reached by
 * navigating inside it runs under the policy of the first page loaded: every page allows them.
 */
const STRIPE = {
  script: ['https://js.stripe.com'],
  connect: ['https://api.stripe.com'],
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
};

/** The strict policy; with PAYMENTS_PROVIDER=stripe, Stripe.js's origins are added, and only then. */
export const securityHeaders = (): MiddlewareHandler<AppEnv> => {
  const strict = headers(false);
  const withStripe = headers(true);
  // c.get, not c.var: every request passes here, and each read of c.var copies all the variables.
  return (c, next) =>
    (c.get('services').config.payments.provider === 'stripe' ? withStripe : strict)(c, next);
};
