import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { GST_NUMBER_PATTERN, MAX_TAX_RATE, normalizeGstNumber, taxRateBasisPoints } from '../shared/tax.ts';

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATABASE_URL: optionalString.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
        .optional(),
    ),
    // The tables' owner, which migrates; DATABASE_URL is then the app's least-privilege role (decision 013).
    DATABASE_MIGRATION_URL: optionalString.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
        .optional(),
    ),
    DATA_DIR: z.string().default('./data'),
    PUBLIC_URL: optionalString.pipe(z.url().optional()),
    AUTH_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    // Unset: true except in production, which never seeds demo data unless asked explicitly.
    SEED_ON_FIRST_RUN: z.enum(['true', 'false']).optional(),
    SERVICE_FEE_RATE: z.coerce.number().min(0).max(0.5).default(0.08),
    // Tax on the service fee (decision 029): GST on every fee, PST as its own amount when non-zero.
    GST_RATE: z.coerce
      .number()
      .min(0)
      .max(MAX_TAX_RATE, `must be at most ${MAX_TAX_RATE}`)
      .refine((r) => Math.abs(taxRateBasisPoints(r) - r * 10_000) < 1e-6, {
        message: 'must be a whole number of basis points (0.05, 0.0975)',
      })
      .default(0.05),
    PST_RATE: z.coerce
      .number()
      .min(0)
      .max(MAX_TAX_RATE, `must be at most ${MAX_TAX_RATE}`)
      .refine((r) => Math.abs(taxRateBasisPoints(r) - r * 10_000) < 1e-6, {
        message: 'must be a whole number of basis points (0.07)',
      })
      .default(0),
    PLATFORM_GST_NUMBER: optionalString.pipe(
      z
        .string()
        .transform(normalizeGstNumber)
        .pipe(
          z
            .string()
            .regex(
              GST_NUMBER_PATTERN,
              'must be a GST/HST number: 9 digits, RT and 4 digits (123456789RT0001)',
            ),
        )
        .optional(),
    ),
    SMTP_URL: optionalString.pipe(
      z
        .string()
        .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
        .optional(),
    ),
    MAIL_FROM: z.string().default('Frosted <no-reply@frosted.ca>'),
    TRUST_PROXY: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    // How many proxies of our own add themselves to X-Forwarded-For: the client is that many from the right.
    TRUST_PROXY_HOPS: z.coerce.number().int().min(1).max(10).default(1),
    AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).max(10_000).default(10),
    GOOGLE_CLIENT_ID: optionalString,
    GOOGLE_CLIENT_SECRET: optionalString,
    GOOGLE_DISCOVERY_URL: z.url().default('https://accounts.google.com/.well-known/openid-configuration'),
    ADMIN_EMAIL: optionalString.pipe(z.email('must be a valid e-mail address').optional()),
    ADMIN_PASSWORD: optionalString.pipe(z.string().min(12, 'must be at least 12 characters').optional()),
    S3_ENDPOINT: optionalString.pipe(z.url().optional()),
    S3_REGION: z.string().trim().min(1).default('us-east-1'),
    S3_BUCKET: optionalString,
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    S3_FORCE_PATH_STYLE: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    STORAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(31_536_000).default(3600),
    IMAGE_PROVIDER: z.enum(['procedural', 'openai']).default('procedural'),
    // No refine against a missing key: the designer shows the spec's missing-key message instead.
    OPENAI_API_KEY: optionalString,
    OPENAI_BASE_URL: optionalString.pipe(z.url().optional()),
    OPENAI_IMAGE_MODEL: z.string().trim().min(1).default('gpt-image-2'),
    OPENAI_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
    IMAGE_COST_CENTS: z.coerce.number().int().min(0).max(10_000).default(4),
    DESIGN_DAILY_LIMIT: z.coerce.number().int().min(1).max(100_000).default(30),
    DESIGN_VISITOR_DAILY_LIMIT: z.coerce.number().int().min(0).max(100_000).default(9),
    // Unset: one render thread per core; 0 draws on the main thread (for comparison benchmarks).
    DESIGN_RENDER_THREADS: optionalString.pipe(
      z.coerce.number<string | undefined>().int().min(0).max(256).optional(),
    ),
    // Unset: the sandbox, except in production, which must choose (see the production rules below).
    PAYMENTS_PROVIDER: optionalString.pipe(z.enum(['sandbox', 'stripe']).optional()),
    // A public demo deployment in production mode may take test cards on purpose, and must say so.
    ALLOW_TEST_PAYMENTS_IN_PRODUCTION: z.enum(['true', 'false']).default('false'),
    STRIPE_SECRET_KEY: optionalString.pipe(
      z
        .string()
        .regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_test_… or sk_live_…)')
        .optional(),
    ),
    STRIPE_PUBLISHABLE_KEY: optionalString.pipe(
      z
        .string()
        .regex(/^pk_(test|live)_\w+$/, 'must be a Stripe publishable key (pk_test_… or pk_live_…)')
        .optional(),
    ),
    STRIPE_WEBHOOK_SECRET: optionalString.pipe(
      z
        .string()
        .regex(/^whsec_\w+$/, 'must be a Stripe webhook signing secret (whsec_…)')
        .optional(),
    ),
    // The key sealing sellers' tax identifiers (decision 030): 32 bytes, base64. Required in production.
    SELLER_DATA_KEY: optionalString.pipe(
      z
        .string()
        .refine(
          (v) => Buffer.from(v, 'base64').length === 32,
          'must be 32 bytes in base64 (openssl rand -base64 32)',
        )
        .optional(),
    ),
    SELLER_DATA_KEY_ID: z
      .string()
      .trim()
      .regex(/^[a-z0-9-]{1,20}$/, 'must be 1-20 lowercase letters, digits or dashes')
      .default('k1'),
    // Keys rotated out, still opening what they sealed: "id:base64,id:base64".
    SELLER_DATA_PREVIOUS_KEYS: optionalString.pipe(
      z
        .string()
        .regex(
          /^[a-z0-9-]{1,20}:[A-Za-z0-9+/=]+(,[a-z0-9-]{1,20}:[A-Za-z0-9+/=]+)*$/,
          'must be id:base64 pairs separated by commas',
        )
        .optional(),
    ),
    // Part XX's excluded seller (s. 282(1)): fewer than this many sales of goods and at most this much.
    SELLER_REPORT_EXCLUSION_SALES: z.coerce.number().int().min(0).max(100_000).default(30),
    SELLER_REPORT_EXCLUSION_CAD: z.coerce.number().int().min(0).max(10_000_000).default(2800),
    // Unset: api.stripe.com. A loopback mock (tests) or a self-hosted Stripe-compatible server otherwise.
    STRIPE_API_URL: optionalString.pipe(
      z
        .url()
        .regex(/^https?:\/\//, 'must be an http:// or https:// URL')
        .optional(),
    ),
  })
  .refine((e) => !e.ADMIN_EMAIL === !e.ADMIN_PASSWORD, {
    path: ['ADMIN_PASSWORD'],
    message: 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
  })
  .superRefine((e, ctx) => {
    if (!e.DATABASE_MIGRATION_URL) return;
    if (!e.DATABASE_URL)
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_MIGRATION_URL'],
        message: 'needs DATABASE_URL too: the app connects there as its own role, this owner migrates',
      });
    else if (urlUser(e.DATABASE_URL) === urlUser(e.DATABASE_MIGRATION_URL))
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_URL'],
        message:
          "must connect as another role than DATABASE_MIGRATION_URL: the tables' owner migrates, the app connects as a least-privilege role (frosted_app)",
      });
  })
  // Production never runs on a default that is only safe on a laptop: fake money, a secret generated
  // on the spot, cookies without Secure.
  .superRefine((e, ctx) => {
    if (e.NODE_ENV !== 'production') return;
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (!e.PAYMENTS_PROVIDER)
      issue('PAYMENTS_PROVIDER', 'must be set in production: stripe (or sandbox for a demo, see below)');
    else if (e.PAYMENTS_PROVIDER === 'sandbox' && e.ALLOW_TEST_PAYMENTS_IN_PRODUCTION !== 'true')
      issue(
        'PAYMENTS_PROVIDER',
        'is sandbox in production, where test cards would pay real orders: use stripe, or set ALLOW_TEST_PAYMENTS_IN_PRODUCTION=true for a demo deployment',
      );
    if (!e.AUTH_SECRET)
      issue('AUTH_SECRET', 'must be set in production (32 characters or more, the same for every process)');
    // Real money charges GST on the fee: every invoice must carry the platform's GST number.
    if (e.PAYMENTS_PROVIDER === 'stripe' && e.GST_RATE > 0 && !e.PLATFORM_GST_NUMBER)
      issue(
        'PLATFORM_GST_NUMBER',
        'must be set in production with Stripe while GST_RATE is above 0 (invoices show it)',
      );
    if (!e.SELLER_DATA_KEY)
      issue(
        'SELLER_DATA_KEY',
        "must be set in production: 32 random bytes in base64 (openssl rand -base64 32), which seal sellers' tax numbers",
      );
    if (!e.PUBLIC_URL) issue('PUBLIC_URL', 'must be set in production (https://…)');
    else if (!e.PUBLIC_URL.startsWith('https://'))
      issue('PUBLIC_URL', 'must be an https:// URL in production, or sign-in cookies lose their Secure flag');
  })
  .refine((e) => !e.GOOGLE_CLIENT_ID === !e.GOOGLE_CLIENT_SECRET, {
    path: ['GOOGLE_CLIENT_SECRET'],
    message: 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together',
  })
  .refine((e) => !e.S3_ACCESS_KEY_ID === !e.S3_SECRET_ACCESS_KEY, {
    path: ['S3_SECRET_ACCESS_KEY'],
    message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
  })
  // Without a bucket the files stay on local disk, which would silently ignore the other settings.
  .refine((e) => e.S3_BUCKET || !(e.S3_ENDPOINT || e.S3_ACCESS_KEY_ID || e.S3_SECRET_ACCESS_KEY), {
    path: ['S3_BUCKET'],
    message: 'S3_BUCKET must be set to use S3 storage',
  })
  .superRefine((e, ctx) => {
    if (e.PAYMENTS_PROVIDER !== 'stripe') return;
    for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
      if (!e[name])
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: `${name} must be set when PAYMENTS_PROVIDER=stripe`,
        });
    }
    // A test key and a live key never belong together: one of them is a mistake.
    const mode = (key: string | undefined) => /_(test|live)_/.exec(key ?? '')?.[1];
    if (
      e.STRIPE_SECRET_KEY &&
      e.STRIPE_PUBLISHABLE_KEY &&
      mode(e.STRIPE_SECRET_KEY) !== mode(e.STRIPE_PUBLISHABLE_KEY)
    )
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_PUBLISHABLE_KEY'],
        message: 'STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY must both be test keys or both be live keys',
      });
  });

/** The role a postgres:// URL connects as ('' when it names none: the server's default). */
function urlUser(url: string): string {
  try {
    return decodeURIComponent(new URL(url).username);
  } catch {
    return '';
  }
}

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /**
   * The same database as the tables' owner, which applies the migrations; databaseUrl then connects as
   * the app's least-privilege role. Undefined: databaseUrl migrates.
   */
  databaseMigrationUrl: string | undefined;
  dataDir: string;
  /** PGlite directory, or undefined for an in-memory database (tests). */
  pgliteDir: string | undefined;
  publicUrl: string;
  authSecret: string;
  logLevel: Env['LOG_LEVEL'];
  seedOnFirstRun: boolean;
  /**
   * Demo accounts (known passwords) and the admin seeder API: everywhere except production. Demo data
   * seeded in production (asked for explicitly) has no account anyone can sign in to.
   */
  demoTools: boolean;
  serviceFeeRate: number;
  /** Tax on the service fee (decision 029): rates in basis points, fixed on each order when it is made. */
  feeTax: { gstBps: number; pstBps: number; platformGstNumber: string | undefined };
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Take the client address from X-Forwarded-For (only behind a proxy that sets it). */
  trustProxy: boolean;
  /**
   * With trustProxy, how many proxies of ours append to X-Forwarded-For: the client address is the entry
   * this many places from the right (what our nearest proxy saw), never one the client wrote.
   */
  trustProxyHops: number;
  /** Requests per minute and client address to sign-in, sign-up and password-reset endpoints. */
  authRateLimitMax: number;
  /** Bootstrap administrator, created or promoted at start-up. */
  admin: { email: string; password: string } | undefined;
  /** Google sign-in (OpenID Connect); the discovery URL is Google's unless overridden (tests, proxies). */
  google: { clientId: string; clientSecret: string; discoveryUrl: string } | undefined;
  /** S3-compatible object storage; undefined keeps uploads on local disk in DATA_DIR/uploads. */
  s3: S3Config | undefined;
  /** max-age of the Cache-Control header on served files. */
  storageCacheSeconds: number;
  /** Directory of the built web app; undefined when the API runs alone (dev, API tests). */
  webDist: string | undefined;
  /** Where designer images come from: the offline procedural renderer or an OpenAI-compatible API. */
  images: ImageConfig;
  /** The payment processor: the built-in sandbox, or Stripe. */
  payments: PaymentsConfig;
  /** The yearly seller report (Part XX): the keys sealing tax identifiers, and the excluded-seller limits. */
  sellerReport: SellerReportConfig;
  /**
   * Set only by the test suites' configuration, never from the environment: 'fast' hashes passwords
   * with a fraction of the work (src/server/modules/auth/passwords.ts). Undefined: the standard way.
   */
  passwordHashing?: 'standard' | 'fast';
}

export interface SellerReportConfig {
  /** The key new seals use, and every key that may open an older seal, by id (AES-256, 32 bytes). */
  keys: { currentId: string; byId: ReadonlyMap<string, Buffer> };
  /** A seller of goods only with fewer sales than this and at most maxConsiderationCents is excluded. */
  exclusion: { minSales: number; maxConsiderationCents: number };
}

/**
 * The development and test key for sellers' tax identifiers: fixed and public, so it seals nothing of
 * value. Production refuses to start without SELLER_DATA_KEY.
 */
export const DEVELOPMENT_SELLER_DATA_KEY_ID = 'dev-insecure';
export const DEVELOPMENT_SELLER_DATA_KEY = Buffer.alloc(32, 'frosted-development-only-key');

/** The seller report's settings without any environment: the development key, the law's limits. */
export const developmentSellerReportConfig = (): SellerReportConfig => ({
  keys: {
    currentId: DEVELOPMENT_SELLER_DATA_KEY_ID,
    byId: new Map([[DEVELOPMENT_SELLER_DATA_KEY_ID, DEVELOPMENT_SELLER_DATA_KEY]]),
  },
  exclusion: { minSales: 30, maxConsiderationCents: 280_000 },
});

/** The seller report's settings from the environment (the development key unless one is set). */
function sellerReportConfig(env: Env): SellerReportConfig {
  const byId = new Map<string, Buffer>();
  for (const pair of env.SELLER_DATA_PREVIOUS_KEYS?.split(',') ?? []) {
    const [id, key] = pair.split(':') as [string, string];
    byId.set(id, Buffer.from(key, 'base64'));
  }
  const currentId = env.SELLER_DATA_KEY ? env.SELLER_DATA_KEY_ID : DEVELOPMENT_SELLER_DATA_KEY_ID;
  byId.set(
    currentId,
    env.SELLER_DATA_KEY ? Buffer.from(env.SELLER_DATA_KEY, 'base64') : DEVELOPMENT_SELLER_DATA_KEY,
  );
  return {
    keys: { currentId, byId },
    exclusion: {
      minSales: env.SELLER_REPORT_EXCLUSION_SALES,
      maxConsiderationCents: env.SELLER_REPORT_EXCLUSION_CAD * 100,
    },
  };
}

export type PaymentsConfig = { provider: 'sandbox' } | { provider: 'stripe'; stripe: StripeConfig };

export interface StripeConfig {
  secretKey: string;
  /** Sent to the browser (the checkout's Payment Element); never a secret. */
  publishableKey: string;
  /** Verifies the Stripe-Signature of webhooks. */
  webhookSecret: string;
  /** Where the API is: undefined for api.stripe.com; a mock or self-hosted server otherwise. */
  api: { host: string; port: number; protocol: 'http' | 'https' } | undefined;
}

export interface ImageConfig {
  provider: 'procedural' | 'openai';
  openai: OpenAIImageConfig;
  /** Images a day per signed-in user, and per visitor address (0 turns visitors away). */
  dailyLimit: { user: number; visitor: number };
  /** Worker threads drawing procedural designs: undefined is one per core, 0 the main thread. */
  renderThreads: number | undefined;
}

export interface OpenAIImageConfig {
  /** Unset is allowed: generating then fails with the spec's missing-key message. */
  apiKey: string | undefined;
  /** Any OpenAI-compatible server (…/v1); unset means api.openai.com. */
  baseUrl: string | undefined;
  model: string;
  timeoutMs: number;
  /** What one image costs us, in integer cents (CAD). */
  costCents: number;
}

export interface S3Config {
  /** Unset for AWS itself; the URL of any S3-compatible service otherwise. */
  endpoint: string | undefined;
  region: string;
  /** The one real bucket; Frosted's buckets are key prefixes inside it. */
  bucket: string;
  /** Unset: the SDK's default credential chain (environment, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
}

export class ConfigError extends Error {}

/** Reads and validates the environment; throws a ConfigError naming each bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    databaseUrl: env.DATABASE_URL,
    databaseMigrationUrl: env.DATABASE_MIGRATION_URL,
    dataDir,
    pgliteDir: path.join(dataDir, 'db'),
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    authSecret: env.AUTH_SECRET ?? persistentSecret(dataDir),
    logLevel: env.LOG_LEVEL,
    seedOnFirstRun: env.SEED_ON_FIRST_RUN ? env.SEED_ON_FIRST_RUN === 'true' : env.NODE_ENV !== 'production',
    demoTools: env.NODE_ENV !== 'production',
    serviceFeeRate: env.SERVICE_FEE_RATE,
    feeTax: {
      gstBps: taxRateBasisPoints(env.GST_RATE),
      pstBps: taxRateBasisPoints(env.PST_RATE),
      platformGstNumber: env.PLATFORM_GST_NUMBER,
    },
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    trustProxy: env.TRUST_PROXY,
    trustProxyHops: env.TRUST_PROXY_HOPS,
    authRateLimitMax: env.AUTH_RATE_LIMIT_MAX,
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? {
            clientId: env.GOOGLE_CLIENT_ID,
            clientSecret: env.GOOGLE_CLIENT_SECRET,
            discoveryUrl: env.GOOGLE_DISCOVERY_URL,
          }
        : undefined,
    admin:
      env.ADMIN_EMAIL && env.ADMIN_PASSWORD
        ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD }
        : undefined,
    s3: env.S3_BUCKET
      ? {
          endpoint: env.S3_ENDPOINT,
          region: env.S3_REGION,
          bucket: env.S3_BUCKET,
          credentials:
            env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
              : undefined,
          forcePathStyle: env.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    storageCacheSeconds: env.STORAGE_CACHE_SECONDS,
    webDist: path.resolve('dist/web'),
    images: {
      provider: env.IMAGE_PROVIDER,
      openai: {
        apiKey: env.OPENAI_API_KEY,
        baseUrl: env.OPENAI_BASE_URL,
        model: env.OPENAI_IMAGE_MODEL,
        timeoutMs: env.OPENAI_TIMEOUT_MS,
        costCents: env.IMAGE_COST_CENTS,
      },
      dailyLimit: { user: env.DESIGN_DAILY_LIMIT, visitor: env.DESIGN_VISITOR_DAILY_LIMIT },
      renderThreads: env.DESIGN_RENDER_THREADS,
    },
    sellerReport: sellerReportConfig(env),
    payments:
      env.PAYMENTS_PROVIDER === 'stripe'
        ? {
            provider: 'stripe',
            stripe: {
              // Present: the schema refuses provider=stripe without them.
              secretKey: env.STRIPE_SECRET_KEY!,
              publishableKey: env.STRIPE_PUBLISHABLE_KEY!,
              webhookSecret: env.STRIPE_WEBHOOK_SECRET!,
              api: env.STRIPE_API_URL ? stripeApi(env.STRIPE_API_URL) : undefined,
            },
          }
        : { provider: 'sandbox' },
  };
}

/** STRIPE_API_URL as the Stripe SDK's host, port and protocol options. */
export function stripeApi(url: string): NonNullable<StripeConfig['api']> {
  const u = new URL(url);
  const protocol = u.protocol === 'http:' ? 'http' : 'https';
  // An IPv6 literal keeps its brackets in URL.hostname; Node's http wants the bare address.
  return {
    host: u.hostname.replace(/^\[|\]$/g, ''),
    port: Number(u.port || (protocol === 'http' ? 80 : 443)),
    protocol,
  };
}

/** A secret generated once and kept in the data directory, so sessions survive restarts. */
function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
