import { systemClock, type Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { Logger } from './logger.ts';
import type { Auth } from './modules/auth/index.ts';
import { createAuth } from './modules/auth/index.ts';
import { createImageProvider, renderPoolFor } from './modules/designs/index.ts';
import { createDesignRunner, type DesignRunner } from './modules/designs/index.ts';
import { jobHandlers, wireLifecycle } from './lifecycle/index.ts';
import type { JobHandlers } from './modules/jobs/index.ts';
import { createMailer, type Mailer } from './modules/mail/index.ts';
import {
  createEventBus,
  createStreamHub,
  renderQueuedEmail,
  type EventBus,
  type StreamHub,
} from './modules/notifications/index.ts';
import type { PaymentProcessor } from './modules/payments/index.ts';
import { createSandboxProcessor } from './modules/payments/index.ts';
import { createStripeProcessor, paymentJobHandlers } from './modules/payments/index.ts';
import { createObjectStore, type ObjectStore } from './modules/storage/index.ts';
import { privacyFileJobHandlers, privacyJobHandlers } from './modules/privacy/index.ts';
import { sellerReportJobHandlers } from './modules/reporting/index.ts';

/** What every request handler may reach: built once per process (or per test). */
export interface Services {
  config: Config;
  database: Database;
  db: Database['db'];
  auth: Auth;
  mailer: Mailer;
  storage: ObjectStore;
  /** The designer's image provider and the generations running in this process. */
  designs: DesignRunner;
  /**
   * The payment processor (PAYMENTS_PROVIDER): the sandbox built in, or Stripe. What only one of them
   * has is a capability of the interface, null when absent: the sandbox's `cardForm`, Stripe's
   * `webhooks` and `vendorAccounts` (Connect); services never ask which one they hold.
   */
  payments: PaymentProcessor;
  /**
   * This process's end of the event bus (PostgreSQL LISTEN/NOTIFY, or PGlite's): one listening
   * connection, opened by the first event stream. close() ends it and every stream (shutdown).
   */
  events: EventBus;
  /** The event streams open in this process (GET /api/me/events). */
  streams: StreamHub;
  log: Logger;
  /** The time that rules go by (timers, expiries): the system's, or a test's clock. */
  clock: Clock;
  /** Every kind of background job with what it needs (the one job queue: src/server/lifecycle). */
  jobHandlers: JobHandlers;
}

export function createServices(
  config: Config,
  database: Database,
  log: Logger,
  { clock = systemClock }: { clock?: Clock } = {},
): Services {
  wireLifecycle();
  const mailer = createMailer({
    db: database.db,
    log,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    publicUrl: config.publicUrl,
    secret: config.authSecret,
    clock,
    render: renderQueuedEmail,
  });
  const storage = createObjectStore(config);
  const renderPool = renderPoolFor(config.images, log);
  const events = createEventBus(database, log);
  const payments =
    config.payments.provider === 'stripe'
      ? createStripeProcessor(config.payments.stripe)
      : createSandboxProcessor(database.db, clock);
  return {
    config,
    database,
    db: database.db,
    auth: createAuth(database.db, config, log, mailer, clock),
    mailer,
    storage,
    designs: createDesignRunner({
      db: database.db,
      storage,
      log,
      provider: createImageProvider(config.images, renderPool),
      renderPool,
    }),
    payments,
    events,
    streams: createStreamHub({ db: database.db, bus: events, log, clock }),
    log,
    clock,
    // Every kind of job: the timers, and the work that calls out (SMTP, the payment processor).
    jobHandlers: {
      ...jobHandlers,
      ...mailer.jobHandlers,
      ...paymentJobHandlers(payments),
      ...sellerReportJobHandlers(config),
      ...privacyJobHandlers({ publicUrl: config.publicUrl }),
      ...privacyFileJobHandlers(storage),
    },
  };
}
