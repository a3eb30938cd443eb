import { rateLimit } from '../../http/rate-limit.ts';

/** The payments routes' rate limits, each shared by the routes that count against it. */

// Card attempts are limited per user, as a processor would (card testing).
export const cardLimit = rateLimit({
  name: 'card-attempts',
  max: () => 20,
  windowSeconds: 3600,
  per: 'user',
});
export const payoutLimit = rateLimit({ name: 'payouts', max: () => 10, windowSeconds: 3600 });
// Each onboarding request may create a Stripe account link.
export const onboardingLimit = rateLimit({ name: 'stripe-onboarding', max: () => 20, windowSeconds: 3600 });
