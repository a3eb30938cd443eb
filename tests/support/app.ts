import { rmSync } from 'node:fs';
import path from 'node:path';
import { createApp } from '../../src/server/app.ts';
import { developmentSellerReportConfig, type Config } from '../../src/server/config.ts';
import type { Database } from '../../src/server/db/client.ts';
import { createLogger } from '../../src/server/logger.ts';
import type { Clock } from '../../src/server/clock.ts';
import { createServices, type Services } from '../../src/server/services.ts';
import { createTestDatabase } from './db.ts';

/**
 * Where this test process's apps keep uploads: one directory per process, removed when it exits.
 * Files that run at the same time (two workers, or two runs in one checkout) never share stored files
 * (the demo seed's documents have fixed names); the files of one worker share it one after another.
 */
const DATA_DIR = path.resolve('data/test', `p${process.pid}`);
const CLEANUP = Symbol.for('frosted.test-data-dir-cleanup');
const processState = process as unknown as { [CLEANUP]?: true };
if (!processState[CLEANUP]) {
  processState[CLEANUP] = true;
  process.once('exit', () => rmSync(DATA_DIR, { recursive: true, force: true }));
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    env: 'test',
    port: 0,
    host: '127.0.0.1',
    databaseUrl: undefined,
    databaseMigrationUrl: undefined,
    dataDir: DATA_DIR,
    pgliteDir: undefined,
    publicUrl: 'http://localhost:3000',
    authSecret: 'test-secret-that-is-long-enough-for-better-auth-0123456789',
    logLevel: 'silent',
    seedOnFirstRun: false,
    demoTools: true,
    serviceFeeRate: 0.08,
    // The defaults (decision 029): 5% GST on the fee, no PST.
    feeTax: { gstBps: 500, pstBps: 0, platformGstNumber: '123456789RT0001' },
    smtpUrl: undefined,
    mailFrom: 'Frosted <no-reply@frosted.test>',
    trustProxy: false,
    trustProxyHops: 1,
    authRateLimitMax: 10,
    admin: undefined,
    google: undefined,
    s3: undefined,
    storageCacheSeconds: 3600,
    webDist: undefined,
    images: {
      provider: 'procedural',
      openai: {
        apiKey: undefined,
        baseUrl: undefined,
        model: 'gpt-image-2',
        timeoutMs: 60_000,
        costCents: 4,
      },
      dailyLimit: { user: 30, visitor: 9 },
      renderThreads: undefined,
    },
    payments: { provider: 'sandbox' },
    sellerReport: developmentSellerReportConfig(),
    // Hundreds of sign-ins: the factories' users are hashed the same way (tests/support/factories.ts).
    passwordHashing: 'fast',
    ...overrides,
  };
}

export interface TestApp {
  app: ReturnType<typeof createApp>;
  services: Services;
  database: Database;
  close(): Promise<void>;
}

/** The whole Hono app on a fresh database, for app.request() tests. */
export async function createTestApp(
  overrides: Partial<Config> = {},
  { clock }: { clock?: Clock } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = testConfig(overrides);
  const services = createServices(config, database, createLogger(config.logLevel), { clock });
  return {
    app: createApp(services),
    services,
    database,
    close: async () => {
      await services.events.close();
      await services.designs.drain();
      await services.mailer.drain();
      await database.close();
    },
  };
}
