import { OpenAPIHono } from '@hono/zod-openapi';
import { requestId } from 'hono/request-id';
import { apiDocsRoutes, apiDocument } from './http/api-docs.ts';
import { withClientIp } from './http/client-ip.ts';
import { compression } from './http/compression.ts';
import { apiNotFound, handleError } from './http/errors.ts';
import { apiRequestGuards, pathGuard } from './http/request-guards.ts';
import { securityHeaders } from './http/security-headers.ts';
import { spaRoutes } from './http/spa.ts';
import { claimAdminRoutes, reconciliationRoutes } from './modules/payments/index.ts';
import { paymentRoutes } from './modules/payments/index.ts';
import { payoutRoutes } from './modules/payments/index.ts';
import { invoiceRoutes, receiptRoutes } from './modules/payments/index.ts';
import { sandboxPaymentRoutes } from './modules/payments/index.ts';
import { stripeWebhookRoutes } from './modules/payments/index.ts';
import { disputeAdminRoutes, disputeOrderRoutes } from './modules/payments/index.ts';
import type { AppEnv } from './http/types.ts';
import { applicationRoutes } from './modules/admin/index.ts';
import { jobRoutes, mailboxRoutes } from './modules/admin/index.ts';
import { seedRoutes } from './modules/admin/index.ts';
import { publicConfigRoutes } from './modules/config/index.ts';
import { dashboardRoutes } from './modules/dashboard/index.ts';
import { designPageHead } from './modules/designs/index.ts';
import { designRoutes } from './modules/designs/index.ts';
import { favoriteRoutes } from './modules/favorites/index.ts';
import { privacyRoutes } from './modules/privacy/index.ts';
import { healthRoutes } from './modules/health/index.ts';
import { messageRoutes } from './modules/messages/index.ts';
import { emailRoutes } from './modules/mail/index.ts';
import { notificationRoutes } from './modules/notifications/index.ts';
import { orderScheduleRoutes, planRoutes } from './modules/plans/index.ts';
import { quoteRequestRoutes, quoteRoutes } from './modules/quotes/index.ts';
import { orderRoutes } from './modules/tracking/index.ts';
import { reviewRoutes } from './modules/reviews/index.ts';
import { storageRoutes } from './modules/storage/index.ts';
import { mayReadConversationImages } from './modules/messages/index.ts';
import { mayReadOrderFiles } from './modules/orders/index.ts';
import { supportRoutes } from './modules/support/index.ts';
import { categoryPageHead, packageRoutes, vendorApplicationRoutes } from './modules/vendors/index.ts';
import { portfolioRoutes } from './modules/vendors/index.ts';
import { vendorProfileRoutes } from './modules/vendors/index.ts';
import { vendorRoutes } from './modules/vendors/index.ts';
import { vendorAnalyticsRoutes } from './modules/analytics/index.ts';
import { vendorAvailabilityRoutes, vendorCalendarRoutes } from './modules/calendar/index.ts';
import { proofRoutes } from './modules/proofs/index.ts';
import { adminVerificationRoutes, vendorVerificationRoutes } from './modules/verification/index.ts';
import { ownTaxRoutes, sellerReportAdminRoutes } from './modules/reporting/index.ts';
import type { Services } from './services.ts';

/** Builds the whole HTTP app. Tests call this and use app.request(); main.ts gives it a port. */
export function createApp(services: Services) {
  // Route modules declare their routes with schemas; mounting them here gathers the API document.
  const app = new OpenAPIHono<AppEnv>();

  app.use('*', compression());
  app.use('*', requestId({ headerName: 'X-Request-Id' }));
  app.use('*', async (c, next) => {
    c.set('services', services);
    // c.get, not c.var: each read of c.var copies every variable into a new object.
    const log = services.log.child({ requestId: c.get('requestId') });
    c.set('log', log);
    const started = performance.now();
    await next();
    if (c.req.path.startsWith('/api/')) {
      log.info(
        {
          method: c.req.method,
          path: c.req.path,
          status: c.res.status,
          ms: Math.round(performance.now() - started),
        },
        'request',
      );
    }
  });
  app.use('*', securityHeaders());
  app.use('*', pathGuard());
  app.use('/api/*', apiRequestGuards());
  app.use('/api/*', async (c, next) => {
    await next();
    // On c.res itself: c.header() after the answer is made would rebuild it around a body stream.
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
  });
  // A change may have queued e-mails (in its transaction): a delivery round starts once the answer is
  // made, outside the request. The job runner's rounds send whatever this misses (other processes' too).
  app.use('/api/*', async (c, next) => {
    await next();
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && c.res.status < 400) services.mailer.kick();
  });

  app.on(['GET', 'POST'], '/api/auth/*', (c) => services.auth.handler(withClientIp(c, services.config)));
  app.route('/api/health', healthRoutes);
  app.route('/api/vendors', vendorAvailabilityRoutes);
  app.route('/api/vendors', vendorRoutes);
  app.route('/api/vendor-applications', vendorApplicationRoutes);
  app.route('/api/reviews', reviewRoutes);
  app.route('/api/support', supportRoutes);
  app.route('/api/designs', designRoutes);
  app.route('/api/me/dashboard', dashboardRoutes);
  app.route('/api/orders', proofRoutes);
  app.route('/api/orders', orderRoutes);
  app.route('/api/orders', orderScheduleRoutes);
  app.route('/api/orders', disputeOrderRoutes);
  app.route('/api/plans', planRoutes);
  app.route('/api/quote-requests', quoteRequestRoutes);
  app.route('/api/quotes', quoteRoutes);
  app.route('/api/me/conversations', messageRoutes);
  app.route('/api/me/favorites', favoriteRoutes);
  app.route('/api/me/privacy', privacyRoutes);
  app.route('/api/me', notificationRoutes);
  app.route('/api', emailRoutes);
  app.route('/api/payments/webhooks', stripeWebhookRoutes);
  app.route('/api/payments', paymentRoutes);
  // Test cards pay nothing real: their routes exist only with the sandbox (never in production by default).
  if (services.payments.cardForm) app.route('/api/payments', sandboxPaymentRoutes);
  app.route('/api/me/payouts', payoutRoutes);
  app.route('/api/me/invoices', invoiceRoutes);
  app.route('/api/me/receipts', receiptRoutes);
  app.route('/api/me/vendor-profile/portfolio', portfolioRoutes);
  app.route('/api/me/vendor-profile/packages', packageRoutes);
  app.route('/api/me/vendor-profile/calendar', vendorCalendarRoutes);
  app.route('/api/me/vendor-profile/verification', vendorVerificationRoutes);
  app.route('/api/me/vendor-profile', ownTaxRoutes);
  app.route('/api/me/vendor-profile', vendorProfileRoutes);
  app.route('/api/me/vendor-analytics', vendorAnalyticsRoutes);
  // The seeder creates accounts with the README's password: never mounted in production.
  if (services.config.demoTools) app.route('/api/admin/seed', seedRoutes);
  app.route('/api/admin/mailbox', mailboxRoutes);
  app.route('/api/admin/jobs', jobRoutes);
  app.route('/api/admin/claims', claimAdminRoutes);
  app.route('/api/admin/disputes', disputeAdminRoutes);
  app.route('/api/admin/reconciliation', reconciliationRoutes);
  app.route('/api/admin/vendor-applications', applicationRoutes);
  app.route('/api/admin/verification', adminVerificationRoutes);
  app.route('/api/admin/seller-reports', sellerReportAdminRoutes);
  app.route('/api/config', publicConfigRoutes);
  // Private pictures: each module owning a conversation or an order says who may see its files.
  app.route(
    '/api/files',
    storageRoutes({ conversation: mayReadConversationImages, order: mayReadOrderFiles }),
  );
  app.route(
    '/api',
    apiDocsRoutes(() => apiDocument(app, services.config.publicUrl)),
  );
  app.all('/api/*', apiNotFound);

  if (services.config.webDist) {
    const api = (request: Request) => app.fetch(request);
    app.route('/', spaRoutes(services.config.webDist, { heads: [designPageHead, categoryPageHead], api }));
  }

  app.onError(handleError);
  return app;
}

export type App = ReturnType<typeof createApp>;
